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
		const { MCP_TOOLS } = await import('../../src/lib/tools/catalog');
		const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/catalog.ts'], { cwd: ROOT, encoding: 'utf8' });
		expect(result.status, result.stderr).toBe(0);
		const printed = JSON.parse(result.stdout) as { tools: unknown[]; nextCursor?: string };
		expect(printed.nextCursor).toBeUndefined();
		expect(printed.tools).toEqual(JSON.parse(JSON.stringify(MCP_TOOLS)));
	});
});
