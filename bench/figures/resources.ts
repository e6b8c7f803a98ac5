// B7 and B8: what the studio costs to carry — bytes on the wire and in the precache, and JS heap
// after thousands of tool calls.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { heaps, inContext, newContext, openStudio } from '../lib/browser';
import type { Row } from '../lib/stats';
import type { Figure } from './context';
import { EDITOR_CHUNKS } from '../../scripts/vite/editor-chunks';

const BUILD = 'build';
const MANIFEST = '.svelte-kit/output/client/.vite/manifest.json';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

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
		const editorKey = Object.keys(manifest).find((key) => key.endsWith('client/editor/codemirror.ts'));
		if (!editorKey) throw new Error('the editor chunk is not in the build manifest');
		// The editor's code: CodeMirror's setup and every package and language chunk it loads (a language
		// is a dynamic import of its own, fetched when a file of its kind opens).
		const editor = closure(manifest, editorKey);
		const editorNames = new Set(EDITOR_CHUNKS.map(([name]) => name));
		for (const [key, entry] of Object.entries(manifest)) if (entry.name && editorNames.has(entry.name)) closure(manifest, key, editor);

		// What a first visit actually fetches as JavaScript until the studio is ready.
		const context = await newContext(ctx.browser, ctx.url);
		let loaded: string[];
		try {
			const page = await openStudio(context);
			loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')));
		} finally {
			await context.close();
		}
		const files = [...new Set(loaded.map((path) => path.replace(/^\//, '')))].filter((file) => existsSync(join(BUILD, file)));
		const initial = files.filter((file) => !editor.has(file) && !file.includes('/workers/'));
		const initialGz = initial.reduce((sum, file) => sum + gz(file), 0);
		const editorGz = [...editor].reduce((sum, file) => sum + gz(file), 0);
		const workers = readdirSync(join(BUILD, '_app/immutable/workers'));
		const hub = workers.find((file) => file.startsWith('hub.worker'));
		if (!hub) throw new Error('no hub worker in the build');
		const hubFile = `_app/immutable/workers/${hub}`;

		const sw = readFileSync(join(BUILD, 'sw.js'), 'utf8');
		const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
		const precacheBytes = precached.reduce((sum, url) => sum + (existsSync(join(BUILD, url)) ? statSync(join(BUILD, url)).size : 0), 0);
		return [
			bytesRow('initial JS (gzip -9)', initialGz, `${initial.length} files fetched before ready`, '≤ 150 KB', kb(initialGz) <= 150),
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
