// The one MCP server: an SDK v2 `Server` over the registry, serving both protocol eras (2026-07-28
// per request, and the 2025 revisions after `initialize`), used by the stdio and HTTP entries and by
// the tests. Every request with an id is answered — malformed ones with a JSON-RPC error — and clients
// hear notifications/tools/list_changed when the catalog changes.
// Node only (the SDK depends on zod): never imported by the browser bundles.
import { ProtocolErrorCode, Server, isJSONRPCErrorResponse, isJSONRPCNotification, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { isToolName } from '../tools/schema';
import { InvalidCursorError, type ToolRegistry } from './registry';
import type { CallContext, CallToolResult } from './types';

/** How the server reaches the studio. */
export interface McpServerOptions {
	registry: ToolRegistry;
	/** Who MCP clients are (default: source mcp, agent mode). */
	context?: CallContext;
	/** Runs a call (default: the registry's agent boundary); the folder server re-reads the disk first. */
	call?: (name: string, args: unknown, options: { id: string; signal: AbortSignal }) => Promise<CallToolResult>;
	instructions?: string;
	version?: string;
}

const INSTRUCTIONS = 'Web Studio workspace tools. Read first (workspace_get_status, workspace_read_file) and pass the revision you read as expectedRevision to every change.';

/** A JSON-RPC id a response can name (MCP: a string or an integer). */
function requestId(message: unknown): string | number | null {
	const id = (message as { id?: unknown } | null)?.id;
	return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
}

const isJsonRpc = (message: unknown) => isJSONRPCRequest(message) || isJSONRPCNotification(message) || isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);

/**
 * A JSON-RPC error the SDK sends with this exact message. An McpError's message already reads
 * "MCP error -32602: …", and the client's McpError prefixes it again ("MCP error -32602: MCP error …").
 */
function protocolError(code: number, message: string): Error {
	return Object.assign(new Error(message), { code });
}

/**
 * The server definition and what stands around it. The arguments of each tools/call are kept as the
 * client sent them (`raw`, by request id): the SDK's schema copies them and drops an own `__proto__`
 * key, which the registry must see to refuse it.
 */
export function mcpServers(options: McpServerOptions) {
	const { registry } = options;
	const context: CallContext = options.context ?? { source: 'mcp', mode: 'agent' };
	const raw = new Map<string, unknown>();

	/** Notes a tools/call's arguments as sent, before the SDK parses them. */
	const note = (message: unknown) => {
		const id = requestId(message);
		if (id !== null && (message as { method?: unknown }).method === 'tools/call') raw.set(String(id), ((message as { params?: { arguments?: unknown } }).params ?? {}).arguments);
	};

	/**
	 * A fresh instance (stdio pins one per connection; HTTP makes one per 2025 session or per
	 * 2026-07-28 request). A per-request instance does not watch the catalog: the HTTP entry tells
	 * its listen streams once, through the handler.
	 */
	const create = (watchCatalog = true): Server => {
		const server = new Server({ name: 'web-studio', version: options.version ?? '0.1.0' }, { capabilities: { tools: { listChanged: true } }, instructions: options.instructions ?? INSTRUCTIONS });
		server.setRequestHandler('tools/list', async (request) => {
			try {
				return registry.listTools({ cursor: request.params?.cursor }, context) as never;
			} catch (error) {
				if (error instanceof InvalidCursorError) throw protocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
				throw error;
			}
		});
		server.setRequestHandler('tools/call', async (request, ctx) => {
			const { name, arguments: args = {} } = request.params;
			if (!isToolName(name)) throw protocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 64)}`);
			const id = String(ctx.mcpReq.id);
			const sent = raw.has(id) ? (raw.get(id) ?? {}) : args;
			raw.delete(id);
			const result = options.call
				? await options.call(name, sent, { id, signal: ctx.mcpReq.signal })
				: await registry.executeModelToolCall({ id, name, arguments: sent }, { context, signal: ctx.mcpReq.signal });
			return result as never;
		});
		if (watchCatalog) {
			const stop = registry.onCatalogChange(() => void Promise.resolve(server.sendToolListChanged()).catch(() => undefined));
			server.onclose = () => stop();
		}
		return server;
	};

	/**
	 * Stands between a transport and the SDK: a message the SDK would drop unanswered (not valid
	 * JSON-RPC) is answered here with -32600 (Invalid Request), naming its id when it has one.
	 */
	const guard = (inner: Transport): Transport => {
		const outer: Transport = {
			start: () => inner.start(),
			close: () => inner.close(),
			send: (message, sendOptions) => inner.send(message, sendOptions)
		};
		inner.onclose = () => outer.onclose?.();
		inner.onerror = (error) => outer.onerror?.(error);
		inner.onmessage = (message, extra) => {
			if (!Array.isArray(message) && isJsonRpc(message)) {
				note(message);
				outer.onmessage?.(message, extra);
				return;
			}
			const isNotification = !Array.isArray(message) && typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
			if (isNotification) return; // notifications are never answered, not even malformed ones
			const reason = Array.isArray(message) ? 'Batches are not supported' : 'Invalid Request';
			void inner.send({ jsonrpc: '2.0', id: requestId(message), error: { code: ProtocolErrorCode.InvalidRequest, message: reason } } as unknown as JSONRPCMessage).catch(() => undefined);
		};
		return outer;
	};

	return { create, guard, note };
}

/** One server instance with its guard: `connect` attaches a transport (stdio, in-memory…). */
export function createMcpServer(options: McpServerOptions) {
	const servers = mcpServers(options);
	const server = servers.create();
	return {
		server,
		/** Serves over `transport`; malformed messages are answered, never dropped. */
		connect: (transport: Transport) => server.connect(servers.guard(transport))
	};
}
