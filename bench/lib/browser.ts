// Chromium for the bench: the same executable and flags as the tests, a context per scenario with the
// in-page probes installed, and a CDP view of each page's and the hub's JS heap.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

const PROBES = fileURLToPath(new URL('../page/probes.js', import.meta.url));

/** Launches the test suite's Chromium. */
export async function launch(): Promise<Browser> {
	const executablePath = findChromium();
	if (!executablePath) throw new Error('No Chromium found: install one (e.g. apt-get install chromium) or set CHROMIUM_PATH.');
	return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** A fresh profile (its own IndexedDB, service worker and hub) with the probes in every page; a laptop's screen unless `device` says otherwise. */
export async function newContext(browser: Browser, baseURL: string, device: BrowserContextOptions = {}): Promise<BrowserContext> {
	// The floors' echo workers are blob: URLs, which the studio's policy (worker-src 'self') refuses in
	// its page; the probes are ours, so the policy is set aside for them.
	const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...device, bypassCSP: true });
	await context.addInitScript({ path: PROBES });
	return context;
}

/** Runs `work` in a fresh profile that is closed afterwards, whatever happens. */
export async function inContext<T>(browser: Browser, baseURL: string, work: (context: BrowserContext) => Promise<T>): Promise<T> {
	const context = await newContext(browser, baseURL);
	try {
		return await work(context);
	} finally {
		await context.close();
	}
}

/** Opens the studio and waits for a connected runtime and a settled first preview. */
export async function openStudio(context: BrowserContext): Promise<Page> {
	const page = await context.newPage();
	await page.goto('/');
	const start = await page.evaluate(() => window.__bench.startTimes());
	if (start.connected === null || start.status !== 'ready') throw new Error(`the studio did not start: ${JSON.stringify(start)}`);
	return page;
}

/** Heap of the page and of the hub's SharedWorker, after a forced garbage collection, in bytes. */
export async function heaps(browser: Browser, page: Page): Promise<{ page: number; hub: number }> {
	const pageSession = await page.context().newCDPSession(page);
	await pageSession.send('HeapProfiler.collectGarbage');
	const pageHeap = (await pageSession.send('Runtime.getHeapUsage')).usedSize;
	await pageSession.detach();
	const browserSession = await browser.newBrowserCDPSession();
	try {
		const { targetInfos } = await browserSession.send('Target.getTargets');
		const hub = targetInfos.find((t) => t.type === 'shared_worker' && t.url.startsWith(new URL(page.url()).origin));
		if (!hub) throw new Error('no shared worker hub found');
		const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId: hub.targetId, flatten: false });
		const call = workerCall(browserSession, sessionId);
		await call('HeapProfiler.collectGarbage');
		const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
		return { page: pageHeap, hub: usage.usedSize };
	} finally {
		await browserSession.detach();
	}
}

/** Playwright has no API for shared workers: their CDP target is reached through the browser session. */
function workerCall(session: CDPSession, sessionId: string) {
	let next = 0;
	return (method: string, params: Record<string, unknown> = {}) =>
		new Promise<unknown>((resolve, reject) => {
			const id = ++next;
			const onMessage = (event: { sessionId: string; message: string }) => {
				if (event.sessionId !== sessionId) return;
				const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
				if (message.id !== id) return;
				session.off('Target.receivedMessageFromTarget', onMessage);
				if (message.error) reject(new Error(message.error.message));
				else resolve(message.result);
			};
			session.on('Target.receivedMessageFromTarget', onMessage);
			session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
		});
}
