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

test('opening a project folder without an .html imports what it can, lists what it left out, and writes nothing; a conflict is never overwritten without the person', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	// A project folder: no HTML, a dot folder, and a file too large to hold.
	const before = await page.evaluate(async () => {
		const root = await navigator.storage.getDirectory();
		const dir = await root.getDirectoryHandle('project', { create: true });
		const put = async (d: FileSystemDirectoryHandle, name: string, text: string) => {
			const w = await (await d.getFileHandle(name, { create: true })).createWritable();
			await w.write(text);
			await w.close();
		};
		await put(dir, 'styles.css', 'body { color: teal; }\n');
		await put(dir, 'app.js', 'console.log("mine");\n');
		await put(dir, 'README.md', '# My project\n');
		await put(await dir.getDirectoryHandle('.vscode', { create: true }), 'settings.json', '{"editor.tabSize": 2}');
		await put(dir, 'notes.txt', 'n'.repeat(4 * 1024 * 1024 + 1));
		const snapshot: Record<string, number> = {};
		const walk = async (d: FileSystemDirectoryHandle, prefix: string) => {
			for await (const [name, entry] of (d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
				if (entry.kind === 'directory') await walk(entry as FileSystemDirectoryHandle, `${prefix}${name}/`);
				else snapshot[`${prefix}${name}`] = (await (entry as FileSystemFileHandle).getFile()).lastModified;
			}
		};
		await walk(dir, '');
		(window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => dir;
		return snapshot;
	});
	await page.getByRole('button', { name: 'Open folder' }).click();
	await expect(page.getByText(/Opened “project”/)).toContainText('Nothing was written to the folder');
	await expect(page.getByText(/Opened “project”/)).toContainText('notes.txt (too large');
	expect(await page.evaluate(() => window.studio!.files)).toEqual(expect.arrayContaining(['styles.css', 'app.js', 'README.md']));
	expect(await page.evaluate(() => window.studio!.files)).not.toContain('index.html');
	const after = await page.evaluate(async () => {
		const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('project');
		const snapshot: Record<string, number> = {};
		const walk = async (d: FileSystemDirectoryHandle, prefix: string) => {
			for await (const [name, entry] of (d as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
				if (entry.kind === 'directory') await walk(entry as FileSystemDirectoryHandle, `${prefix}${name}/`);
				else snapshot[`${prefix}${name}`] = (await (entry as FileSystemFileHandle).getFile()).lastModified;
			}
		};
		await walk(dir, '');
		return snapshot;
	});
	expect(after).toEqual(before); // not one file written, added or touched

	// A file edited on disk after the import: the save is refused, listing it, until the person says overwrite.
	await page.evaluate(async () => {
		const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('project');
		const w = await (await dir.getFileHandle('styles.css')).createWritable();
		await w.write('body { color: red; } /* edited in another editor */\n');
		await w.close();
	});
	await call(page, 'workspace_write_file', { path: 'styles.css', content: 'body { color: navy; }\n' });
	await page.getByTestId('save-folder').click();
	const toast = page.getByRole('alert').filter({ hasText: 'styles.css' });
	await expect(toast).toContainText('changed on disk');
	// Reading a file while the hub writes it can fail (NotReadableError): then ask again.
	const onDisk = () =>
		page.evaluate(async () => (await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle('project')).getFileHandle('styles.css')).getFile()).text()).catch(() => null);
	expect(await onDisk()).toContain('edited in another editor');
	await toast.getByRole('button', { name: 'Overwrite 1 on disk' }).click();
	await expect.poll(onDisk).toBe('body { color: navy; }\n');
	expect(await page.evaluate(async () => (await (await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle('project')).getDirectoryHandle('.vscode')).getFileHandle('settings.json')).getFile()).text())).toBe('{"editor.tabSize": 2}');
});

test('an empty folder receives the site only after the person confirms', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(async () => {
		const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('empty', { create: true });
		(window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => dir;
	});
	await page.getByRole('button', { name: 'Open folder' }).click();
	const dialog = page.getByRole('dialog', { name: 'Save the site into “empty”?' });
	await expect(dialog).toBeVisible();
	const count = () =>
		page.evaluate(async () => {
			let n = 0;
			for await (const _ of ((await (await navigator.storage.getDirectory()).getDirectoryHandle('empty')) as unknown as { keys(): AsyncIterable<string> }).keys()) n++;
			return n;
		});
	expect(await count()).toBe(0);
	await dialog.getByRole('button', { name: 'Save into the folder' }).click();
	await expect.poll(count).toBeGreaterThan(3);
});
