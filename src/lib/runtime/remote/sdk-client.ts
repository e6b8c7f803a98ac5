// A connection to one remote MCP server through the official SDK's client over Streamable HTTP.
// Loaded by a dynamic import only when a hub has a server configured: the SDK and zod never reach a
// page's first load, and a hub without servers never loads them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { RemoteFailure, type RemoteConnector, type RemoteListing } from './connection';
import type { RemoteResult } from './result';

const LIST_PAGES = 20;

/** Opens a session with a server (initialize, then the standalone stream that carries list changes). */
export const connectRemote: RemoteConnector = async (server, events, signal) => {
	const client = new Client(
		{ name: 'web-studio', version: '0.1.0' },
		{ capabilities: {}, listChanged: { tools: { autoRefresh: false, debounceMs: 100, onChanged: () => events.toolsChanged() } } }
	);
	const transport = new StreamableHTTPClientTransport(new URL(server.url), {
		requestInit: { headers: server.headers },
		// A server that went away is noticed by the next call; the stream does not retry for long.
		reconnectionOptions: { initialReconnectionDelay: 1000, maxReconnectionDelay: 10_000, reconnectionDelayGrowFactor: 2, maxRetries: 2 }
	});
	client.onclose = () => events.closed('closed');
	client.onerror = () => undefined; // a broken stream is reported by the call that needs it
	try {
		await client.connect(transport, { signal, timeout: 15_000 });
	} catch (error) {
		void client.close().catch(() => undefined);
		throw failureOf(error, signal);
	}
	const info = client.getServerVersion();
	return {
		serverInfo: info ? { name: String(info.name).slice(0, 100), version: String(info.version).slice(0, 40) } : null,
		protocolVersion: transport.protocolVersion ?? null,
		async listTools(listSignal) {
			const tools: RemoteListing[] = [];
			let cursor: string | undefined;
			try {
				for (let page = 0; page < LIST_PAGES; page++) {
					const result = await client.listTools(cursor ? { cursor } : undefined, { signal: listSignal, timeout: 15_000 });
					tools.push(...(result.tools as RemoteListing[]));
					cursor = result.nextCursor;
					if (!cursor) break;
				}
			} catch (error) {
				throw failureOf(error, listSignal);
			}
			return tools;
		},
		async callTool(name, args, options) {
			try {
				return (await client.callTool({ name, arguments: args }, undefined, { signal: options.signal, timeout: options.timeoutMs })) as RemoteResult;
			} catch (error) {
				throw failureOf(error, options.signal);
			}
		},
		close: () => client.close()
	};
};

/** The studio's kind of failure for what the SDK threw. */
function failureOf(error: unknown, signal: AbortSignal | undefined): RemoteFailure {
	const message = error instanceof Error ? error.message : String(error);
	if (signal?.aborted) return new RemoteFailure('cancelled', message);
	if (error instanceof UnauthorizedError) return new RemoteFailure('auth', message);
	if (error instanceof StreamableHTTPError) {
		const code = error.code ?? 0;
		if (code === 401 || code === 403) return new RemoteFailure('auth', message);
		if (code === 404) return new RemoteFailure('session-gone', message);
		if (code >= 500 || code <= 0) return new RemoteFailure('unreachable', message);
		return new RemoteFailure('protocol', message);
	}
	if (error instanceof McpError) {
		if (error.code === ErrorCode.RequestTimeout) return new RemoteFailure('timeout', message);
		if (error.code === ErrorCode.ConnectionClosed) return new RemoteFailure('unreachable', message);
		return new RemoteFailure('protocol', message);
	}
	// fetch's own failure (refused, reset, offline) is a TypeError.
	return new RemoteFailure('unreachable', message);
}
