// Real offline use: after one visit, the studio reloads with the network gone, its worker and the
// workspace intact, and keeps saving to IndexedDB.
import { test, expect, waitForHub } from './fixtures';

test('after one online visit the studio reloads offline and keeps working', async ({ page, context }) => {
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(async () => {
		const registration = await navigator.serviceWorker.ready;
		const worker = registration.active!;
		if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
	});
	// The first load may not be controlled yet; a reload puts the page under the service worker.
	await page.reload();
	await waitForHub(page);
	expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
	const written = await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'written online' }));
	expect((written as { isError: boolean }).isError).toBe(false);

	await context.setOffline(true);
	await page.reload();
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	expect(((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('written online');
	const offlineWrite = (await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'written offline' }))) as { isError: boolean };
	expect(offlineWrite.isError).toBe(false);
	await page.reload();
	await waitForHub(page);
	expect(((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('written offline');
	await context.setOffline(false);
});
