// Zip out and in, as a person does it: Export → Download .zip on a desktop, then Export → Import a
// .zip… through the file picker on a phone in a fresh browser profile — the files arrive identical.
import { test, expect, waitForHub, previewFrame, wakeEditor } from './fixtures';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { RED_PNG } from './helpers/remote-mcp';

type Listed = { structuredContent: { files: { path: string; hash: string; size: number }[] } };
const listing = async (page: Page) =>
	((await page.evaluate(() => window.studio!.callTool('workspace_list_files', {}))) as Listed).structuredContent.files.map((f) => `${f.path} ${f.hash} ${f.size}`).sort();

test('a downloaded .zip imported into another profile on a phone gives identical files, and Undo takes the import back', async ({ page, browser }, testInfo) => {
	await page.goto('/');
	await waitForHub(page);
	const written = await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'pages/about.html', content: '<h1>About us</h1>' }));
	expect((written as { isError: boolean }).isError).toBe(false);
	await page.locator('details.menu summary').click();
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download .zip' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/\.zip$/);
	const zipPath = testInfo.outputPath('site.zip');
	await download.saveAs(zipPath);
	expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');
	const original = await listing(page);

	const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const other = await phone.newPage();
	await other.goto('/');
	await waitForHub(other);
	const before = await other.evaluate(() => window.studio!.revision);
	await other.locator('details.menu summary').click();
	const choosing = other.waitForEvent('filechooser');
	await other.getByRole('button', { name: 'Import a .zip…' }).click();
	await (await choosing).setFiles(zipPath);
	await expect(other.getByText(/Imported \d+ files from “site\.zip”/)).toBeVisible();
	expect(await listing(other)).toEqual(original);
	expect(await other.evaluate(() => window.studio!.revision)).toBe(before + 1);
	// One revision: one undo takes the whole import back.
	await other.evaluate(() => window.studio!.callTool('workspace_undo', {}));
	expect(await other.evaluate(() => window.studio!.files)).not.toContain('pages/about.html');
	await phone.close();
});

test('a share link carries the site in its fragment: opened offline in another profile, it says what it holds and opens only on the person\'s word', async ({ page, browser, context }) => {
	test.setTimeout(120_000); // two profiles, a service worker install, an offline start (40 s seen)
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'shared-note.md', content: '# Shared with a link' }));
	await page.locator('details.menu summary').click();
	await page.getByRole('button', { name: 'Copy share link' }).click();
	await expect(page.getByText(/Share link copied/)).toBeVisible();
	const link = await page.evaluate(() => navigator.clipboard.readText());
	expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/);
	const original = await listing(page);

	// Another profile that has visited once (the app is installed in its cache), now offline.
	const friend = await browser.newContext({ serviceWorkers: 'allow' });
	const other = await friend.newPage();
	await other.goto('/');
	await waitForHub(other);
	await other.evaluate(async () => {
		await navigator.serviceWorker.ready;
	});
	await friend.setOffline(true);
	await other.close();
	const opened = await friend.newPage();
	await opened.goto(link);
	await waitForHub(opened);
	const dialog = opened.getByRole('dialog', { name: 'Open this shared site?' });
	await expect(dialog).toContainText('shared-note.md');
	expect(await opened.evaluate(() => window.studio!.files)).not.toContain('shared-note.md');
	// As a new workspace (the default choice): the friend's own site stays as it was.
	await expect(dialog.getByRole('radio', { name: /As a new workspace/ })).toBeChecked();
	await dialog.getByRole('button', { name: 'Open shared site' }).click();
	await expect(opened.getByText(/Opened the shared site as “Shared site” \(\d+ files\)/)).toBeVisible();
	await waitForHub(opened);
	expect(opened.url()).toMatch(/\?workspace=ws-[0-9a-f]{8}$/);
	expect(await listing(opened)).toEqual(original);
	await expect(previewFrame(opened).locator('h1')).toHaveText('Fresh bread, every morning');
	const theirs = await opened.evaluate(() => window.studio!.listWorkspaces());
	expect(theirs.map((w) => w.name).sort()).toEqual(['My site', 'Shared site']);
	await friend.close();
});

test('without a directory picker (Firefox, Safari, phones) a folder is uploaded instead: its files come in as one revision, hostile names left out', async ({ page }, testInfo) => {
	await page.addInitScript(() => delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker);
	const dir = testInfo.outputPath('my-site');
	mkdirSync(`${dir}/css`, { recursive: true });
	mkdirSync(`${dir}/node_modules/x`, { recursive: true });
	writeFileSync(`${dir}/index.html`, '<h1>Uploaded</h1>');
	writeFileSync(`${dir}/css/site.css`, 'h1 { color: teal }');
	writeFileSync(`${dir}/node_modules/x/index.js`, 'x');
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByRole('button', { name: 'Open folder' })).toHaveCount(0);
	const choosing = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: 'Upload a folder' }).click();
	await (await choosing).setFiles(dir);
	await expect(page.getByText(/Imported 2 files from “my-site”.*1 left out: my-site\/node_modules\/x\/index\.js/)).toBeVisible();
	expect(((await page.evaluate(() => window.studio!.readFile('css/site.css'))) as { content: string }).content).toBe('h1 { color: teal }');
	await expect(previewFrame(page).locator('h1')).toHaveText('Uploaded');
});

for (const early of [true, false]) {
	test(`a .zip imported over the workspace ${early ? 'as the studio starts' : 'once the editor is up, in two tabs'}, its page not at its root, opens that page in the editor as the preview shows it`, async ({ page, context }) => {
		const editor = (tab: Page) => tab.locator('section[data-region="editor"] .cm-content');
		const tabs = [page];
		await page.goto('/');
		let release = () => {};
		if (early) {
			// As the studio starts (its code is there, the hub may not be), the editor shows the first
			// screen's file; the call waits for the hub, and CodeMirror's code comes after the import (as
			// on a slow phone), not before it.
			await page.waitForFunction(() => window.studio !== undefined);
			const held = new Promise<void>((resolve) => (release = resolve));
			await page.route('**/_app/immutable/**', async (route) => {
				await held;
				await route.continue();
			});
		} else {
			// The starter's index.html open in both, co-edited.
			tabs.push(await context.newPage());
			for (const tab of tabs) {
				if (tab !== page) await tab.goto('/');
				await waitForHub(tab);
				await wakeEditor(tab);
				await expect(editor(tab)).toContainText('<!doctype html>');
			}
		}
		// As a package's demo comes: its page under demo/, the code it loads one folder up.
		const zip = Buffer.from(zipSync({ 'README.md': strToU8('# A library'), 'lib.js': strToU8('document.body.dataset.lib = "on";'), 'demo/index.html': strToU8('<!doctype html><h1>The demo page</h1><script src="../lib.js"></script>') })).toString('base64');
		const imported = (await page.evaluate((data) => window.studio!.callTool('workspace_import_zip', { data, mode: 'replace' }), zip)) as { isError: boolean };
		expect(imported.isError).toBe(false);
		release();
		for (const tab of tabs) {
			// The starter's index.html went with the import: its tab gives way to the page, not to an empty editor.
			await wakeEditor(tab);
			await expect(editor(tab)).toContainText('<h1>The demo page</h1>');
			await expect(tab.getByRole('list', { name: 'Open files' }).locator('button[aria-current="page"]')).toHaveAttribute('title', 'demo/index.html');
			await expect(previewFrame(tab).locator('h1')).toHaveText('The demo page');
			await expect(previewFrame(tab).locator('body')).toHaveAttribute('data-lib', 'on');
		}
		// As after a reload, which opens the file the hub holds active.
		await page.reload();
		await waitForHub(page);
		await wakeEditor(page);
		await expect(editor(page)).toContainText('<h1>The demo page</h1>');
	});
}

test('History → Download .zip of an earlier revision holds the files as they were then', async ({ page }, testInfo) => {
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'then' }));
	await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'now' }));
	const rev = await page.evaluate(() => window.studio!.revision);
	await page.getByRole('tab', { name: 'History' }).click();
	await page.getByRole('list', { name: 'Revisions' }).getByRole('button').nth(1).click();
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: `Download .zip of r${rev - 1}` }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toBe(`My-site-r${rev - 1}.zip`);
	const path = testInfo.outputPath('then.zip');
	await download.saveAs(path);
	const files = unzipSync(new Uint8Array(readFileSync(path)));
	expect(new TextDecoder().decode(files['README.md'])).toBe('then');
	expect(Object.keys(files)).toContain('index.html');
});

test('a .zip of a template’s size (7 MB of photos that do not compress) comes in through Import a .zip… with a notice while it is read; one over 24 MB is refused by its size', async ({ page }, testInfo) => {
	test.setTimeout(120_000);
	const noise = (n: number, seed: number) => new Uint8Array(n).map((_, i) => (Math.imul(i + seed, 2654435761) >>> 13) & 255);
	const archive = testInfo.outputPath('template.zip');
	writeFileSync(
		archive,
		zipSync({
			'index.html': strToU8('<!doctype html><h1>Template</h1><img id="logo" src="img/logo.png" alt="logo">'),
			'img/logo.png': Buffer.from(RED_PNG, 'base64'),
			'photos/p0.jpg': [noise(3_500_000, 0), { level: 0 }],
			'photos/p1.jpg': [noise(3_500_000, 1), { level: 0 }]
		})
	);
	await page.goto('/');
	await waitForHub(page);
	// Every toast's words as they appear: the notice lasts only as long as the import.
	await page.evaluate(() => {
		const seen: string[] = ((window as unknown as { seenToasts: string[] }).seenToasts = []);
		new MutationObserver(() => seen.push(document.body.innerText.match(/Importing[^\n]*/)?.[0] ?? '')).observe(document.body, { childList: true, subtree: true, characterData: true });
	});
	const before = await page.evaluate(() => window.studio!.revision);
	await page.locator('details.menu summary').click();
	const choosing = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: 'Import a .zip…' }).click();
	await (await choosing).setFiles(archive);
	await expect(page.getByText('Imported 4 files from “template.zip” (Undo takes it back).')).toBeVisible({ timeout: 40_000 });
	expect(await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts)).toContainEqual(expect.stringMatching(/^Importing “template\.zip” \(6\.7 MB\)…/));
	expect(await page.evaluate(() => window.studio!.revision)).toBe(before + 1);
	expect(await listing(page)).toContainEqual(expect.stringMatching(/^photos\/p1\.jpg \S+ 3500000$/));
	await expect(previewFrame(page).locator('h1')).toHaveText('Template', { timeout: 20_000 });
	expect(await previewFrame(page).locator('#logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

	// Over the archive limit: named by its size in the page, nothing sent, nothing changed.
	const huge = testInfo.outputPath('huge.zip');
	writeFileSync(huge, new Uint8Array(25 * 1024 * 1024));
	await page.locator('details.menu summary').click();
	const again = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: 'Import a .zip…' }).click();
	await (await again).setFiles(huge);
	await expect(page.getByText('“huge.zip”: The archive is 25 MB; a .zip of at most 24 MB can be imported. Nothing was imported.')).toBeVisible();
	expect(await page.evaluate(() => window.studio!.revision)).toBe(before + 1);
});
