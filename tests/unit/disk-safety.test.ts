// Disk safety on real temp folders: the folder server never writes outside its folder or over what
// it did not write, sees edits made outside, and writes atomically under a lock.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, utimesSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { openFolderStudio } from '../../src/mcp/folder-studio';
import { TEXT_FILE_MAX_BYTES } from '../../src/lib/core/limits';
import type { CallToolResult } from '../../src/lib/runtime/types';

const ROOT = resolve(__dirname, '../..');
const dirs: string[] = [];
const clients: Client[] = [];
afterEach(async () => {
	await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (name = 'studio-disk-') => {
	const dir = mkdtempSync(join(tmpdir(), name));
	dirs.push(dir);
	return dir;
};
const code = (result: CallToolResult) => (result.structuredContent.error as { code?: string; details?: { reason?: string } } | undefined);
const out = <T = { revision: number }>(result: CallToolResult) => {
	if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
	return result.structuredContent as T;
};

describe('containment', () => {
	it('a symlinked folder that leaves the workspace cannot be written through; nothing lands outside', async () => {
		const outside = temp('studio-outside-');
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>');
		symlinkSync(outside, join(dir, 'linked'));
		const studio = await openFolderStudio(dir);
		for (const [name, extra] of [['workspace_create_file', {}], ['workspace_write_file', { createIfMissing: true }]] as const) {
			const result = await studio.call(name, { path: 'linked/escape.txt', content: 'x', ...extra });
			expect(code(result)).toMatchObject({ code: 'WORKSPACE_PATH_INVALID', details: { reason: 'outside-root' } });
		}
		const nested = await studio.call('workspace_create_file', { path: 'linked/deeper/escape.txt', content: 'x' });
		expect(code(nested)?.code).toBe('WORKSPACE_PATH_INVALID');
		expect(readdirSync(outside)).toEqual([]);
		const status = out<{ quarantined: { key: string; reason: string }[] }>(await studio.call('workspace_get_status', {}));
		expect(status.quarantined).toContainEqual(expect.objectContaining({ key: 'linked', reason: expect.stringContaining('link') }));
	});

	it('a symlinked file is neither read nor written through', async () => {
		const outside = temp('studio-outside-');
		writeFileSync(join(outside, 'secret.txt'), 'outside secret');
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>');
		symlinkSync(join(outside, 'secret.txt'), join(dir, 'notes.txt'));
		const studio = await openFolderStudio(dir);
		expect(code(await studio.call('workspace_read_file', { path: 'notes.txt' }))?.code).toBe('WORKSPACE_FILE_NOT_FOUND');
		const write = await studio.call('workspace_write_file', { path: 'notes.txt', content: 'overwritten', createIfMissing: true });
		expect(code(write)).toMatchObject({ code: 'WORKSPACE_PATH_INVALID', details: { reason: 'outside-root' } });
		expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('outside secret');
	});
});

describe('what the studio did not write', () => {
	it('an edit made on disk between two calls survives and shows up as a "disk" revision; a stale expectedRevision then conflicts', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>one</h1>\n');
		const studio = await openFolderStudio(dir);
		const { revision } = out(await studio.call('workspace_read_file', { path: 'index.html' }));
		writeFileSync(join(dir, 'index.html'), '<h1>edited in my own editor</h1>\n');
		const patch = await studio.call('workspace_apply_patch', { path: 'index.html', search: '<h1>one</h1>', replace: '<h1>two</h1>', expectedRevision: revision });
		expect(code(patch)?.code).toBe('WORKSPACE_REVISION_CONFLICT');
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>edited in my own editor</h1>\n');
		const history = out<{ revision: number; entries: { revision: number; source: string; tool: string }[] }>(await studio.call('workspace_history', {}));
		expect(history.revision).toBe(revision + 1);
		expect(history.entries[0]).toMatchObject({ revision: revision + 1, source: 'disk' });
		const read = out<{ content: string; revision: number }>(await studio.call('workspace_read_file', { path: 'index.html' }));
		expect(read.content).toBe('<h1>edited in my own editor</h1>\n');
		out(await studio.call('workspace_apply_patch', { path: 'index.html', search: 'edited', replace: 'patched', expectedRevision: read.revision }));
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>patched in my own editor</h1>\n');
	});

	it('a file changed on disk during a call is not overwritten (the commit checks the disk itself)', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>one</h1>\n');
		const studio = await openFolderStudio(dir);
		writeFileSync(join(dir, 'index.html'), '<h1>sneaky edit</h1>\n');
		// Straight to the registry: no sync before the call, as if the edit landed mid-call.
		const result = await studio.registry.executeModelToolCall({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'mine' } }, { context: { source: 'mcp', mode: 'agent' } });
		expect(code(result)).toMatchObject({ code: 'WORKSPACE_REVISION_CONFLICT', details: { reason: 'changed-on-disk' } });
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>sneaky edit</h1>\n');
	});

	it('an oversize index.html does not make a folder "empty": no starter is written over it', async () => {
		const dir = temp();
		const big = `<p>${'x'.repeat(TEXT_FILE_MAX_BYTES + 10)}</p>`;
		writeFileSync(join(dir, 'index.html'), big);
		const studio = await openFolderStudio(dir);
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(big);
		expect(existsSync(join(dir, 'styles.css'))).toBe(false);
		const status = out<{ fileCount: number; quarantined: { key: string; reason: string }[] }>(await studio.call('workspace_get_status', {}));
		expect(status.fileCount).toBe(0);
		expect(status.quarantined).toContainEqual(expect.objectContaining({ key: 'index.html', reason: expect.stringContaining('too large') }));
	});

	it('a dot path is refused with a clear reason and the file on disk is untouched', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>');
		mkdirSync(join(dir, '.vscode'));
		writeFileSync(join(dir, '.vscode/settings.json'), '{"mine": true}');
		const studio = await openFolderStudio(dir);
		const result = await studio.call('workspace_write_file', { path: '.vscode/settings.json', content: '{}', createIfMissing: true });
		expect(code(result)).toMatchObject({ code: 'WORKSPACE_PATH_INVALID', details: { reason: 'not-managed' } });
		expect((result.structuredContent.error as { message: string }).message).toMatch(/dot files/);
		expect(readFileSync(join(dir, '.vscode/settings.json'), 'utf8')).toBe('{"mine": true}');
	});
});

describe('several writers', () => {
	it('two servers on one folder take turns: every revision once, no update lost, the metadata never interleaved', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>shared</h1>');
		const [a, b] = [await openFolderStudio(dir), await openFolderStudio(dir)];
		const outcomes = await Promise.all(
			[a, b].flatMap((studio, who) =>
				[...Array(10)].map(async (_, i) => {
					const path = `f-${who}-${i}.txt`;
					for (let attempt = 0; attempt < 20; attempt++) {
						const result = await studio.call('workspace_create_file', { path, content: `${who}:${i}` });
						if (!result.isError) return (result.structuredContent as { revision: number }).revision;
						if (code(result)?.code !== 'WORKSPACE_REVISION_CONFLICT') throw new Error(JSON.stringify(result.structuredContent));
					}
					throw new Error('never committed');
				})
			)
		);
		expect(new Set(outcomes).size).toBe(20);
		const meta = JSON.parse(readFileSync(join(dir, '.web-studio/meta.json'), 'utf8')) as { revision: number; files: Record<string, unknown> };
		expect(meta.revision).toBe(Math.max(...outcomes));
		for (let who = 0; who < 2; who++) for (let i = 0; i < 10; i++) expect(readFileSync(join(dir, `f-${who}-${i}.txt`), 'utf8')).toBe(`${who}:${i}`);
		expect(Object.keys(meta.files).filter((p) => p.startsWith('f-'))).toHaveLength(20);
	});

	it('a process killed mid-write leaves the old file whole (writes go to a temp file, then rename)', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>');
		const old = `${'old '.repeat(100_000)}\n`;
		writeFileSync(join(dir, 'big.txt'), old);
		const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/fixtures/slow-write.ts'), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
		await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('writing') && resolve()));
		await new Promise((resolve) => setTimeout(resolve, 150));
		child.kill('SIGKILL');
		await new Promise((resolve) => child.on('exit', resolve));
		expect(readFileSync(join(dir, 'big.txt'), 'utf8')).toBe(old);
		const reopened = await openFolderStudio(dir); // and a restart cleans up the half-written temp file
		expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
		expect(out<{ content: string }>(await reopened.call('workspace_read_file', { path: 'big.txt' })).content).toBe(old);
	});

	it('a process killed while it takes the folder\'s lock holds no other server off (the lock is never there without its holder)', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>');
		writeFileSync(join(dir, 'big.txt'), 'old\n');
		// Its first file handle write never ends: that was the lock's, created empty and then written.
		const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/fixtures/slow-write.ts'), dir, 'hang'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
		await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('writing') && resolve()));
		child.kill('SIGKILL');
		await new Promise((resolve) => child.on('exit', resolve));
		const reopened = await openFolderStudio(dir);
		out(await reopened.call('workspace_write_file', { path: 'index.html', content: '<h1>after</h1>' }));
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>after</h1>');
		expect(readdirSync(join(dir, '.web-studio')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
	});
});

describe('over stdio with the SDK client', () => {
	it('an outside edit between two calls shows up as a disk revision and is never overwritten', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>one</h1>\n');
		const client = new Client({ name: 'disk-test', version: '1.0.0' });
		await client.connect(new StdioClientTransport({ command: 'npm', args: ['run', '-s', 'mcp', '--', '--dir', dir], cwd: ROOT, stderr: 'pipe' }));
		clients.push(client);
		const first = (await client.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } })).structuredContent as { revision: number };
		writeFileSync(join(dir, 'index.html'), '<h1>mine</h1>\n');
		utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
		const stale = await client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'agent', expectedRevision: first.revision } });
		expect(stale.structuredContent).toMatchObject({ error: { code: 'WORKSPACE_REVISION_CONFLICT' } });
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>mine</h1>\n');
		const history = (await client.callTool({ name: 'workspace_history', arguments: {} })).structuredContent as { entries: { source: string }[] };
		expect(history.entries[0]!.source).toBe('disk');
	});
});

describe('several files in one call', () => {
	it('workspace_apply_changes writes every file of the batch, each atomically, as one revision', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>\n');
		const studio = await openFolderStudio(dir);
		const done = out<{ revision: number; changedPaths: string[] }>(
			await studio.call('workspace_apply_changes', {
				operations: [
					{ op: 'create', path: 'about.html', content: '<h1>About</h1>\n' },
					{ op: 'create', path: 'css/site.css', content: 'body{}\n' },
					{ op: 'patch', path: 'index.html', search: 'site', replace: 'home' }
				]
			})
		);
		expect(done.changedPaths).toEqual(['about.html', 'css/site.css', 'index.html']);
		expect(readFileSync(join(dir, 'css/site.css'), 'utf8')).toBe('body{}\n');
		expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('<h1>home</h1>\n');
		expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
	});

	it('when the disk refuses part of a batch, what was already written is put back and each path is reported', async () => {
		const dir = temp();
		writeFileSync(join(dir, 'index.html'), '<h1>site</h1>\n');
		writeFileSync(join(dir, 'styles.css'), 'body{color:red}\n');
		// A plain file where the batch needs a folder: the disk refuses to create blocker/x.txt (even as root).
		writeFileSync(join(dir, 'blocker'), 'not a folder');
		const studio = await openFolderStudio(dir);
		const before = out<{ revision: number }>(await studio.call('workspace_get_status', {})).revision;
		const result = await studio.call('workspace_apply_changes', {
			operations: [
				{ op: 'write', path: 'styles.css', content: 'body{color:blue}\n' },
				{ op: 'create', path: 'fresh.txt', content: 'new\n' },
				{ op: 'create', path: 'blocker/x.txt', content: 'x' }
			]
		});
		expect(code(result)).toMatchObject({ code: 'TOOL_EXECUTION_FAILED', details: { reason: 'disk-refused' } });
		const error = result.structuredContent.error as { message: string; details: { paths: { path: string; state: string }[] } };
		expect(error.details.paths).toEqual([
			{ path: 'blocker/x.txt', state: 'refused' },
			{ path: 'fresh.txt', state: 'restored' },
			{ path: 'styles.css', state: 'restored' }
		]);
		expect(error.message).toMatch(/refused to write blocker\/x\.txt/);
		expect(readFileSync(join(dir, 'styles.css'), 'utf8')).toBe('body{color:red}\n');
		expect(existsSync(join(dir, 'fresh.txt'))).toBe(false);
		expect(out<{ revision: number }>(await studio.call('workspace_get_status', {})).revision).toBe(before);
		// The folder is still usable: the next call writes normally.
		out(await studio.call('workspace_write_file', { path: 'styles.css', content: 'body{color:green}\n' }));
		expect(readFileSync(join(dir, 'styles.css'), 'utf8')).toBe('body{color:green}\n');
	});
});
