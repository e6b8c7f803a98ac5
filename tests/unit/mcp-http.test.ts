// The MCP server over Streamable HTTP as a remote client uses it: `npm run mcp -- --http` on a folder,
// the official SDK client listing and calling tools in sessions of their own, and the door's rules —
// loopback names only (DNS rebinding), no foreign page's Origin, the bearer token when one is set.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { serveHttp } from './helpers/mcp-serve';
import { mcpTools } from '../../src/lib/tools/catalog';
import { allowedHosts, refuse } from '../../src/mcp/http-guard';
import { MAX_ARGUMENT_CHARS } from '../../src/lib/runtime/arguments';

const TOKEN = 'test-token-5b1f';
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

/** Starts the HTTP entry on a fresh folder (a token required by default). */
const serve = (env: Record<string, string> = { WEB_STUDIO_MCP_TOKEN: TOKEN }, extra: string[] = []) => serveHttp(cleanup, env, extra);

async function connect(url: string, token = TOKEN) {
	const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
	const client = new Client({ name: 'http-test', version: '1.0.0' });
	await client.connect(transport);
	cleanup.push(() => client.close().catch(() => undefined));
	return { client, transport };
}

/** A raw request with the headers a browser or an attacker's page would send. */
function raw(url: string, headers: Record<string, string>, body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })): Promise<{ status: number; body: string }> {
	const target = new URL(url);
	return new Promise((resolve, reject) => {
		const req = request({ host: '127.0.0.1', port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
			let text = '';
			res.on('data', (chunk: Buffer) => (text += chunk.toString()));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
		});
		req.on('error', reject);
		req.end(body);
	});
}

describe('MCP over Streamable HTTP', () => {
	it('lists and calls the same catalog as stdio, one session per client, writes reaching the folder', async () => {
		const { url, dir } = await serve();
		const a = await connect(url);
		const b = await connect(url);
		expect(a.transport.sessionId).toBeTruthy();
		expect(b.transport.sessionId).not.toBe(a.transport.sessionId);
		const { tools } = await a.client.listTools();
		expect(tools.map((t) => t.name)).toEqual(mcpTools().map((t) => t.name));
		expect((await b.client.listTools()).tools).toHaveLength(tools.length);
		const read = await a.client.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } });
		const { revision, content } = read.structuredContent as { revision: number; content: string };
		expect(content).toBe('<h1>Over HTTP</h1>\n');
		const write = await b.client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: '<h1>Written by b</h1>\n', expectedRevision: revision } });
		expect(write.isError).toBe(false);
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>Written by b</h1>\n');
		// One studio behind both sessions: a's stale revision is refused.
		const stale = await a.client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'stale', expectedRevision: revision } });
		expect(stale.structuredContent).toMatchObject({ error: { code: 'WORKSPACE_REVISION_CONFLICT' } });
		// A session the client ended is gone.
		const ended = a.transport.sessionId!;
		await a.transport.terminateSession();
		const after = await raw(url, { host: new URL(url).host, authorization: `Bearer ${TOKEN}`, 'mcp-session-id': ended, 'mcp-protocol-version': '2025-11-25' }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
		expect(after.status).toBe(404);
	}, 60_000);

	it('refuses a foreign Host, a foreign page’s Origin and a missing or wrong token, before the protocol', async () => {
		const { url } = await serve();
		const host = new URL(url).host;
		const auth = { authorization: `Bearer ${TOKEN}` };
		expect((await raw(url, { host: `rebind.example:${new URL(url).port}`, ...auth })).status).toBe(403);
		expect((await raw(url, { host, origin: 'https://evil.example', ...auth })).status).toBe(403);
		expect((await raw(url, { host })).status).toBe(401);
		expect((await raw(url, { host, authorization: 'Bearer nope' })).status).toBe(401);
		const ok = await raw(url, { host, ...auth });
		expect(ok.status).toBe(200);
		// The studio's own origin is allowed (a page served by this server, were there one).
		expect((await raw(url, { host, origin: `http://${host}`, ...auth })).status).toBe(200);
		await expect(connect(url, 'wrong')).rejects.toThrow();
		// A body as large as the largest call (a 24 MB .zip as base64) is read; a larger one is refused.
		const initialize = (pad: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1', pad: 'x'.repeat(pad) } } });
		expect((await raw(url, { host, ...auth }, initialize(MAX_ARGUMENT_CHARS))).status).toBe(200);
		// The server stops reading it: the client sees the 413 or, mid-upload, the connection close.
		const over = await raw(url, { host, ...auth }, initialize(MAX_ARGUMENT_CHARS + 1.1 * 1024 * 1024)).then((r) => r.status, (error: NodeJS.ErrnoException) => error.code);
		expect([413, 'ECONNRESET', 'EPIPE']).toContain(over);
	}, 60_000);

	it('lets an origin the person named call it, and asks no token when none is set', async () => {
		const { url } = await serve({ WEB_STUDIO_MCP_TOKEN: '' }, ['--allow-origin', 'http://localhost:5173']);
		const host = new URL(url).host;
		expect((await raw(url, { host, origin: 'http://localhost:5173' })).status).toBe(200);
		expect((await raw(url, { host, origin: 'http://localhost:5174' })).status).toBe(403);
		const { client } = await connect(url, '');
		expect((await client.listTools()).tools.length).toBe(mcpTools().length);
	}, 60_000);
});

describe('the HTTP guard', () => {
	it('answers only to the loopback names of its port', () => {
		expect(allowedHosts(8765)).toEqual(['127.0.0.1:8765', 'localhost:8765', '[::1]:8765']);
		expect(refuse({ host: 'localhost:8765' }, { port: 8765 })).toBeNull();
		expect(refuse({ host: 'LOCALHOST:8765' }, { port: 8765 })).toBeNull();
		expect(refuse({ host: '127.0.0.1:8766' }, { port: 8765 })?.status).toBe(403);
		expect(refuse({ host: '127.0.0.1' }, { port: 8765 })?.status).toBe(403);
		expect(refuse({}, { port: 8765 })?.status).toBe(403);
		expect(refuse({ host: '127.0.0.1:8765', origin: 'null' }, { port: 8765 })?.status).toBe(403);
		expect(refuse({ host: '127.0.0.1:8765', authorization: `Bearer ${TOKEN}x` }, { port: 8765, token: TOKEN })?.status).toBe(401);
		expect(refuse({ host: '127.0.0.1:8765', authorization: TOKEN }, { port: 8765, token: TOKEN })?.status).toBe(401);
	});
});
