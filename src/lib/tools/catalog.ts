// Everything derived from the tool schema: the MCP tool definitions (tools/list), and the OpenAI
// `tools` array and the catalog read model of the whole catalog (catalog-model.ts builds them from
// any listed tools). Never hand-written, always computed.
import { toJsonSchema } from '@valibot/to-json-schema';
import { TOOL_LIST, type ToolDefinition } from './schema';
import { GROUP_META, UNTRUSTED_META, buildCatalog as catalogOf, toOpenAITools as openAIToolsOf, type Catalog, type JsonSchema, type McpTool, type OpenAITool } from './catalog-model';
export * from './catalog-model';

function objectSchema(schema: ToolDefinition['input']): JsonSchema & { type: 'object' } {
	const json = toJsonSchema(schema, { errorMode: 'throw' }) as JsonSchema;
	if (json.type !== 'object') throw new Error('tool schemas must be objects');
	return json as JsonSchema & { type: 'object' };
}

/**
 * The error branch of every output schema. MCP clients (the official SDK among them) validate
 * `structuredContent` against `outputSchema` even when `isError` is true, so the schema says
 * honestly that a result is either the tool's output or `{ error }`.
 */
export const ERROR_OUTPUT_SCHEMA: JsonSchema = {
	type: 'object',
	properties: {
		error: {
			type: 'object',
			properties: { code: { type: 'string' }, message: { type: 'string' }, retryable: { type: 'boolean' }, details: { type: 'object' } },
			required: ['code', 'message', 'retryable', 'details']
		}
	},
	required: ['error']
};

/** The MCP definition of one tool: JSON Schema with root type object and no extra properties. */
export function toMcpTool(definition: ToolDefinition): McpTool {
	const inputSchema = objectSchema(definition.input);
	inputSchema.additionalProperties = false;
	const { $schema, ...success } = objectSchema(definition.output);
	return {
		name: definition.name,
		title: definition.title,
		description: definition.description,
		inputSchema,
		outputSchema: { $schema, type: 'object', anyOf: [success, ERROR_OUTPUT_SCHEMA] },
		annotations: { ...definition.annotations },
		_meta: { [GROUP_META]: definition.group, ...(definition.untrustedContent ? { [UNTRUSTED_META]: true } : {}) }
	};
}

let computed: readonly McpTool[] | null = null;

/**
 * Every MCP tool definition, in catalog order. Computed on first use, then kept; treat as immutable.
 * Not at import: the hub imports the catalog with its registry, and the JSON Schemas of the whole
 * catalog were about 10 ms of every hub's boot (its first tools/list comes after the start).
 */
export function mcpTools(): readonly McpTool[] {
	return (computed ??= TOOL_LIST.map(toMcpTool));
}


/** The OpenAI / OpenRouter `tools` array for chat completions (the whole catalog by default). */
export function toOpenAITools(tools: readonly McpTool[] = mcpTools()): OpenAITool[] {
	return openAIToolsOf(tools);
}

/** The catalog read model (the whole catalog by default), filtered by a free-text query. */
export function buildCatalog(tools: readonly McpTool[] = mcpTools(), query = ''): Catalog {
	return catalogOf(tools, query);
}
