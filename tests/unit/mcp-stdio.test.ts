// The MCP stdio server as an MCP host uses it: the official SDK Client spawns `npm run mcp` on a folder.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mcpTools } from '../../src/lib/tools/catalog';

const ROOT = resolve(__dirname, '../..');
const dirs: string[] = [];
const clients: Client[] = [];
afterEach(async () => {
	await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(extra: string[] = [], seed?: Record<string, string>) {
	const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-'));
	dirs.push(dir);
	for (const [path, content] of Object.entries(seed ?? {})) writeFileSync(join(dir, path), content);
	const transport = new StdioClientTransport({ command: 'npm', args: ['run', '-s', 'mcp', '--', '--dir', dir, ...extra], cwd: ROOT, stderr: 'pipe' });
	const client = new Client({ name: 'stdio-test', version: '1.0.0' });
	await client.connect(transport);
	clients.push(client);
	return { client, dir };
}
type Out = { revision: number; content?: string; changedPaths?: string[]; preview?: { status: string } };

describe('MCP over stdio on a local folder', () => {
	it('lists the catalog, reads, writes with expectedRevision to disk, and refuses a stale revision', async () => {
		const { client, dir } = await start([], { 'index.html': '<h1>Folder site</h1>\n' });
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(mcpTools().map((t) => t.name));

		const read = await client.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } });
		expect(read.isError).toBe(false);
		const { revision, content } = read.structuredContent as Out;
		expect(content).toBe('<h1>Folder site</h1>\n');

		const write = await client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: '<h1>Written over MCP</h1>\n', expectedRevision: revision } });
		expect(write.isError).toBe(false);
		expect(write.structuredContent).toMatchObject({ revision: revision + 1, changedPaths: ['index.html'], preview: { status: 'unavailable' } });
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>Written over MCP</h1>\n');

		const created = await client.callTool({ name: 'workspace_create_file', arguments: { path: 'css/site.css', content: 'body{}', expectedRevision: revision + 1 } });
		expect(created.isError).toBe(false);
		expect(readFileSync(join(dir, 'css/site.css'), 'utf8')).toBe('body{}');

		const stale = await client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'stale', expectedRevision: revision } });
		expect(stale.isError).toBe(true);
		expect(stale.structuredContent).toMatchObject({ error: { code: 'WORKSPACE_REVISION_CONFLICT', retryable: true, details: { currentRevision: revision + 2 } } });
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>Written over MCP</h1>\n');

		const bad = await client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html' } });
		expect(bad.isError).toBe(true);
		expect(bad.structuredContent).toMatchObject({ error: { code: 'TOOL_VALIDATION_FAILED' } });

		const escape = await client.callTool({ name: 'workspace_create_file', arguments: { path: '../outside.html', content: 'x' } });
		expect(escape.structuredContent).toMatchObject({ error: { code: 'WORKSPACE_PATH_INVALID' } });
		expect(existsSync(join(dir, '..', 'outside.html'))).toBe(false);
	}, 60_000);

	it('an empty folder starts as the starter site, on disk', async () => {
		const { client, dir } = await start();
		const list = await client.callTool({ name: 'workspace_list_files', arguments: {} });
		expect((list.structuredContent as { files: { path: string }[] }).files.map((f) => f.path)).toContain('index.html');
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('Bright Bakery');
	}, 60_000);

	it('--read-only lists mutating tools as unavailable and refuses them with TOOL_POLICY_DENIED', async () => {
		const { client, dir } = await start(['--read-only'], { 'index.html': '<p>keep</p>' });
		const { tools } = await client.listTools();
		const write = tools.find((t) => t.name === 'workspace_write_file')!;
		expect(write.description).toMatch(/^Unavailable: this server is read-only/);
		expect(write._meta).toMatchObject({ 'web-studio/available': false });
		const result = await client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'changed' } });
		expect(result.structuredContent).toMatchObject({ error: { code: 'TOOL_POLICY_DENIED' } });
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<p>keep</p>');
		expect((await client.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } })).isError).toBe(false);
	}, 60_000);
});

describe('MCP over stdio: malformed input', () => {
	it('a line that is not JSON gets -32700 and a malformed request gets -32600 naming its id; the server keeps serving', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'studio-mcp-'));
		dirs.push(dir);
		const child = spawn('npm', ['run', '-s', 'mcp', '--', '--dir', dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
		const lines: Record<string, unknown>[] = [];
		let buffer = '';
		child.stdout.on('data', (chunk: Buffer) => {
			buffer += chunk.toString();
			for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
				lines.push(JSON.parse(buffer.slice(0, i)) as Record<string, unknown>);
				buffer = buffer.slice(i + 1);
			}
		});
		await new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('MCP server on') && resolve()));
		child.stdin.write('{nope\n');
		child.stdin.write('{"jsonrpc":"2.0","id":7,"method":42}\n');
		child.stdin.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
		await expect.poll(() => lines.length).toBe(3);
		child.kill();
		expect(lines).toEqual([
			{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
			{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Invalid Request' } },
			{ jsonrpc: '2.0', id: 8, result: {} }
		]);
	});
});
