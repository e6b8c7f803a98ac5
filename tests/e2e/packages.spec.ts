// npm packages and CDN files as a person uses them, against a fake CDN on 127.0.0.1 (esm.sh-shaped:
// a redirect to the release, nested imports two levels deep, a scoped package, a deep path, a
// stylesheet with a font): bare imports render, the pins arrive as one revision, every file is asked
// for once; with the browser offline and the CDN stopped a reload and a new workspace still render; a
// package not on the device while offline is named; an agent's packages_add waits for approval.
import { test, expect, waitForHub, previewFrame, underServiceWorker } from './fixtures';
import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { startNpmCdn } from './helpers/npm-cdn';
import { closeServer } from './helpers/close-server';
import { strToU8, zipSync } from 'fflate';

test.describe.configure({ timeout: 120_000 });
// The studio itself reloads offline from its service worker (as installed).
test.use({ serviceWorkers: 'allow' });

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { revision?: number } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;

const FILES: Record<string, [string, string]> = {
	'/marked@15.0.7': ['text/javascript', '/* fake esm.sh - marked@15.0.7 */\nexport * from "/marked@15.0.7/es2022/marked.mjs";'],
	'/marked@15.0.7/es2022/marked.mjs': ['text/javascript', 'import { wrap } from "/@studio/util@1.0.0/es2022/util.mjs";\nexport function marked(s) { return wrap(s.replace(/\\*\\*(.+?)\\*\\*/g, "<strong>$1</strong>")); }'],
	'/@studio/util@1.0.0/es2022/util.mjs': ['text/javascript', 'import { tag } from "./deep/tags.mjs";\nexport const wrap = (s) => "<" + tag + ">" + s + "</" + tag + ">";'],
	'/@studio/util@1.0.0/es2022/deep/tags.mjs': ['text/javascript', 'export const tag = "p";'],
	'/canvas-confetti@1.9.3': ['text/javascript', '/* fake esm.sh - canvas-confetti@1.9.3 */\nexport default function confetti() { document.body.dataset.confetti = "thrown"; }'],
	'/theme@2.0.0/theme.css': ['text/css', '@font-face { font-family: Fake; src: url(fonts/fake.woff2) format("woff2"); }\n.fancy { color: rgb(200, 0, 0); font-family: Fake, serif; }'],
	'/theme@2.0.0/fonts/fake.woff2': ['font/woff2', 'wOF2fake']
};
const REDIRECTS: Record<string, string> = { '/marked': '/marked@15.0.7', '/canvas-confetti': '/canvas-confetti@1.9.3' };

/** The fake CDN; `seen` counts requests per path. */
async function startCdn(files = FILES, redirects = REDIRECTS): Promise<{ base: string; seen: Map<string, number>; stop: () => Promise<void>; server: Server }> {
	const seen = new Map<string, number>();
	const server = createServer((request, response) => {
		const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
		seen.set(path, (seen.get(path) ?? 0) + 1);
		const headers = { 'access-control-allow-origin': '*' };
		if (redirects[path]) return void response.writeHead(302, { ...headers, location: redirects[path] }).end();
		const file = files[path];
		if (!file) return void response.writeHead(404, headers).end('not found');
		response.writeHead(200, { ...headers, 'content-type': file[0] }).end(file[1]);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { base: `http://127.0.0.1:${port}`, seen, server, stop: () => closeServer(server) };
}

async function useCdn(page: Page, base: string) {
	await page.getByRole('tab', { name: 'Packages' }).click();
	const panel = page.getByTestId('packages-panel');
	await panel.getByLabel('Custom package URL').fill(base);
	await panel.getByLabel('Packages come from').selectOption('custom');
	await expect.poll(() => page.evaluate(() => window.studio!.callTool('packages_list', {}).then((r) => (r as Result).structuredContent.cdn))).toBe(base);
}

const APP = {
	'index.html': '<!doctype html><html><head><link rel="stylesheet" href="CDN/theme@2.0.0/theme.css"></head><body><div id="out" class="fancy"></div><script type="module" src="app.js"></script></body></html>',
	'app.js': 'import { marked } from "marked";\nimport confetti from "canvas-confetti";\ndocument.querySelector("#out").innerHTML = marked("**packed**");\nconfetti();\n'
};
const write = (page: Page, files: Record<string, string>) => call(page, 'workspace_apply_changes', { operations: Object.entries(files).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });

test('bare imports render from a CDN fetched once, pinned as one revision, and keep rendering offline in a reload and a new workspace', async ({ page, context }) => {
	const cdn = await startCdn();
	try {
		await page.goto('/');
		await waitForHub(page);
		await underServiceWorker(page); // so the offline reload below is served by it
		await useCdn(page, cdn.base);
		const before = await page.evaluate(() => window.studio!.revision);
		const written = await write(page, { ...APP, 'index.html': APP['index.html'].replace('CDN', cdn.base) });
		expect(written.isError).toBe(false);
		const site = previewFrame(page);
		await expect(site.locator('#out strong')).toHaveText('packed', { timeout: 20_000 });
		await expect(site.locator('#out p')).toHaveCount(1); // the scoped package's deep module ran
		await expect(site.locator('body')).toHaveAttribute('data-confetti', 'thrown');
		await expect(site.locator('#out')).toHaveCSS('color', 'rgb(200, 0, 0)'); // the CDN stylesheet, inlined
		await expect(page.getByTestId('preview-chip')).toContainText('ready');
		// The pins: one revision after the write, both exact.
		await expect.poll(async () => JSON.parse(((await page.evaluate(() => window.studio!.readFile('package.json'))) as { content?: string } | null)?.content ?? '{}').dependencies ?? {}, { timeout: 15_000 }).toEqual({ 'canvas-confetti': '1.9.3', marked: '15.0.7' });
		expect(await page.evaluate(() => window.studio!.revision)).toBe(before + 2);
		// Every file the CDN has was asked for exactly once (the font too).
		for (const path of [...Object.keys(FILES), ...Object.keys(REDIRECTS)]) expect(cdn.seen.get(path), path).toBe(1);
		// The Packages view lists them as on this device.
		await expect(page.getByTestId('packages-panel').locator('[data-package="marked"]')).toContainText('Yes');
		await expect(page.getByTestId('packages-panel').locator('[data-package="canvas-confetti"]')).toContainText('1.9.3');

		// No network at all now: the browser offline, the CDN gone.
		await cdn.stop();
		await context.setOffline(true);
		await page.reload();
		await waitForHub(page);
		await expect(site.locator('#out strong')).toHaveText('packed', { timeout: 20_000 });
		await expect(site.locator('#out')).toHaveCSS('color', 'rgb(200, 0, 0)');

		// A new workspace on the same device uses the same packages, offline.
		await page.getByTestId('workspace-switcher').click();
		await page.getByRole('button', { name: 'New workspace…', exact: true }).click();
		const dialog = page.getByRole('dialog', { name: 'New workspace' });
		await dialog.getByTestId('workspace-name').fill('Offline copy');
		await dialog.getByRole('radio', { name: /^Blank/ }).check();
		await dialog.getByRole('button', { name: 'Create' }).click();
		await expect(page.getByText('Created “Offline copy”.')).toBeVisible();
		await waitForHub(page);
		await expect(page.getByTestId('workspace-switcher')).toContainText('Offline copy');
		await write(page, { ...APP, 'index.html': APP['index.html'].replace('CDN', cdn.base), 'package.json': '{ "dependencies": { "marked": "15.0.7", "canvas-confetti": "1.9.3" } }\n' });
		await expect(site.locator('#out strong')).toHaveText('packed', { timeout: 20_000 });
		await expect(site.locator('body')).toHaveAttribute('data-confetti', 'thrown');

		// A package this device never fetched, while offline: named, with what to do.
		await write(page, { 'app.js': 'import { nanoid } from "nanoid";\ndocument.body.dataset.id = nanoid();\n', 'package.json': '{ "dependencies": { "nanoid": "5.0.9" } }\n' });
		await expect.poll(async () => JSON.stringify((await call(page, 'preview_get_status')).structuredContent), { timeout: 15_000 }).toContain('nanoid@5.0.9 is not on this device yet — connect once to fetch it');
	} finally {
		await context.setOffline(false);
		await cdn.stop().catch(() => undefined);
	}
});

/** A deck's packages as published: its script finds its folder from its own src and loads a part from beside it at run time. */
const DECK: Record<string, [string, string]> = {
	'/@deck/core@3.3.0/dist/deck.js': [
		'text/javascript',
		"(function () {\n  var base = document.currentScript.src.replace(/deck\\.js$/, '');\n  window.deck = { base: base };\n  var part = document.createElement('script'); part.src = base + 'plugin.js'; document.head.appendChild(part);\n  fetch(base + '../package.json').then(function (r) { return r.json(); }).then(function (p) { document.body.dataset.pkg = p.name + '@' + p.version; });\n})();"
	],
	'/@deck/core@3.3.0/dist/plugin.js': ['text/javascript', "document.body.dataset.plugin = 'loaded';"],
	'/@deck/core@3.3.0/package.json': ['application/json', '{ "name": "@deck/core", "version": "3.3.0" }'],
	'/@deck/theme@2.0.0/styles/styles.css': ['text/css', '@import "fonts.css";\n.slide { color: rgb(10, 20, 30); font-family: Deck, serif; }'],
	'/@deck/theme@2.0.0/styles/fonts.css': ['text/css', '@font-face { font-family: Deck; src: url(../fonts/deck.woff2) format("woff2"); }'],
	'/@deck/theme@2.0.0/fonts/deck.woff2': ['font/woff2', 'wOF2deck'],
	'/@deck/theme@2.0.0/img/logo.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="12"><rect width="24" height="12" fill="#07c"/></svg>']
};

test("a site that names its packages' files in node_modules/ (as Shower's template does), imported without that folder, renders from the device in the releases its lock file installed: stylesheet, fonts, image, script and the parts the script loads; each file fetched once, offline too", async ({ page, context }) => {
	const cdn = await startCdn(DECK, {});
	try {
		await page.goto('/');
		await waitForHub(page);
		await underServiceWorker(page);
		await useCdn(page, cdn.base);
		const site = {
			'index.html': '<!doctype html><html><head><meta charset="utf-8"><title>Deck</title><link rel="stylesheet" href="node_modules/@deck/theme/styles/styles.css"></head><body><section class="slide" id="s">Slide</section><img id="logo" src="node_modules/@deck/theme/img/logo.svg" alt="logo"><script src="node_modules/@deck/core/dist/deck.js"></script></body></html>',
			'package.json': '{ "name": "talk", "dependencies": { "@deck/core": "^3.0.0", "@deck/theme": "2.0.0" } }',
			'package-lock.json': JSON.stringify({ name: 'talk', lockfileVersion: 3, packages: { '': { name: 'talk' }, 'node_modules/@deck/core': { version: '3.3.0' } } }),
			// The folder as npm left it, which the import leaves out.
			'node_modules/@deck/core/dist/deck.js': DECK['/@deck/core@3.3.0/dist/deck.js']![1]
		};
		const imported = await call(page, 'workspace_import_zip', { data: Buffer.from(zipSync(Object.fromEntries(Object.entries(site).map(([path, text]) => [path, strToU8(text)])))).toString('base64'), mode: 'replace' });
		expect(imported.isError).toBe(false);
		expect(JSON.stringify(imported.structuredContent.skipped)).toContain('node_modules/@deck/core/dist/deck.js');
		const frame = previewFrame(page);
		const check = async () => {
			await expect(frame.locator('#s')).toHaveCSS('color', 'rgb(10, 20, 30)', { timeout: 20_000 });
			await expect.poll(() => frame.locator('#logo').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(24);
			await expect(frame.locator('body')).toHaveAttribute('data-plugin', 'loaded');
			await expect(frame.locator('body')).toHaveAttribute('data-pkg', '@deck/core@3.3.0');
			// Read back as a host that serves node_modules/ has them.
			expect(await frame.locator('body').evaluate(() => [(document.getElementById('logo') as HTMLImageElement).src, (window as unknown as { deck: { base: string } }).deck.base])).toEqual([
				'https://site.invalid/node_modules/@deck/theme/img/logo.svg',
				'https://site.invalid/node_modules/@deck/core/dist/'
			]);
		};
		await check();
		const status = (await call(page, 'preview_get_status')).structuredContent as { preview: { diagnostics: unknown[] }; errors: unknown[] };
		expect([status.preview.diagnostics, status.errors]).toEqual([[], []]);
		for (const path of Object.keys(DECK)) expect(cdn.seen.get(path), path).toBe(1);
		// The Packages tab counts them under their releases (a range pin, the lock file's release).
		const listed = (await call(page, 'packages_list')).structuredContent as unknown as { packages: { name: string; onDevice: boolean; files: number }[] };
		expect(listed.packages.map((entry) => [entry.name, entry.onDevice, entry.files])).toEqual([['@deck/core', true, 3], ['@deck/theme', true, 4]]);

		// No network at all now: the browser offline, the CDN gone.
		await cdn.stop();
		await context.setOffline(true);
		await page.reload();
		await waitForHub(page);
		await check();
	} finally {
		await context.setOffline(false);
		await cdn.stop().catch(() => undefined);
	}
});

test("an agent's packages_add waits for approval; approved, the pin is written and the package fetched", async ({ page }) => {
	const cdn = await startCdn();
	try {
		await page.goto('/');
		await waitForHub(page);
		await useCdn(page, cdn.base);
		const revision = await page.evaluate(() => window.studio!.revision);
		const asked = page.evaluate(() => window.studio!.executeAgentCall('packages_add', { name: 'canvas-confetti' })) as Promise<Result>;
		const card = page.getByTestId('approval-card').first();
		await expect(card).toBeVisible({ timeout: 15_000 });
		await expect(card).toContainText('package.json');
		expect(await page.evaluate(() => window.studio!.revision)).toBe(revision);
		await card.getByRole('button', { name: 'Allow once' }).click();
		const result = await asked;
		expect(result.isError).toBe(false);
		expect(result.structuredContent).toMatchObject({ name: 'canvas-confetti', version: '1.9.3' });
		await expect(page.getByTestId('packages-panel').locator('[data-package="canvas-confetti"]')).toContainText('Yes', { timeout: 15_000 });
	} finally {
		await cdn.stop();
	}
});

test("an agent's page that imports an unpinned package: the pin is the agent's change too, and waits for its own approval", async ({ page }) => {
	const cdn = await startCdn();
	try {
		await page.goto('/');
		await waitForHub(page);
		await useCdn(page, cdn.base);
		const wrote = page.evaluate(() =>
			window.studio!.executeAgentCall('workspace_apply_changes', {
				operations: [
					{ op: 'write', path: 'index.html', content: '<!doctype html><html><body><script type="module" src="app.js"></script></body></html>', createIfMissing: true },
					{ op: 'write', path: 'app.js', content: 'import confetti from "canvas-confetti";\nconfetti();\n', createIfMissing: true }
				]
			})
		) as Promise<Result>;
		const card = page.getByTestId('approval-card');
		await expect(card).toHaveCount(1, { timeout: 15_000 });
		await card.getByRole('button', { name: 'Allow once' }).click();
		expect((await wrote).isError).toBe(false);
		// The page renders at once (the release the preview resolved) …
		await expect(previewFrame(page).locator('body')).toHaveAttribute('data-confetti', 'thrown', { timeout: 20_000 });
		// … but package.json changes only with consent: a card of its own, for that file.
		const pin = page.locator('[data-testid="approval-card"][data-tool="workspace_write_file"]');
		await expect(pin).toBeVisible({ timeout: 15_000 });
		await expect(pin).toContainText('package.json');
		expect(await page.evaluate(() => window.studio!.readFile('package.json'))).toBeNull();
		await pin.getByRole('button', { name: 'Allow once' }).click();
		await expect
			.poll(async () => ((await page.evaluate(() => window.studio!.readFile('package.json'))) as { content?: string } | null)?.content ?? '', { timeout: 15_000 })
			.toContain('"canvas-confetti": "1.9.3"');
	} finally {
		await cdn.stop();
	}
});

test('real npm packages (a parser with a shared dependency chain, a one-file library, a library of many relative modules) render from an esm.sh-shaped CDN and are pinned at their releases', async ({ page }) => {
	const cdn = await startNpmCdn();
	try {
		await page.goto('/');
		await waitForHub(page);
		await useCdn(page, cdn.base);
		await write(page, {
			'index.html': '<!doctype html><html><body><h1>Real packages</h1><script type="module" src="main.js"></script></body></html>',
			'main.js': [
				"import { parser } from '@lezer/javascript';",
				"import * as v from 'valibot';",
				"import { z } from 'zod';",
				"document.body.dataset.tree = parser.parse('let x = 1;').topNode.firstChild.name;",
				"document.body.dataset.valid = String(v.safeParse(v.pipe(v.string(), v.email()), 'ada@example.com').success);",
				"document.body.dataset.zod = String(z.object({ name: z.string().min(2) }).safeParse({ name: 'Ada' }).success);"
			].join('\n')
		});
		const site = previewFrame(page);
		await expect(site.locator('body')).toHaveAttribute('data-tree', 'VariableDeclaration', { timeout: 30_000 });
		await expect(site.locator('body')).toHaveAttribute('data-valid', 'true');
		await expect(site.locator('body')).toHaveAttribute('data-zod', 'true');
		const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
		await expect
			.poll(async () => JSON.parse(((await page.evaluate(() => window.studio!.readFile('package.json'))) as { content?: string } | null)?.content ?? '{}').dependencies ?? {}, { timeout: 15_000 })
			.toEqual({ '@lezer/javascript': version('@lezer/javascript'), valibot: version('valibot'), zod: version('zod') });
		// @lezer/common is imported by two packages and by the parser: one URL, asked for once.
		expect(cdn.seen.get(`/@lezer/common@${version('@lezer/common')}`)).toBe(1);
		for (const [path, count] of cdn.seen) expect(count, path).toBe(1);
	} finally {
		await cdn.stop();
	}
});

test('a page written against node_modules/ (a classic script, an import map entry, a relative import of a package\'s module) runs the real packages in the releases its lock file installed', async ({ page }) => {
	const cdn = await startNpmCdn();
	const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
	try {
		await page.goto('/');
		await waitForHub(page);
		await useCdn(page, cdn.base);
		const lock = { name: 'form', lockfileVersion: 3, packages: Object.fromEntries(['jquery', 'valibot', 'zod'].map((name) => [`node_modules/${name}`, { version: version(name) }])) };
		await write(page, {
			'index.html': [
				'<!doctype html><html><head><meta charset="utf-8"><title>Form</title>',
				'<script type="importmap">{ "imports": { "valibot": "./node_modules/valibot/dist/index.mjs" } }</script>',
				'<script src="node_modules/jquery/dist/jquery.min.js"></script></head><body><p id="out">…</p>',
				'<script type="module">',
				"import * as v from 'valibot';",
				"import { z } from './node_modules/zod/index.js';",
				"$('#out').text([typeof $.fn.jquery, v.safeParse(v.pipe(v.string(), v.email()), 'ada@example.com').success, z.string().min(2).safeParse('Ada').success].join(' '));",
				'</script></body></html>'
			].join('\n'),
			'package.json': JSON.stringify({ name: 'form', dependencies: { jquery: `^${version('jquery')}`, valibot: `^${version('valibot')}`, zod: `^${version('zod')}` } }),
			'package-lock.json': JSON.stringify(lock)
		});
		await expect(previewFrame(page).locator('#out')).toHaveText('string true true', { timeout: 30_000 });
		const status = (await call(page, 'preview_get_status')).structuredContent as { preview: { diagnostics: unknown[] }; errors: unknown[] };
		expect([status.preview.diagnostics, status.errors]).toEqual([[], []]);
		expect(cdn.seen.get(`/jquery@${version('jquery')}/dist/jquery.min.js`)).toBe(1);
		expect(cdn.seen.get(`/valibot@${version('valibot')}/dist/index.mjs`)).toBe(1);
	} finally {
		await cdn.stop();
	}
});

test("a page as models write them — Tailwind's browser build and jQuery in <script src> tags on a CDN, its theme in a text/tailwindcss style — is styled and scripted as on a host, and still is offline", async ({ page, context }) => {
	const cdn = await startNpmCdn();
	const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
	try {
		await page.goto('/');
		await waitForHub(page);
		await underServiceWorker(page);
		await useCdn(page, cdn.base);
		await write(page, {
			'index.html': [
				'<!doctype html><html><head><meta charset="utf-8"><title>Bakery</title>',
				`<script src="${cdn.base}/@tailwindcss/browser@${version('@tailwindcss/browser')}/dist/index.global.js"></script>`,
				'<style type="text/tailwindcss">@theme { --color-brand: #0d9488; }</style>',
				'</head><body class="bg-gray-50">',
				'<header class="bg-brand p-6 text-white"><h1 id="title" class="text-4xl font-bold">Fresh bakes</h1></header>',
				'<main class="grid grid-cols-3 gap-4 p-8"><div class="rounded-xl bg-white p-4">Bread</div><div class="rounded-xl bg-white p-4">Cakes</div><div class="rounded-xl bg-white p-4">Pies</div></main>',
				'<button id="red">Red</button>',
				`<script src="${cdn.base}/jquery@${version('jquery')}/dist/jquery.min.js"></script>`,
				"<script>$('#red').on('click', () => $('#title').addClass('text-red-600')); $('main div').first().text('Sourdough');</script>",
				'</body></html>'
			].join('\n')
		});
		const site = previewFrame(page);
		const looks = async () => {
			await expect(site.locator('header')).toHaveCSS('background-color', 'rgb(13, 148, 136)', { timeout: 20_000 }); // the page's @theme colour
			await expect(site.locator('#title')).toHaveCSS('font-size', '36px');
			await expect(site.locator('main div').first()).toHaveCSS('border-top-left-radius', '12px');
			await expect(site.locator('main')).toHaveCSS('grid-template-columns', /^\S+px \S+px \S+px$/);
			await expect(site.locator('main div').first()).toHaveText('Sourdough'); // jQuery ran after the markup
			// A class the page adds later is generated then, as Tailwind's observer does on a host.
			await site.locator('#red').click();
			await expect(site.locator('#title')).toHaveCSS('color', /^oklch\(0\.577 /);
		};
		await looks();
		await expect(page.getByTestId('preview-chip')).toContainText('ready');
		// Both files came from the CDN once and are inlined from the device: the page asks for nothing.
		expect(cdn.seen.get(`/@tailwindcss/browser@${version('@tailwindcss/browser')}/dist/index.global.js`)).toBe(1);
		expect(cdn.seen.get(`/jquery@${version('jquery')}/dist/jquery.min.js`)).toBe(1);

		await cdn.stop();
		await context.setOffline(true);
		await page.reload();
		await waitForHub(page);
		await looks();
	} finally {
		await context.setOffline(false);
		await cdn.stop().catch(() => undefined);
	}
});
