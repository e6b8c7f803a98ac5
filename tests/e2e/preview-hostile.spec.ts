// Pages written to escape the preview: a script before <head>, a <head> inside <noscript> or
// <template>. Whatever the markup, the no-network policy and the bridge come first: the studio's
// server is never asked (a relative fetch is answered from the workspace), a CORS-open server on
// 127.0.0.1 is never reached and each blocked request is reported, and the page cannot forge its own
// acknowledgement.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';
import { closeServer } from './helpers/close-server';

type Result = { isError: boolean; structuredContent: { revision?: number; preview?: { revision: number; status: string; durationMs?: number } } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;

let server: Server;
let origin = '';
const hits: string[] = [];
const IMAGE_MS = 1200;
/** Past the host's 3 s deadline, within the hub's 6 s. */
const SLOWER_MS = 4000;
// A 1×1 GIF.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');

test.beforeAll(async () => {
	server = createServer((request, response) => {
		if (request.url?.startsWith('/slow.gif') || request.url?.startsWith('/slower.gif')) {
			const delay = request.url.startsWith('/slower.gif') ? SLOWER_MS : IMAGE_MS;
			setTimeout(() => response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(GIF), delay);
			return;
		}
		hits.push(request.url ?? '');
		response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end('{"leaked":true}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => closeServer(server));

/**
 * The hostile script: fetches a workspace file and the test server, and tries to forge `ready` at once
 * — by reading the bridge's nonce from the DOM (a MutationObserver and a query) and by dispatching a
 * synthetic load event.
 */
const attack = (tag: string) => `<script>
(function () {
  var found = [];
  var look = function () { document.querySelectorAll('[data-nonce]').forEach(function (el) { found.push(el.getAttribute('data-nonce')); }); };
  look();
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  fetch('data.json').then(function (r) { return r.text(); }).then(function (t) { document.documentElement.dataset.relative = t; }, function () { document.documentElement.dataset.relative = 'refused'; });
  fetch('${'ORIGIN'}/${tag}').then(function () { document.documentElement.dataset.foreign = 'answered'; }, function () { document.documentElement.dataset.foreign = 'refused'; });
  var revision = Number((document.querySelector('[data-revision]') || {}).getAttribute ? document.querySelector('[data-revision]').getAttribute('data-revision') : 0);
  setTimeout(function () {
    // The browser's own top, the studio (the site's page is its own top).
    var studio = Object.getOwnPropertyDescriptor(window, 'top').get.call(window);
    found.forEach(function (nonce) { studio.postMessage({ type: 'ready', revision: revision, nonce: nonce }, '*'); });
    document.documentElement.dataset.nonces = String(found.length);
    window.dispatchEvent(new Event('load'));
  }, 0);
})();
</script>`;

const PAGES: Record<string, (script: string, image: string) => string> = {
	'script-before-head': (script, image) => `<!doctype html>${script}<html><head><title>before head</title></head><body><h1>Hostile</h1>${image}</body></html>`,
	'head-in-noscript': (script, image) => `<!doctype html><html><noscript><head></noscript>${script}<head><title>noscript</title></head><body><h1>Hostile</h1>${image}</body></html>`,
	'head-in-template': (script, image) => `<!doctype html><html><template><head></template>${script}<title>template</title><body><h1>Hostile</h1>${image}</body></html>`
};

test('pages that put a script before <head>, or <head> in <noscript> or <template>, reach no server, are reported, and cannot forge ready', async ({ page, context }) => {
	test.setTimeout(90_000);
	const asked: string[] = [];
	context.on('request', (request) => {
		if (!request.url().includes("/slow.gif") && /data\.json|script-before-head|head-in-noscript|head-in-template/.test(request.url())) asked.push(request.url());
	});
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await call(page, 'workspace_create_file', { path: 'data.json', content: '{"secret":1}' });
	for (const [name, build] of Object.entries(PAGES)) {
		const html = build(attack(name).replace('ORIGIN', origin), `<img alt="" src="${origin}/slow.gif?${name}">`);
		const started = Date.now();
		const result = await call(page, 'workspace_write_file', { path: 'index.html', content: html });
		const took = Date.now() - started;
		// Only the browser's load (after the slow image) acknowledges: a forged ready would answer at once.
		expect(result.structuredContent.preview, name).toMatchObject({ revision: result.structuredContent.revision, status: expect.stringMatching(/ready|error/) });
		expect(took, name).toBeGreaterThanOrEqual(IMAGE_MS - 100);
		const site = previewFrame(page).locator('html');
		await expect(site, name).toHaveAttribute('data-relative', '{"secret":1}'); // the workspace's file, not the server's
		await expect(site, name).toHaveAttribute('data-foreign', 'refused');
		await expect(site, name).toHaveAttribute('data-nonces', '0');
		await expect
			.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as unknown as { warnings: { message: string; revision: number }[] }).warnings.filter((e) => e.revision === result.structuredContent.revision && e.message.startsWith('Blocked a network request')).length, { message: name })
			.toBe(1);
	}
	await page.waitForTimeout(300);
	expect(asked).toEqual([]);
	expect(hits).toEqual([]);
});

test('a page still loading past the deadline, whose thread still runs, is waited for rather than stopped', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const started = Date.now();
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: `<!doctype html><html><body><h1 id="slow">Slow</h1><img alt="" src="${origin}/slower.gif"></body></html>` });
	expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWER_MS - 100);
	expect(result.structuredContent.preview).toMatchObject({ revision: result.structuredContent.revision, status: 'ready' });
	await expect(previewFrame(page).locator('#slow')).toHaveText('Slow');
	await expect(page.getByTestId('preview-chip')).toContainText('ready');
});
