// Two builds on one origin: a newer build waits for the person (nothing reloads by itself), and the
// older build's tabs stop writing once a newer hub runs.
import { test, expect, waitForHub } from './fixtures';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { serveStatic } from './helpers/static-server';

const OUT = 'test-results/build-newer';

// One newer build for both tests (a build takes ~30 s on two cores).
test.describe.configure({ mode: 'serial' });
test.beforeAll(() => {
	test.setTimeout(180_000);
	rmSync(OUT, { recursive: true, force: true });
	const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
		env: { ...process.env, STUDIO_OUT_DIR: OUT, STUDIO_KIT_DIR: `${OUT}-kit`, STUDIO_BUILD_ID: `newer-${Date.now().toString(36)}` },
		encoding: 'utf8'
	});
	expect(built.status, built.stderr).toBe(0);
	expect(existsSync(`${OUT}/index.html`)).toBe(true);
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
		await expect(older.getByRole('alert')).toContainText('newer version');
		const refused = (await older.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'stale build' }))) as {
			isError: boolean;
			structuredContent: { error: { code: string } };
		};
		expect(refused.structuredContent.error.code).toBe('TOOL_POLICY_DENIED');

		const fresh = (await newer.evaluate(() => window.studio!.readFile('README.md'))) as { content: string };
		expect(fresh.content).toBe('old build writes');
		expect((await newer.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'new build writes' })) as { isError: boolean }).isError).toBe(false);

		await older.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
		await waitForHub(older);
		expect(await older.getByTestId('build-id').textContent()).toBe(await newer.getByTestId('build-id').textContent());
	} finally {
		await context.close();
		await server.close();
	}
});
