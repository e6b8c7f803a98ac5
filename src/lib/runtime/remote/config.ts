// Remote MCP servers as the person configures them: the stored list (headers are secrets: in, never
// out), its guard, and the tool names the model sees (`<server>__<tool>`, within providers' rules).
import * as v from 'valibot';
import { ToolError } from '../../core/errors';
import { httpUrl } from '../../core/http-url';
import { GROUP_META, REMOTE_GROUP, SERVER_META, UNTRUSTED_META, type McpTool } from '../../tools/catalog-model';
import type { RemoteListing } from './connection';

/** Providers' function-name rule (OpenAI, Anthropic and OpenRouter agree on it). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** Between a server's slug and its tool's name: the studio's own tools never hold it. */
export const REMOTE_SEPARATOR = '__';
const SLUG_MAX = 20;
/** A person may add this many servers. */
export const MAX_REMOTE_SERVERS = 8;

const HeaderName = v.pipe(v.string(), v.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, 'not a valid header name'));
const HeaderValue = v.pipe(v.string(), v.maxLength(4000), v.regex(/^[^\r\n]*$/, 'a header value is one line'));

/** What a person types to add a server. */
export const RemoteServerInputSchema = v.strictObject({
	name: v.pipe(v.string(), v.trim(), v.minLength(1, 'give the server a name'), v.maxLength(60)),
	url: v.pipe(v.string(), v.trim(), v.maxLength(2000)),
	headers: v.optional(v.record(HeaderName, HeaderValue), {})
});
/** A server to add. */
export type RemoteServerInput = v.InferInput<typeof RemoteServerInputSchema>;

/** A server as stored (in the hub's settings; the header values never reach a tab). */
export interface RemoteServerConfig {
	id: string;
	name: string;
	/** The slug its tools are named under. */
	slug: string;
	url: string;
	headers: Record<string, string>;
	addedAt: number;
}

/** The slug of a server's name: lower-case letters, digits, `-` and single `_`. */
export function serverSlug(name: string): string {
	const slug = name
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[^a-z0-9_-]+/g, '-')
		.replace(/_+/g, '_')
		.replace(/^[-_]+|[-_]+$/g, '')
		.slice(0, SLUG_MAX)
		.replace(/[-_]+$/, '');
	return slug || 'server';
}

/** A slug no other server has (`docs`, `docs-2`, …). */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
	const base = serverSlug(name);
	if (!taken.has(base)) return base;
	for (let n = 2; ; n++) {
		const next = `${base.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
		if (!taken.has(next)) return next;
	}
}

/** A short stable hash (for names cut to the length rule). */
function shortHash(text: string): string {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	return (h >>> 0).toString(36).padStart(7, '0').slice(0, 6);
}

/**
 * The name the model calls a remote tool by: `<slug>__<tool>`, the tool's name with every character
 * outside the rule made `_`, cut to 64 with a hash of the original so two long names stay apart.
 */
export function remoteToolName(slug: string, tool: string, taken: ReadonlySet<string> = new Set()): string {
	const clean = tool.replace(/[^a-zA-Z0-9_-]/g, '_');
	let name = `${slug}${REMOTE_SEPARATOR}${clean}`;
	if (name.length > 64 || clean !== tool || taken.has(name)) {
		const hash = shortHash(tool);
		name = `${name.slice(0, 64 - hash.length - 1)}_${hash}`;
	}
	return name;
}

/** Checks a server's URL: http or https; a header (a token) goes over plain http only to this machine, never across a network in the clear. */
export function checkServerUrl(raw: string, withHeaders = false): string {
	const url = httpUrl(raw, 'server URL', 'url');
	const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');
	if (url.protocol === 'http:' && !local && withHeaders) throw new ToolError('TOOL_VALIDATION_FAILED', 'A header (such as a token) is sent to another machine over https only.', { issues: [{ path: 'url', message: 'http off this machine' }] });
	url.hash = '';
	return url.toString();
}

/** The stored list, with anything malformed dropped. */
export function readStoredServers(value: unknown): RemoteServerConfig[] {
	if (!Array.isArray(value)) return [];
	return value
		.filter((s): s is RemoteServerConfig => !!s && typeof s === 'object' && typeof s.id === 'string' && typeof s.name === 'string' && typeof s.slug === 'string' && typeof s.url === 'string')
		.map((s) => ({ ...s, headers: s.headers && typeof s.headers === 'object' ? Object.fromEntries(Object.entries(s.headers).filter(([, value]) => typeof value === 'string')) : {}, addedAt: typeof s.addedAt === 'number' ? s.addedAt : 0 }))
		.slice(0, MAX_REMOTE_SERVERS);
}

/** The `_meta` key of a remote tool's listing naming the tool on its server. */
export const REMOTE_TOOL_META = 'web-studio/remote-tool';
const DESCRIPTION_MAX = 1000;

/** A remote tool as the model and the catalog list it: the studio's name, its server marked, its hints as given. */
export function remoteDefinition(config: Pick<RemoteServerConfig, 'name' | 'slug'>, listing: RemoteListing, taken: ReadonlySet<string>): McpTool {
	const hints = listing.annotations ?? {};
	const schema = listing.inputSchema && listing.inputSchema.type === 'object' ? listing.inputSchema : { type: 'object', properties: {} };
	return {
		name: remoteToolName(config.slug, listing.name, taken),
		title: (listing.title ?? hints.title ?? listing.name).slice(0, 120),
		description: `[MCP server ${config.name}] ${(listing.description ?? '').slice(0, DESCRIPTION_MAX)}`.trim(),
		inputSchema: schema as McpTool['inputSchema'],
		outputSchema: { type: 'object' },
		// The server's hints, as it gave them: shown, never trusted (every agent call asks).
		annotations: { title: listing.title ?? listing.name, readOnlyHint: hints.readOnlyHint === true, destructiveHint: hints.destructiveHint !== false, idempotentHint: hints.idempotentHint === true, openWorldHint: hints.openWorldHint !== false },
		_meta: { [GROUP_META]: REMOTE_GROUP, [SERVER_META]: config.name, [REMOTE_TOOL_META]: listing.name, [UNTRUSTED_META]: true }
	};
}

/** A remote tool the registry can route a call to. */
export interface RemoteTool {
	server: { id: string; name: string; url: string };
	/** The tool's own name on its server. */
	tool: string;
	definition: McpTool;
	/** The hints the server gave (shown, never trusted). */
	hints: RemoteListing['annotations'];
}

/** Tools of one server the studio lists. */
const MAX_TOOLS = 200;

/** A server's listing as the studio's tools: nameless ones left out, at most {@link MAX_TOOLS}, each name unique. */
export function remoteTools(config: RemoteServerConfig, listings: readonly RemoteListing[]): RemoteTool[] {
	const taken = new Set<string>();
	const server = { id: config.id, name: config.name, url: config.url };
	return listings
		.filter((listing) => typeof listing?.name === 'string' && listing.name.length > 0)
		.slice(0, MAX_TOOLS)
		.map((listing) => {
			const definition = remoteDefinition(config, listing, taken);
			taken.add(definition.name);
			return { server, tool: listing.name, definition, hints: listing.annotations ?? {} };
		});
}
