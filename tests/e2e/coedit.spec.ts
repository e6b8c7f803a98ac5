// Live co-editing across tabs, as people do it: three tabs typing at once at different and at the
// same places end with the same text, every character kept, no conflict bar; an agent's patch on the
// open file merges with what is being typed; a tab closed mid-burst loses nothing; a phone and a
// desktop tab co-edit; each tab sees the others' carets and which files are open elsewhere.
import { test, expect, waitForHub, wakeEditor } from './fixtures';
import type { Page } from '@playwright/test';

// Several tabs per test on two cores busy with other tests: room well beyond the slowest seen (51 s).
test.describe.configure({ timeout: 120_000 });

const editor = (page: Page) => page.locator('section[data-region="editor"] .cm-content');
const stored = (page: Page, path: string) => page.evaluate(async (p) => ((await window.studio!.readFile(p)) as { content: string }).content, path);

async function openFile(page: Page, path: string) {
	await page.goto('/');
	await waitForHub(page);
	await page.locator(`[data-path="${path}"]`).click();
	await expect(page.getByRole('list', { name: 'Open files' }).locator('[aria-current="page"]')).toHaveAttribute('title', path);
	await expect(editor(page)).not.toBeEmpty();
}

/** The whole text the tab's editor holds (the screen renders only the visible lines). */
const text = (page: Page, path = 'README.md') => page.evaluate((p) => window.studio!.editorText(p), path);

/**
 * When `line` first shows in the tab's editor and in the stored file (epoch ms), watched from inside
 * the tab every 10 ms for at most 10 s.
 */
const reached = (page: Page, path: string, line: string) =>
	page.evaluate(
		async ({ path, line }) => {
			const found: { shown: number; stored: number } = { shown: Infinity, stored: Infinity };
			const deadline = Date.now() + 10_000;
			while ((found.shown === Infinity || found.stored === Infinity) && Date.now() < deadline) {
				if (found.shown === Infinity && window.studio!.editorText(path)?.includes(line)) found.shown = Date.now();
				if (found.stored === Infinity && ((await window.studio!.readFile(path)) as { content: string }).content.includes(line)) found.stored = Date.now();
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			return found;
		},
		{ path, line }
	);

test('three tabs typing at once, at different lines and at the same place, end with the same text and every character', async ({ context, page }) => {
	test.setTimeout(180_000); // three page loads and 360 keystrokes, on two cores busy with other tests
	const pages = [page, await context.newPage(), await context.newPage()];
	for (const p of pages) await openFile(p, 'README.md');
	// Each tab types 60 characters at its own line, then 60 at the very end where the others type too
	// (`npm run bench` B11 times 3 × 300 characters against the 1 s target).
	const words = ['alpha', 'bravo', 'charl'];
	// Cursors are placed first, one tab at a time, before anyone types: a visual move (ArrowDown, End)
	// made while another tab's line grows and wraps would land somewhere else. From then on each
	// cursor is carried through the others' changes by the editor, and Ctrl+End is the document's end.
	for (const [i, p] of pages.entries()) {
		await editor(p).click();
		await p.keyboard.press('ControlOrMeta+Home');
		for (let k = 0; k < i; k++) await p.keyboard.press('ArrowDown');
		await p.keyboard.press('End');
	}
	const before = (await text(page))!;
	const burst = async (p: Page, i: number) => {
		await p.keyboard.type(`[${words[i]}:${'x'.repeat(52)}]`);
		await p.keyboard.press('ControlOrMeta+End');
		await p.keyboard.type(`(${words[i]}${'y'.repeat(53)})`);
	};
	await Promise.all(pages.map((p, i) => burst(p, i)));
	const last = Date.now();
	// Identical everywhere, with all 360 typed characters (the 1 s target is B11's; here the machine is busy).
	await expect.poll(async () => new Set(await Promise.all(pages.map((p) => text(p)))).size, { timeout: 10_000 }).toBe(1);
	const final = (await text(page))!;
	expect(final).not.toBeNull();
	// Every character, and no more.
	expect(final.length).toBe(before.length + 3 * 120);
	for (const word of words) expect(final).toContain(`[${word}:${'x'.repeat(52)}]`);
	// At the same place each tab's run stays whole, or holds another tab's whole run where that tab's
	// Ctrl+End came in the middle of it (both type on from their own caret): never letters interleaved.
	let rest = final;
	for (let pass = 0; pass < words.length; pass++) for (const word of words) rest = rest.replace(`(${word}${'y'.repeat(53)})`, '');
	for (const word of words) expect(rest).not.toContain(`(${word}`);
	expect(Date.now() - last).toBeLessThan(10_000);
	await expect.poll(() => stored(page, 'README.md'), { timeout: 10_000 }).toBe(final);
	for (const p of pages) await expect(p.getByTestId('conflict-bar')).toHaveCount(0);
	// Each tab sees the others' carets, named.
	await expect(pages[0]!.locator('.cm-peer-name')).toHaveCount(2);
	await expect(pages[0]!.locator('.cm-peer-name').first()).toHaveText(/^Tab \d+$/);
	// The file tree says the file is open elsewhere.
	await expect(pages[0]!.locator('[data-path="README.md"] .elsewhere')).toBeVisible();
});

test('an agent patch on the open file merges with what the tab is typing; the cursor stays where it was', async ({ context, page }) => {
	await openFile(page, 'index.html');
	const agent = await context.newPage();
	await agent.goto('/');
	await waitForHub(agent);
	await editor(page).click();
	await page.keyboard.press('ControlOrMeta+End');
	let patched = false;
	const typing = (async () => {
		await page.keyboard.type('<!-- typing');
		while (!patched) await page.keyboard.type('.', { delay: 20 });
	})();
	const patch = (await agent.evaluate(() => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Fresh rye' }))) as { isError: boolean };
	patched = true;
	await typing;
	expect(patch.isError).toBe(false);
	// The cursor did not move: what is typed next continues the same comment.
	await page.keyboard.type(' end -->');
	await expect.poll(() => text(page, 'index.html')).toContain('Fresh rye');
	await expect.poll(() => text(page, 'index.html')).toMatch(/<!-- typing\.* end -->$/);
	await expect(page.getByTestId('conflict-bar')).toHaveCount(0);
	await expect.poll(() => stored(agent, 'index.html'), { timeout: 5000 }).toMatch(/Fresh rye[\s\S]*<!-- typing\.* end -->$/);
	// The patch is its own revision; the tab's typing is in the editor's own revisions.
	const history = (await agent.evaluate(() => window.studio!.callTool('workspace_history', { limit: 10 }))) as { structuredContent: { entries: { tool: string; source: string }[] } };
	expect(history.structuredContent.entries.map((e) => `${e.source}:${e.tool}`)).toContain('palette:workspace_apply_patch');
	expect(history.structuredContent.entries.some((e) => e.source === 'editor')).toBe(true);
});

test('a tab closed mid-burst loses nothing: the other tab and the stored file have every character', async ({ context, page }) => {
	await openFile(page, 'styles.css');
	const closing = await context.newPage();
	await openFile(closing, 'styles.css');
	await editor(closing).click();
	await closing.keyboard.press('ControlOrMeta+End');
	await closing.keyboard.type('\n/* the very last words before closing */');
	await closing.close();
	await expect.poll(() => text(page, 'styles.css')).toContain('/* the very last words before closing */');
	await expect.poll(() => stored(page, 'styles.css'), { timeout: 10_000 }).toContain('/* the very last words before closing */');
});

test('a line typed and the tab closed within 10 ms reaches the other tab and the stored file within 1 s, five times in a row', async ({ context, page }) => {
	test.setTimeout(150_000); // five page loads beside the watching tab, on two busy cores
	await openFile(page, 'styles.css');
	for (let round = 1; round <= 5; round++) {
		const closing = await context.newPage();
		await openFile(closing, 'styles.css');
		await editor(closing).click();
		await closing.keyboard.press('ControlOrMeta+End');
		const line = `\n/* round ${round}: typed, then the tab closed */`;
		await closing.keyboard.type(line);
		// Timed in the watching tab itself, as its person would see it: a poll from here would add its
		// own round trips, which on two busy cores are a good part of the second.
		const seen = reached(page, 'styles.css', line);
		const closed = Date.now();
		await closing.close();
		// Shown in the other tab and stored (what the preview renders, what agents read) within 1 s.
		const { shown, stored: kept } = await seen;
		expect(shown - closed).toBeLessThan(1000);
		expect(kept - closed).toBeLessThan(1000);
	}
	// None of the closed tabs is left listed as having the file open (a push of theirs can come after
	// the hub learnt they were gone).
	await expect(page.locator('[data-path="styles.css"] .elsewhere')).toHaveCount(0);
});

test('a line typed in a file no other tab has open, and the tab closed at once: the line is stored within 1 s, three times in a row', async ({ context, page }) => {
	test.setTimeout(120_000); // three page loads beside the watching tab, on two busy cores
	await openFile(page, 'index.html');
	for (let round = 1; round <= 3; round++) {
		const closing = await context.newPage();
		await openFile(closing, 'styles.css');
		await editor(closing).click();
		await closing.keyboard.press('ControlOrMeta+End');
		const line = `\n/* alone, round ${round} */`;
		await closing.keyboard.type(line);
		await expect(page.locator('[data-path="styles.css"] .elsewhere')).toHaveCount(1);
		const seen = page.evaluate(async (line) => {
			const deadline = Date.now() + 10_000;
			while (Date.now() < deadline) {
				if (((await window.studio!.readFile('styles.css')) as { content: string }).content.includes(line)) return Date.now();
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			return Infinity;
		}, line);
		const closed = Date.now();
		await closing.close();
		expect((await seen) - closed).toBeLessThan(1000);
		await expect(page.locator('[data-path="styles.css"] .elsewhere')).toHaveCount(0);
	}
});

test('the journal entry of a tab whose typing reached the hub is not offered again when another tab reloads', async ({ context, page }) => {
	// A third tab keeps the hub (and its live text) running while the others close and reload.
	const keeper = await context.newPage();
	await openFile(keeper, 'styles.css');
	await openFile(page, 'styles.css');
	const closing = await context.newPage();
	await openFile(closing, 'styles.css');
	await editor(closing).click();
	await closing.keyboard.press('ControlOrMeta+End');
	await closing.keyboard.type('\n/* from the tab that closed */');
	await closing.close();
	await expect.poll(() => stored(page, 'styles.css')).toContain('/* from the tab that closed */');
	// The other tab types on, so the stored text is no longer the closed tab's text.
	await editor(page).click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('\n/* typed after */');
	await expect.poll(() => stored(page, 'styles.css')).toContain('/* typed after */');
	// The closed tab may have left its journal entry (written as it went, when its push was not yet
	// confirmed); whether it did depends on timing, and the unit test of the recovery covers that case.
	await page.reload();
	await waitForHub(page);
	await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('studio:unsaved')).length)).toBe(0);
	await expect(page.getByTestId('conflict-bar')).toHaveCount(0);
	await expect(page.getByText(/Recovered unsaved changes|recovered, but/)).toHaveCount(0);
	expect(await stored(page, 'styles.css')).toMatch(/from the tab that closed \*\/\n\/\* typed after \*\/$/);
});

test('a phone and a desktop tab co-edit one file; Ctrl+Z in the editor undoes only that tab\'s typing', async ({ context, page }) => {
	await openFile(page, 'README.md');
	const phone = await context.newPage();
	await phone.setViewportSize({ width: 390, height: 844 });
	await phone.goto('/');
	await waitForHub(phone);
	const bar = phone.getByRole('navigation', { name: 'Panels' });
	await bar.getByRole('button', { name: 'Files' }).click();
	await phone.locator('[data-path="README.md"]').click();
	await wakeEditor(phone);
	await editor(phone).click();
	await phone.keyboard.press('ControlOrMeta+End');
	await phone.keyboard.type('\nfrom the phone');
	await expect.poll(() => text(page)).toContain('from the phone');
	await editor(page).click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('\nfrom the desk');
	await expect.poll(() => text(phone)).toContain('from the desk');
	await expect.poll(() => text(phone)).toBe(await text(page));
	// Ctrl+Z in the editor undoes this tab's own typing only: the phone's words stay.
	await page.keyboard.press('ControlOrMeta+z');
	await expect.poll(() => text(page)).not.toContain('from the desk');
	expect(await text(page)).toContain('from the phone');
	await expect.poll(() => text(phone)).toBe(await text(page));
});

test('a file deleted elsewhere while typed in keeps the typing: the conflict bar offers to write it back', async ({ context, page }) => {
	await openFile(page, 'typography.css');
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	await editor(page).click();
	await page.keyboard.press('ControlOrMeta+End');
	// Typing goes on while the file is deleted, so the hub holds typing it has not stored yet (it
	// stores 250 ms after a pause).
	let deleting = true;
	const typing = (async () => {
		await page.keyboard.type('\n/* still needed */');
		while (deleting) await page.keyboard.type(' ', { delay: 20 });
	})();
	await expect.poll(() => page.evaluate(() => window.studio!.editorText('typography.css'))).toContain('/* still needed */');
	const deleted = (await other.evaluate(() => window.studio!.callTool('workspace_delete_file', { path: 'typography.css' }))) as { isError: boolean };
	expect(deleted.isError).toBe(false);
	// Typing goes on until the tab hears of the delete. On a busy machine the hub may have stored
	// everything typed before it (the keys starved past its pause): a person typing in the file
	// keeps it all the same, or their next keys would land in another file.
	const bar = page.getByTestId('conflict-bar');
	await expect(bar).toBeVisible();
	await expect(bar).toContainText('typography.css was deleted elsewhere while you were editing it');
	deleting = false;
	await typing;
	await bar.getByRole('button', { name: 'Keep mine' }).click();
	await expect.poll(() => other.evaluate(async () => ((await window.studio!.readFile('typography.css')) as { content: string } | null)?.content ?? null), { timeout: 10_000 }).toContain('/* still needed */');
});

test('a file written with \\r\\n (a Windows editor’s) co-edits as any other: two tabs’ typing reaches each other and the store with its \\r\\n kept, and a tool’s write shows in both', async ({ context, page }) => {
	const windows = Array.from({ length: 40 }, (_, i) => `.rule-${i} {\r\n  margin: ${i % 9}px auto;\r\n}\r\n`).join('');
	await page.goto('/');
	await waitForHub(page);
	await page.evaluate((content) => window.studio!.callTool('workspace_create_file', { path: 'win.css', content }), windows);
	const other = await context.newPage();
	for (const p of [page, other]) await openFile(p, 'win.css');
	// Opened and untouched, the file stays as it was written.
	expect(await stored(page, 'win.css')).toBe(windows);
	await editor(page).locator('.cm-line', { hasText: '.rule-3 {' }).click();
	await page.keyboard.press('End');
	await page.keyboard.type(' /* one */');
	await editor(other).locator('.cm-line', { hasText: '.rule-7 {' }).click();
	await other.keyboard.press('End');
	await other.keyboard.type(' /* two */');
	// The editors hold its lines joined by \n; typing stores the file with its own \r\n, so only the
	// two typed lines differ from what was written (a git sync pushes two lines, not forty).
	const typed = windows.replace(/\r\n/g, '\n').replace('.rule-3 {', '.rule-3 { /* one */').replace('.rule-7 {', '.rule-7 { /* two */');
	await expect.poll(() => stored(page, 'win.css'), { timeout: 10_000 }).toBe(typed.replace(/\n/g, '\r\n'));
	for (const p of [page, other]) await expect.poll(() => text(p, 'win.css')).toBe(typed);
	// A tool writes the file with \r\n again: both tabs show it.
	await page.evaluate((content) => window.studio!.callTool('workspace_write_file', { path: 'win.css', content }), typed.replace('.rule-20 {', '.rule-20-tool {').replace(/\n/g, '\r\n'));
	for (const p of [page, other]) await expect.poll(() => text(p, 'win.css')).toBe(typed.replace('.rule-20 {', '.rule-20-tool {'));
	for (const p of [page, other]) await expect(p.getByTestId('conflict-bar')).toHaveCount(0);
});
