// `--http`: the studio's one MCP server (runtime/mcp.ts, the same factory the stdio entry uses) over
// Streamable HTTP at /mcp, on 127.0.0.1 only. Each client that initializes gets a session of its own
// (a server and a transport over the one studio); Host and Origin are checked against DNS rebinding
// and an optional bearer token is required before anything reaches the protocol (http-guard.ts).
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { refuse, type HttpGuardOptions } from './http-guard';
import { SessionEvents } from './event-store';
import { MAX_ARGUMENT_CHARS } from '../lib/runtime/arguments';

/** What an SSE stream tells a client to wait before it reconnects. */
const RETRY_MS = 1000;
/** Largest request body read: the largest arguments a call may carry (a .zip), with room for the envelope. */
const MAX_BODY_BYTES = MAX_ARGUMENT_CHARS + 1024 * 1024;

/** What `connect` attaches a transport to: one MCP server per session. */
export interface SessionServer {
	connect(transport: StreamableHTTPServerTransport): Promise<void>;
	close(): Promise<void>;
}

/** Options of the HTTP entry. */
export interface McpHttpOptions extends Omit<HttpGuardOptions, 'port'> {
	/** 0: any free port. */
	port: number;
	/** Makes the server of a new session (the 2025 revisions: `initialize`, then a session). */
	session(): SessionServer;
	/** Answers a 2026-07-28 request (its version in `_meta`, no session), given its parsed body. */
	modern?: (request: Request, body: unknown) => Promise<Response>;
}

/** A running HTTP entry. */
export interface McpHttp {
	url: string;
	port: number;
	/** Sessions open now. */
	sessions(): number;
	close(): Promise<void>;
}

function send(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
	res.writeHead(status, { 'content-type': 'application/json', ...headers });
	res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: status === 401 || status === 403 ? -32001 : -32000, message } }));
}

function readBody(req: IncomingMessage): Promise<unknown> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(Object.assign(new Error('The request is too large.'), { status: 413 }));
				req.destroy();
			} else chunks.push(chunk);
		});
		req.on('end', () => {
			try {
				resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
			} catch {
				reject(Object.assign(new Error('Parse error: the body is not JSON.'), { status: 400 }));
			}
		});
		req.on('error', reject);
	});
}

/** The Node request as a web one (its body already read and parsed), aborted when the client goes. */
function webRequest(req: IncomingMessage, body: unknown, port: number): Request & { cancel: AbortController } {
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
	else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
	const cancel = new AbortController();
	req.once('close', () => cancel.abort());
	const request = new Request(`http://127.0.0.1:${port}${req.url ?? '/mcp'}`, { method: req.method, headers, signal: cancel.signal, ...(req.method === 'POST' && body !== undefined ? { body: JSON.stringify(body) } : {}) });
	return Object.assign(request, { cancel });
}

/** Writes a web response (a JSON body, or an SSE stream for as long as it lasts). */
async function reply(res: ServerResponse, response: Response, request: Request & { cancel: AbortController }): Promise<void> {
	res.writeHead(response.status, Object.fromEntries(response.headers));
	if (!response.body) return void res.end();
	res.once('close', () => request.cancel.abort());
	const reader = response.body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			res.write(value);
		}
	} catch {
		// the client went away mid-stream
	} finally {
		res.end();
	}
}

/** Serves MCP over Streamable HTTP on 127.0.0.1; resolves once it listens. */
export async function serveMcpHttp(options: McpHttpOptions): Promise<McpHttp> {
	const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: SessionServer }>();
	let port = options.port;
	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const refusal = refuse(req.headers, { port, token: options.token, allowedOrigins: options.allowedOrigins });
		if (refusal) return send(res, refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {});
		if (url.pathname !== '/mcp') return send(res, 404, 'Not found: the MCP endpoint is /mcp');
		const body = req.method === 'POST' ? await readBody(req) : undefined;
		const id = req.headers['mcp-session-id'];
		const known = typeof id === 'string' ? sessions.get(id) : undefined;
		if (known) return known.transport.handleRequest(req, res, body);
		// The era is the SDK's call (its own classification): a request that claims 2026-07-28 in its
		// `_meta` goes to the per-request handler; everything else is the 2025 sessions' below.
		if (options.modern && typeof id !== 'string') {
			const request = webRequest(req, body, port);
			if (!(await isLegacyRequest(request, body))) return reply(res, await options.modern(request, body), request);
		}
		if (typeof id === 'string') return send(res, 404, 'Session not found: initialize again');
		if (req.method !== 'POST') return send(res, 400, 'Bad request: no session (initialize first)');
		if (!isInitializeRequest(body)) return send(res, 400, 'Bad request: no session (initialize first)');
		const server = options.session();
		const transport = new StreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			// Resumable streams: a client that lost one reconnects with Last-Event-ID after RETRY_MS.
			eventStore: new SessionEvents(),
			retryInterval: RETRY_MS,
			onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server })
		});
		transport.onclose = () => {
			if (transport.sessionId) sessions.delete(transport.sessionId);
		};
		await server.connect(transport);
		await transport.handleRequest(req, res, body);
	};
	const http: HttpServer = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			const status = (error as { status?: number }).status ?? 500;
			if (!res.headersSent) send(res, status, error instanceof Error ? error.message : String(error));
			else res.end();
		});
	});
	await new Promise<void>((resolve, reject) => {
		http.once('error', reject);
		// Loopback only: another machine on the network never reaches the workspace.
		http.listen(options.port, '127.0.0.1', () => resolve());
	});
	const address = http.address();
	port = typeof address === 'object' && address ? address.port : options.port;
	return {
		url: `http://127.0.0.1:${port}/mcp`,
		port,
		sessions: () => sessions.size,
		async close() {
			for (const { transport, server } of sessions.values()) {
				await transport.close().catch(() => undefined);
				await server.close().catch(() => undefined);
			}
			sessions.clear();
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		}
	};
}
