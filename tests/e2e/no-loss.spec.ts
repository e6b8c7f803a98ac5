// Nothing a person typed or stored is ever lost: closing mid-typing, racing a remote change, a full
// quota, and storage from a newer version.
import { test, expect, waitForHub } from './fixtures';
import type { Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hashText } from '../../src/lib/domain/hash';

type Result = { isError: boolean; structuredContent: { revision?: number; error?: { code: string; message: string }; [key: string]: unknown } };

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toBeVisible();
}
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const read = async (page: Page, path: string) => ((await page.evaluate((p) => window.studio!.readFile(p), path)) as { content: string } | null)?.content ?? null;

async function typeAtEnd(page: Page, path: string, text: string, delay = 0) {
	await page.locator(`[data-path="${path}"]`).click();
	await expect(page.getByRole('list', { name: 'Open files' }).locator('[aria-current="page"]')).toHaveAttribute('title', path);
	await page.locator('.cm-content').click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type(text, { delay });
}

test('typing and closing the only tab within 50 ms loses no character', async ({ context }) => {
	const page = await context.newPage();
	await ready(page);
	await typeAtEnd(page, 'README.md', '\nthe very last words');
	await page.waitForTimeout(30);
	await page.close();
	const again = await context.newPage();
	await ready(again);
	await expect.poll(() => read(again, 'README.md'), { timeout: 15_000 }).toContain('the very last words');
});

test('on a phone, text typed into the plain text and the tab closed before CodeMirror took it comes back', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const page = await context.newPage();
	await page.goto('/');
	await waitForHub(page);
	const plain = page.getByTestId('plain-editor');
	await expect(plain).toHaveValue(/<title>Bright Bakery<\/title>/);
	// CodeMirror's code never comes (a slow phone's network): the plain text is all there is.
	await context.route('**/_app/immutable/**', () => undefined);
	await plain.evaluate((area: HTMLTextAreaElement) => {
		const at = area.value.indexOf('</title>');
		area.setSelectionRange(at, at);
		area.focus();
	});
	await page.keyboard.type(' and Cafe');
	await expect(plain).toHaveValue(/Bright Bakery and Cafe<\/title>/);
	await page.close();
	await context.unrouteAll({ behavior: 'ignoreErrors' });
	const again = await context.newPage();
	await again.goto('/');
	await waitForHub(again);
	await expect.poll(() => read(again, 'index.html'), { timeout: 15_000 }).toContain('Bright Bakery and Cafe</title>');
	await context.close();
});

test('typing while another file opens goes to the file shown, which stays marked open until the next one shows', async ({ page }) => {
	// The Markdown language's code is held back: README.md takes as long to open as the test wants.
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	let holding = false;
	await page.route('**/_app/immutable/chunks/*.js', async (route) => {
		const response = await route.fetch();
		const body = await response.text();
		if (body.includes('ATXHeading1')) {
			holding = true;
			await held;
		}
		await route.fulfill({ response, body });
	});
	await ready(page);
	const open = page.getByRole('list', { name: 'Open files' }).locator('[aria-current="page"]');
	await expect(open).toHaveAttribute('title', 'index.html');
	await page.locator('[data-path="README.md"]').click();
	await expect.poll(() => holding).toBe(true);
	// README.md is loading: the editor shows index.html, and says so.
	await expect(open).toHaveAttribute('title', 'index.html');
	await page.locator('.cm-content').click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('<!-- typed while README opened -->');
	release();
	await expect(open).toHaveAttribute('title', 'README.md');
	await expect(page.locator('.cm-content')).toContainText('A starter site made in Web Studio');
	await expect(page.locator('.cm-content')).not.toContainText('typed while README opened');
	await expect.poll(() => read(page, 'index.html')).toMatch(/<!-- typed while README opened -->\s*$/);
	expect(await read(page, 'README.md')).not.toContain('typed while');
});

test('typing the hub holds but has not stored yet stays in the journal until it is stored (the last tab may take the hub with it)', async ({ page }) => {
	await ready(page);
	await typeAtEnd(page, 'README.md', '\nfirst words');
	await expect.poll(() => read(page, 'README.md')).toContain('first words');
	// Typed and hidden in one go: the hub stores 250 ms after the last keystroke it got, so at the hide
	// it holds the text at most.
	const atHide = (await page.evaluate(`(async () => {
		document.execCommand('insertText', false, ' and the last ones');
		await new Promise((resolve) => setTimeout(resolve, 0));
		document.dispatchEvent(new Event('freeze'));
		return Object.keys(localStorage).filter((k) => k.includes(':unsaved:') && k.endsWith(':README.md')).map((k) => JSON.parse(localStorage.getItem(k)));
	})()`)) as { text: string; hubId?: string }[];
	expect(atHide).toHaveLength(1);
	expect(atHide[0]!.text).toMatch(/first words and the last ones$/);
	expect(atHide[0]!.hubId).toMatch(/^hub-/);
	// Once stored, the entry goes: a later start has nothing to recover.
	await expect.poll(() => read(page, 'README.md')).toMatch(/first words and the last ones$/);
	await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':unsaved:')))).toEqual([]);
});

test('a remote change landing while this tab types merges with the typing: both are kept, and theirs stays restorable', async ({ context, page }) => {
	test.setTimeout(120_000); // two tabs typing and writing on busy cores (27 s seen)
	await ready(page);
	const other = await context.newPage();
	await ready(other);
	// Keep typing while the other tab's whole-file write lands: this tab's text is not stored yet.
	const typing = typeAtEnd(page, 'README.md', '\nmine, unsaved and still typing', 60);
	await expect(page.locator('.cm-content')).toContainText('mine, un');
	const theirs = await call(other, 'workspace_write_file', { path: 'README.md', content: 'theirs, from the other tab\n' });
	expect(theirs.isError).toBe(false);
	await typing;
	// Co-editing merges instead of asking: the write replaced what was stored when it landed (that
	// revision stays in history), and what this tab typed after it goes on after it.
	await expect(page.getByTestId('conflict-bar')).toHaveCount(0);
	const mine = () => page.evaluate(() => window.studio!.editorText('README.md'));
	await expect.poll(mine).toMatch(/^theirs, from the other tab\n[\s\S]*and still typing$/);
	await expect.poll(() => read(other, 'README.md')).toBe(await mine());
	// Typing keeps saving meanwhile (more revisions on a slower machine): look far enough back.
	const history = (await call(page, 'workspace_history', { limit: 100 })).structuredContent as { entries: { revision: number; source: string }[] };
	const theirsRevision = (theirs.structuredContent as { revision: number }).revision;
	expect(history.entries.map((e) => e.revision)).toContain(theirsRevision); // theirs stays restorable
});

test('a write past the storage quota is refused with WORKSPACE_QUOTA_EXCEEDED; workspace and history stay intact and the studio says what to do', async ({ context, page, baseURL }) => {
	// Chromium applies a quota override to an origin that has not used storage yet: set it first.
	const cdp = await context.newCDPSession(page);
	await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: 3_000_000 });
	await ready(page);
	// ~500 KB a file that does not compress: Chromium compresses what IndexedDB stores on disk.
	const big = `${randomBytes(375_000).toString('base64')}\n`;
	let refused: Result | null = null;
	for (let i = 0; i < 8 && !refused; i++) {
		const result = await call(page, 'workspace_write_file', { path: `big${i}.txt`, content: big, createIfMissing: true });
		if (result.isError) refused = result;
	}
	expect(refused?.structuredContent.error?.code).toBe('WORKSPACE_QUOTA_EXCEEDED');
	expect(refused?.structuredContent.error?.message).toMatch(/Nothing was changed/);

	const before = (await call(page, 'workspace_history', { limit: 200 })).structuredContent as { revision: number; entries: unknown[] };
	const files = await page.evaluate(() => window.studio!.files);
	const again = await call(page, 'workspace_write_file', { path: 'one-more.txt', content: big, createIfMissing: true });
	expect(again.structuredContent.error?.code).toBe('WORKSPACE_QUOTA_EXCEEDED');
	const after = (await call(page, 'workspace_history', { limit: 200 })).structuredContent as { revision: number; entries: unknown[] };
	expect(after).toEqual(before);
	expect(await page.evaluate(() => window.studio!.files)).toEqual(files);
	expect(await read(page, 'big0.txt')).toBe(big);

	// Through the UI (a dropped file), the person is told what to do.
	await page.evaluate((text) => {
		const data = new DataTransfer();
		data.items.add(new File([text], 'dropped.txt', { type: 'text/plain' }));
		const tree = document.querySelector('[aria-label="File tree"]')!;
		tree.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
		tree.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
	}, big);
	await expect(page.getByText(/storage quota is full\)\. Nothing was changed\. Delete large files, or download a backup/)).toBeVisible();
});

test('storage opened by a newer version: the studio says so, accepts no edits, shows no starter, and still offers a backup', async ({ page }) => {
	// Another page of the origin (a newer build) holds the database at a higher schema version.
	await page.goto('/manifest.webmanifest');
	await page.evaluate(
		() =>
			new Promise<void>((resolve, reject) => {
				const open = indexedDB.open('web-studio', 99);
				open.onupgradeneeded = () => {
					const db = open.result;
					db.createObjectStore('workspaces', { keyPath: 'id' });
					const files = db.createObjectStore('files', { keyPath: ['workspaceId', 'path'] });
					files.put({ workspaceId: 'default', path: 'index.html', kind: 'text', language: 'html', mimeType: 'text/html', content: '<h1>From the future</h1>', size: 24, hash: 'h' });
				};
				open.onsuccess = () => {
					open.result.close();
					resolve();
				};
				open.onerror = () => reject(open.error);
			})
	);
	await page.goto('/');
	await waitForHub(page);
	const problem = page.getByTestId('storage-problem');
	await expect(problem).toBeVisible();
	await expect(problem).toHaveAttribute('data-reason', 'newer-schema');
	await expect(problem).toContainText('newer version');
	expect(await page.evaluate(() => window.studio!.files)).toEqual([]); // no starter over the real data
	const refused = await call(page, 'workspace_write_file', { path: 'index.html', content: 'x', createIfMissing: true });
	expect(refused.structuredContent.error?.code).toBe('TOOL_POLICY_DENIED');
	const downloading = page.waitForEvent('download');
	await problem.getByRole('button', { name: 'Download a backup' }).click();
	const zip = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
	expect(strFromU8(zip['default/index.html']!)).toBe('<h1>From the future</h1>');
});

test('text a crashed tab typed but never saved comes back: saved when its file is unchanged, else shown with the conflict bar', async ({ page }) => {
	await ready(page);
	const readme = (await read(page, 'README.md'))!;
	// What a tab that died mid-typing left in its recovery journal (its tab lock is gone).
	await page.evaluate(
		([readmeHash]) => {
			const entry = (path: string, text: string, baseHash: string) =>
				localStorage.setItem(`studio:unsaved:dead-tab:${path}`, JSON.stringify({ tabId: 'dead-tab', path, text, baseRevision: 1, baseHash, at: Date.now() }));
			entry('README.md', 'typed just before the crash\n', readmeHash!);
			entry('styles.css', 'body { color: hotpink; }\n', 'a-hash-from-before-someone-else-changed-it');
		},
		[hashText(readme)]
	);
	await page.reload();
	await waitForHub(page);
	await expect.poll(() => read(page, 'README.md')).toBe('typed just before the crash\n');
	const bar = page.getByTestId('conflict-bar');
	await expect(bar).toContainText('styles.css');
	await expect(page.locator('.cm-content')).toContainText('hotpink');
	expect(await read(page, 'styles.css')).not.toContain('hotpink'); // nothing overwritten without the person
	await bar.getByRole('button', { name: /keep mine/i }).click();
	await expect.poll(() => read(page, 'styles.css')).toBe('body { color: hotpink; }\n');
	// Each entry goes once its text is stored (README's after its write is acknowledged, which may come last).
	await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('studio:unsaved:dead-tab')))).toEqual([]);
});
