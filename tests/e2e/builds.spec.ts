// Two builds on one origin: the older build's tabs are told to reload and stop writing.
import { test, expect, waitForHub } from './fixtures';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { serveStatic } from './helpers/static-server';

const OUT = 'test-results/build-newer';

test('a tab of an older build is told to reload and does not write once a newer build runs', async ({ browser }) => {
	test.setTimeout(120_000);
	rmSync(OUT, { recursive: true, force: true });
	const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
		env: { ...process.env, STUDIO_OUT_DIR: OUT, STUDIO_KIT_DIR: `${OUT}-kit`, STUDIO_BUILD_ID: `newer-${Date.now().toString(36)}` },
		encoding: 'utf8'
	});
	expect(built.status, built.stderr).toBe(0);
	expect(existsSync(`${OUT}/index.html`)).toBe(true);

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

		await older.getByRole('button', { name: 'Reload' }).click();
		await waitForHub(older);
		expect(await older.getByTestId('build-id').textContent()).toBe(await newer.getByTestId('build-id').textContent());
	} finally {
		await context.close();
		await server.close();
		rmSync(OUT, { recursive: true, force: true });
		rmSync(`${OUT}-kit`, { recursive: true, force: true });
	}
});
