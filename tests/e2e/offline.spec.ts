// Real offline use: after one visit, the studio reloads with the network gone, its worker and the
// workspace intact, and keeps saving to IndexedDB.
import { strToU8, zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { test, expect, waitForHub, underServiceWorker } from './fixtures';

// The suite blocks service workers (they cost every test an install); this file is about them.
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium 150 drops the emulated offline state on a document its service worker served: it reads
 * navigator.onLine true there. Set again, the state reaches the page (and its workers) as a browser's
 * own would.
 */
async function offlineAgain(page: Page) {
	if (!(await page.evaluate(() => navigator.onLine))) return;
	await page.context().setOffline(false);
	await page.context().setOffline(true);
	await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test('after one online visit the studio reloads offline and keeps working', async ({ page, context }) => {
	test.setTimeout(120_000); // several reloads and a fresh launch on a busy machine
	await page.goto('/');
	await waitForHub(page);
	await underServiceWorker(page);
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

	// A fresh launch with no network (the installed app from the home screen) opens the last
	// workspace at the last file, renders the preview and says it is offline.
	await page.evaluate(() => window.studio!.callTool('workspace_open_file', { path: 'styles.css' }));
	await page.close();
	const launched = await context.newPage();
	await launched.goto('/');
	await waitForHub(launched);
	await offlineAgain(launched);
	await expect(launched.getByTestId('offline')).toBeVisible();
	await expect(launched.getByRole('list', { name: 'Open files' }).getByRole('button', { name: 'styles.css', exact: true })).toHaveAttribute('aria-current', 'page');
	await expect(launched.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	// A model cannot be reached offline: the run says so at once and the conversation stays.
	await launched.evaluate(() => window.studio!.setSettings({ provider: 'model', baseUrl: 'http://127.0.0.1:9/v1', model: 'any' }));
	await launched.reload();
	await waitForHub(launched);
	await offlineAgain(launched);
	await launched.getByRole('textbox', { name: 'Prompt' }).fill('make it blue');
	await launched.getByRole('button', { name: 'Send' }).click();
	const transcript = launched.getByRole('list', { name: 'Transcript' });
	await expect(transcript).toContainText('You are offline');
	await expect(transcript.locator('[data-outcome="failed"]')).toContainText('PROVIDER_UNAVAILABLE');
	await expect(transcript).toContainText('make it blue');
	// The zip code loads with the first archive (not in the hub's boot): offline, from the precache.
	const data = Buffer.from(zipSync({ 'offline.html': strToU8('<h1>From a zip</h1>') })).toString('base64');
	const imported = (await launched.evaluate((zip) => window.studio!.callTool('workspace_import_zip', { data: zip }), data)) as { isError: boolean; structuredContent: { imported: string[] } };
	expect(imported.isError).toBe(false);
	expect(imported.structuredContent.imported).toEqual(['offline.html']);
	await context.setOffline(false);
});

test('an installed start takes the build’s hashed files straight from the precache, without waking the worker’s fetch handler', async ({ page, context }) => {
	await page.goto('/');
	await waitForHub(page);
	await underServiceWorker(page);
	await context.setOffline(true);
	const launched = await context.newPage();
	const response = await launched.goto('/');
	await waitForHub(launched);
	await expect(launched.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	// Resource timing names the source the worker's static routes chose for each file (Chrome 123+).
	const sources = await launched.evaluate(() =>
		(performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerFinalSourceType?: string })[])
			.filter((entry) => new URL(entry.name).pathname.startsWith('/_app/immutable/'))
			.map((entry) => [new URL(entry.name).pathname, entry.workerFinalSourceType ?? 'unknown'] as const)
	);
	expect(sources.length, 'the start fetched the build’s files').toBeGreaterThanOrEqual(5);
	for (const [path, source] of sources) expect(source, path).toBe('cache');
	// The shell matches no route: the handler serves it (its navigation fallback answers every path).
	const shell = await launched.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { workerFinalSourceType?: string }).workerFinalSourceType ?? 'unknown');
	expect(shell).toBe('');
	expect(response?.fromServiceWorker()).toBe(true);
	await context.setOffline(false);
});
