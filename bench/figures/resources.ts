// B7 and B8: what the studio costs to carry — bytes on the wire and in the precache, and JS heap
// after thousands of tool calls.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { heaps, inContext, newContext, openStudio } from '../lib/browser';
import type { Row } from '../lib/stats';
import type { Figure } from './context';
import { EDITOR_CHUNKS } from '../../scripts/vite/editor-chunks';

const BUILD = 'build';
const MANIFEST = '.svelte-kit/output/client/.vite/manifest.json';

type Manifest = Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;

const gz = (file: string) => gzipSync(readFileSync(join(BUILD, file)), { level: 9 }).length;
const kb = (bytes: number) => bytes / 1024;

/** The files a manifest entry loads statically (itself and its imports, transitively). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
	const entry = manifest[key];
	if (!entry || into.has(entry.file)) return into;
	into.add(entry.file);
	for (const imported of entry.imports ?? []) closure(manifest, imported, into);
	return into;
}

function bytesRow(what: string, bytes: number, note: string, target = 'report', met: boolean | null = null): Row {
	return { id: 'B7', what, unit: 'KB', median: kb(bytes), p95: null, n: null, baseline: '—', baselineValue: null, ratio: null, target, met, note };
}

export const B7: Figure = {
	id: 'B7',
	title: 'bytes: initial JS, editor chunk, hub worker, precache',
	async run(ctx) {
		if (!existsSync(MANIFEST)) throw new Error(`no ${MANIFEST}: the build is missing`);
		const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
		const editorKey = Object.keys(manifest).find((key) => key.endsWith('client/editor/with-codemirror.ts'));
		if (!editorKey) throw new Error('the editor chunk is not in the build manifest');
		// The editor's code: CodeMirror's setup with what runs only with it (client/editor/with-codemirror.ts)
		// and every package and language chunk it loads (a language is a dynamic import of its own,
		// fetched when a file of its kind opens).
		// Less what the app's entries load statically anyway (the editor imports a helper or two of the page's).
		const editor = closure(manifest, editorKey);
		const editorNames = new Set(EDITOR_CHUNKS.map(([name]) => name));
		for (const [key, entry] of Object.entries(manifest)) if (entry.name && editorNames.has(entry.name)) closure(manifest, key, editor);
		const entries = new Set<string>();
		for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) closure(manifest, key, entries);
		for (const file of entries) editor.delete(file);

		// What a first visit fetches as JavaScript until the studio is ready (its first screen with a
		// rendered preview on a laptop; on a phone, the open file's text with the runtime connected).
		// Scripts asked for before `mark` (the page's clock): what came after the start was over is not its.
		const scripts = (page: Page, marks: string[]) =>
			page.evaluate((names) => {
				const at = Math.max(...names.map((name) => performance.getEntriesByName(name)[0]?.startTime ?? 0));
				return performance.getEntriesByType('resource').filter((entry) => entry.startTime <= at).map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js'));
			}, marks);
		const desktop = await newContext(ctx.browser, ctx.url);
		let loaded: string[];
		try {
			loaded = await scripts(await openStudio(desktop), ['studio:connected', 'studio:preview-settled']);
		} finally {
			await desktop.close();
		}
		const phone = await ctx.browser.newContext({ baseURL: ctx.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
		let loadedByPhone: string[];
		try {
			const page = await phone.newPage();
			await page.goto('/');
			await page.waitForFunction(() => performance.getEntriesByName('studio:start-settled').length > 0);
			loadedByPhone = await scripts(page, ['studio:connected', 'studio:start-settled']);
		} finally {
			await phone.close();
		}
		const initialOf = (paths: string[]) => [...new Set(paths.map((path) => path.replace(/^\//, '')))].filter((file) => existsSync(join(BUILD, file)) && !editor.has(file) && !file.includes('/workers/'));
		const initial = initialOf(loaded);
		const initialGz = initial.reduce((sum, file) => sum + gz(file), 0);
		const onPhone = initialOf(loadedByPhone);
		const onPhoneGz = onPhone.reduce((sum, file) => sum + gz(file), 0);
		const editorGz = [...editor].reduce((sum, file) => sum + gz(file), 0);
		const workers = readdirSync(join(BUILD, '_app/immutable/workers'));
		const hub = workers.find((file) => file.startsWith('hub.worker'));
		if (!hub) throw new Error('no hub worker in the build');
		const hubFile = `_app/immutable/workers/${hub}`;

		const sw = readFileSync(join(BUILD, 'sw.js'), 'utf8');
		const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
		const precacheBytes = precached.reduce((sum, url) => sum + (existsSync(join(BUILD, url)) ? statSync(join(BUILD, url)).size : 0), 0);
		return [
			bytesRow('initial JS, laptop (gzip -9)', initialGz, `${initial.length} files asked for before ready: the first screen with the preview rendered`, '≤ 80 KB', kb(initialGz) <= 80),
			bytesRow('initial JS, phone (gzip -9)', onPhoneGz, `${onPhone.length} files asked for before the open file's text shows from the connected runtime`, '≤ 80 KB', kb(onPhoneGz) <= 80),
			bytesRow('editor chunk, lazy (gzip -9)', editorGz, `${editor.size} file(s)`),
			bytesRow('hub worker (gzip -9)', gz(hubFile), `${kb(statSync(join(BUILD, hubFile)).size).toFixed(0)} KB raw`),
			bytesRow('precache total (raw)', precacheBytes, `${precached.length} entries`)
		];
	}
};

const MB = 1024 * 1024;

export const B8: Figure = {
	id: 'B8',
	title: 'JS heap after 5,000 calls, then 1,000 more',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			await page.evaluate(() => window.__bench.calls(50, 5));
			const start = await heaps(ctx.browser, page);
			// 5,000 calls, one in five a write (1,000 writes, each rendered and acknowledged): 5,000 trace entries.
			const traced = await page.evaluate(() => window.__bench.calls(5000, 5));
			const after = await heaps(ctx.browser, page);
			await page.evaluate(() => window.__bench.calls(1000, 5));
			const again = await heaps(ctx.browser, page);
			const growth = (a: { page: number; hub: number }, b: { page: number; hub: number }) => (b.page - a.page + b.hub - a.hub) / MB;
			const first = growth(start, after);
			const second = growth(after, again);
			const detail = (a: { page: number; hub: number }) => `page ${(a.page / MB).toFixed(1)} MB, hub ${(a.hub / MB).toFixed(1)} MB`;
			return [
				{ id: 'B8', what: 'heap growth after 5,000 calls (page + hub)', unit: 'MB', median: first, p95: null, n: null, baseline: `at start: ${detail(start)}`, baselineValue: (start.page + start.hub) / MB, ratio: null, target: '≤ 30 MB', met: first <= 30, note: `after: ${detail(after)}; trace shows ${traced} entries` },
				{ id: 'B8', what: 'heap growth across 1,000 more calls', unit: 'MB', median: second, p95: null, n: null, baseline: 'after the first 5,000', baselineValue: (after.page + after.hub) / MB, ratio: null, target: '≤ 2 MB (no growth)', met: second <= 2, note: detail(again) }
			];
		});
	}
};
