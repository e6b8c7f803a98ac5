// A connection to one remote MCP server through the official SDK v2 client over Streamable HTTP,
// on whichever revision the server speaks: it probes with `server/discover` (2026-07-28) and falls
// back to `initialize` (2025). Loaded by a dynamic import only when a hub has a server configured:
// the SDK and zod never reach a page's first load, and a hub without servers never loads them.
import { Client, ProtocolError, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { RemoteFailure, type RemoteConnector, type RemoteListing } from './connection';
import type { RemoteResult } from './result';

const LIST_PAGES = 20;

/** A client connected on the given negotiation (its errors are the SDK's, unmapped). */
async function open(server: { url: string; headers: Record<string, string> }, events: Parameters<RemoteConnector>[1], signal: AbortSignal, mode: 'auto' | 'legacy'): Promise<Client> {
	const client = new Client(
		{ name: 'web-studio', version: '0.1.0' },
		{ versionNegotiation: { mode }, listChanged: { tools: { autoRefresh: false, debounceMs: 100, onChanged: () => events.toolsChanged() } } }
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
		client.onclose = undefined;
		void client.close().catch(() => undefined);
		throw error;
	}
	return client;
}

/** Opens a connection (the era's handshake, then the stream that carries list changes). */
export const connectRemote: RemoteConnector = async (server, events, signal) => {
	let client: Client;
	try {
		client = await open(server, events, signal, 'auto');
	} catch (error) {
		const failure = failureOf(error, signal);
		// A 2025 server whose CORS predates the 2026 request headers (Mcp-Method, Mcp-Name) refuses the
		// `server/discover` probe's preflight, which a browser reports as a network failure: such a
		// server still speaks `initialize`, so it is asked the 2025 way once before giving up.
		if (failure.kind !== 'unreachable') throw failure;
		client = await open(server, events, signal, 'legacy').catch((again: unknown) => {
			throw failureOf(again, signal);
		});
	}
	const info = client.getServerVersion();
	return {
		serverInfo: info ? { name: String(info.name).slice(0, 100), version: String(info.version).slice(0, 40) } : null,
		protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
		async listTools(listSignal) {
			const tools: RemoteListing[] = [];
			let cursor: string | undefined;
			try {
				for (let page = 0; page < LIST_PAGES; page++) {
					const result = await client.listTools(cursor ? { cursor } : {}, { signal: listSignal, timeout: 15_000 });
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
				return (await client.callTool({ name, arguments: args }, { signal: options.signal, timeout: options.timeoutMs })) as RemoteResult;
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
	if (error instanceof SdkHttpError) {
		const status = error.status;
		if (status === 401 || status === 403) return new RemoteFailure('auth', message);
		if (status === 404) return new RemoteFailure('session-gone', message);
		if (status >= 500 || status <= 0) return new RemoteFailure('unreachable', message);
		return new RemoteFailure('protocol', message);
	}
	if (error instanceof SdkError) {
		if (error.code === SdkErrorCode.RequestTimeout) return new RemoteFailure('timeout', message);
		if (error.code === SdkErrorCode.ClientHttpAuthentication || error.code === SdkErrorCode.ClientHttpForbidden) return new RemoteFailure('auth', message);
		if (error.code === SdkErrorCode.InvalidResult || error.code === SdkErrorCode.UnsupportedResultType) return new RemoteFailure('protocol', message);
		return new RemoteFailure('unreachable', message);
	}
	if (error instanceof ProtocolError) return new RemoteFailure('protocol', message);
	// fetch's own failure (refused, reset, offline) is a TypeError.
	return new RemoteFailure('unreachable', message);
}
