// The first screen paints from this device while the hub starts: the file list, the open file's text
// and a picture of the last acknowledged render, before the runtime reports connected; what is typed
// in that window is kept, and no script of the site runs before the live render runs it once. A first
// visit, with nothing kept yet, paints the starter its hub is about to create.
import { test, expect, waitForHub, previewFrame, holdStudioCode } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';

/** A desktop and a phone, for what a first screen must hold on both. */
const DEVICES = [{ viewport: { width: 1280, height: 800 } }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }];

const read = async (page: Page, path: string) => ((await page.evaluate((p) => window.studio!.readFile(p), path)) as { content: string } | null)?.content ?? null;

/**
 * A page of the studio's origin that keeps one readwrite transaction over every store of the studio's
 * database open until it is told to let go: the hub's reads wait behind it (storage that is slow to
 * answer, as on a busy phone), so the window before "connected" lasts as long as the test needs.
 */
async function holdStorage(context: BrowserContext): Promise<Page> {
	const holder = await context.newPage();
	await holder.goto('/manifest.webmanifest');
	await holder.evaluate(
		() =>
			new Promise<void>((held, failed) => {
				const request = indexedDB.open('web-studio');
				request.onerror = () => failed(request.error);
				request.onsuccess = () => {
					const db = request.result;
					const names = [...db.objectStoreNames];
					const tx = db.transaction(names, 'readwrite');
					const store = tx.objectStore(names[0]!);
					const w = window as unknown as { letGo: boolean };
					w.letGo = false;
					// A transaction lives while it has requests: one more each time the last succeeds.
					const spin = () => {
						if (!w.letGo) store.get('first-screen-test').onsuccess = spin;
					};
					spin();
					held();
				};
			})
	);
	return holder;
}

/** Opens the studio once so this device keeps a first screen, and closes it (the hub's worker goes with it). */
async function keepOne(context: BrowserContext): Promise<string> {
	const first = await context.newPage();
	await first.goto('/');
	await waitForHub(first);
	await expect(first.locator('.cm-content')).toContainText('<!doctype html>');
	await expect(previewFrame(first).locator('h1')).toBeVisible();
	// The picture is taken a moment after the screen settles.
	await expect.poll(() => first.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('studio:first-screen'))), { timeout: 10_000 }).toBe(true);
	const heading = (await previewFrame(first).locator('h1').textContent())!;
	await first.close();
	return heading;
}

/**
 * Opens the studio once with `content` written as `path` and open, until this device keeps a first
 * screen showing its head (the rest apart); returns the workspace's revision then.
 */
async function keepOpen(context: BrowserContext, path: string, content: string): Promise<number> {
	const first = await context.newPage();
	await first.goto('/');
	await waitForHub(first);
	await first.evaluate(
		async ([p, text]) => {
			await window.studio!.callTool('workspace_create_file', { path: p, content: text });
			await window.studio!.callTool('workspace_open_file', { path: p });
		},
		[path, content]
	);
	const keptRest = () => first.evaluate((p) => Object.entries(localStorage).map(([key, value]) => (key.startsWith('studio:first-screen') ? (JSON.parse(value) as { open: { path: string; rest: string } | null }).open : null)).find((open) => open?.path === p)?.rest.length ?? 0, path);
	await expect.poll(keptRest, { timeout: 15_000 }).toBeGreaterThan(0);
	const revision = await first.evaluate(() => window.studio!.revision);
	await first.close();
	return revision;
}

test('the file list, the open file and a picture of the last render show before the runtime answers; no script of the site runs twice, and the picture logs nothing', async ({ context }) => {
	// The site counts its own loads in localStorage: a start must add one, as a reload on a host does.
	const first = await context.newPage();
	await first.goto('/');
	await waitForHub(first);
	// And a noscript banner, which the live page never shows: neither may the picture.
	const counter = '<noscript><p id="no-js">Enable JavaScript</p></noscript><script>localStorage.n = String(Number(localStorage.n || 0) + 1); document.documentElement.dataset.n = localStorage.n;</script></body>';
	const patched = (await first.evaluate((replace) => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: '</body>', replace }), counter)) as { structuredContent: { preview?: { status: string } } };
	// On two busy cores a render can miss the preview's deadline: the frame is replaced blank, and a person
	// presses Refresh until the page shows (only a render that settled is kept as the picture).
	let status = patched.structuredContent.preview?.status;
	for (let tries = 0; status === 'timeout' && tries < 3; tries++) {
		const refreshed = (await first.evaluate(() => window.studio!.callTool('preview_refresh', {}))) as { structuredContent: { preview?: { status: string } } };
		status = refreshed.structuredContent.preview?.status;
	}
	await expect(previewFrame(first).locator('html')).toHaveAttribute('data-n', /^\d+$/);
	// The picture holds the page with the counter (its render, not only the file's text).
	await expect.poll(() => first.evaluate(() => Object.entries(localStorage).some(([key, value]) => key.startsWith('studio:first-screen') && (JSON.parse(value) as { preview?: { html: string } | null }).preview?.html.includes('dataset.n'))), { timeout: 15_000 }).toBe(true);
	// Loads so far (a busy machine may have retried a render that missed its deadline).
	const loads = Number(await previewFrame(first).locator('html').getAttribute('data-n'));
	const heading = (await previewFrame(first).locator('h1').textContent())!;
	await first.close();

	const holder = await holdStorage(context);
	const page = await context.newPage();
	// Every console line of the page and its frames (a refused script logs one in the studio's console).
	const logged: string[] = [];
	page.on('console', (message) => logged.push(message.text()));
	await page.goto('/');
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>', { timeout: 10_000 });
	await expect(page.locator('[data-path="index.html"]')).toBeVisible();
	await expect(page.locator('[data-path="styles.css"]')).toBeVisible();
	await expect(previewFrame(page).locator('h1')).toHaveText(heading);
	await expect(page.getByTestId('hub-state')).not.toHaveText('Runtime connected');
	// A picture: its markup and styles, none of its scripts, nor what the page shows only without them.
	await expect(previewFrame(page).locator('html')).not.toHaveAttribute('data-n', /.*/);
	await expect(previewFrame(page).locator('#no-js')).toHaveCount(0);
	expect(logged.filter((line) => /blocked script|refused to execute/i.test(line))).toEqual([]);
	await holder.evaluate(() => ((window as unknown as { letGo: boolean }).letGo = true));
	await waitForHub(page);
	// The live render runs the page once: one more load, as on a host.
	await expect(previewFrame(page).locator('html')).toHaveAttribute('data-n', String(loads + 1), { timeout: 10_000 });
	await expect(previewFrame(page).locator('h1')).toHaveText(heading);
	await page.waitForTimeout(500);
	await expect(previewFrame(page).locator('html')).toHaveAttribute('data-n', String(loads + 1));
	await holder.close();
});

test('a tap on a link in the picture does nothing (it is not the page yet); in the live render the link works', async ({ context }) => {
	const first = await context.newPage();
	await first.goto('/');
	await waitForHub(first);
	await first.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'about.html', content: '<!doctype html><h1>About page</h1>' }));
	await first.evaluate(() => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: '<body>', replace: '<body><a id="go" href="about.html" style="display:block;font-size:40px">About us</a>' }));
	await expect(previewFrame(first).locator('#go')).toBeVisible();
	await expect.poll(() => first.evaluate(() => Object.entries(localStorage).some(([key, value]) => key.startsWith('studio:first-screen') && value.includes('about.html'))), { timeout: 15_000 }).toBe(true);
	await first.close();

	const holder = await holdStorage(context);
	const page = await context.newPage();
	await page.goto('/');
	const link = previewFrame(page).locator('#go');
	await expect(link).toBeVisible({ timeout: 10_000 });
	// Once the first paint's outline, drawn over the whole page, has made way for the studio.
	await expect(page.locator('#studio-first-paint')).toHaveCount(0, { timeout: 10_000 });
	await expect(page.getByTestId('hub-state')).not.toHaveText('Runtime connected');
	const box = (await link.boundingBox())!;
	// At the top of the page: in sight without scrolling (an inert frame does not scroll).
	expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
	// Followed, the link would load the browser's error page into the picture's frame, taken for the page leaving.
	await page.mouse.click(box.x + 20, box.y + box.height / 2);
	await page.waitForTimeout(500);
	await expect(link).toBeVisible();
	await expect(page.getByText('navigated itself')).toHaveCount(0);
	await holder.evaluate(() => ((window as unknown as { letGo: boolean }).letGo = true));
	await waitForHub(page);
	await expect(page.getByText(/ready in \d+ ms/)).toBeVisible({ timeout: 10_000 });
	await previewFrame(page).locator('#go').click();
	await expect(previewFrame(page).locator('h1')).toHaveText('About page', { timeout: 10_000 });
	await holder.close();
});

test('a keystroke typed before the runtime answers is kept, and the caret stays where it was', async ({ context }) => {
	await keepOne(context);
	const holder = await holdStorage(context);
	const page = await context.newPage();
	await page.goto('/');
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>', { timeout: 10_000 });
	await page.locator('.cm-content').click();
	await page.keyboard.press('ControlOrMeta+End');
	await page.keyboard.type('<!-- typed while starting -->');
	await expect(page.getByTestId('hub-state')).not.toHaveText('Runtime connected');
	await holder.evaluate(() => ((window as unknown as { letGo: boolean }).letGo = true));
	await waitForHub(page);
	await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toContain('<!-- typed while starting -->');
	// Typing on continues where it stopped.
	await page.keyboard.type('!');
	await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed while starting -->!$/);
	await expect(page.locator('.cm-content')).toContainText('<!-- typed while starting -->!');
	await holder.close();
});

test('the kept picture names the files, the open file and the render of its revision; one that is not usable is ignored', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>');
	await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('studio:first-screen')).length), { timeout: 10_000 }).toBe(1);
	const picture = () => page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((key) => key.startsWith('studio:first-screen'))!)!));
	// A picture taken before the preview acknowledged its first render is taken again once it has.
	await expect.poll(async () => ((kept) => kept.preview?.revision === kept.revision)(await picture()), { timeout: 10_000 }).toBe(true);
	const kept = await picture();
	expect(kept.open.path).toBe('index.html');
	expect(kept.files.map((file: { path: string }) => file.path)).toContain('index.html');
	// A torn or foreign picture is ignored, not painted.
	await page.evaluate(() => localStorage.setItem(Object.keys(localStorage).find((key) => key.startsWith('studio:first-screen'))!, '{"v":1,"files":7}'));
	await page.reload();
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>');
});

/** A mark of this page load: when, and what it says (null: not made). */
const mark = (page: Page, name: string) =>
	page.evaluate((n) => {
		const entry = performance.getEntriesByName(n)[0] as PerformanceMark | undefined;
		return entry ? { at: entry.startTime, detail: entry.detail as unknown } : null;
	}, name);

test('a desktop start loads the editor’s code once the first preview has settled; the studio’s screen shows that preview, the file as plain text meanwhile', async ({ page }) => {
	// What the window shows when the first preview settles: the outline covers the whole window.
	await page.addInitScript(() => {
		new PerformanceObserver((list, observer) => {
			if (!list.getEntriesByName('studio:preview-settled').length) return;
			observer.disconnect();
			const plain = document.querySelector<HTMLTextAreaElement>('[data-testid="plain-editor"]');
			(window as unknown as { atSettled: unknown }).atSettled = { outline: !!document.getElementById('studio-first-paint'), plain: plain?.value.slice(0, 15) ?? null, editor: !!document.querySelector('.cm-content') };
		}).observe({ type: 'mark' });
	});
	await page.goto('/');
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>');
	await expect(page.getByTestId('plain-editor')).toHaveCount(0);
	expect(await mark(page, 'studio:first-paint')).not.toBeNull();
	expect(await page.evaluate(() => (window as unknown as { atSettled: unknown }).atSettled)).toEqual({ outline: false, plain: '<!doctype html>', editor: false });
	const settled = await mark(page, 'studio:preview-settled');
	const editor = await mark(page, 'studio:editor-load');
	expect(editor?.detail).toBe('preview');
	expect(editor!.at).toBeGreaterThanOrEqual(settled!.at);
	// The first render's way in parts (bench B6): connected, its document handed to the site's frame, acknowledged.
	const connected = await mark(page, 'studio:connected');
	const handed = await mark(page, 'studio:preview-document');
	expect(handed!.at).toBeGreaterThanOrEqual(connected!.at);
	expect(settled!.at).toBeGreaterThanOrEqual(handed!.at);
});

test('the studio’s screen and its icon draw no SVG file as an image, on a desktop or a phone: each would get a document of its own on the page’s thread; the top bar’s logo shows', async ({ browser, baseURL }) => {
	for (const device of DEVICES) {
		const context = await browser.newContext({ baseURL, ...device });
		const page = await context.newPage();
		await page.goto('/');
		await waitForHub(page);
		const logo = page.getByRole('banner').locator('img').first();
		await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(22);
		// The page's icon too: the page fetches and decodes it itself (the browser asks it to).
		const svgImages = await page.evaluate(() => [
			...performance
				.getEntriesByType('resource')
				.filter((entry) => /^(img|css)$/.test((entry as PerformanceResourceTiming).initiatorType) && /\.svg(?:[?#]|$)/.test(entry.name))
				.map((entry) => entry.name),
			...[...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((link) => link.href).filter((href) => /\.svg(?:[?#]|$)/.test(href))
		]);
		expect(svgImages, `${device.viewport.width} px wide`).toEqual([]);
		await context.close();
	}
});

test('a touch on the file\'s text (the outline, or the plain text after it) loads the editor at once, without waiting for the runtime or the preview', async ({ context }) => {
	await keepOne(context);
	const holder = await holdStorage(context);
	const page = await context.newPage();
	await page.goto('/');
	// The studio's screen takes the outline's place once it has mounted: whichever shows the text.
	await page.locator('#studio-first-paint textarea').or(page.getByTestId('plain-editor')).first().click();
	await expect(page.locator('.cm-content')).toContainText('<!doctype html>', { timeout: 10_000 });
	expect((await mark(page, 'studio:editor-load'))?.detail).toBe('touched');
	await expect(page.getByTestId('hub-state')).not.toHaveText('Runtime connected');
	expect(await mark(page, 'studio:preview-settled')).toBeNull();
	await holder.evaluate(() => ((window as unknown as { letGo: boolean }).letGo = true));
	await waitForHub(page);
	await holder.close();
});

test.describe('before the studio’s code has loaded', () => {
	// Routing sees the page's requests only when no service worker answers them.
	test.use({ serviceWorkers: 'block' });

	test('the outline shows the open file at once; what is typed into it reaches the editor and the workspace', async ({ context }) => {
		await keepOne(context);
		const release = await holdStudioCode(context);
		const page = await context.newPage();
		await page.goto('/', { waitUntil: 'commit' });
		const outline = page.locator('#studio-first-paint textarea');
		await expect(outline).toHaveValue(/<!doctype html>/);
		await expect(page.locator('#studio-first-paint')).toContainText('index.html');
		expect(await page.evaluate(() => performance.getEntriesByName('studio:script').length)).toBe(0);
		await outline.click();
		await page.keyboard.press('ControlOrMeta+End');
		await page.keyboard.type('<!-- typed in the outline -->');
		release();
		await expect(page.locator('.cm-content')).toContainText('<!-- typed in the outline -->', { timeout: 15_000 });
		await expect(page.locator('#studio-first-paint')).toHaveCount(0);
		await waitForHub(page);
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed in the outline -->$/);
		// The caret came along: typing on continues there.
		await page.keyboard.type('?');
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed in the outline -->\?$/);
	});
	test('a file picked in the outline’s list opens once the studio takes over; what was typed into the open file is kept', async ({ context }) => {
		await keepOne(context);
		const release = await holdStudioCode(context);
		const page = await context.newPage();
		await page.goto('/', { waitUntil: 'commit' });
		const outline = page.locator('#studio-first-paint');
		await expect(outline.locator('textarea')).toHaveValue(/<!doctype html>/);
		await outline.locator('textarea').click();
		await page.keyboard.press('ControlOrMeta+End');
		await page.keyboard.type('<!-- typed before the pick -->');
		await outline.locator('.files div', { hasText: 'styles.css' }).click();
		// The pick shows at once: its name on the editor's tab, and not the other file's text.
		await expect(outline.locator('.files .on')).toHaveText('styles.css');
		await expect(outline.locator('.tab')).toHaveText('styles.css');
		await expect(outline.locator('textarea')).toBeHidden();
		release();
		await expect(page.locator('#studio-first-paint')).toHaveCount(0, { timeout: 15_000 });
		await waitForHub(page);
		await expect(page.locator('.cm-content')).toContainText(/--[a-z-]+\s*:/, { timeout: 15_000 });
		await expect(page.getByRole('list', { name: 'Open files' }).locator('[aria-current="page"]')).toHaveAttribute('title', 'styles.css');
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed before the pick -->$/);
	});
	test('on a phone, the outline keeps the focus through the studio’s start, and a key that reaches the plain text as CodeMirror takes over is kept: all that was typed reaches the file', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
		// This phone keeps a first screen: its file as plain text (CodeMirror comes with a touch).
		const first = await context.newPage();
		await first.goto('/');
		await waitForHub(first);
		await expect(first.getByTestId('plain-editor')).toHaveValue(/<!doctype html>/);
		await expect.poll(() => first.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('studio:first-screen'))), { timeout: 10_000 }).toBe(true);
		await first.close();
		const release = await holdStudioCode(context);
		const page = await context.newPage();
		await page.addInitScript(() => {
			const w = window as unknown as { focusedBody: number; lateKey: boolean };
			w.focusedBody = 0;
			w.lateKey = false;
			// The router's start focused the body instead (a key typed then went nowhere).
			addEventListener('focusin', (event) => event.target === document.body && w.focusedBody++, true);
			// The moment CodeMirror's view is in the page, beside the plain text it took its text from, one
			// more letter reaches the plain text, as a key typed then would.
			new MutationObserver(() => {
				const plain = document.querySelector<HTMLTextAreaElement>('[data-testid="plain-editor"]');
				if (w.lateKey || !plain || !document.querySelector('.cm-editor') || document.activeElement !== plain) return;
				w.lateKey = true;
				document.execCommand('insertText', false, 'C');
			}).observe(document, { childList: true, subtree: true });
		});
		await page.goto('/', { waitUntil: 'commit' });
		const outline = page.locator('#studio-first-paint textarea');
		await expect(outline).toHaveValue(/<!doctype html>/);
		await outline.tap();
		await page.keyboard.press('ControlOrMeta+End');
		await page.keyboard.type('A');
		release();
		await expect(page.locator('.cm-content')).toBeFocused({ timeout: 15_000 });
		expect(await page.evaluate(() => (window as unknown as { lateKey: boolean }).lateKey)).toBe(true);
		await page.keyboard.type('D');
		await waitForHub(page);
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/ACD$/);
		expect(await page.evaluate(() => (window as unknown as { focusedBody: number }).focusedBody)).toBe(0);
		await context.close();
	});
	test('the first paint lays out every font the studio’s first screen then draws with, on a desktop and a phone, and its code font is the studio’s', async ({ browser, baseURL }) => {
		// Each size, weight and style of a font, as `family kind|size|weight|style`, of the elements with text `selector` finds.
		const fonts = (page: Page, selector: string, shownOnly: boolean) =>
			page.evaluate(
				({ selector, shownOnly }) => {
					const found = new Set<string>();
					for (const element of document.querySelectorAll<HTMLElement>(selector)) {
						const text = element instanceof HTMLTextAreaElement ? element.value : [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
						if (!text || (shownOnly && !element.getClientRects().length)) continue;
						const style = getComputedStyle(element);
						found.add(`${/monospace/.test(style.fontFamily) ? 'mono' : 'sans'}|${style.fontSize}|${style.fontWeight}|${style.fontStyle}`);
					}
					return [...found].sort();
				},
				{ selector, shownOnly }
			);
		const family = (text: string) => text.replace(/["'\s]/g, '');
		for (const device of DEVICES) {
			const context = await browser.newContext({ baseURL, serviceWorkers: 'block', ...device });
			const release = await holdStudioCode(context);
			const page = await context.newPage();
			await page.goto('/', { waitUntil: 'commit' });
			await expect(page.locator('#studio-first-paint textarea')).toHaveValue(/<!doctype html>/);
			// The outline, and the shell's unseen sizes, laid out one by one after it while the studio's code loads.
			await expect(page.locator('#studio-fonts i[hidden]')).toHaveCount(0);
			const painted = await fonts(page, '#studio-first-paint *, #studio-fonts *', true);
			const outlineCode = await page.locator('#studio-first-paint textarea').evaluate((area) => getComputedStyle(area).fontFamily);
			release();
			await waitForHub(page);
			await expect.poll(() => page.evaluate(() => performance.getEntriesByName('studio:start-settled').length), { timeout: 15_000 }).toBe(1);
			if (device.viewport.width > 800) await expect(page.locator('.cm-content')).toContainText('<!doctype html>');
			await expect(page.locator('#studio-first-paint, #studio-fonts')).toHaveCount(0);
			const studio = await fonts(page, 'body *', true);
			expect(studio.filter((font) => !painted.includes(font)), `${device.viewport.width} px wide: fonts the first paint did not lay out`).toEqual([]);
			expect(family(outlineCode)).toBe(family(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mono'))));
			await context.close();
		}
	});
	for (const [device, phone] of [[DEVICES[0]!, false], [DEVICES[1]!, true]] as const) {
		test(`a long open file: the outline${phone ? ' and the plain text show' : ' shows'} its head only (a text area lays out all it holds at once), and the whole file with what was typed reaches the editor and the workspace (${phone ? 'phone' : 'desktop'})`, async ({ browser, baseURL }) => {
			const context = await browser.newContext({ baseURL, ...device, serviceWorkers: 'block' });
			// This device keeps a first screen with a 3,000-line stylesheet open.
			const css = Array.from({ length: 3000 }, (_, i) => `.rule-${i} { margin: ${i % 9}px auto; }\n`).join('');
			await keepOpen(context, 'big.css', css);
			const release = await holdStudioCode(context);
			const page = await context.newPage();
			await page.goto('/', { waitUntil: 'commit' });
			const outline = page.locator('#studio-first-paint textarea');
			await expect(outline).toHaveValue(/^\.rule-0 \{/);
			const shown = await outline.inputValue();
			expect(shown.length).toBeGreaterThanOrEqual(8192);
			expect(shown.length).toBeLessThan(8300);
			expect(css.startsWith(shown)).toBe(true);
			if (phone) await outline.tap();
			else await outline.click();
			await page.keyboard.press('ControlOrMeta+Home');
			await page.keyboard.type('/* typed */');
			release();
			await waitForHub(page);
			if (phone) {
				// The plain text stands in for the editor until a touch or a key: it shows the head too.
				const plain = page.getByTestId('plain-editor');
				await expect(plain).toBeFocused();
				const head = await plain.inputValue();
				expect(head.startsWith('/* typed */.rule-0 {')).toBe(true);
				expect(head.length).toBeLessThan(8300 + 11);
			}
			// Typing on goes where the caret was, and the file is all there: nothing of its rest lost or doubled.
			await page.keyboard.type('!');
			await expect(page.locator('.cm-content')).toContainText('/* typed */!.rule-0 {', { timeout: 15_000 });
			await expect.poll(() => read(page, 'big.css'), { timeout: 10_000 }).toBe(`/* typed */!${css}`);
			expect(await page.evaluate(() => window.studio!.editorText('big.css'))).toBe(`/* typed */!${css}`);
			await context.close();
		});
	}
		test('a file written with \\r\\n (a Windows editor’s) open at the start: an untouched start writes nothing, and what was typed before the hub answered is kept where it was typed', async ({ context }) => {
		const windows = Array.from({ length: 1200 }, (_, i) => `.rule-${i} {\r\n  margin: ${i % 9}px auto;\r\n}\r\n`).join('');
		const revision = await keepOpen(context, 'win.css', windows);
		const stored = async (page: Page) => ({ content: await read(page, 'win.css'), revision: await page.evaluate(() => window.studio!.revision) });
		// Untouched: the editor reads the file's lines as its own, and nothing is saved.
		const quiet = await context.newPage();
		await quiet.goto('/');
		await waitForHub(quiet);
		await expect(quiet.locator('.cm-content')).toContainText('.rule-0 {', { timeout: 15_000 });
		await quiet.waitForTimeout(1500); // a save would have gone by now (its delay is 250 ms)
		expect(await stored(quiet)).toEqual({ content: windows, revision });
		await quiet.close();
		// Typed into the outline before the studio's code runs: kept, at the top, and no conflict.
		const release = await holdStudioCode(context);
		const page = await context.newPage();
		await page.goto('/', { waitUntil: 'commit' });
		const outline = page.locator('#studio-first-paint textarea');
		await expect(outline).toHaveValue(/^\.rule-0 \{/);
		await outline.click();
		await page.keyboard.press('ControlOrMeta+Home');
		await page.keyboard.type('/* X */');
		release();
		await waitForHub(page);
		await expect(page.locator('.cm-content')).toContainText('/* X */.rule-0 {', { timeout: 15_000 });
		// The edit saves the file with its own \r\n: only the typed line differs from what was written.
		await expect.poll(() => read(page, 'win.css'), { timeout: 10_000 }).toBe(`/* X */${windows}`);
		await expect(page.getByTestId('conflict-bar')).toHaveCount(0);
	});
		test('a first visit paints the starter before any of the studio’s code runs; what is typed there is kept', async ({ context }) => {
		const release = await holdStudioCode(context);
		const page = await context.newPage();
		await page.goto('/', { waitUntil: 'commit' });
		// Nothing kept on this device: the app shell's own picture of the starter its hub will create.
		const outline = page.locator('#studio-first-paint[data-starter] textarea');
		await expect(outline).toHaveValue(/<title>Bright Bakery<\/title>/);
		await expect(page.locator('#studio-first-paint')).toContainText('My site');
		expect(await page.evaluate(() => ({ script: performance.getEntriesByName('studio:script').length, kept: Object.keys(localStorage).filter((key) => key.startsWith('studio:first-screen')).length }))).toEqual({ script: 0, kept: 0 });
		await outline.click();
		await page.keyboard.press('ControlOrMeta+End');
		await page.keyboard.type('<!-- typed on a first visit -->');
		release();
		await expect(page.locator('.cm-content')).toContainText('<!-- typed on a first visit -->', { timeout: 15_000 });
		await expect(page.locator('#studio-first-paint')).toHaveCount(0);
		await waitForHub(page);
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed on a first visit -->$/);
		await page.keyboard.type('!');
		await expect.poll(() => read(page, 'index.html'), { timeout: 10_000 }).toMatch(/<!-- typed on a first visit -->!$/);
		// The starter's picture is for a browser that never opened the studio: this one has now.
		await page.reload();
		await waitForHub(page);
		await expect(page.locator('#studio-first-paint[data-starter]')).toHaveCount(0);
	});
});

test('the shell starts the hub before any of the studio’s modules runs; the page connects to that hub, and the first render needs no frame but the preview’s own', async ({ page, baseURL }) => {
	// Every SharedWorker made in the page (which script made it, its name) and every sandboxed frame put in the studio page's own body.
	await page.addInitScript(() => {
		const made: { script: string | null; name: string | undefined }[] = [];
		const warm: string[] = [];
		const w = window as unknown as { made: typeof made; warm: typeof warm };
		w.made = made;
		w.warm = warm;
		const Native = window.SharedWorker;
		window.SharedWorker = class extends Native {
			constructor(url: string | URL, options?: string | WorkerOptions) {
				super(url, options);
				made.push({ script: document.currentScript?.getAttribute('src') ?? null, name: typeof options === 'string' ? options : options?.name });
			}
		};
		new MutationObserver((records) => {
			for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLIFrameElement && node.parentElement === document.body) warm.push(node.getAttribute('sandbox') ?? '');
		}).observe(document, { childList: true, subtree: true });
	});
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('runtime-mode')).toHaveAttribute('data-mode', 'shared-worker');
	// One worker, made by the first paint's classic script (no module of the studio runs that early), for the tab's workspace.
	expect(await page.evaluate(() => (window as unknown as { made: unknown[] }).made)).toEqual([{ script: '/first-paint.js', name: 'studio:default' }]);
	const marks = await page.evaluate(() => Object.fromEntries(['studio:hub:created', 'studio:script'].map((name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? null])));
	expect(marks['studio:hub:created']).not.toBeNull();
	expect(marks['studio:hub:created']!).toBeLessThan(marks['studio:script']!);

	// The shell names the hub's file, and serves it.
	const html = await (await page.request.get('/')).text();
	const hub = /data-hub="([^"]+)"/.exec(html)?.[1];
	expect(hub).toMatch(/^\/_app\/immutable\/workers\/hub\.worker-[\w-]+\.js$/);
	expect((await page.request.get(new URL(hub!, baseURL).href)).status()).toBe(200);

	// No blank sandboxed frame in the studio page warms the site's process first: on two cores a start
	// is bound by CPU, and that frame's load cost more than the later start of the process it saved.
	await expect(previewFrame(page).locator('h1')).toBeVisible();
	expect(await page.evaluate(() => (window as unknown as { warm: string[] }).warm)).toEqual([]);
	await expect(page.locator('body > iframe')).toHaveCount(0);
});

test('the shell leases the tab before any of the studio’s modules runs; the page connects under that lease, and the hub watches it', async ({ page }) => {
	// Every Web Lock the page asks for: its name, and which script asked (null: a module of the studio).
	await page.addInitScript(() => {
		const asked: { name: string; script: string | null }[] = [];
		(window as unknown as { asked: typeof asked }).asked = asked;
		const locks = navigator.locks;
		const request = locks.request.bind(locks) as (...args: unknown[]) => Promise<unknown>;
		(locks as unknown as { request: (...args: unknown[]) => Promise<unknown> }).request = (...args: unknown[]) => {
			asked.push({ name: String(args[0]), script: document.currentScript?.getAttribute('src') ?? null });
			return request(...args);
		};
	});
	await page.goto('/');
	await waitForHub(page);
	const asked = await page.evaluate(() => (window as unknown as { asked: { name: string; script: string | null }[] }).asked.filter((lock) => lock.name.startsWith('studio:tab:')));
	// One lease, asked for by the first paint's classic script: the page's start asks for no second one.
	expect(asked).toEqual([{ name: expect.stringMatching(/^studio:tab:[0-9a-f-]{36}$/), script: '/first-paint.js' }]);
	const lease = asked[0]!.name;
	const locks = await page.evaluate(async () => {
		const state = await navigator.locks.query();
		return { held: (state.held ?? []).map((lock) => lock.name), pending: (state.pending ?? []).map((lock) => lock.name) };
	});
	// This tab holds it, and the hub waits for it (to learn when the tab is gone): the tab it tracks is this lease's.
	expect(locks.held.filter((name) => name?.startsWith('studio:tab:'))).toEqual([lease]);
	expect(locks.pending).toContain(lease);
	await expect(page.getByTestId('runtime-mode')).toHaveAttribute('data-mode', 'shared-worker');
});
