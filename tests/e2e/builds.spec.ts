// Side builds: two builds on one origin (a newer build waits for the person, nothing reloads by itself,
// and the older build's tabs stop writing once a newer hub runs), and a build for a sub-path.
import { test, expect, waitForHub } from './fixtures';
import { readFileSync } from 'node:fs';
import { serveStatic } from './helpers/static-server';
import { buildSide, removeSide, sideBuildsPresent, SIDE_BUILDS, SIDE_BUILT } from '../../scripts/side-builds.mjs';

// The suite blocks service workers (they cost every test an install); updates and offline need them.
test.use({ serviceWorkers: 'allow' });

const OUT = SIDE_BUILDS.newer;
const SUB = SIDE_BUILDS.sub;

// `npm test` makes the side builds while the unit tests run (they leave a core idle): here they took a
// worker ~100 s on a busy machine. Run alone, this file builds them, both at once (~30 s on two cores).
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
	test.setTimeout(240_000);
	// (Made again when gone: this file's afterAll removed them in a run before, in this process.)
	if (process.env[SIDE_BUILT] !== '1' || !sideBuildsPresent()) await Promise.all([buildSide('newer'), buildSide('sub')]);
	expect(sideBuildsPresent()).toBe(true);
});
test.afterAll(() => {
	removeSide('newer');
	removeSide('sub');
});

test('a new version waits for the person: no tab reloads by itself, every tab is asked, and Reload keeps every acknowledged write', async ({ browser }) => {
	test.setTimeout(120_000);
	const server = await serveStatic('build');
	const context = await browser.newContext();
	try {
		const [a, b] = [await context.newPage(), await context.newPage()];
		for (const page of [a, b]) {
			await page.goto(server.url);
			await waitForHub(page);
			await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
		}
		const olderBuild = await a.getByTestId('build-id').textContent();
		const written = (await a.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'acknowledged before the update' }))) as { isError: boolean };
		expect(written.isError).toBe(false);
		for (const page of [a, b]) await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

		server.setRoot(OUT);
		await a.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
		for (const page of [a, b]) await expect(page.getByTestId('update-ready')).toBeVisible({ timeout: 30_000 });
		await a.waitForTimeout(10_000);
		for (const page of [a, b]) {
			expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // still the same page
			await expect(page.getByTestId('build-id')).toHaveText(olderBuild!);
		}

		await a.getByTestId('update-ready').getByRole('button', { name: 'Reload' }).click();
		for (const page of [a, b]) {
			await expect(page.getByTestId('build-id')).not.toHaveText(olderBuild!, { timeout: 30_000 });
			await waitForHub(page);
			expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
		}
		const kept = (await b.evaluate(() => window.studio!.readFile('README.md'))) as { content: string };
		expect(kept.content).toBe('acknowledged before the update');
	} finally {
		await context.close();
		await server.close();
	}
});

test('a tab of an older build is told to reload and does not write once a newer build runs', async ({ browser }) => {
	test.setTimeout(90_000);
	const server = await serveStatic('build');
	// No service worker: it would serve the cached older shell to the second tab.
	const context = await browser.newContext({ serviceWorkers: 'block' });
	try {
		const older = await context.newPage();
		await older.goto(server.url);
		await waitForHub(older);
		const olderBuild = await older.getByTestId('build-id').textContent();
		expect((await older.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'old build writes' })) as { isError: boolean }).isError).toBe(false);

		server.setRoot(OUT);
		const newer = await context.newPage();
		await newer.goto(server.url);
		await waitForHub(newer);
		expect(await newer.getByTestId('build-id').textContent()).not.toBe(olderBuild);

		await expect(older.getByTestId('hub-state')).toHaveText('New version — reload this tab');
		await expect(older.getByRole('alert').filter({ hasText: 'newer version' })).toContainText('newer version');
		const refused = (await older.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'stale build' }))) as {
			isError: boolean;
			structuredContent: { error: { code: string } };
		};
		expect(refused.structuredContent.error.code).toBe('TOOL_POLICY_DENIED');

		const fresh = (await newer.evaluate(() => window.studio!.readFile('README.md'))) as { content: string };
		expect(fresh.content).toBe('old build writes');
		expect((await newer.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'new build writes' })) as { isError: boolean }).isError).toBe(false);

		await older.getByRole('alert').filter({ hasText: 'newer version' }).getByRole('button', { name: 'Reload' }).click();
		await waitForHub(older);
		expect(await older.getByTestId('build-id').textContent()).toBe(await newer.getByTestId('build-id').textContent());
	} finally {
		await context.close();
		await server.close();
	}
});

// A build for a sub-path (BASE_PATH=/sub), served under /sub/ by the start server.
test('a BASE_PATH=/sub build works under /sub/: hub, write → preview ready, manifest and worker scoped to /sub/, offline reload, its own database', async ({ browser }) => {
	test.setTimeout(90_000);
	const html = readFileSync(`${SUB}/index.html`, 'utf8');
	expect(html).toContain('href="/sub/_app/immutable/');
	const server = await serveStatic(SUB, '/sub');
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
