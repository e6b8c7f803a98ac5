// The command-line contract: clear messages for a busy port and a missing Chromium, and import rules that bite.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

describe('npm start', () => {
	it('on a busy port names the port and how to choose another, without a stack', async () => {
		const server = createServer();
		await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
		const port = (server.address() as { port: number }).port;
		try {
			const result = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, encoding: 'utf8' });
			expect(result.status).toBe(1);
			expect(result.stderr).toContain(`Port ${port} is already in use`);
			expect(result.stderr).toContain(`PORT=${port + 1} npm start`);
			expect(result.stderr).not.toMatch(/\n\s+at /);
		} finally {
			server.close();
		}
	});
});

describe('the start server', () => {
	/** Serves a little build in a temporary folder under `base`; returns a fetcher and a cleanup. */
	async function serve(base: string) {
		const { createStudioServer } = await import('../../scripts/serve.mjs');
		const root = mkdtempSync(join(tmpdir(), 'studio-serve-'));
		mkdirSync(join(root, '_app/immutable/chunks'), { recursive: true });
		writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
		writeFileSync(join(root, '_app/immutable/chunks/a.js'), 'export const a = 1;');
		const server = createStudioServer({ root, base });
		await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
		const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
		const get = async (path: string, headers: Record<string, string> = {}) => {
			const response = await fetch(`${origin}${path}`, { headers });
			return { status: response.status, type: response.headers.get('content-type'), body: await response.text(), headers: response.headers };
		};
		return { root, get, close: () => (server.closeAllConnections(), server.close(), rmSync(root, { recursive: true, force: true })) };
	}

	it('answers 404 for a chunk that is missing or removed under it, and keeps serving', async () => {
		const { root, get, close } = await serve('');
		try {
			expect(await get('/_app/immutable/chunks/a.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
			rmSync(join(root, '_app'), { recursive: true }); // the build was replaced under a stale tab
			expect((await get('/_app/immutable/chunks/a.js')).status).toBe(404);
			expect((await get('/_app/immutable/assets/2.CUqDrK4p.css')).status).toBe(404);
			expect((await get('/..%2f..%2fpackage.json')).status).toBe(404);
			// App routes get the shell; the server is still up after all of the above.
			expect(await get('/some/route')).toMatchObject({ status: 200, body: '<!doctype html><title>shell</title>' });
		} finally {
			close();
		}
	});

	it('answers a revalidation of an unchanged file with 304, and a changed one or another encoding in full', async () => {
		const { root, get, close } = await serve('');
		try {
			const first = await get('/', { 'accept-encoding': 'identity' });
			const tag = first.headers.get('etag')!;
			const modified = first.headers.get('last-modified')!;
			expect(tag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
			expect(new Date(modified).getTime()).toBeGreaterThan(0);
			const again = await get('/', { 'accept-encoding': 'identity', 'if-none-match': tag });
			expect(again).toMatchObject({ status: 304, body: '' });
			expect(again.headers.get('etag')).toBe(tag);
			expect(again.headers.get('cache-control')).toBe('no-cache');
			// Weak comparison, lists and `*`; an app route is the shell, so its validator is the shell's.
			expect((await get('/', { 'accept-encoding': 'identity', 'if-none-match': tag.slice(2) })).status).toBe(304);
			expect((await get('/', { 'accept-encoding': 'identity', 'if-none-match': `"other", ${tag}` })).status).toBe(304);
			expect((await get('/', { 'if-none-match': '*' })).status).toBe(304);
			expect((await get('/some/route', { 'accept-encoding': 'identity', 'if-none-match': tag })).status).toBe(304);
			expect((await get('/', { 'accept-encoding': 'identity', 'if-none-match': '"other"' })).status).toBe(200);
			// If-None-Match wins over If-Modified-Since; that alone compares to the second.
			expect((await get('/', { 'if-none-match': '"other"', 'if-modified-since': modified })).status).toBe(200);
			expect((await get('/', { 'if-modified-since': modified })).status).toBe(304);
			expect((await get('/', { 'if-modified-since': new Date(Date.parse(modified) - 60_000).toUTCString() })).status).toBe(200);
			expect((await get('/', { 'if-modified-since': 'not a date' })).status).toBe(200);
			const chunk = await get('/_app/immutable/chunks/a.js');
			expect((await get('/_app/immutable/chunks/a.js', { 'if-none-match': chunk.headers.get('etag')! })).status).toBe(304);
			// The brotli body is another representation: its validator never passes for the plain one.
			writeFileSync(join(root, 'index.html.br'), 'x');
			const packed = await get('/', { 'accept-encoding': 'br' });
			expect(packed.headers.get('content-encoding')).toBe('br');
			expect(packed.headers.get('etag')).not.toBe(tag);
			expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': packed.headers.get('etag')! })).status).toBe(304);
			expect((await get('/', { 'accept-encoding': 'identity', 'if-none-match': packed.headers.get('etag')! })).status).toBe(200);
			// A new build's shell: the old validator no longer holds.
			rmSync(join(root, 'index.html.br'));
			writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell of the next build</title>');
			const changed = await get('/', { 'accept-encoding': 'identity', 'if-none-match': tag });
			expect(changed).toMatchObject({ status: 200, body: '<!doctype html><title>shell of the next build</title>' });
			expect(changed.headers.get('etag')).not.toBe(tag);
		} finally {
			close();
		}
	});

	it('serves under BASE_PATH only', async () => {
		const { get, close } = await serve('/sub');
		try {
			expect((await get('/sub/')).body).toContain('shell');
			expect((await get('/sub')).body).toContain('shell');
			expect((await get('/sub/_app/immutable/chunks/a.js')).body).toContain('export const a');
			expect((await get('/_app/immutable/chunks/a.js')).status).toBe(404);
			expect((await get('/')).status).toBe(404);
		} finally {
			close();
		}
	});

	it('normalises BASE_PATH and refuses one that is not a path', async () => {
		const { basePath } = await import('../../scripts/base-path.mjs');
		expect(['', '/', undefined].map(basePath)).toEqual(['', '', '']);
		expect(basePath('my-studio/')).toBe('/my-studio');
		expect(basePath('/a/b')).toBe('/a/b');
		expect(() => basePath('/a b')).toThrow(/BASE_PATH must be a URL path/);
	});
});

describe('npm run test:e2e', () => {
	it('without a Chromium stops with one line saying how to provide one', () => {
		const result = spawnSync(process.execPath, ['scripts/e2e.mjs'], { cwd: ROOT, env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' }, encoding: 'utf8' });
		expect(result.status).toBe(1);
		const lines = result.stderr.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/No Chromium found.*CHROMIUM_PATH/);
	});
});

describe('dependency rules', () => {
	function cruise(files: Record<string, string>) {
		const dir = mkdtempSync(join(tmpdir(), 'studio-rules-'));
		try {
			for (const [path, body] of Object.entries(files)) {
				mkdirSync(join(dir, path, '..'), { recursive: true });
				writeFileSync(join(dir, path), body);
			}
			cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
			cpSync(join(ROOT, '.dependency-cruiser.alias.cjs'), join(dir, '.dependency-cruiser.alias.cjs'));
			writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"module":"esnext","moduleResolution":"bundler"}}');
			symlinkNodeModules(dir);
			return spawnSync(process.execPath, [join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', 'src'], { cwd: dir, encoding: 'utf8' });
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}
	function symlinkNodeModules(dir: string) {
		spawnSync('ln', ['-s', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
	}

	it('a view importing the runtime fails the check', () => {
		const result = cruise({
			'src/lib/runtime/registry.ts': 'export const registry = 1;\n',
			'src/lib/views/Bad.ts': "import { registry } from '$lib/runtime/registry';\nexport const x = registry;\n"
		});
		expect(result.status).not.toBe(0);
		expect(result.stdout).toContain('views-are-presentation');
	});

	it('idb imported outside storage fails the check', () => {
		const result = cruise({ 'src/lib/runtime/db.ts': "import { openDB } from 'idb';\nexport const open = openDB;\n" });
		expect(result.status).not.toBe(0);
		expect(result.stdout).toContain('only-storage-imports-idb');
	});

	it('an agent importing the domain fails; importing the registry passes', () => {
		const bad = cruise({
			'src/lib/domain/paths.ts': 'export const p = 1;\n',
			'src/lib/agents/local.ts': "import { p } from '../domain/paths';\nexport const x = p;\n"
		});
		expect(bad.status).not.toBe(0);
		expect(bad.stdout).toContain('agents-use-the-registry');
		const good = cruise({
			'src/lib/runtime/registry.ts': 'export const r = 1;\n',
			'src/lib/agents/local.ts': "import { r } from '../runtime/registry';\nexport const x = r;\n"
		});
		expect(good.status, good.stdout).toBe(0);
	});
});

describe('npm run catalog', () => {
	it('prints the exact tools/list result for the whole catalog', async () => {
		const { mcpTools } = await import('../../src/lib/tools/catalog');
		const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/catalog.ts'], { cwd: ROOT, encoding: 'utf8' });
		expect(result.status, result.stderr).toBe(0);
		const printed = JSON.parse(result.stdout) as { tools: unknown[]; nextCursor?: string };
		expect(printed.nextCursor).toBeUndefined();
		expect(printed.tools).toEqual(JSON.parse(JSON.stringify(mcpTools())));
	});
});
