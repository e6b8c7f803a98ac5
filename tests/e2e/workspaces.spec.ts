// Several workspaces, as a person uses them: create one from the switcher, switch, each keeps its
// own files and history across reloads; each tab keeps its own pin while renames and deletes reach
// the tabs that have the workspace open; a downloaded .zip opens as a new identical workspace; the
// backup names every workspace; a .zip dropped on the file tree is unpacked.
import { test, expect, waitForHub } from './fixtures';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync, zipSync, strToU8 } from 'fflate';

// Page loads per workspace switch, several tabs: room well beyond the slowest seen (36 s).
test.describe.configure({ timeout: 120_000 });

type Listed = { structuredContent: { files: { path: string; hash: string; size: number }[] } };
const listing = async (page: Page) =>
	((await page.evaluate(() => window.studio!.callTool('workspace_list_files', {}))) as Listed).structuredContent.files.map((f) => `${f.path} ${f.hash} ${f.size}`).sort();
const files = (page: Page) => page.evaluate(() => window.studio!.files);
const switcher = (page: Page) => page.getByTestId('workspace-switcher');

async function createWorkspace(page: Page, name: string, starter: RegExp) {
	await switcher(page).click();
	await page.getByRole('button', { name: 'New workspace…', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New workspace' });
	await dialog.getByTestId('workspace-name').fill(name);
	await dialog.getByRole('radio', { name: starter }).check();
	await dialog.getByRole('button', { name: 'Create' }).click();
	await expect(page.getByText(`Created “${name}”.`)).toBeVisible();
	await waitForHub(page);
}

test('a second workspace keeps its own files and history; switching and reloading keep both', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(switcher(page)).toContainText('My site');
	await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'mine.md', content: '# first' }));
	const firstRevision = await page.evaluate(() => window.studio!.revision);

	await createWorkspace(page, 'Portfolio', /^Blank/);
	expect(page.url()).toMatch(/\?workspace=ws-[0-9a-f]{8}$/);
	await expect(switcher(page)).toContainText('Portfolio');
	expect(await files(page)).toEqual(['index.html']);
	await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled(); // its own, empty history
	await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'portfolio.md', content: '# second' }));
	await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
	const status = (await page.evaluate(() => window.studio!.callTool('workspace_get_status', {}))) as { structuredContent: { name: string; workspaceId: string } };
	expect(status.structuredContent.name).toBe('Portfolio');
	const trace = (await page.evaluate(() => window.studio!.trace)) as { name?: string; workspaceId?: string }[];
	expect(trace.filter((e) => e.name === 'workspace_create_file').every((e) => e.workspaceId === status.structuredContent.workspaceId)).toBe(true);

	await page.reload();
	await waitForHub(page);
	await expect(switcher(page)).toContainText('Portfolio');
	expect(await files(page)).toEqual(['index.html', 'portfolio.md']);

	// Back to the first: its files and revision as they were, and its history still undoes its own change.
	await switcher(page).click();
	await page.getByRole('button', { name: /^My site/ }).click();
	// Switching loads the page for that workspace: wait for the new page, not the one it replaces.
	await page.waitForURL((url) => !url.searchParams.has('workspace'));
	await waitForHub(page);
	await expect(switcher(page)).toContainText('My site');
	expect(await files(page)).toContain('mine.md');
	expect(await files(page)).not.toContain('portfolio.md');
	expect(await page.evaluate(() => window.studio!.revision)).toBe(firstRevision);
	await page.evaluate(() => window.studio!.callTool('workspace_undo', {}));
	expect(await files(page)).not.toContain('mine.md');
	await page.reload();
	await waitForHub(page);
	expect(await files(page)).not.toContain('mine.md');

	// The palette opens another workspace too: its workspace commands load with it, the list read afresh.
	await expect(page.locator('.cm-content')).toBeVisible();
	await page.keyboard.press('Control+k');
	await page.getByRole('combobox', { name: 'Command' }).fill('Open workspace Portfolio');
	await expect(page.getByRole('option', { name: /Open workspace Portfolio/ })).toBeVisible();
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => url.searchParams.has('workspace'));
	await waitForHub(page);
	await expect(switcher(page)).toContainText('Portfolio');
});

test('each tab keeps its own workspace; a rename reaches the tabs that show it, a delete names what is lost and stops them', async ({ page, context }) => {
	test.setTimeout(120_000); // three tabs, renames and a delete on two busy cores (35 s seen)
	await page.goto('/');
	await waitForHub(page);
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);

	await createWorkspace(page, 'Drafts', /^Multi-page site/);
	const drafts = page.url();
	// The other tab keeps its pin: still the first workspace, still answering.
	await expect(switcher(other)).toContainText('My site');
	expect((await other.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'still-here.md', content: 'x' }))) as { isError: boolean }).toMatchObject({ isError: false });

	// A third tab on the same workspace sees a rename made in the first.
	const third = await context.newPage();
	await third.goto(drafts);
	await waitForHub(third);
	await switcher(page).click();
	await page.getByRole('button', { name: 'Rename “Drafts”…' }).click();
	const rename = page.getByRole('dialog', { name: 'Rename workspace' });
	await rename.getByTestId('workspace-rename').fill('Final site');
	await rename.getByRole('button', { name: 'Rename' }).click();
	await expect(switcher(page)).toContainText('Final site');
	await expect(switcher(third)).toContainText('Final site');

	// Deleted from the other tab: the confirmation says what is lost; the tabs showing it stop saving.
	await switcher(other).click();
	await other.getByRole('button', { name: 'Delete Final site…' }).click();
	const confirm = other.getByRole('dialog', { name: 'Delete “Final site”?' });
	await expect(confirm).toContainText(/Its \d+ files \(\d+ KB\) are deleted from this browser\. This cannot be undone/);
	await confirm.getByRole('button', { name: 'Delete workspace' }).click();
	await expect(other.getByText('Deleted “Final site”.')).toBeVisible();
	const banner = third.getByTestId('workspace-deleted');
	await expect(banner).toBeVisible();
	const refused = (await third.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'lost.md', content: 'x' }))) as { isError: boolean };
	expect(refused.isError).toBe(true);
	await banner.getByRole('button', { name: 'Open another workspace' }).click();
	await waitForHub(third);
	await expect(switcher(third)).toContainText('My site');
	await expect(third.getByText(/Opened “My site”/)).toBeVisible();
	// A stale link to the deleted workspace never brings it back.
	await page.goto(drafts);
	// The tab says so and moves to the workspace that remains (a navigation: wait for its page).
	await expect(page.getByText(/That workspace no longer exists.*Opened “My site”/)).toBeVisible();
	expect(new URL(page.url()).searchParams.get('workspace')).not.toBe(new URL(drafts).searchParams.get('workspace'));
	await waitForHub(page);
	await expect(switcher(page)).toContainText('My site');
	expect((await page.evaluate(() => window.studio!.listWorkspaces())).map((w) => w.name)).toEqual(['My site']);
	// Nothing of it stays in this browser: not even the picture its first screen painted from.
	const draftsId = new URL(drafts).searchParams.get('workspace')!;
	expect(await page.evaluate((id) => Object.keys(localStorage).filter((key) => key.startsWith('studio:first-screen') && key.endsWith(`:${id}`)), draftsId)).toEqual([]);
});

test('a downloaded .zip opens as a new, identical workspace; the backup names every workspace; a dropped .zip is unpacked', async ({ page }, testInfo) => {
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'pages/about.html', content: '<h1>About</h1>' }));
	const original = await listing(page);
	await page.locator('details.menu summary').click();
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download .zip' }).click();
	const zipPath = testInfo.outputPath('my-site.zip');
	await (await downloading).saveAs(zipPath);

	await switcher(page).click();
	const choosing = page.waitForEvent('filechooser');
	await page.getByRole('button', { name: 'Import a .zip as a new workspace…' }).click();
	await (await choosing).setFiles(zipPath);
	await expect(page.getByText(/Imported “my-site\.zip” as “my-site” \(\d+ files\)/)).toBeVisible();
	await waitForHub(page);
	await expect(switcher(page)).toContainText('my-site');
	expect(await listing(page)).toEqual(original);

	await switcher(page).click();
	const backingUp = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download backup (every workspace)' }).click();
	const backup = await backingUp;
	expect(backup.suggestedFilename()).toMatch(/^web-studio-backup-.*\.zip$/);
	const entries = unzipSync(new Uint8Array(readFileSync(await backup.path())));
	const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { workspaces: { name: string; folder: string; files: number }[] };
	expect(manifest.workspaces.map((w) => w.name).sort()).toEqual(['My site', 'my-site']);
	for (const w of manifest.workspaces) expect(entries[`${w.folder}/pages/about.html`]).toBeDefined();

	// A .zip dropped on the file tree is unpacked into this workspace (one revision).
	const before = await page.evaluate(() => window.studio!.revision);
	const dropped = Buffer.from(zipSync({ 'blog/post.html': strToU8('<h1>Post</h1>'), 'blog.css': strToU8('h1{}') })).toString('base64');
	const transfer = await page.evaluateHandle((data) => {
		const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], 'blog.zip', { type: 'application/zip' }));
		return dt;
	}, dropped);
	const tree = page.getByRole('group', { name: 'File tree' });
	await tree.dispatchEvent('dragover', { dataTransfer: transfer });
	await tree.dispatchEvent('drop', { dataTransfer: transfer });
	await expect(page.getByText(/Imported 2 files from “blog\.zip”/)).toBeVisible();
	expect(await files(page)).toEqual(expect.arrayContaining(['blog/post.html', 'blog.css']));
	expect(await page.evaluate(() => window.studio!.revision)).toBe(before + 1);
});
