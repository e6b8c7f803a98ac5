// Shared Playwright fixtures: a page that records console errors and uncaught exceptions.
import { test as base, expect, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';

/** Console errors and page errors seen during a test. */
export interface PageProblems {
	errors: string[];
}

/** Starts recording console errors and uncaught exceptions on `page`. */
export function watchProblems(page: Page): PageProblems {
	const problems: PageProblems = { errors: [] };
	page.on('console', (message) => {
		if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
	});
	page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
	return problems;
}

export const test = base.extend<{ problems: PageProblems }>({
	problems: async ({ page }, use) => {
		await use(watchProblems(page));
	}
});

export { expect };

/** Waits until the status bar says the hub answered the handshake. */
export async function waitForHub(page: Page): Promise<void> {
	await expect(page.getByTestId('hub-state')).toHaveText('Runtime connected', { timeout: 15_000 });
}

/**
 * On a phone the editor starts as the open file's plain text (CodeMirror comes with the first touch):
 * touches it, as a person would, and returns once CodeMirror shows the file.
 */
export async function wakeEditor(page: Page): Promise<void> {
	const plain = page.getByTestId('plain-editor');
	const editor = page.locator('section[data-region="editor"] .cm-content');
	await expect(plain.or(editor).first()).toBeVisible();
	// CodeMirror may already be on its way (another file was opened) and take the plain text away
	// while the click is being made: then there is nothing left to click.
	if (await plain.isVisible()) await plain.click({ position: { x: 60, y: 12 }, timeout: 5_000 }).catch(() => undefined);
	await expect(editor).toBeVisible();
}

/**
 * Waits until the service worker is active, then reloads so the page runs under it (a first load
 * is not controlled yet); the studio is connected again when this returns.
 */
export async function underServiceWorker(page: Page): Promise<void> {
	await page.evaluate(async () => {
		const worker = (await navigator.serviceWorker.ready).active!;
		if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
	});
	await page.reload();
	await waitForHub(page);
	expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * Samples the page's main thread every 50 ms from now on; the returned function gives the longest
 * gap seen (a stalled studio shows gaps of seconds) and how many samples were taken.
 */
export async function watchMainThread(page: Page): Promise<() => Promise<{ worst: number; samples: number }>> {
	await page.evaluate(() => {
		const w = window as unknown as { gaps: number[] };
		w.gaps = [];
		let last = performance.now();
		setInterval(() => {
			const now = performance.now();
			w.gaps.push(now - last);
			last = now;
		}, 50);
	});
	return () => page.evaluate(() => ({ worst: Math.max(...(window as unknown as { gaps: number[] }).gaps), samples: (window as unknown as { gaps: number[] }).gaps.length }));
}

/**
 * The site as the preview shows it: the sandboxed frame inside the studio's preview document
 * (static/preview.html), which is the frame in the preview panel.
 */
export function previewFrame(page: Page, within = 'section[data-region="preview"]'): FrameLocator {
	// Each render has a frame of its own, and the frame before stays until it loads (data-leaving:
	// preview/frame-document.ts): the site's frame is the newest.
	return page.frameLocator(`${within} iframe.preview-frame`).frameLocator(SITE_FRAME);
}

/** The site's frame in a preview opened in a new window (the page before stays over it, leaving, until it loads). */
export const SITE_FRAME = 'iframe:not([data-leaving])';

/**
 * Holds the studio's entry scripts, so none of its modules runs, until the returned release is
 * called (the page's requests reach routes only in a context with `serviceWorkers: 'block'`).
 */
export async function holdStudioCode(context: BrowserContext): Promise<() => void> {
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	await context.route('**/_app/immutable/entry/**', async (route) => {
		await held;
		await route.continue();
	});
	return release;
}
