// The live preview in Chromium: revision-exact acknowledgements, errors, timeouts, superseding, isolation.
import { test, expect, waitForHub, watchMainThread, previewFrame, SITE_FRAME } from './fixtures';
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './helpers/close-server';
import { PNG } from 'pngjs';

type Preview = { revision: number; status: string; code?: string; message?: string };
type Result = { isError: boolean; structuredContent: { revision?: number; preview?: Preview; error?: { code: string } } & Record<string, unknown> };

const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const frame = (page: Page) => previewFrame(page);
const page_ = (body: string, script = '') => `<!doctype html><html><head><title>t</title></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
}

test('the starter renders with its stylesheet, module graph and assets, and the chip names the revision', async ({ page, problems }) => {
	await ready(page);
	const rev = await page.evaluate(() => window.studio!.revision);
	await expect(page.getByTestId('preview-chip')).toHaveText(new RegExp(`^revision ${rev} · ready in \\d+ ms$`));
	await expect(frame(page).locator('h1')).toHaveText('Fresh bread, every morning');
	await expect(frame(page).locator('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
	const accent = await frame(page).locator('button#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
	expect(accent).toBe('rgb(194, 65, 12)');
	await frame(page).locator('button#cta').click();
	await expect(frame(page).locator('#cta-note')).toContainText('Your loaf will be waiting');
	const status = (await call(page, 'preview_get_status')).structuredContent as { console: { text: string }[] };
	expect(status.console.map((line) => line.text)).toContain('Bright Bakery is ready');
	expect(problems.errors).toEqual([]);
	// The site runs sandboxed inside the studio's preview document, which keeps its own policy.
	const holder = page.locator('section[data-region="preview"] iframe.preview-frame');
	await expect(holder).toHaveAttribute('src', /\/preview\.html$/);
	await expect(holder.contentFrame().locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals allow-downloads');
});

test('a write changes the rendered text and the tool result reports that same revision as ready', async ({ page }) => {
	await ready(page);
	const result = await call(page, 'workspace_apply_patch', { path: 'index.html', search: 'Fresh bread, every morning', replace: 'Warm rolls all day' });
	expect(result.isError).toBe(false);
	expect(result.structuredContent.preview).toMatchObject({ revision: result.structuredContent.revision, status: 'ready' });
	await expect(frame(page).locator('h1')).toHaveText('Warm rolls all day');
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${result.structuredContent.revision} · ready`);
});

test('a change to a file the page does not use keeps the page as it is (its state survives) and labels it with the new revision; Refresh reloads it', async ({ page, context }) => {
	await ready(page);
	const other = await context.newPage();
	await ready(other);
	// State inside the running page: the CTA note appears after a click.
	await frame(page).locator('button#cta').click();
	await expect(frame(page).locator('#cta-note')).toContainText('Your loaf will be waiting');
	const result = await call(page, 'workspace_write_file', { path: 'README.md', content: 'notes only' });
	expect(result.structuredContent.preview).toMatchObject({ revision: result.structuredContent.revision, status: 'ready' });
	for (const tab of [page, other]) await expect(tab.getByTestId('preview-chip')).toContainText(`revision ${result.structuredContent.revision} · ready`);
	await expect(frame(page).locator('#cta-note')).toContainText('Your loaf will be waiting');
	// A change the page uses reloads it; so does an explicit refresh.
	const refreshed = await call(page, 'preview_refresh');
	expect(refreshed.structuredContent.preview).toMatchObject({ revision: result.structuredContent.revision, status: 'ready' });
	await expect(frame(page).locator('#cta-note')).not.toContainText('Your loaf will be waiting');
});

test('a script error gives status error with the message, and the overlay links to the file', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_create_file', { path: 'boom.js', content: 'const x = 1;\nnotDefinedAnywhere();\n' });
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Boom</h1><script src="boom.js"></script>') });
	expect(result.structuredContent.preview).toMatchObject({ status: 'error', code: 'PREVIEW_RUNTIME_ERROR' });
	expect(result.structuredContent.preview!.message).toContain('notDefinedAnywhere');
	await expect(page.getByTestId('preview-error')).toContainText('notDefinedAnywhere');
	await page.getByTestId('preview-error').getByRole('button', { name: 'boom.js:2' }).click();
	await expect(page.getByRole('list', { name: 'Open files' }).getByRole('button', { name: 'boom.js', exact: true })).toHaveAttribute('aria-current', 'page');
	await expect(page.locator('.cm-activeLine')).toContainText('notDefinedAnywhere()');
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: { message: string; revision: number }[] };
	expect(status.errors.at(-1)).toMatchObject({ revision: result.structuredContent.revision });
});

test('an error in a theme’s script, deferred to DOMContentLoaded, names that script’s file and line, not a line of the page around it', async ({ page }) => {
	await ready(page);
	// The shape of a Start Bootstrap theme's page and scripts.js, its library from a CDN (offline here):
	// Chromium counts this error's line from the script's first line, where the page's other scripts
	// get lines of the document.
	const theme = [
		'/*!',
		'* Bright Theme v1.0.0 (https://example.com/themes/bright)',
		'* Copyright 2020-2026 Bright Themes',
		'* Licensed under MIT (https://example.com/themes/bright/blob/main/LICENSE)',
		'*/',
		'//',
		'// Scripts',
		'// ',
		'',
		"window.addEventListener('DOMContentLoaded', event => {",
		'',
		'',
		"    //  Follow the sections of the page in its menu",
		"    const mainNav = document.body.querySelector('#mainNav');",
		'    if (mainNav) {',
		"        new missingLibrary.ScrollSpy(document.body, {",
		"            target: '#mainNav',",
		'        });',
		'    };',
		'',
		'});',
		''
	].join('\n');
	await call(page, 'workspace_create_file', { path: 'css/theme.css', content: Array.from({ length: 40 }, (_, i) => `.s${i} { margin: ${i}px; }`).join('\n') });
	await call(page, 'workspace_create_file', { path: 'js/theme.js', content: theme });
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: '<!doctype html>\n<html>\n<head>\n<title>Theme</title>\n<link rel="stylesheet" href="css/theme.css">\n</head>\n<body>\n<nav id="mainNav"></nav>\n<h1>Theme</h1>\n<script src="https://cdn.example.com/missing-library.js"></script>\n<script src="js/theme.js"></script>\n</body>\n</html>\n' });
	expect(result.structuredContent.preview).toMatchObject({ status: 'error', code: 'PREVIEW_RUNTIME_ERROR' });
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: { message: string; at?: string }[] };
	expect(status.errors.find((error) => error.message.includes('missingLibrary'))?.at).toBe('js/theme.js:16');
});

test('renders add nothing to the tab\'s history: the browser\'s Back leaves the studio, and the page before stays in sight until the next one loads', async ({ page }) => {
	await page.goto('about:blank');
	await ready(page);
	const entries = await page.evaluate(() => history.length);
	// What happens to the site's frames in the preview document, in order.
	await page.evaluate(() => {
		const doc = document.querySelector<HTMLIFrameElement>('section[data-region="preview"] iframe.preview-frame')!.contentDocument!;
		const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
		new MutationObserver((records) => {
			for (const record of records) {
				for (const node of record.addedNodes) {
					// Of the preview document's realm: not this page's HTMLIFrameElement.
					if (node.nodeName !== 'IFRAME') continue;
					const before = [...doc.querySelectorAll('iframe')].filter((other) => other !== node);
					seen.push(`added beside ${before.map((other) => getComputedStyle(other).display).join(',')}`);
					// Capturing: heard before the studio's own listener on the frame, which removes the one before.
					node.addEventListener('load', () => seen.push('loaded'), { capture: true });
				}
				for (const node of record.removedNodes) if (node.nodeName === 'IFRAME') seen.push('removed');
			}
		}).observe(doc.body, { childList: true });
	});
	// Each page runs in its viewport's size from its start, as on a host (a canvas sized from innerWidth).
	const sized = "var size = innerWidth > 0 && innerHeight > 0 ? 'sized' : innerWidth + 'x' + innerHeight; document.addEventListener('DOMContentLoaded', function () { document.getElementById('size').textContent = size; });";
	for (const [i, body] of ['<h1>One</h1>', '<h1>Two</h1>', '<h1>Three</h1>'].entries()) {
		const result = await call(page, 'workspace_write_file', { path: 'index.html', content: `<!doctype html><html><head><title>t</title><script>${sized}</script></head><body>${body}<p id="size">?</p></body></html>` });
		expect(result.structuredContent.preview?.status, `render ${i}`).toBe('ready');
		await expect(frame(page).locator('#size'), `render ${i}`).toHaveText('sized');
	}
	await expect(frame(page).locator('h1')).toHaveText('Three');
	const holder = page.locator('section[data-region="preview"] iframe.preview-frame').contentFrame();
	await expect(holder.locator('iframe')).toHaveCount(1);
	// Each render: a new frame beside the page before, still shown, which goes once the new one loaded.
	expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(Array(3).fill(['added beside block', 'loaded', 'removed']).flat());
	expect(await page.evaluate(() => history.length)).toBe(entries);
	await page.goBack();
	expect(page.url()).toBe('about:blank');
});

test('an endless loop times out with PREVIEW_ACK_TIMEOUT, the studio stays responsive, and the next good revision renders', async ({ page }) => {
	test.setTimeout(60_000);
	await ready(page);
	// The studio's own main thread is sampled every 50 ms while the frame spins: it must never stall.
	const mainThread = await watchMainThread(page);
	const looping = call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Loop</h1>', 'while (true) {}') });
	await page.waitForTimeout(300);
	await page.getByRole('tab', { name: 'Trace' }).click();
	await expect(page.getByRole('tab', { name: 'Trace' })).toHaveAttribute('aria-selected', 'true');
	const result = await looping;
	expect(result.structuredContent.preview).toMatchObject({ status: 'timeout', code: 'PREVIEW_ACK_TIMEOUT' });
	await expect(page.getByTestId('preview-chip')).toContainText('timed out');
	const { worst, samples } = await mainThread();
	expect(samples).toBeGreaterThan(20);
	expect(worst).toBeLessThan(1000);
	const good = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Recovered</h1>') });
	expect(good.structuredContent.preview).toMatchObject({ revision: good.structuredContent.revision, status: 'ready' });
	await expect(frame(page).locator('h1')).toHaveText('Recovered');
});

test('a page stuck in its own code after it loaded does not hold the preview: the fix renders, and sooner for a page that saves on pagehide', async ({ page }) => {
	test.setTimeout(60_000);
	await ready(page);
	/** Writes a game whose Start button spins for ever, then starts it. */
	const spin = async (listeners: string) => {
		await call(page, 'workspace_write_file', {
			path: 'index.html',
			content: page_('<h1>Game</h1><button id="spin">Start</button>', `${listeners}
document.getElementById('spin').onclick = function () { setTimeout(function () { for (;;) { document.title = 'spinning'; } }, 100); };`)
		});
		await expect(frame(page).locator('h1')).toHaveText('Game');
		// Clicked from script: the click's own wait for the page to settle would wait on the loop.
		await frame(page).locator('#spin').evaluate((button: HTMLElement) => button.click());
		await page.waitForTimeout(400);
	};
	const fix = async () => {
		const fixed = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Fixed</h1><p id="saved"></p>', "document.getElementById('saved').textContent = String(localStorage.getItem('saved'));") });
		expect(fixed.structuredContent.preview).toMatchObject({ revision: fixed.structuredContent.revision, status: 'ready' });
		await expect(frame(page).locator('h1')).toHaveText('Fixed');
		// The stuck page never heard it was leaving: nothing of it ran.
		await expect(frame(page).locator('#saved')).toHaveText('null');
	};
	// The next frame was given the stuck page's renderer process and never ran: it is tried again in a fresh one.
	await spin('');
	await fix();
	// A frame with unload-time listeners kept that process to run them, and every later render timed
	// out in it; a page that listens is asked to leave, and one that does not answer is taken as stuck.
	await spin("addEventListener('pagehide', function () { localStorage.setItem('saved', 'yes'); });\nwindow.onbeforeunload = function () { localStorage.setItem('saved', 'yes'); };");
	await fix();
	const again = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Again</h1>') });
	expect(again.structuredContent.preview).toMatchObject({ revision: again.structuredContent.revision, status: 'ready' });
});

test('ten rapid writes end with the last revision rendered; earlier ones are superseded', async ({ page }) => {
	await ready(page);
	const results = await page.evaluate(async () => {
		const calls = [...Array(10).keys()].map((i) =>
			window.studio!.callTool('workspace_write_file', { path: 'index.html', content: `<!doctype html><html><head></head><body><h1>Version ${i}</h1></body></html>` })
		);
		return (await Promise.all(calls)) as { structuredContent: { revision: number; preview: { revision: number; status: string } } }[];
	});
	const previews = results.map((r) => r.structuredContent.preview);
	const last = results.at(-1)!.structuredContent;
	expect(last.preview).toMatchObject({ revision: last.revision, status: 'ready' });
	expect(previews.filter((p) => p.status === 'superseded').length).toBeGreaterThan(0);
	expect(previews.every((p) => ['ready', 'superseded'].includes(p.status))).toBe(true);
	await expect(frame(page).locator('h1')).toHaveText('Version 9');
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${last.revision} · ready`);
});

test('renders published while the tab resyncs all arrive: every write is acknowledged and the frame ends on the newest', async ({ page }) => {
	await ready(page);
	const { results, resyncs } = await page.evaluate(async () => {
		const studio = window.studio!;
		// A foreign hub's event makes the tab drop its stream position and re-read the snapshot.
		const events = new BroadcastChannel(`studio:events:${studio.build}:${studio.workspace.id}`);
		const before = studio.resyncs;
		const storm = setInterval(() => events.postMessage({ type: 'workspace.reloaded', seq: 1, hubId: 'another-hub', at: Date.now() }), 3);
		const results: { structuredContent: { revision: number; preview: { revision: number; status: string } } }[] = [];
		try {
			for (let i = 0; i < 8; i++) {
				results.push((await studio.callTool('workspace_write_file', { path: 'index.html', content: `<!doctype html><html><head></head><body><h1>Resync ${i}</h1></body></html>` })) as (typeof results)[number]);
			}
		} finally {
			clearInterval(storm);
			events.close();
		}
		return { results, resyncs: studio.resyncs - before };
	});
	expect(resyncs).toBeGreaterThan(8);
	// Each write waited for its own render: a render lost in a resync would time out here.
	for (const result of results) expect(result.structuredContent.preview).toMatchObject({ revision: result.structuredContent.revision, status: 'ready' });
	const last = results.at(-1)!.structuredContent.revision;
	await expect(frame(page).locator('h1')).toHaveText('Resync 7');
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${last} · ready`);
	await expect.poll(() => page.evaluate(() => window.studio!.revision)).toBe(last);
});

test('a revision opens in a new window: the same page, sandboxed, and no way back to the studio; it follows edits where the page was scrolled, at its fragment', async ({ page }) => {
	await ready(page);
	const written = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Detached</h1>') });
	const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open preview in a new window' }).click()]);
	await expect(popup.frameLocator(SITE_FRAME).locator('h1')).toHaveText('Detached');
	await expect(popup.locator(SITE_FRAME)).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals allow-downloads');
	await expect(popup).toHaveTitle(`Preview · revision ${written.structuredContent.revision}`);
	expect(await popup.evaluate(() => window.opener)).toBeNull();
	// It follows the studio's edits of the page, which stays where the person left it, as in the panel:
	// scrolled down, at the fragment it went to.
	const tall = (title: string) => page_(`<h1>${title}</h1><a id="two" href="#/two">two</a><p id="at"></p><div style="height:3000px"></div><p id="end">end</p><script>document.getElementById('at').textContent = 'at ' + location.hash;</script>`);
	await call(page, 'workspace_write_file', { path: 'index.html', content: tall('Tall') });
	const away = popup.frameLocator(SITE_FRAME);
	await expect(away.locator('h1')).toHaveText('Tall');
	await away.locator('#two').click();
	await away.locator('#end').scrollIntoViewIfNeeded();
	const scrolled = await away.locator('body').evaluate(() => Math.round(window.scrollY));
	expect(scrolled).toBeGreaterThan(1000);
	await popup.waitForTimeout(500); // the page tells where it is scrolled 150 ms after it stops
	await call(page, 'workspace_write_file', { path: 'index.html', content: tall('Taller') });
	await expect(away.locator('h1')).toHaveText('Taller');
	await expect(away.locator('#at')).toHaveText('at #/two');
	await expect.poll(() => away.locator('body').evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
	await popup.close();
	// A browser that blocks the window: the person is told, not left wondering.
	await page.evaluate(() => (window.open = () => null));
	await page.getByRole('button', { name: 'Open preview in a new window' }).click();
	await expect(page.getByText('The browser blocked the new window: allow pop-ups for the studio, then try again.')).toBeVisible();
});

test('the preview cannot read the studio\'s DOM, localStorage or IndexedDB, nor navigate the frames around it', async ({ page }) => {
	await ready(page);
	const studioUrl = page.url();
	await page.evaluate(() => localStorage.setItem('studio-secret', 'top secret'));
	const probe = `
		const out = [];
		// The site's page is its own parent and top, as a top-level page on a host; hostile code takes the
		// browser's own top, the studio, whose frames hold the preview document.
		out.push('parent:' + (parent === window ? 'self' : 'other') + (top === window ? '' : ' top:other'));
		const studio = Object.getOwnPropertyDescriptor(window, 'top').get.call(window);
		const around = [studio];
		for (let i = 0; i < studio.length; i++) around.push(studio[i]);
		const read = around.map((w) => { try { return w.document ? 'READ' : 'none'; } catch (e) { return 'blocked'; } });
		out.push('around:' + (read.length > 1 && read.every((r) => r === 'blocked') ? 'blocked' : read.join('/')));
		try { out.push('localStorage:' + (localStorage.getItem('studio-secret') ?? 'empty')); } catch (e) { out.push('localStorage:blocked'); }
		// The site's IndexedDB is its own (kept for the workspace by the hub): the studio's database is not in it.
		try { const request = indexedDB.open('web-studio'); request.onsuccess = () => console.log('indexedDB:' + (request.result.objectStoreNames.length ? 'READ' : 'own, empty')); out.push('indexedDB:requested'); } catch (e) { out.push('indexedDB:blocked'); }
		console.log(out.join(' '));
		for (const target of around) { try { target.location.href = 'https://example.invalid/'; } catch (e) {} }`;
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Probe</h1>', probe) });
	expect(result.structuredContent.preview).toMatchObject({ status: 'ready' });
	await expect
		.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as { console: { text: string }[] }).console.map((l) => l.text).join('\n'))
		// localStorage is the site's own (kept for the workspace by the hub), never the studio's.
		.toContain('parent:self around:blocked localStorage:empty indexedDB:requested');
	await expect.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as { console: { text: string }[] }).console.map((l) => l.text)).toContain('indexedDB:own, empty');
	const lines = ((await call(page, 'preview_get_status')).structuredContent as { console: { text: string }[] }).console.map((l) => l.text).join('\n');
	expect(lines).not.toContain('READ');
	expect(lines).not.toContain('top secret');
	// The sandbox forbids navigating ancestors: the preview document and the studio stay where they are.
	expect(page.url()).toBe(studioUrl);
	expect(page.frames().some((frame) => frame.url().includes('example.invalid'))).toBe(false);
	await expect(page.locator('section[data-region="preview"] iframe.preview-frame').contentFrame().locator('iframe')).toHaveCount(1);
	await expect(previewFrame(page).locator('h1')).toHaveText('Probe');
});

test('a forged acknowledgement from page code with a wrong nonce is ignored', async ({ page }) => {
	await ready(page);
	const before = await page.evaluate(() => window.studio!.revision);
	const forge = `
		// The studio (the browser's own top: the site's page is its own top and parent), and the
		// preview document among its frames.
		const studio = Object.getOwnPropertyDescriptor(window, 'top').get.call(window);
		const around = [studio];
		for (let i = 0; i < studio.length; i++) around.push(studio[i]);
		for (const target of around) {
			target.postMessage({ type: 'error', revision: ${before + 1}, nonce: 'forged', message: 'FORGED', source: '', line: 0, column: 0 }, '*');
			target.postMessage({ type: 'ready', revision: ${before + 5}, nonce: 'forged' }, '*');
		}
		const start = Date.now(); while (Date.now() - start < 400) {}`;
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Forger</h1>', forge) });
	expect(result.structuredContent.revision).toBe(before + 1);
	expect(result.structuredContent.preview).toMatchObject({ revision: before + 1, status: 'ready' });
	const status = (await call(page, 'preview_get_status')).structuredContent as unknown as { errors: { message: string }[]; preview: { revision: number } };
	expect(status.errors.map((e) => e.message)).not.toContain('FORGED');
	expect(status.preview.revision).toBe(before + 1);
});

test('console output from the page is serialised safely: cycles, DOM nodes and huge strings', async ({ page }) => {
	await ready(page);
	const script = `const a = { name: 'loop' }; a.self = a; console.log('cycle', a); console.warn('node', document.body); console.error('x'.repeat(50000));`;
	await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1>Console</h1>', script) });
	await expect
		.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as unknown as { console: { level: string; text: string }[] }).console.length)
		.toBeGreaterThanOrEqual(3);
	const lines = ((await call(page, 'preview_get_status')).structuredContent as unknown as { console: { level: string; text: string }[] }).console.slice(-3);
	expect(lines[0]).toMatchObject({ level: 'log', text: "cycle {name: loop, self: [circular]}" });
	expect(lines[1]).toMatchObject({ level: 'warn', text: 'node <body>' });
	expect(lines[2]!.level).toBe('error');
	expect(lines[2]!.text.length).toBeLessThan(2100);
	expect(lines[2]!.text).toContain('(50000 chars)');
});

test('a page linking missing.css: the diagnostic names it with index.html:LINE, and the studio server is never asked for it', async ({ page }) => {
	await ready(page);
	const asked: string[] = [];
	page.context().on('request', (request) => {
		if (/missing\.css|gone\.png/.test(request.url())) asked.push(request.url());
	});
	const result = await call(page, 'workspace_write_file', { path: 'index.html', content: '<!doctype html>\n<html><head>\n<link rel="stylesheet" href="missing.css">\n</head><body><h1 id="still">Still here</h1>\n<img src="gone.png" alt=""></body></html>\n' });
	// The broken image is an error of the page that names the missing file and where it was asked for.
	expect(result.structuredContent.preview).toMatchObject({ status: 'error', message: expect.stringContaining('Missing file: gone.png') });
	const diagnostics = (result.structuredContent.preview as { diagnostics?: { reference: string; line?: number; message?: string }[] }).diagnostics ?? [];
	expect(diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ reference: 'missing.css', line: 3, message: expect.stringContaining('index.html:3') }), expect.objectContaining({ reference: 'gone.png', line: 5 })]));
	await expect(frame(page).locator('#still')).toHaveText('Still here');
	await expect(page.getByTestId('preview-error').getByRole('button', { name: 'index.html:5' })).toBeVisible();
	await page.waitForTimeout(500);
	expect(asked).toEqual([]);
});

test('a page script never reaches the studio origin (or anything): its relative fetch is answered from the workspace, an absolute one is refused and reported in the bar under the page, whose viewport keeps its size', async ({ page }) => {
	await ready(page);
	const asked: string[] = [];
	page.context().on('request', (request) => {
		if (/data\.json|studio-probe/.test(request.url())) asked.push(request.url());
	});
	const script = `<script>
addEventListener('resize', () => (document.body.dataset.resized = innerWidth + 'x' + innerHeight));
fetch('data.json').then((r) => (document.body.dataset.relative = 'status ' + r.status), () => (document.body.dataset.relative = 'refused'));
fetch('${new URL(page.url()).origin}/studio-probe').then(() => (document.body.dataset.origin = 'answered'), () => (document.body.dataset.origin = 'refused'));
</script>`;
	await call(page, 'workspace_write_file', { path: 'index.html', content: `<!doctype html>\n<html><head></head><body><h1>Offline by design</h1>\n${script}</body></html>\n` });
	// data.json is not in the workspace: the preview answers 404, as a static host would.
	await expect(frame(page).locator('body')).toHaveAttribute('data-relative', 'status 404');
	await expect(frame(page).locator('body')).toHaveAttribute('data-origin', 'refused');
	// Reported as a warning of this revision (the network is off), not an error of the site.
	await expect
		.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as { warnings: { message: string }[] }).warnings.map((e) => e.message).join('\n'))
		.toContain('Blocked a network request');
	await expect(page.getByTestId('preview-warning')).toContainText('Blocked a network request');
	await expect(page.getByTestId('preview-warning').getByRole('button', { name: 'Allow network' })).toBeVisible();
	await page.waitForTimeout(300);
	expect(asked).toEqual([]);
	// The note is not a strip above the page: the page heard no resize (SB Admin 2 folds its sidebar on one).
	await expect(frame(page).locator('body')).not.toHaveAttribute('data-resized');
});

test('backgrounds a script sets (a property, setProperty, cssText, markup added later), a srcset a lazy loader sets, an <object> of a site file and a frame of a site page load the workspace\'s files, as on a host', async ({ page }) => {
	await ready(page);
	const dot = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>';
	await call(page, 'workspace_create_file', { path: 'img/dot.svg', content: dot });
	await call(page, 'workspace_create_file', { path: 'parts/box.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text id="box" y="15">box</text></svg>' });
	const boxes = ['property', 'set-property', 'css-text'].map((id) => `<div id="${id}" style="width:20px;height:20px"></div>`).join('');
	// As sliders and lazy loaders do: the URL is relative to the page, written after it loaded.
	const script = `document.getElementById('property').style.backgroundImage = 'url(img/dot.svg)';
document.getElementById('set-property').style.setProperty('background-image', "url('./img/dot.svg')");
document.getElementById('css-text').style.cssText = 'width:20px;height:20px;background:url("img/dot.svg") no-repeat';
document.body.insertAdjacentHTML('beforeend', '<p id="later" style="width:20px;height:20px;background-image:url(img/dot.svg)"></p>');
document.body.insertAdjacentHTML('beforeend', '<svg><defs><linearGradient id="g"><stop stop-color="red"/></linearGradient></defs><rect id="painted" width="8" height="8" style="fill:url(#g)"/></svg>');
// As lazy loaders do: a srcset copied from data-srcset, by property and by setAttribute on a picture's source.
document.body.insertAdjacentHTML('beforeend', '<img id="lazy" alt="lazy" data-srcset="img/dot.svg 1x"><picture><source id="lazy-source" data-srcset="./img/dot.svg" type="image/svg+xml"><img id="pictured" alt="pictured"></picture>');
document.getElementById('lazy').srcset = document.getElementById('lazy').dataset.srcset;
document.getElementById('lazy-source').setAttribute('srcset', document.getElementById('lazy-source').dataset.srcset);`;
	// A page in a folder of its own, framed: its stylesheet and image are named from there.
	await call(page, 'workspace_create_file', { path: 'parts/card.html', content: '<!doctype html><link rel="stylesheet" href="card.css"><p id="card">Card</p><img src="../img/dot.svg" width="8" height="8" alt="dot">' });
	await call(page, 'workspace_create_file', { path: 'parts/card.css', content: '#card { color: rgb(0, 128, 128) }' });
	const written = await call(page, 'workspace_write_file', { path: 'index.html', content: page_(`${boxes}<object id="part" data="parts/box.svg" type="image/svg+xml" width="40" height="20">no part</object><iframe id="cards" src="parts/card.html" title="card"></iframe>`, script) });
	expect(written.structuredContent.preview?.status).toBe('ready');
	for (const id of ['property', 'set-property', 'css-text', 'later']) {
		const box = frame(page).locator(`#${id}`);
		// Loaded from the file's blob: URL; read back, the style names the file's URL on the site, as a host's names its own.
		await expect.poll(() => box.getAttribute('style')).toMatch(/url\("blob:/);
		expect(await box.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('url("https://site.invalid/img/dot.svg")');
		// The file itself drawn: the box is the dot's red.
		await expect.poll(async () => { const png = PNG.sync.read(await box.screenshot()); return [...png.data.subarray(0, 3)].join(','); }).toBe('204,0,0');
	}
	for (const id of ['lazy', 'pictured']) await expect.poll(() => frame(page).locator(`#${id}`).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
	// The same width and height as the box: its own file, not its fallback text.
	await expect(frame(page).locator('#part')).toHaveAttribute('data', /^data:image\/svg\+xml/);
	expect(await frame(page).locator('#part').evaluate((el) => (el as HTMLObjectElement).getBoundingClientRect().width)).toBe(40);
	// A url() that names an element of the page (an SVG gradient) is the page's own, left as written.
	expect(await frame(page).locator('#painted').getAttribute('style')).toBe('fill:url(#g)');
	const card = frame(page).frameLocator('#cards');
	await expect(card.locator('#card')).toHaveCSS('color', 'rgb(0, 128, 128)');
	await expect.poll(() => card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: { message: string }[] };
	expect(status.errors.map((e) => e.message)).toEqual([]);
});

test('an SVG sprite’s icons (`<use href="icons.svg#id">`), in the page’s markup and in markup a script adds, draw from the workspace’s file', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_create_file', { path: 'img/icons.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="box" viewBox="0 0 8 8"><rect width="8" height="8" fill="#c00"/></symbol></svg>' });
	const icon = (id: string, href: string) => `<svg id="${id}" width="16" height="16"><use ${href}></use></svg>`;
	const script = `document.getElementById('later').innerHTML = '${icon('added', 'href="img/icons.svg#box"')}';`;
	const written = await call(page, 'workspace_write_file', { path: 'index.html', content: page_(`${icon('plain', 'href="img/icons.svg#box"')}${icon('xlink', 'xlink:href="img/icons.svg#box"')}<p id="later"></p>`, script) });
	expect(written.structuredContent.preview?.status).toBe('ready');
	for (const id of ['plain', 'xlink', 'added']) {
		const box = frame(page).locator(`#${id}`);
		await expect.poll(async () => { const png = PNG.sync.read(await box.screenshot()); return [...png.data.subarray(0, 3)].join(','); }).toBe('204,0,0');
	}
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: { message: string }[] };
	expect(status.errors).toEqual([]);
});

test('an SVG image a script makes (Lottie\'s image layers, D3\'s) draws the workspace\'s file: by setAttributeNS before or after it is in the page, by setAttribute, or in markup', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_create_file', { path: 'img/dot.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>' });
	const script = `var NS = 'http://www.w3.org/2000/svg', XLINK = 'http://www.w3.org/1999/xlink';
function image(id) { var svg = document.createElementNS(NS, 'svg'); svg.setAttribute('width', '8'); svg.setAttribute('height', '8'); svg.id = id; var im = document.createElementNS(NS, 'image'); im.setAttribute('width', '8'); im.setAttribute('height', '8'); svg.appendChild(im); return [svg, im]; }
var made = image('before'); made[1].setAttributeNS(XLINK, 'href', 'img/dot.svg'); document.body.appendChild(made[0]);
var late = image('after'); document.body.appendChild(late[0]); late[1].setAttributeNS(XLINK, 'href', 'img/dot.svg');
var plain = image('plain'); document.body.appendChild(plain[0]); plain[1].setAttribute('href', './img/dot.svg');
document.body.insertAdjacentHTML('beforeend', '<svg id="markup" width="8" height="8"><image href="img/dot.svg" width="8" height="8"/></svg>');`;
	const written = await call(page, 'workspace_write_file', { path: 'index.html', content: page_('', script) });
	expect(written.structuredContent.preview?.status).toBe('ready');
	for (const id of ['before', 'after', 'plain', 'markup']) {
		const box = frame(page).locator(`#${id}`);
		await expect.poll(async () => [...PNG.sync.read(await box.screenshot()).data.subarray(0, 3)].join(','), { message: id }).toBe('204,0,0');
	}
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: { message: string }[] };
	expect(status.errors).toEqual([]);
});

test('the person can allow the network for a workspace: its page then fetches, the choice is kept, and every tab follows', async ({ page, context }) => {
	test.setTimeout(120_000);
	await ready(page);
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	// Another origin (a server on 127.0.0.1): the site's own files are answered from the workspace either way.
	const server = createServer((_request, response) => response.writeHead(200, { 'access-control-allow-origin': '*' }).end('ok'));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`;
	test.info().attach('server', { body: target });
	const script = `<script>fetch('${target}').then(() => (document.body.dataset.net = 'answered'), () => (document.body.dataset.net = 'refused'));</script>`;
	await call(page, 'workspace_write_file', { path: 'index.html', content: `<!doctype html>\n<html><head></head><body><h1>Net</h1>\n${script}</body></html>\n` });
	await expect(frame(page).locator('body')).toHaveAttribute('data-net', 'refused');
	const toggle = page.getByTestId('preview-network');
	await expect(toggle).toHaveAttribute('aria-pressed', 'false');
	await toggle.click();
	await expect(toggle).toHaveAttribute('aria-pressed', 'true');
	await expect(frame(page).locator('body')).toHaveAttribute('data-net', 'answered');
	await expect(other.getByTestId('preview-network')).toHaveAttribute('aria-pressed', 'true');
	await expect(frame(other).locator('body')).toHaveAttribute('data-net', 'answered');
	await page.reload();
	await waitForHub(page);
	await expect(page.getByTestId('preview-network')).toHaveAttribute('aria-pressed', 'true');
	await expect(frame(page).locator('body')).toHaveAttribute('data-net', 'answered');
	await page.getByTestId('preview-network').click();
	await expect(frame(page).locator('body')).toHaveAttribute('data-net', 'refused');
	await expect(frame(other).locator('body')).toHaveAttribute('data-net', 'refused');
	await closeServer(server);
});

test('the preview’s drawer shows what the page logged and what it keeps in localStorage, and clears each', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_write_file', { path: 'index.html', content: page_('<h1 id="logged">Logged</h1>', "console.log('hello from the page'); console.warn('careful'); localStorage.setItem('visits', '3');") });
	await expect(frame(page).locator('#logged')).toHaveText('Logged');
	const preview = page.getByTestId('preview-panel');
	await preview.getByRole('button', { name: /^Console/ }).click();
	const lines = preview.getByRole('list', { name: 'Preview console' });
	await expect(lines).toContainText('hello from the page');
	await expect(lines).toContainText('careful');
	await preview.getByRole('button', { name: 'Clear', exact: true }).click();
	await expect(lines).toContainText('Nothing logged yet.');
	await preview.getByRole('button', { name: 'Site data' }).click();
	const table = preview.getByRole('table', { name: "The site's storage" });
	await expect(table.getByRole('row', { name: /visits/ })).toContainText('3');
	await preview.getByRole('button', { name: 'Clear site data' }).click();
	await expect(table).toContainText('The site keeps nothing in localStorage, cookies or IndexedDB yet.');
});
