// The installed app on a phone: a complete manifest whose icons and screenshots exist at their sizes,
// a precache that holds the whole app (and nothing huge), and editing with the keyboard up — the
// cursor line stays above it, the accessory row types, the preview goes full screen and back, and
// a long press on a file opens its menu.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, waitForHub, previewFrame, wakeEditor, holdStudioCode } from './fixtures';
import type { Page } from '@playwright/test';

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

test('the manifest is complete, and every icon and screenshot exists at the size it declares', async ({ request }) => {
	const response = await request.get('/manifest.webmanifest');
	expect(response.ok()).toBe(true);
	const manifest = (await response.json()) as Record<string, unknown> & {
		icons: { src: string; sizes: string; type: string; purpose?: string }[];
		screenshots: { src: string; sizes: string; form_factor: string; label: string }[];
		shortcuts: { name: string; url: string }[];
		file_handlers: unknown;
	};
	expect(manifest).toMatchObject({ id: '/', name: 'Web Studio', short_name: 'Studio', start_url: '/', scope: '/', display: 'standalone', display_override: ['window-controls-overlay', 'standalone'] });
	expect(typeof manifest.description).toBe('string');
	expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
	expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
	expect(manifest.categories).toContain('developer');
	expect(new Set(manifest.icons.map((icon) => icon.purpose ?? 'any'))).toEqual(new Set(['any', 'maskable', 'monochrome']));
	expect(manifest.icons.some((icon) => icon.sizes === '512x512' && (icon.purpose ?? 'any') === 'any')).toBe(true);
	expect(new Set(manifest.screenshots.map((shot) => shot.form_factor))).toEqual(new Set(['wide', 'narrow']));
	expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['New workspace', 'Open the agent']);
	expect(manifest.file_handlers).toEqual([{ action: '/', accept: { 'application/zip': ['.zip'], 'text/html': ['.html', '.htm'] } }]);
	for (const item of [...manifest.icons, ...manifest.screenshots]) {
		const file = await request.get(item.src);
		expect(file.ok(), item.src).toBe(true);
		if (item.sizes !== 'any') expect(pngSize(await file.body()), item.src).toBe(item.sizes);
	}
	for (const shot of manifest.screenshots) expect(shot.label.length).toBeGreaterThan(10);
});

test('an .html file opened with the installed app becomes a new one-page workspace; the Agent shortcut opens the agent', async ({ page }) => {
	// What Chromium's launchQueue hands the page when the app is opened with a file.
	await page.addInitScript(() => {
		const file = new File(['<!doctype html><h1 id="launched">Opened from the desktop</h1>\n'], 'flyer.html', { type: 'text/html' });
		// Chromium has a real (read-only) launchQueue; this one delivers the file once, like a launch.
		Object.defineProperty(window, 'launchQueue', {
			configurable: true,
			value: {
				setConsumer: (consume: (params: unknown) => void) => {
					if (sessionStorage.getItem('launched')) return;
					sessionStorage.setItem('launched', '1');
					consume({ files: [{ kind: 'file', getFile: async () => file }] });
				}
			}
		});
	});
	await page.goto('/');
	await page.waitForURL(/[?&]workspace=/, { timeout: 20_000 });
	await waitForHub(page);
	await expect(page.getByRole('banner')).toContainText('flyer');
	await expect(previewFrame(page).locator('#launched')).toHaveText('Opened from the desktop');

	const shortcut = await page.context().newPage();
	await shortcut.goto('/?action=agent');
	await waitForHub(shortcut);
	await expect(shortcut.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
	await expect(shortcut).not.toHaveURL(/action=/);
});

test('the service worker precaches every script, style and icon of the app, and nothing huge', () => {
	const build = 'build';
	const sw = readFileSync(join(build, 'sw.js'), 'utf8');
	const precached = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!.replace(/^\//, '')));
	const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
	const app = walk(join(build, '_app')).map((file) => relative(build, file).split('\\').join('/'));
	const needed = app.filter((file) => /\.(js|css|woff2?)$/.test(file));
	expect(needed.length).toBeGreaterThan(5);
	// Nothing missing: the editor's language packs and the hub worker are chunks like any other.
	expect(needed.filter((file) => !precached.has(file))).toEqual([]);
	for (const icon of ['icons/icon-192.png', 'icons/icon-512.png', 'icons/icon.svg', 'icons/icon-66.png', 'manifest.webmanifest']) expect(precached, icon).toContain(icon);
	// Nothing huge: no single file over 1 MB, under 8 MB in all (an offline install must stay quick).
	let total = 0;
	for (const url of precached) {
		const size = statSync(join(build, url)).size;
		expect(size, url).toBeLessThan(1024 * 1024);
		total += size;
	}
	expect(total).toBeLessThan(8 * 1024 * 1024);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	/** Pretends the virtual keyboard covers the bottom `px` of the screen (visualViewport shrinks). */
	async function keyboard(page: Page, px: number) {
		await page.evaluate((inset) => {
			const viewport = window.visualViewport!;
			Object.defineProperty(viewport, 'height', { configurable: true, get: () => innerHeight - inset });
			viewport.dispatchEvent(new Event('resize'));
		}, px);
	}

	test('the preview’s bar gives the address a row of its own: a page’s whole path shows, the render’s state in brief beside the buttons, every word still read out', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'blog/archive.html', content: '<!doctype html><title>Archive</title><h1>Archive</h1>\n' }));
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Preview', exact: true }).tap();
		const address = page.getByTestId('preview-address');
		await address.fill('/blog/archive.html');
		await address.press('Enter');
		await expect(previewFrame(page).getByRole('heading', { name: 'Archive' })).toBeVisible({ timeout: 15_000 });
		const chip = page.getByTestId('preview-chip');
		await expect(chip).toHaveText(/^revision \d+ · ready in \d+ ms$/);
		// The whole path fits its field: nothing scrolled out of sight.
		await expect(address).toHaveValue('/blog/archive.html');
		expect(await address.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
		// The brief words are what the chip draws; a screen reader still hears the whole sentence.
		const drawn = await chip.evaluate((element) => getComputedStyle(element, '::after').content);
		expect(drawn).toMatch(/^"rev \d+ · \d+ ms"/);
		const snapshot = await chip.ariaSnapshot();
		expect(snapshot).toMatch(/revision \d+ · ready in \d+ ms/);
		expect(snapshot).not.toMatch(/\brev \d/);
		// The chip sits on the buttons' row, under the address, and nothing spills out of the bar.
		const [field, state, refresh] = await Promise.all([address.boundingBox(), chip.boundingBox(), page.getByRole('button', { name: 'Refresh preview' }).boundingBox()]);
		expect(state!.y).toBeGreaterThanOrEqual(field!.y + field!.height);
		expect(Math.abs(state!.y + state!.height / 2 - (refresh!.y + refresh!.height / 2))).toBeLessThan(4);
		expect(state!.x + state!.width).toBeLessThanOrEqual(390);
		expect(await page.getByTestId('preview-panel').evaluate((panel) => panel.querySelector('.bar')!.scrollWidth <= panel.clientWidth)).toBe(true);
	});

	test('while a render runs the preview’s bar holds still: its buttons and the page stay where a finger is about to tap', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Preview', exact: true }).tap();
		const chip = page.getByTestId('preview-chip');
		await expect(chip).toContainText('ready', { timeout: 15_000 });
		// Measured in the page, in the same frame as the chip's words are read: no render can end between the two.
		const places = (state: string) =>
			page.evaluate(async (state) => {
				const chip = document.querySelector('[data-testid="preview-chip"]')!;
				while (!chip.textContent!.includes(state)) await new Promise((resolve) => requestAnimationFrame(resolve));
				const box = (selector: string) => {
					const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
					return { x, y, width, height };
				};
				return { brief: state === 'rendering' ? getComputedStyle(chip, '::after').content.startsWith('"rendering rev ') : true, boxes: ['button[aria-label="Full-screen preview"]', 'button[aria-label="Refresh preview"]', 'section[data-region="preview"] iframe.preview-frame'].map(box) };
			}, state);
		const before = await places('ready');
		// A page whose script holds its load for 1.5 s: all that while the chip says "rendering rev N…",
		// longer words than "rev N · 120 ms". Not awaited: the write's answer waits for its render.
		await page.evaluate(() => void window.studio!.callTool('workspace_write_file', { path: 'index.html', content: '<!doctype html><h1>Slow</h1><script>const end = Date.now() + 1500; while (Date.now() < end);</script>\n' }));
		expect(await places('rendering')).toEqual(before);
		await expect(previewFrame(page).getByRole('heading', { name: 'Slow' })).toBeVisible({ timeout: 15_000 });
		expect(await places('ready')).toEqual(before);
	});

	test('the top bar shows the workspace’s whole name beside its buttons', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		const name = page.getByTestId('workspace-switcher').locator('.name');
		await expect(name).toHaveText('My site');
		expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
	});

	test('the status bar leaves out the usual runtime mode, and what does not fit scrolls into sight', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		const bar = page.getByTestId('status-bar');
		await expect(bar.getByTestId('hub-state')).toHaveText('Runtime connected');
		await expect(bar.getByTestId('runtime-mode')).toBeHidden();
		await expect(bar.getByTestId('storage')).toContainText('IndexedDB');
		// A sideways scroll over the bar (a wheel here; a finger on a phone) brings its end into sight.
		const box = (await bar.boundingBox())!;
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.wheel(600, 0);
		await expect
			.poll(async () => {
				const revision = (await bar.getByTestId('revision').boundingBox())!;
				return revision.x >= 0 && revision.x + revision.width <= 390;
			})
			.toBe(true);
	});

	test('the tool catalog shows its list on the whole panel, then the picked tool on the whole panel, and back to the list where it was', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Tools', exact: true }).tap();
		const tools = page.locator('button[data-tool]');
		await expect(tools.first()).toBeVisible({ timeout: 15_000 });
		// Most of a phone's screen lists tools (it was a strip of three above an empty detail).
		const list = page.locator('.catalog .list');
		expect(await list.evaluate((element) => element.clientHeight / innerHeight)).toBeGreaterThan(0.6);
		await list.evaluate((element) => (element.scrollTop = 300));
		const read = page.locator('[data-tool="workspace_read_file"]');
		await read.scrollIntoViewIfNeeded();
		const scrolled = await list.evaluate((element) => element.scrollTop);
		await read.tap();
		const run = page.getByRole('button', { name: 'Run', exact: true });
		await expect(run).toBeVisible();
		await expect(read).toBeHidden();
		await run.tap();
		await expect(page.getByTestId('tool-result')).toContainText('"path": "index.html"');
		await page.getByRole('button', { name: '← All tools' }).tap();
		await expect(read).toBeVisible();
		await expect(run).toBeHidden();
		expect(await list.evaluate((element) => element.scrollTop)).toBe(scrolled);
	});

	test('the preview’s tools run from the Tools tab or the palette find a preview, though its tab was never shown', async ({ page }) => {
		const navigate = () => page.evaluate(async () => ((await window.studio!.callTool('preview_navigate', { path: 'index.html' })) as { structuredContent: { preview: { status: string } } }).structuredContent.preview.status);
		for (const open of ['tools', 'palette'] as const) {
			await page.goto('/');
			await waitForHub(page);
			// The phone's start renders no preview: the hub finds none to render in.
			expect(await navigate()).toBe('unavailable');
			if (open === 'tools') await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Tools', exact: true }).tap();
			else await page.getByRole('button', { name: 'Commands', exact: true }).tap();
			// Where a person runs tools by hand, the preview is made (hidden behind the panel), and renders.
			await expect.poll(navigate, { message: `a preview once the ${open} opened` }).toBe('ready');
			await expect(page.getByTestId('preview-chip')).toBeHidden();
			// Back on the editor, which the next start opens on (a phone starts on the panel it left).
			await page.keyboard.press('Escape');
			await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Code', exact: true }).tap();
		}
	});

	test('the trace’s rows are touch targets that do not overlap, each call on two lines that fit the screen', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.evaluate(async () => {
			await window.studio!.callTool('workspace_read_file', { path: 'index.html' });
			await window.studio!.callTool('workspace_read_file', { path: 'missing.html' });
		});
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Trace', exact: true }).tap();
		const rows = page.locator('.rows .row');
		await expect(rows.nth(3)).toBeVisible({ timeout: 15_000 });
		const boxes = await rows.evaluateAll((buttons) => buttons.slice(0, 4).map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
		for (const [i, box] of boxes.entries()) {
			expect(box.height).toBeGreaterThanOrEqual(44);
			if (i > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
		}
		// The failed read: its tool, who called, its phase and its error code all in sight on a 390 px screen.
		const failed = page.locator('.rows .row[data-phase="failed"]').first();
		for (const part of ['.n', '.s', '.ph', '.err']) {
			const box = (await failed.locator(part).boundingBox())!;
			expect(box.x + box.width, part).toBeLessThanOrEqual(390);
			expect(box.width, part).toBeGreaterThan(0);
		}
		const [name, source] = await Promise.all([failed.locator('.n').boundingBox(), failed.locator('.s').boundingBox()]);
		expect(source!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
		await failed.tap();
		await expect(page.getByRole('complementary', { name: 'Trace entry details' })).toContainText('WORKSPACE_FILE_NOT_FOUND');
	});

	test('typing at the end of a long file with the keyboard up keeps the line in sight; the accessory row types; full-screen preview and back; a long press renames a file', async ({ page }) => {
		test.setTimeout(120_000); // several phone screens on a busy machine
		await page.goto('/');
		await waitForHub(page);
		const long = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`).join('\n');
		await page.evaluate((content) => window.studio!.callTool('workspace_create_file', { path: 'long.txt', content }), long);
		await page.evaluate(() => window.studio!.callTool('workspace_open_file', { path: 'long.txt' }));
		const panels = page.getByRole('navigation', { name: 'Panels' });
		await panels.getByRole('button', { name: 'Code' }).tap();
		// Another file than the plain text's brings CodeMirror (as a touch would).
		await wakeEditor(page);
		await expect(page.locator('.cm-content')).toContainText('line 1');
		await page.locator('.cm-content').tap();
		await page.keyboard.press('Control+End');
		const KEYBOARD = 320;
		await keyboard(page, KEYBOARD);
		const row = page.getByRole('toolbar', { name: 'Keys' });
		await expect(row).toBeVisible();
		await page.keyboard.type('\nthe last line');
		const rowBox = (await row.boundingBox())!;
		expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(844 - KEYBOARD + 1);
		await expect
			.poll(async () => {
				const box = await page.locator('.cm-activeLine').boundingBox();
				return box ? box.y + box.height : Infinity;
			})
			.toBeLessThanOrEqual(rowBox.y);
		await expect(page.locator('.cm-activeLine')).toContainText('the last line');

		// The accessory row types what the phone keyboard hides, without closing it (focus stays).
		await row.getByRole('button', { name: 'Parentheses' }).tap();
		await page.keyboard.type('x');
		await row.getByRole('button', { name: 'Less than' }).tap();
		await expect(page.locator('.cm-activeLine')).toContainText('the last line(x<)');
		await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
		await row.getByRole('button', { name: 'Undo typing' }).tap();
		await expect(page.locator('.cm-activeLine')).not.toContainText('(x<)');
		await keyboard(page, 0);

		// Text size and line wrapping are settings (kept as a preference).
		const size = () => page.locator('.cm-content').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
		const before = await size();
		await page.getByLabel('Editor text size and wrapping').tap();
		await page.getByRole('button', { name: 'Larger text' }).tap();
		await page.getByRole('button', { name: 'Larger text' }).tap();
		await expect.poll(size).toBe(before + 2);
		await expect(page.locator('.cm-editor .cm-lineWrapping')).toHaveCount(1);
		await page.getByRole('checkbox', { name: 'Wrap lines' }).tap();
		await expect(page.locator('.cm-editor .cm-lineWrapping')).toHaveCount(0);
		await page.getByRole('checkbox', { name: 'Wrap lines' }).tap();
		await page.getByLabel('Editor text size and wrapping').tap();

		// The preview fills the screen, with one floating way back.
		await panels.getByRole('button', { name: 'Preview' }).tap();
		await page.getByRole('button', { name: 'Full-screen preview' }).tap();
		const frame = page.locator('section[data-region="preview"] iframe');
		await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(780);
		expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);
		await page.getByRole('button', { name: 'Exit full screen' }).tap();
		await expect(panels).toBeVisible();

		// A long press on a file opens its menu; Rename there renames it.
		await panels.getByRole('button', { name: 'Files' }).tap();
		const file = page.locator('button.row[data-path="long.txt"]');
		const box = (await file.boundingBox())!;
		const client = await page.context().newCDPSession(page);
		const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) => client.send('Input.dispatchTouchEvent', { type, touchPoints: points });
		await touch('touchStart', [{ x: box.x + 20, y: box.y + box.height / 2 }]);
		await page.waitForTimeout(800);
		await touch('touchEnd', []);
		const menu = page.getByRole('menu', { name: 'Actions for long.txt' });
		await expect(menu).toBeVisible();
		for (const item of await menu.getByRole('menuitem').all()) expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
		expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze().then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id))).toEqual([]);
		await menu.getByRole('menuitem', { name: 'Rename' }).tap();
		await page.getByRole('textbox', { name: 'New path for long.txt' }).fill('notes/long.txt');
		await page.getByRole('button', { name: 'Rename', exact: true }).tap();
		await expect.poll(() => page.evaluate(() => window.studio!.readFile('notes/long.txt').then((f) => (f as { content: string } | null)?.content.slice(0, 6)))).toBe('line 1');

		// A quick flick moves between Code and Preview (touch events as the page receives them).
		const flick = (on: string, from: number, to: number, y: number) =>
			page.evaluate(
				([on, from, to, y]: [string, number, number, number]) => {
					const target = document.querySelector(on)!;
					const at = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: y });
					target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [at(from)], changedTouches: [at(from)] }));
					target.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, touches: [at(to)], changedTouches: [at(to)] }));
					target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [at(to)] }));
				},
				[on, from, to, y] as [string, number, number, number]
			);
		await panels.getByRole('button', { name: 'Code' }).tap();
		// The renamed file stays open in the editor under its new name.
		await expect(page.locator('.cm-content')).toContainText('line 1');
		await flick('.cm-content', 320, 60, 400);
		await expect(page.getByRole('button', { name: 'Full-screen preview' })).toBeVisible();
		await flick('[data-testid="preview-chip"]', 40, 320, 110); // on the preview's bar (the page itself is another document)
		await expect(page.locator('.cm-content')).toBeVisible();
	});
});

test.describe('a phone that left the studio on another panel', () => {
	// Routing sees the page's requests only when no service worker answers them.
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

	/** Whether this device's first screen keeps `tab` as the phone's panel. */
	const kept = (page: Page, tab: string) => page.evaluate((t) => Object.entries(localStorage).some(([key, value]) => key.startsWith('studio:first-screen') && value.includes(`"phoneTab":"${t}"`)), tab);

	test('comes back to it: before the studio’s code runs the outline names it (no file text to take away), then the studio shows it; back on Code, the code again', async ({ context }) => {
		const page = await context.newPage();
		await page.goto('/');
		await waitForHub(page);
		await page.getByRole('button', { name: 'Preview', exact: true }).click();
		await expect(previewFrame(page).locator('h1')).toBeVisible();
		await expect.poll(() => kept(page, 'preview'), { timeout: 10_000 }).toBe(true);
		await page.close();

		const release = await holdStudioCode(context);
		const again = await context.newPage();
		await again.goto('/', { waitUntil: 'commit' });
		await expect(again.locator('#studio-first-paint h2')).toHaveText('Preview');
		await expect(again.locator('#studio-first-paint textarea')).toHaveCount(0);
		release();
		await waitForHub(again);
		await expect(again.locator('#studio-first-paint')).toHaveCount(0);
		await expect(again.getByRole('button', { name: 'Preview', exact: true })).toHaveAttribute('aria-current', 'page');
		await expect(previewFrame(again).locator('h1')).toBeVisible();

		await again.getByRole('button', { name: 'Code', exact: true }).click();
		await expect.poll(() => kept(again, 'editor'), { timeout: 10_000 }).toBe(true);
		await again.reload({ waitUntil: 'commit' });
		await expect(again.locator('#studio-first-paint textarea')).toHaveValue(/<!doctype html>/);
		await waitForHub(again);
		await expect(again.getByRole('button', { name: 'Code', exact: true })).toHaveAttribute('aria-current', 'page');
	});
});
