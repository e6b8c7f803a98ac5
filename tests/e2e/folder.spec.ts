// Folder sync on an OPFS directory handle (the same FileSystemDirectoryHandle the picker returns).
import { test, expect, waitForHub } from './fixtures';
import type { Page } from '@playwright/test';

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { error?: { code: string } } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
/** Reads a file of the OPFS folder `site` from the page. */
const disk = (page: Page, path: string) =>
	page.evaluate(async (p) => {
		let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('site');
		const parts = p.split('/');
		for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
		try {
			return await (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
		} catch {
			return null;
		}
	}, path);
const writeDisk = (page: Page, path: string, text: string) =>
	page.evaluate(
		async ([p, t]) => {
			const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('site');
			const writable = await (await dir.getFileHandle(p!, { create: true })).createWritable();
			await writable.write(t!);
			await writable.close();
		},
		[path, text]
	);

test('connect a folder, save changed files, see unsaved markers, reload from disk, refuse stale saves, disconnect', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	const connected = (await page.evaluate(async () => {
		const root = await navigator.storage.getDirectory();
		const handle = await root.getDirectoryHandle('site', { create: true });
		return window.studio!.connectFolder(handle);
	})) as { name: string; hasFiles: boolean };
	expect(connected).toEqual({ name: 'site', hasFiles: false });
	const saved = await call(page, 'workspace_save_all');
	expect(saved.isError).toBe(false);
	expect((saved.structuredContent.savedPaths as string[]).length).toBe(7);
	expect(await disk(page, 'index.html')).toContain('Bright Bakery');
	expect(await disk(page, 'modules/greeting.js')).toContain('export function greeting');
	await expect(page.getByTestId('save-folder')).toHaveText('Save to site');

	await call(page, 'workspace_write_file', { path: 'README.md', content: 'changed in the studio' });
	const tree = page.getByRole('group', { name: 'File tree' });
	await expect(tree.locator('[data-path="README.md"]').getByLabel('not saved to the folder')).toBeVisible();
	await expect(page.getByTestId('save-folder')).toHaveText(/^Save to site\s*1$/);
	await page.getByTestId('save-folder').click();
	await expect(page.getByTestId('save-folder')).toHaveText('Save to site');
	await expect(tree.getByLabel('not saved to the folder')).toHaveCount(0);
	expect(await disk(page, 'README.md')).toBe('changed in the studio');
	expect((await call(page, 'folder_get_status')).structuredContent).toMatchObject({ folder: { status: 'connected', name: 'site', dirtyPaths: [] } });

	// Someone edits the file on disk; a studio save must not overwrite it silently.
	await writeDisk(page, 'README.md', 'edited on disk');
	await call(page, 'workspace_write_file', { path: 'README.md', content: 'studio again' });
	const stale = await call(page, 'workspace_save_all');
	expect(stale.structuredContent.error).toMatchObject({ code: 'WORKSPACE_FOLDER_STALE', retryable: true });
	expect(await disk(page, 'README.md')).toBe('edited on disk');

	// Reload brings the disk in as a new revision (undoable), and adds files made outside.
	await writeDisk(page, 'extra.html', '<p>made outside</p>');
	const reloaded = await call(page, 'workspace_reload_folder');
	expect(reloaded.isError).toBe(false);
	await expect(tree.locator('[data-path="extra.html"]')).toBeVisible();
	expect(((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('edited on disk');

	// The connection survives a reload of the page.
	await page.reload();
	await waitForHub(page);
	await expect(page.getByTestId('save-folder')).toHaveText('Save to site');

	expect((await call(page, 'workspace_disconnect_folder')).isError).toBe(false);
	expect((await call(page, 'folder_get_status')).structuredContent).toMatchObject({ folder: { status: 'browser-only' } });
	expect((await call(page, 'workspace_save_all')).structuredContent.error).toMatchObject({ code: 'WORKSPACE_FOLDER_NOT_CONNECTED' });
});
