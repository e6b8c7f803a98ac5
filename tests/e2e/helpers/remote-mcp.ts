// A real remote MCP server for tests, built with the official SDK (McpServer over the Streamable HTTP
// server transport) on 127.0.0.1, with CORS for the studio's origin, an optional bearer token, and
// three tools: a read-only search, a mutating ticket tool that records every call it receives, and
// a tool that answers with an image. It can add a tool (list_changed) and stop mid-run.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer as McpServerV2, createMcpHandler } from '@modelcontextprotocol/server';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A 2×2 red PNG. */
export const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/** A running test server. */
export interface RemoteMcpServer {
	url: string;
	/** Every tools/call it received, in order. */
	calls: { name: string; args: Record<string, unknown>; authorization?: string }[];
	/** Adds a tool to every session (the SDK sends notifications/tools/list_changed). */
	addTool(name: string): void;
	stop(): Promise<void>;
}

/**
 * Starts the server; `origin` is the studio's (CORS), `token` an optional bearer token. `modern`
 * serves only protocol 2026-07-28 (SDK v2, no `initialize`, no sessions); else the 2025 revisions
 * in sessions (SDK 1.32).
 */
export async function startRemoteMcp(options: { origin?: string; token?: string; name?: string; modern?: boolean } = {}): Promise<RemoteMcpServer> {
	const calls: RemoteMcpServer['calls'] = [];
	const sessions = new Map<string, { server: McpServer; transport: StreamableHTTPServerTransport }>();
	const extra: string[] = [];
	let authorization: string | undefined;

	const build = () => {
		const server = new McpServer({ name: options.name ?? 'team-docs', version: '3.1.0' });
		server.registerTool(
			'search_docs',
			{ title: 'Search the docs', description: 'Finds passages of the team style guide.', inputSchema: { query: z.string().describe('What to look for') }, annotations: { readOnlyHint: true } },
			async ({ query }) => {
				calls.push({ name: 'search_docs', args: { query }, authorization });
				return { content: [{ type: 'text', text: `Style guide on "${query}": headings are sentence case; the brand colour is #0f766e.` }] };
			}
		);
		server.registerTool(
			'create_ticket',
			{ title: 'Create a ticket', description: 'Files a ticket in the team tracker.', inputSchema: { title: z.string(), priority: z.enum(['low', 'high']).optional() }, annotations: { readOnlyHint: false, destructiveHint: false } },
			async (args) => {
				calls.push({ name: 'create_ticket', args, authorization });
				return { content: [{ type: 'text', text: `Ticket T-${calls.filter((c) => c.name === 'create_ticket').length} filed: ${args.title}` }] };
			}
		);
		server.registerTool(
			'generate_image',
			{ title: 'Generate an image', description: 'Draws a small picture.', inputSchema: { prompt: z.string() }, annotations: { readOnlyHint: true } },
			async (args) => {
				calls.push({ name: 'generate_image', args, authorization });
				return { content: [{ type: 'text', text: 'Here is the picture.' }, { type: 'image', data: RED_PNG, mimeType: 'image/png' }] };
			}
		);
		for (const name of extra) addTo(server, name);
		return server;
	};
	const addTo = (server: McpServer, name: string) =>
		server.registerTool(name, { description: `An added tool (${name}).`, inputSchema: {}, annotations: { readOnlyHint: true } }, async () => {
			calls.push({ name, args: {}, authorization });
			return { content: [{ type: 'text', text: `${name} ran` }] };
		});

	// The same two first tools on SDK v2, for a server that speaks 2026-07-28 only.
	const buildModern = () => {
		const server = new McpServerV2({ name: options.name ?? 'team-docs', version: '4.0.0' });
		server.registerTool('search_docs', { title: 'Search the docs', description: 'Finds passages of the team style guide.', inputSchema: z.object({ query: z.string() }), annotations: { readOnlyHint: true } }, async ({ query }) => {
			calls.push({ name: 'search_docs', args: { query }, authorization });
			return { content: [{ type: 'text', text: `Style guide on "${query}": headings are sentence case.` }] };
		});
		server.registerTool('create_ticket', { title: 'Create a ticket', description: 'Files a ticket in the team tracker.', inputSchema: z.object({ title: z.string() }), annotations: { readOnlyHint: false, destructiveHint: false } }, async (args) => {
			calls.push({ name: 'create_ticket', args, authorization });
			return { content: [{ type: 'text', text: `Ticket filed over 2026-07-28: ${args.title}` }] };
		});
		for (const name of extra)
			server.registerTool(name, { description: `An added tool (${name}).`, annotations: { readOnlyHint: true } }, async () => {
				calls.push({ name, args: {}, authorization });
				return { content: [{ type: 'text', text: `${name} ran` }] };
			});
		return server;
	};
	const modern = options.modern ? createMcpHandler(() => buildModern(), { legacy: 'reject' }) : null;

	const cors = (req: IncomingMessage, res: ServerResponse) => {
		res.setHeader('access-control-allow-origin', options.origin ?? (typeof req.headers.origin === 'string' ? req.headers.origin : '*'));
		res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
		// A 2025 server's CORS names the 2025 headers only (the studio must still reach it); a 2026 one adds Mcp-Method and Mcp-Name.
		res.setHeader('access-control-allow-headers', `content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id${options.modern ? ', mcp-method, mcp-name' : ''}`);
		res.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version');
		res.setHeader('vary', 'origin');
	};
	const readBody = (req: IncomingMessage) =>
		new Promise<unknown>((resolve) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				try {
					resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
				} catch {
					resolve(undefined);
				}
			});
		});

	const http = createServer(async (req, res) => {
		cors(req, res);
		if (req.method === 'OPTIONS') return void res.writeHead(204).end();
		if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
			res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
			return void res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized' } }));
		}
		authorization = req.headers.authorization;
		const id = req.headers['mcp-session-id'];
		const body = req.method === 'POST' ? await readBody(req) : undefined;
		if (modern) {
			const headers = new Headers();
			for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
			const response = await modern.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }), { parsedBody: body });
			const reply: Record<string, string> = {};
			response.headers.forEach((value, name) => (reply[name] = value));
			res.writeHead(response.status, { ...reply, 'access-control-allow-origin': res.getHeader('access-control-allow-origin') as string });
			if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
			return void res.end();
		}
		const known = typeof id === 'string' ? sessions.get(id) : undefined;
		if (known) return known.transport.handleRequest(req, res, body);
		if (req.method === 'POST' && isInitializeRequest(body)) {
			const server = build();
			const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (sessionId) => void sessions.set(sessionId, { server, transport })
			});
			transport.onclose = () => {
				if (transport.sessionId) sessions.delete(transport.sessionId);
			};
			await server.connect(transport);
			return transport.handleRequest(req, res, body);
		}
		res.writeHead(typeof id === 'string' ? 404 : 400, { 'content-type': 'application/json' });
		res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: typeof id === 'string' ? 'Session not found' : 'No session' } }));
	});
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const port = (http.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/mcp`,
		calls,
		addTool(name) {
			extra.push(name);
			for (const { server } of sessions.values()) addTo(server, name);
			modern?.notify.toolsChanged();
		},
		async stop() {
			for (const { transport } of sessions.values()) await transport.close().catch(() => undefined);
			sessions.clear();
			await modern?.close().catch(() => undefined);
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		}
	};
}
