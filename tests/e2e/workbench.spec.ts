// The workbench as a person uses it: files, editor, palette, approvals, reset, history, layout, phone.
import { test, expect, waitForHub, watchMainThread, previewFrame, wakeEditor } from './fixtures';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';

const frame = (page: Page) => previewFrame(page);
const tree = (page: Page) => page.getByRole('group', { name: 'File tree' });
const editorText = (page: Page) => page.locator('section[data-region="editor"] .cm-content');

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect(editorText(page)).toContainText('Bright Bakery');
}

test('create, edit, rename and delete through the UI, each visible in the preview or the tree', async ({ page, problems }) => {
	await ready(page);
	await tree(page).getByRole('button', { name: 'New file' }).click();
	await page.getByLabel('New file path').fill('notes.txt');
	await page.getByLabel('New file path').press('Enter');
	await expect(tree(page).locator('[data-path="notes.txt"]')).toBeVisible();
	await expect(page.getByRole('list', { name: 'Open files' }).getByRole('button', { name: 'notes.txt', exact: true })).toHaveAttribute('aria-current', 'page');

	await tree(page).locator('[data-path="index.html"]').click();
	await editorText(page).getByText('Fresh bread, every').click();
	await page.keyboard.press('End');
	await page.keyboard.type(' today');
	await expect(frame(page).locator('body')).toContainText('today', { timeout: 5000 });
	await expect(page.getByTestId('save-status')).toHaveText('Saved');

	const accentBefore = await frame(page).locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
	await tree(page).locator('[data-path="styles.css"]').hover();
	await tree(page).getByRole('button', { name: 'Rename styles.css' }).click();
	await page.getByLabel('New path for styles.css').fill('css/main.css');
	await page.getByLabel('New path for styles.css').press('Enter');
	await expect(tree(page).locator('[data-path="css/main.css"]')).toBeVisible();
	await expect(tree(page).locator('[data-path="styles.css"]')).toHaveCount(0);
	// The rename rewrote index.html's <link> in the same revision: the page keeps its styles.
	await expect.poll(() => page.evaluate(async () => ((await window.studio!.readFile('index.html')) as { content: string }).content)).toContain('href="css/main.css"');
	await expect(page.getByTestId('preview-chip')).toContainText('ready');
	expect(await frame(page).locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(accentBefore);

	await tree(page).locator('[data-path="notes.txt"]').hover();
	await tree(page).getByRole('button', { name: 'Delete notes.txt' }).click();
	await expect(tree(page).locator('[data-path="notes.txt"]')).toHaveCount(0);
	await page.getByRole('button', { name: 'Undo' }).last().click();
	await expect(tree(page).locator('[data-path="notes.txt"]')).toBeVisible();
	expect(problems.errors).toEqual([]);
});

test('the palette runs a tool, and the trace shows a direct palette entry', async ({ page }) => {
	await ready(page);
	await page.keyboard.press('Control+k');
	const palette = page.getByRole('dialog', { name: 'Command palette' });
	await expect(palette).toBeVisible();
	await page.getByRole('combobox', { name: 'Command' }).fill('list files');
	await page.keyboard.press('Enter');
	await expect(palette).toBeHidden();
	await expect(page.getByTestId('tool-result')).toContainText('"files"');
	await page.getByRole('tab', { name: 'Trace' }).click();
	const row = page.locator('button.row[data-name="workspace_list_files"][data-phase="completed"][data-source="palette"]').first();
	await expect(row).toBeVisible();
	await expect(row).toContainText('palette·direct');
});

/**
 * Holds the palette's code until the returned release (routed after the start's own chunks): typing
 * comes before it, as on a slow phone.
 */
async function holdPaletteCode(page: Page): Promise<() => void> {
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (body.includes('<dialog aria-label="Command palette"')) await held;
		await route.fulfill({ response, body });
	});
	return release;
}

test('keys typed while the palette first loads go into it, not into the file the editor shows', async ({ page }) => {
	await ready(page);
	const before = ((await page.evaluate(() => window.studio!.readFile('index.html'))) as { content: string }).content;
	await editorText(page).getByText('Fresh bread, every').click();
	const release = await holdPaletteCode(page);
	await page.keyboard.press('Control+k');
	await page.keyboard.type('list fx');
	await page.keyboard.press('Backspace');
	await page.keyboard.type('iles');
	await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
	release();
	const input = page.getByRole('combobox', { name: 'Command' });
	await expect(input).toHaveValue('list files');
	await expect(input).toBeFocused();
	// Typing goes on where it was left.
	await page.keyboard.type('!');
	await expect(input).toHaveValue('list files!');
	await page.keyboard.press('Escape');
	await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
	expect(((await page.evaluate(() => window.studio!.readFile('index.html'))) as { content: string }).content).toBe(before);
	// A second opening (its code is here now) takes what is typed at once too.
	await page.keyboard.press('Control+k');
	await page.keyboard.type('undo');
	await expect(input).toHaveValue('undo');
});

test('the palette opened from the top bar’s button takes what is typed while it loads, and gives the focus back to the button', async ({ page }) => {
	await ready(page);
	const release = await holdPaletteCode(page);
	const button = page.getByRole('button', { name: 'Commands' });
	await button.click();
	await page.keyboard.type('trace');
	release();
	const input = page.getByRole('combobox', { name: 'Command' });
	await expect(input).toHaveValue('trace');
	await page.keyboard.press('Escape');
	await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
	await expect(button).toBeFocused();
});

test('a tool named and entered right after Ctrl+K runs, even before the palette’s code and the tool catalog are there', async ({ page }) => {
	await ready(page);
	const release = await holdPaletteCode(page);
	await page.keyboard.press('Control+k');
	await page.keyboard.type('list files');
	await page.keyboard.press('Enter');
	release();
	// The palette opens, finds the tool once the catalog is there, runs it and closes.
	await expect(page.getByTestId('tool-result')).toContainText('"files"', { timeout: 15_000 });
	await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
});

test('a site brought with a big library shows its folder folded; opening a file inside shows it, and a person’s choice is kept', async ({ page }) => {
	await ready(page);
	const files: Record<string, string> = { 'index.html': '<h1>Site</h1>', 'css/site.css': 'h1{color:red}' };
	for (let i = 0; i < 40; i++) files[`lib/icons/icon-${String(i).padStart(2, '0')}.svg`] = '<svg xmlns="http://www.w3.org/2000/svg"/>';
	const data = Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])))).toString('base64');
	const result = (await page.evaluate((zip) => window.studio!.callTool('workspace_import_zip', { data: zip, mode: 'replace' }), data)) as { isError?: boolean };
	expect(result.isError).toBeFalsy();
	const folder = (path: string) => tree(page).getByRole('button', { name: `${path}/`, exact: true });
	// The small folder is open, the big one folded, saying how many files it holds.
	await expect(tree(page).locator('[data-path="css/site.css"]')).toBeVisible();
	await expect(folder('lib')).toHaveAttribute('aria-expanded', 'false');
	await expect(folder('lib')).toContainText('40');
	await expect(tree(page).locator('[data-path^="lib/"]')).toHaveCount(0);
	// A file opened inside it (by a tool, as an agent or the palette does) is shown, its folders open.
	await page.evaluate(() => window.studio!.callTool('workspace_open_file', { path: 'lib/icons/icon-07.svg' }));
	const opened = tree(page).locator('[data-path="lib/icons/icon-07.svg"]');
	await expect(opened).toBeVisible();
	await expect(opened).toHaveAttribute('aria-current', 'true');
	await expect(folder('lib')).toHaveAttribute('aria-expanded', 'true');
	// The person folds it: it stays folded while files change, and the open file stays open.
	await folder('lib').click();
	await expect(opened).toHaveCount(0);
	await page.evaluate(() => window.studio!.callTool('workspace_delete_file', { path: 'lib/icons/icon-00.svg' }));
	await expect(folder('lib')).toContainText('39');
	await expect(folder('lib')).toHaveAttribute('aria-expanded', 'false');
	// And opens it again: every row of the library is there.
	await folder('lib').click();
	await expect(tree(page).locator('[data-path^="lib/icons/"]')).toHaveCount(39);
	// Opening a file of a folded folder unfolds it.
	await folder('css').click();
	await expect(tree(page).locator('[data-path="css/site.css"]')).toHaveCount(0);
	await page.evaluate(() => window.studio!.callTool('workspace_open_file', { path: 'css/site.css' }));
	await expect(tree(page).locator('[data-path="css/site.css"]')).toHaveAttribute('aria-current', 'true');
});

test('the tool catalog shows annotations and a generated form, and runs with sample arguments', async ({ page }) => {
	await ready(page);
	await page.getByRole('tab', { name: 'Tools' }).click();
	await page.getByRole('searchbox', { name: 'Search tools' }).fill('patch');
	await page.locator('[data-tool="workspace_apply_patch"]').click();
	const detail = page.locator('section[data-region="tools"]');
	await expect(detail.getByText('writes', { exact: true })).toBeVisible();
	await expect(detail.locator('#arg-workspace_apply_patch-search')).toHaveValue('Hello');
	await detail.locator('#arg-workspace_apply_patch-path').fill('index.html');
	await detail.locator('#arg-workspace_apply_patch-search').fill('Bright Bakery');
	await detail.locator('#arg-workspace_apply_patch-replace').fill('Bright Bakehouse');
	await detail.locator('#arg-workspace_apply_patch-occurrence').selectOption('all');
	await detail.getByRole('button', { name: 'Run' }).click();
	await expect(page.getByTestId('tool-result')).toContainText('"replacements": 2');
	await expect(frame(page).locator('.brand')).toHaveText('Bright Bakehouse');
});

test('a denied approval leaves the files unchanged; the card shows the diff and works from the keyboard', async ({ page }) => {
	await ready(page);
	const before = (await page.evaluate(() => window.studio!.readFile('index.html'))) as { content: string };
	const pending = page.evaluate(() => window.studio!.executeAgentCall('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Stale bread' }));
	const card = page.getByRole('region', { name: 'Approvals' });
	await expect(card.getByRole('heading', { name: 'Apply patch' })).toBeVisible();
	await expect(card.getByTestId('approval-file')).toHaveText(/changed\s*index\.html\s*\+1\s*−1/);
	await expect(card.getByLabel('The whole change')).toContainText('+ ');
	await expect(card.getByLabel('The whole change')).toContainText('Stale bread');
	await card.getByRole('button', { name: 'Deny' }).focus();
	await page.keyboard.press('Enter');
	const result = (await pending) as { structuredContent: { error: { code: string } } };
	expect(result.structuredContent.error.code).toBe('TOOL_APPROVAL_DENIED');
	await expect(card).toHaveCount(0);
	const after = (await page.evaluate(() => window.studio!.readFile('index.html'))) as { content: string };
	expect(after.content).toBe(before.content);
});

test('the reset dialog focuses Cancel, closes on Escape and on the backdrop, and resets only on confirmation', async ({ page }) => {
	await ready(page);
	await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'mine' }));
	const dialog = page.getByRole('dialog', { name: 'Start over from a starter?' });
	await page.getByRole('button', { name: 'Reset…' }).click();
	await expect(dialog).toBeVisible();
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	await page.getByRole('button', { name: 'Reset…' }).click();
	await expect(dialog).toBeVisible();
	await page.mouse.click(5, 400);
	await expect(dialog).toBeHidden();
	expect(((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('mine');
	await page.getByRole('button', { name: 'Reset…' }).click();
	await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
	await expect.poll(async () => ((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toContain('Bright Bakery');
	await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
	await expect.poll(async () => ((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('mine');
});

test('the multi-page starter: three pages share a stylesheet and a module graph that runs in the preview; the template tools say they need the landing page', async ({ page }) => {
	await ready(page);
	await page.getByRole('button', { name: 'Reset…' }).click();
	const dialog = page.getByRole('dialog', { name: 'Start over from a starter?' });
	await dialog.getByLabel(/Multi-page site/).check();
	await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
	await expect.poll(() => page.evaluate(() => window.studio!.files)).toEqual(expect.arrayContaining(['index.html', 'about.html', 'contact.html', 'css/site.css', 'js/main.js', 'js/nav.js', 'js/lib/dates.js']));
	const preview = previewFrame(page);
	await expect(preview.locator('h1')).toHaveText('Northwind Studio');
	// main.js → nav.js and lib/dates.js ran: the current page is marked and the year is written.
	await expect(preview.locator('.site-nav a[aria-current="page"]')).toHaveText('Home');
	await expect(preview.locator('#year')).toContainText('Northwind Studio');
	const theme = (await page.evaluate(() => window.studio!.callTool('preview_set_theme', { accent: '#0d9488' }))) as { isError: boolean };
	expect(theme.isError).toBe(true);
});

test('history shows who made each revision, its diff, and restores an earlier one', async ({ page }) => {
	await ready(page);
	await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'first' }));
	await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'README.md', content: 'second' }));
	await page.getByRole('tab', { name: 'History' }).click();
	const timeline = page.getByRole('list', { name: 'Revisions' });
	await expect(timeline.getByRole('button').first()).toContainText('write file');
	await expect(timeline.getByRole('button').first()).toContainText('by you');
	await timeline.getByRole('button').nth(1).click();
	const rev = await page.evaluate(() => window.studio!.revision);
	await expect(page.getByRole('region', { name: `Changes in revision ${rev - 1}` })).toContainText('+ first');
	await page.getByRole('button', { name: `Restore files to r${rev - 1}` }).click();
	await expect.poll(async () => ((await page.evaluate(() => window.studio!.readFile('README.md'))) as { content: string }).content).toBe('first');
});

test('a change made elsewhere reaches the open editor, and merges with what is being typed there', async ({ context, page }) => {
	test.setTimeout(120_000); // two tabs, typing while the other patches (30 s seen)
	const other = await context.newPage();
	await ready(page);
	await other.goto('/');
	await waitForHub(other);
	await other.evaluate(() => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Fresh rye' }));
	await expect(editorText(page)).toContainText('Fresh rye');

	await editorText(page).click();
	await page.keyboard.press('Control+End');
	await page.keyboard.type('<!-- local edit -->');
	let patched = false;
	const typing = (async () => {
		while (!patched) {
			await page.keyboard.type(' ');
			await page.waitForTimeout(30);
		}
	})();
	await other.evaluate(() => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: 'Fresh rye', replace: 'Fresh spelt' }));
	patched = true;
	await typing;
	await expect(editorText(page)).toContainText('Fresh spelt');
	await expect(page.getByTestId('conflict-bar')).toHaveCount(0);
	await expect.poll(async () => ((await other.evaluate(() => window.studio!.readFile('index.html'))) as { content: string }).content).toMatch(/Fresh spelt[\s\S]*<!-- local edit -->/);
});

test('panel sizes survive a reload', async ({ page }) => {
	await ready(page);
	const handle = page.getByRole('separator', { name: 'Resize files panel' });
	await handle.focus();
	for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
	const width = Number(await handle.getAttribute('aria-valuenow'));
	await page.getByRole('tab', { name: 'Trace' }).click();
	await page.waitForTimeout(400); // the layout is saved 250 ms after the last change
	await page.reload();
	await waitForHub(page);
	await expect(page.getByRole('separator', { name: 'Resize files panel' })).toHaveAttribute('aria-valuenow', String(width));
	await expect(page.getByRole('tab', { name: 'Trace' })).toHaveAttribute('aria-selected', 'true');
});

test('the trace stays usable with 5,000 entries (virtualised)', async ({ page }) => {
	test.setTimeout(60_000);
	await ready(page);
	// The catalog is in first (the Tools panel lists it): its tools/list entries, written once the
	// start is over, would otherwise land among the 5,000.
	await page.getByRole('tab', { name: 'Tools' }).click();
	await expect(page.getByRole('region', { name: 'Tools', exact: true }).getByText('workspace_read_file').first()).toBeVisible();
	await page.evaluate(async () => {
		const calls = [];
		for (let i = 0; i < 2500; i++) calls.push(window.studio!.callTool('workspace_get_status', {}));
		await Promise.all(calls);
	});
	await page.getByRole('tab', { name: 'Trace' }).click();
	await expect(page.locator('section[data-region="trace"] .count')).toHaveText(/^\d{4} \/ 5000$/);
	const rows = await page.locator('section[data-region="trace"] button.row').count();
	expect(rows).toBeLessThan(120);
	const t0 = Date.now();
	await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
	await expect(page.locator('section[data-region="trace"] .count')).toHaveText('2500 / 5000');
	await page.locator('section[data-region="trace"] .rows').evaluate((el) => (el.scrollTop = el.scrollHeight));
	await expect(page.locator('section[data-region="trace"] button.row').last()).toBeVisible();
	expect(Date.now() - t0).toBeLessThan(3000);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('edits a file in Code and sees it in Preview', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		const bar = page.getByRole('navigation', { name: 'Panels' });
		await bar.getByRole('button', { name: 'Files' }).tap();
		await tree(page).locator('[data-path="index.html"]').tap();
		await wakeEditor(page);
		await editorText(page).getByText('Fresh bread, every').tap();
		await page.keyboard.press('End');
		await page.keyboard.type(' on the go');
		await bar.getByRole('button', { name: 'Preview' }).tap();
		await expect(frame(page).locator('h1')).toContainText('on the go', { timeout: 5000 });
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
		expect(overflow).toBe(0);
	});
});

/**
 * Drops folders on the file tree as a file manager does. A browser under automation cannot drag a
 * folder from the desktop, so each dropped item's entry (`webkitGetAsEntry()`) is a stand-in with the
 * entries API's shape — `isDirectory`, `createReader().readEntries` in batches, `file()` — over real Files.
 */
async function dropFolders(page: Page, folders: Record<string, Record<string, string>>) {
	await page.evaluate((dropped) => {
		type Node = { name: string; isFile: boolean; isDirectory: boolean; file?: (done: (f: File) => void) => void; createReader?: () => { readEntries: (done: (entries: Node[]) => void) => void } };
		const folder = (name: string, children: Node[]): Node => ({
			name,
			isFile: false,
			isDirectory: true,
			createReader: () => {
				const left = [...children];
				// The entries API hands a folder's entries out in batches, then an empty one.
				return { readEntries: (done) => setTimeout(() => done(left.splice(0, 2))) };
			}
		});
		const tree = (name: string, files: Record<string, string>): Node => {
			const here: Record<string, Record<string, string>> = {};
			const nodes: Node[] = [];
			for (const [path, text] of Object.entries(files)) {
				const [head, ...rest] = path.split('/');
				if (rest.length) (here[head!] ??= {})[rest.join('/')] = text;
				else nodes.push({ name: head!, isFile: true, isDirectory: false, file: (done) => setTimeout(() => done(new File([text], head!))) });
			}
			for (const [sub, subFiles] of Object.entries(here)) nodes.push(tree(sub, subFiles));
			return folder(name, nodes);
		};
		const data = new DataTransfer();
		const items = Object.entries(dropped).map(([name, files]) => ({ kind: 'file', type: '', webkitGetAsEntry: () => tree(name, files) }));
		Object.defineProperty(data, 'items', { value: Object.assign(items, { add() {}, remove() {}, clear() {} }) });
		const target = document.querySelector('[aria-label="File tree"]')!;
		target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
		target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
	}, folders);
}

test('a folder dropped on the tree is read whole as one revision: a site\'s folder becomes the site (its dependencies and dot folders left unread), a folder of images keeps its name, and one Undo takes it back', async ({ page }) => {
	await ready(page);
	await dropFolders(page, {
		'bakery-site': {
			'index.html': '<!doctype html><link rel="stylesheet" href="css/site.css"><h1>Dropped bakery</h1>',
			'css/site.css': 'h1 { color: rgb(120, 40, 0); }',
			'about/index.html': '<h1>About</h1>',
			'node_modules/left/index.js': 'never read',
			'.git/config': '[core]'
		}
	});
	await expect(page.getByText('Imported 3 files from “bakery-site” (Undo takes it back).')).toBeVisible();
	await expect(tree(page).locator('[data-path="css/site.css"]')).toBeVisible();
	await expect(tree(page).locator('[data-path="about/index.html"]')).toBeVisible();
	await expect(frame(page).locator('h1')).toHaveText('Dropped bakery');
	await expect(frame(page).locator('h1')).toHaveCSS('color', 'rgb(120, 40, 0)');
	const paths = async () => ((await page.evaluate(() => window.studio!.callTool('workspace_list_files', {}))) as { structuredContent: { files: { path: string }[] } }).structuredContent.files.map((f) => f.path);
	expect((await paths()).filter((path) => /node_modules|\.git|bakery-site/.test(path))).toEqual([]);

	await dropFolders(page, { photos: { 'loaf.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'rye.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'old/crumb.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' } });
	await expect(page.getByText('Imported 3 files from “photos” (Undo takes it back).')).toBeVisible();
	await expect(tree(page).locator('[data-path="photos/old/crumb.svg"]')).toBeVisible();
	expect(await paths()).toEqual(expect.arrayContaining(['photos/loaf.svg', 'photos/rye.svg', 'photos/old/crumb.svg', 'index.html']));

	// One revision each: one Undo takes the whole folder back.
	await page.locator('body').click({ position: { x: 640, y: 790 } });
	await page.keyboard.press('Control+z');
	await expect(tree(page).locator('[data-path^="photos/"]')).toHaveCount(0);
	await expect(tree(page).locator('[data-path="css/site.css"]')).toBeVisible();
});

test('files dropped on the tree are imported (text as text, images as assets), and Ctrl+Z outside the editor undoes', async ({ page }) => {
	await ready(page);
	await page.evaluate(() => {
		const data = new DataTransfer();
		data.items.add(new File(['<p>dropped</p>'], 'dropped.html', { type: 'text/html' }));
		data.items.add(new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pixel.png', { type: 'image/png' }));
		const tree = document.querySelector('[aria-label="File tree"]')!;
		tree.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
		tree.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
	});
	const tree = page.getByRole('group', { name: 'File tree' });
	await expect(tree.locator('[data-path="dropped.html"]')).toBeVisible();
	await expect(tree.locator('[data-path="pixel.png"]')).toBeVisible();
	const files = (await page.evaluate(() => window.studio!.callTool('workspace_list_files', {}))) as { structuredContent: { files: { path: string; kind: string; size: number }[] } };
	expect(files.structuredContent.files.find((f) => f.path === 'pixel.png')).toMatchObject({ kind: 'asset', size: 8 });
	expect(((await page.evaluate(() => window.studio!.readFile('dropped.html'))) as { content: string }).content).toBe('<p>dropped</p>');

	await page.locator('body').click({ position: { x: 640, y: 790 } });
	await page.keyboard.press('Control+z');
	await expect(tree.locator('[data-path="pixel.png"]')).toHaveCount(0);
	await page.keyboard.press('Control+Shift+z');
	await expect(tree.locator('[data-path="pixel.png"]')).toBeVisible();
});

test('renaming the file open in the editor keeps the page responsive (no re-open loop)', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'moving.txt', content: 'a\nb\n' }));
	await page.evaluate(() => window.studio!.callTool('workspace_open_file', { path: 'moving.txt' }));
	await expect(page.locator('.cm-content')).toContainText('a');
	const gaps = await watchMainThread(page);
	await page.evaluate(() => window.studio!.callTool('workspace_rename_file', { from: 'moving.txt', to: 'notes/moving.txt' }));
	await expect(page.getByRole('list', { name: 'Open files' }).getByRole('button', { name: 'moving.txt', exact: true })).toHaveCount(0);
	await page.waitForTimeout(2000);
	const { worst, samples } = await gaps();
	expect(worst).toBeLessThan(1000);
	expect(samples).toBeGreaterThan(20);
});
