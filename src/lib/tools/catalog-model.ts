// The tool catalog as listed tools show it (tools/list): its types, the OpenAI `tools` array, the
// catalog read model for the UI with sample arguments. Works on listed tools only, never on the
// schema, so the page builds its catalog without the schema library or the tool definitions.
import { TOOL_GROUPS, type ToolAnnotations, type ToolGroup } from './groups';

/** The `_meta` key of a listed tool that names its catalog group. */
export const GROUP_META = 'web-studio/group';
/** The `_meta` key of a listed tool whose result carries the site's own content (treat it as data). */
export const UNTRUSTED_META = 'web-studio/untrusted-content';

/** The catalog group of tools that come from remote MCP servers the person added. */
export const REMOTE_GROUP = 'remote';
/** The `_meta` key naming the remote server a listed tool comes from. */
export const SERVER_META = 'web-studio/server';
/** A group of the catalog: the studio's own, then the remote servers' tools. */
export type CatalogGroup = ToolGroup | typeof REMOTE_GROUP;
const CATALOG_GROUPS: readonly CatalogGroup[] = [...TOOL_GROUPS, REMOTE_GROUP];

/** Whether a listed tool's result carries the site's own content. */
export function carriesSiteContent(tool: Pick<McpTool, '_meta'>): boolean {
	return tool._meta?.[UNTRUSTED_META] === true;
}

/** A JSON Schema object as produced by @valibot/to-json-schema (draft-07). */
export type JsonSchema = {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: boolean | JsonSchema;
	items?: JsonSchema;
	enum?: unknown[];
	const?: unknown;
	anyOf?: JsonSchema[];
	default?: unknown;
	examples?: unknown[];
	description?: string;
	minLength?: number;
	maxLength?: number;
	minimum?: number;
	maximum?: number;
	pattern?: string;
	$schema?: string;
	[key: string]: unknown;
};

/** An MCP `Tool` as listed by `tools/list` (protocol 2025-11-25). */
export interface McpTool {
	name: string;
	/** `web-studio/group`: the catalog group the tool belongs to; `web-studio/untrusted-content`: its result carries site content. */
	_meta?: Record<string, unknown>;
	title: string;
	description: string;
	inputSchema: JsonSchema & { type: 'object' };
	outputSchema: JsonSchema & { type: 'object' };
	annotations: ToolAnnotations;
}

/** An OpenAI / OpenRouter chat-completions function tool. */
export interface OpenAITool {
	type: 'function';
	function: { name: string; description: string; parameters: JsonSchema };
}

/** Removes `$schema` at every level (OpenAI rejects unknown keywords in some models' validators). */
function stripSchemaKeyword(schema: JsonSchema): JsonSchema {
	const copy: JsonSchema = {};
	for (const [key, value] of Object.entries(schema)) {
		if (key === '$schema') continue;
		if (Array.isArray(value)) copy[key] = value.map((item) => (item && typeof item === 'object' ? stripSchemaKeyword(item as JsonSchema) : item));
		else if (value && typeof value === 'object') copy[key] = stripSchemaKeyword(value as JsonSchema);
		else copy[key] = value;
	}
	return copy;
}

/** The OpenAI / OpenRouter `tools` array for chat completions. */
export function toOpenAITools(tools: readonly McpTool[]): OpenAITool[] {
	return tools.map((tool) => ({
		type: 'function',
		function: { name: tool.name, description: tool.description, parameters: stripSchemaKeyword(tool.inputSchema) }
	}));
}

/** A value that satisfies `schema`, built from its examples, defaults and bounds. */
export function sampleFromSchema(schema: JsonSchema): unknown {
	if (schema.examples?.length) return schema.examples[0];
	if (schema.default !== undefined) return schema.default;
	if (schema.const !== undefined) return schema.const;
	if (schema.enum?.length) return schema.enum[0];
	if (schema.anyOf?.length) return sampleFromSchema(schema.anyOf[0]!);
	const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
	switch (type) {
		case 'object': {
			const result: Record<string, unknown> = {};
			for (const key of schema.required ?? []) result[key] = sampleFromSchema(schema.properties?.[key] ?? {});
			return result;
		}
		case 'array':
			return [];
		case 'string':
			return 'x'.repeat(Math.max(schema.minLength ?? 0, 0));
		case 'integer':
		case 'number':
			return schema.minimum ?? 0;
		case 'boolean':
			return false;
		case 'null':
			return null;
		default:
			return null;
	}
}

/** Sample arguments for a tool: required properties plus illustrative optional ones that have examples. */
export function sampleArguments(tool: McpTool): Record<string, unknown> {
	const args = sampleFromSchema({ ...tool.inputSchema, examples: undefined }) as Record<string, unknown>;
	for (const [key, property] of Object.entries(tool.inputSchema.properties ?? {})) {
		if (!(key in args) && property.examples?.length) args[key] = property.examples[0];
	}
	return args;
}

/** One row of the catalog read model. */
export interface CatalogEntry {
	tool: McpTool;
	group: CatalogGroup;
	/** The remote MCP server the tool comes from. */
	server?: string;
	sample: Record<string, unknown>;
	/** Lower-case text the search box matches against. */
	haystack: string;
}

/** The catalog as the UI shows it: grouped, searchable, with samples. */
export interface Catalog {
	groups: { group: CatalogGroup; entries: CatalogEntry[] }[];
	size: number;
}

/** The catalog group a listed tool names (`workspace` when it names none). */
export function groupOf(tool: McpTool): CatalogGroup {
	const group = tool._meta?.[GROUP_META];
	return typeof group === 'string' && (CATALOG_GROUPS as readonly string[]).includes(group) ? (group as CatalogGroup) : 'workspace';
}

/** Builds the catalog read model from listed tools, filtered by a free-text query. */
export function buildCatalog(tools: readonly McpTool[], query = ''): Catalog {
	const needle = query.trim().toLowerCase();
	const entries: CatalogEntry[] = tools.map((tool) => ({
		tool,
		group: groupOf(tool),
		...(typeof tool._meta?.[SERVER_META] === 'string' ? { server: tool._meta[SERVER_META] as string } : {}),
		sample: sampleArguments(tool),
		haystack: `${tool.name} ${tool.title} ${tool.description}`.toLowerCase()
	}));
	const matching = needle ? entries.filter((entry) => needle.split(/\s+/).every((word) => entry.haystack.includes(word))) : entries;
	const groups = CATALOG_GROUPS.map((group) => ({ group, entries: matching.filter((entry) => entry.group === group) })).filter(
		(group) => group.entries.length > 0
	);
	return { groups, size: matching.length };
}
