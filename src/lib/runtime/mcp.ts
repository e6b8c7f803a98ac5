// The one MCP server: an SDK `Server` over the registry, used by the stdio entry and by the tests
// (over the SDK's in-memory transport). Every request with an id is answered — malformed ones with a
// JSON-RPC error — and clients hear notifications/tools/list_changed when the catalog changes.
// Node only (the SDK depends on zod): never imported by the browser bundles.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
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

/**
 * Stands between a transport and the SDK: a message the SDK would drop unanswered (not valid
 * JSON-RPC) is answered here with -32600 (Invalid Request), naming its id when it has one. The
 * arguments of each tools/call are kept as the client sent them (`raw`, by request id): the SDK's
 * schema copies them and drops an own `__proto__` key, which the registry must see to refuse it.
 */
function guarded(inner: Transport, raw: Map<string, unknown>): Transport {
	const outer: Transport = {
		start: () => inner.start(),
		close: () => inner.close(),
		send: (message, options) => inner.send(message, options)
	};
	inner.onclose = () => outer.onclose?.();
	inner.onerror = (error) => outer.onerror?.(error);
	inner.onmessage = (message, extra) => {
		if (!Array.isArray(message) && JSONRPCMessageSchema.safeParse(message).success) {
			const id = requestId(message);
			if ('method' in message && message.method === 'tools/call' && id !== null) raw.set(String(id), (message.params as { arguments?: unknown } | undefined)?.arguments);
			outer.onmessage?.(message, extra);
			return;
		}
		const isNotification = !Array.isArray(message) && typeof message === 'object' && message !== null && 'method' in message && !('id' in message);
		if (isNotification) return; // notifications are never answered, not even malformed ones
		const reason = Array.isArray(message) ? 'Batches are not supported' : 'Invalid Request';
		void inner.send({ jsonrpc: '2.0', id: requestId(message), error: { code: ErrorCode.InvalidRequest, message: reason } } as unknown as JSONRPCMessage).catch(() => undefined);
	};
	return outer;
}

/**
 * A JSON-RPC error the SDK sends with this exact message. An McpError's message already reads
 * "MCP error -32602: …", and the client's McpError prefixes it again ("MCP error -32602: MCP error …").
 */
function protocolError(code: number, message: string): Error {
	return Object.assign(new Error(message), { code });
}

/** Builds the server. `connect` attaches a transport (stdio, in-memory…). */
export function createMcpServer(options: McpServerOptions) {
	const { registry } = options;
	const context: CallContext = options.context ?? { source: 'mcp', mode: 'agent' };
	const rawArguments = new Map<string, unknown>();
	const server = new Server(
		{ name: 'web-studio', version: options.version ?? '0.1.0' },
		{ capabilities: { tools: { listChanged: true } }, instructions: options.instructions ?? INSTRUCTIONS }
	);
	server.setRequestHandler(ListToolsRequestSchema, async (request) => {
		try {
			return registry.listTools({ cursor: request.params?.cursor }, context) as never;
		} catch (error) {
			if (error instanceof InvalidCursorError) throw protocolError(ErrorCode.InvalidParams, 'Invalid cursor');
			throw error;
		}
	});
	server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
		const { name, arguments: args = {} } = request.params;
		if (!isToolName(name)) throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 64)}`);
		const id = String(extra.requestId);
		const sent = rawArguments.has(id) ? (rawArguments.get(id) ?? {}) : args;
		rawArguments.delete(id);
		const result = options.call
			? await options.call(name, sent, { id, signal: extra.signal })
			: await registry.executeModelToolCall({ id, name, arguments: sent }, { context, signal: extra.signal });
		return result as never;
	});
	const stop = registry.onCatalogChange(() => void server.sendToolListChanged().catch(() => undefined));
	server.onclose = () => stop();
	return {
		server,
		/** Serves over `transport`; malformed messages are answered, never dropped. */
		connect: (transport: Transport) => server.connect(guarded(transport, rawArguments))
	};
}
