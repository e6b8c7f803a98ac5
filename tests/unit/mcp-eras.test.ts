// Both protocol eras from the one server, over stdio and over HTTP: an SDK 1.32.2 client (2025-11-25,
// `initialize` then a session) and an SDK 2.4.0 client pinned to 2026-07-28 (`server/discover`, no
// `initialize`, the version in each request's `_meta`) list the same tools and get the same results.
import { afterEach, describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { mcpTools } from '../../src/lib/tools/catalog';
import { ROOT, folder, serveHttp } from './helpers/mcp-serve';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

/** What a client can do, whichever SDK it comes from. */
interface Session {
	listTools(params?: { cursor?: string }): Promise<{ tools: { name: string }[]; nextCursor?: string }>;
	callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ structuredContent?: unknown; isError?: boolean }>;
	version(): string | undefined;
}

async function v1(transport: HttpV1 | StdioV1): Promise<Session> {
	const client = new ClientV1({ name: 'era-test-v1', version: '1.0.0' });
	await client.connect(transport);
	cleanup.push(() => client.close().catch(() => undefined));
	return { listTools: (p) => client.listTools(p), callTool: (p) => client.callTool(p) as never, version: () => (transport as { protocolVersion?: string }).protocolVersion ?? '2025-11-25' };
}

async function v2(transport: HttpV2 | StdioV2): Promise<Session> {
	const client = new ClientV2({ name: 'era-test-v2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
	await client.connect(transport);
	cleanup.push(() => client.close().catch(() => undefined));
	return { listTools: (p) => client.listTools(p) as never, callTool: (p) => client.callTool(p) as never, version: () => client.getNegotiatedProtocolVersion() };
}

/** Every tool's name (all pages), a read, a write with its revision and the stale write after it. */
async function exercise(session: Session) {
	const names: string[] = [];
	let cursor: string | undefined;
	do {
		const page = await session.listTools(cursor ? { cursor } : undefined);
		names.push(...page.tools.map((t) => t.name));
		cursor = page.nextCursor;
	} while (cursor);
	const read = (await session.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } })).structuredContent as { revision: number; content: string };
	const write = await session.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: '<h1>Both eras</h1>\n', expectedRevision: read.revision } });
	const stale = await session.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'stale', expectedRevision: read.revision } });
	const again = (await session.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } })).structuredContent as { content: string };
	return {
		names,
		content: read.content,
		written: { isError: write.isError, changedPaths: (write.structuredContent as { changedPaths?: string[] }).changedPaths },
		stale: (stale.structuredContent as { error?: { code: string } }).error?.code,
		after: again.content
	};
}

const expected = {
	names: mcpTools().map((t) => t.name),
	content: '<h1>Over HTTP</h1>\n',
	written: { isError: false, changedPaths: ['index.html'] },
	stale: 'WORKSPACE_REVISION_CONFLICT',
	after: '<h1>Both eras</h1>\n'
};

describe('both protocol eras', () => {
	it('over HTTP: a 2025-11-25 client in a session and a 2026-07-28 client without one get the same catalog and results', async () => {
		const first = await serveHttp(cleanup, { WEB_STUDIO_MCP_TOKEN: 'era-token' });
		const headers = { authorization: 'Bearer era-token' };
		const old = await v1(new HttpV1(new URL(first.url), { requestInit: { headers } }));
		expect(old.version()).toBe('2025-11-25');
		expect(await exercise(old)).toEqual(expected);

		const second = await serveHttp(cleanup, { WEB_STUDIO_MCP_TOKEN: 'era-token' });
		const transport = new HttpV2(new URL(second.url), { requestInit: { headers } });
		const modern = await v2(transport);
		expect(modern.version()).toBe('2026-07-28');
		expect(await exercise(modern)).toEqual(expected);
		// No `initialize`, so no session: every request stood on its own.
		expect(transport.sessionId).toBeUndefined();
		// The door holds on the modern path too: no token, no answer.
		await expect(v2(new HttpV2(new URL(second.url)))).rejects.toThrow();
	}, 90_000);

	it('over stdio: the same, the era picked by the opening message', async () => {
		const spawn = (dir: string) => ({ command: 'npm', args: ['run', '-s', 'mcp', '--', '--dir', dir], cwd: ROOT, stderr: 'pipe' as const });
		const old = await v1(new StdioV1(spawn(folder(cleanup, '<h1>Over HTTP</h1>\n'))));
		expect(await exercise(old)).toEqual(expected);
		const modern = await v2(new StdioV2(spawn(folder(cleanup, '<h1>Over HTTP</h1>\n'))));
		expect(modern.version()).toBe('2026-07-28');
		expect(await exercise(modern)).toEqual(expected);
	}, 90_000);
});
