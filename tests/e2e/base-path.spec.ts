// A build for a sub-path (BASE_PATH=/sub), served under /sub/ by the start server: it loads, reaches its
// hub, writes and renders, installs its service worker for /sub/ only, reloads offline, and keeps its
// data under its own names.
import { test, expect, waitForHub } from './fixtures';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { serveStatic } from './helpers/static-server';

const OUT = 'test-results/build-sub';

test.beforeAll(() => {
	test.setTimeout(180_000); // a build takes ~30 s on two busy cores
	rmSync(OUT, { recursive: true, force: true });
	const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
		env: { ...process.env, BASE_PATH: '/sub', STUDIO_OUT_DIR: OUT, STUDIO_KIT_DIR: `${OUT}-kit` },
		encoding: 'utf8'
	});
	expect(built.status, built.stderr).toBe(0);
	// With its own kit folder, the PWA plugin leaves the service worker beside the server output.
	for (const name of readdirSync(`${OUT}-kit/output/server`)) {
		if (name === 'sw.js' || /^workbox-.*\.js$/.test(name)) copyFileSync(`${OUT}-kit/output/server/${name}`, `${OUT}/${name}`);
	}
	expect(existsSync(`${OUT}/sw.js`)).toBe(true);
});
test.afterAll(() => {
	rmSync(OUT, { recursive: true, force: true });
	rmSync(`${OUT}-kit`, { recursive: true, force: true });
});

test('a BASE_PATH=/sub build works under /sub/: hub, write → preview ready, manifest and worker scoped to /sub/, offline reload, its own database', async ({ browser }) => {
	test.setTimeout(90_000);
	const html = readFileSync(`${OUT}/index.html`, 'utf8');
	expect(html).toContain('href="/sub/_app/immutable/');
	const server = await serveStatic(OUT, '/sub');
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		const outside: string[] = [];
		page.on('request', (request) => {
			const url = new URL(request.url());
			if (url.origin === new URL(server.url).origin && !url.pathname.startsWith('/sub/')) outside.push(url.pathname);
		});
		await page.goto(server.url);
		await waitForHub(page);
		await expect(page.getByTestId('runtime-mode')).toHaveAttribute('data-mode', 'shared-worker');
		await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });

		const manifest = (await (await page.request.get(`${server.url}manifest.webmanifest`)).json()) as Record<string, unknown>;
		expect(manifest).toMatchObject({ id: '/sub/', start_url: '/sub/', scope: '/sub/' });
		expect((manifest.icons as { src: string }[]).every((icon) => icon.src.startsWith('/sub/'))).toBe(true);
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
		expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.scope))).toBe(`${server.url}`);

		const written = (await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'written under /sub/' }))) as { isError: boolean; structuredContent: { preview?: { status: string } } };
		expect(written.isError).toBe(false);
		expect(written.structuredContent.preview?.status).toBe('ready');
		// Its data lives under its own names: a studio at the origin's root would not open it.
		const databases = await page.evaluate(() => indexedDB.databases().then((list) => list.map((db) => db.name)));
		expect(databases).toContain('web-studio@/sub');
		expect(databases).not.toContain('web-studio');

		await context.setOffline(true);
		await page.reload();
		await waitForHub(page);
		expect(((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('written under /sub/');
		expect(outside).toEqual([]);
	} finally {
		await context.close();
		await server.close();
	}
});
