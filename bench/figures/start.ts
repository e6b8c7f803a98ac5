// B5 and B6: how long the studio takes to start (runtime connected and first preview acknowledged),
// with a growing workspace, and as the installed app from the service-worker cache while offline.
import type { BrowserContext } from 'playwright-core';
import { inContext, openStudio } from '../lib/browser';
import { withCpu } from '../lib/cpu';
import { summarize, timingRow, type Row } from '../lib/stats';
import type { Figure } from './context';
import { PREVIEW_SANDBOX } from '../../src/lib/preview/sandbox';

/** Where a start's time went, in ms from navigation: each part ends where the next begins. */
export interface StartParts {
	/** Navigation → the page's script runs (document, its scripts fetched and evaluated). */
	script: number;
	/** The page's script → the hub's worker is created (the browser spawns the SharedWorker). */
	spawn: number;
	/** The worker created → the hub starts (its scripts fetched and evaluated). */
	hubBoot: number;
	/** The hub opens IndexedDB. */
	storage: number;
	/** Storage open → hub ready → the page connected (workspace loaded, handshake, snapshot). */
	connect: number;
	/** Connected → the first render's document set in the site's frame (registration, compile, the host's code). */
	document: number;
	/** That document → acknowledged: the site's sandboxed frame (a process of its own) loads and runs it. */
	frame: number;
}

/**
 * One cold start in a new page (the last page closed, so the hub starts afresh): ms to ready, to the
 * open file's text, its parts, and the CPU ms the browser's processes spent from navigation to ready.
 */
async function startOnce(context: BrowserContext, requireWorkerCache = false, tasks = false): Promise<{ total: number; firstText: number | null; parts: StartParts | null; longest: number | null; cpu: number | null }> {
	const page = await context.newPage();
	try {
		const { value: [response, t], cpu } = await withCpu(async () => {
			const response = await page.goto('/');
			return [response, await page.evaluate(() => window.__bench.startTimes())] as const;
		});
		if (requireWorkerCache && !response?.fromServiceWorker()) throw new Error('the page was not served by the service worker');
		if (t.connected === null || t.preview === null || t.status !== 'ready') throw new Error(`the studio did not start: ${JSON.stringify(t)}`);
		const { script, hubCreated, hubStarting, storageOpened, previewDocument } = t.parts;
		// A render handed over before the page had connected (it cannot be: the hub sends it) counts from connected.
		const documentAt = Math.max(t.connected, previewDocument ?? t.preview);
		const parts = script !== null && hubCreated !== null && hubStarting !== null && storageOpened !== null ? { script, spawn: hubCreated - script, hubBoot: hubStarting - hubCreated, storage: storageOpened - hubStarting, connect: t.connected - storageOpened, document: Math.max(0, documentAt - t.connected), frame: Math.max(0, t.preview - documentAt) } : null;
		// The longest task is read once the editor shows its file, after the times (B5's starts skip it).
		const longest = tasks ? ((await page.evaluate(() => window.__bench.startTasks()))?.longest ?? null) : null;
		return { total: Math.max(t.connected, t.preview), firstText: t.firstText, parts, longest, cpu };
	} finally {
		await page.close();
	}
}

async function starts(context: BrowserContext, count: number, warm: number, requireWorkerCache = false): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < warm + count; i++) {
		const { total } = await startOnce(context, requireWorkerCache);
		if (i >= warm) times.push(total);
	}
	return times;
}

/** 10 MB over 2,000 files: 5 KB a file at every size. */
const BYTES_PER_FILE = 5_000;
const SIZES = [100, 1000, 2000] as const;

export const B5: Figure = {
	id: 'B5',
	title: 'start and write cost with 100 / 1,000 / 2,000 files',
	async run(ctx) {
		const measured: { files: number; start: number[]; write: number[] }[] = [];
		for (const files of [0, ...SIZES]) {
			await inContext(ctx.browser, ctx.url, async (context) => {
				const page = await openStudio(context);
				if (files) {
					const seeded = await page.evaluate(([n, bytes]) => window.__bench.seedFolder(n, bytes), [files, BYTES_PER_FILE] as const);
					if (seeded < files) throw new Error(`seeding ${files} files left ${seeded}`);
				}
				// The write cost is compared between 100 and 2,000 files only.
				const write = files === 100 || files === 2000 ? await page.evaluate(([n, w]) => window.__bench.writeCost(n, w, 'index.html'), [ctx.samples, 5] as const) : [];
				await page.close();
				// Cold starts take seconds at 2,000 files: a quarter of the B6 count per size keeps the run within minutes.
				const start = await starts(context, Math.max(5, Math.round(ctx.startSamples / 4)), 1);
				measured.push({ files, start, write });
				ctx.log(`  B5 ${files || 'starter'}: start ${summarize(start).median.toFixed(0)} ms${write.length ? `, write ${summarize(write).median.toFixed(1)} ms` : ''}`);
			});
		}
		const [starter, ...sized] = measured;
		const median = (xs: number[]) => summarize(xs).median;
		const at = (files: number) => measured.find((m) => m.files === files)!;
		const rows: Row[] = sized.map((m) => timingRow('B5', `start with ${m.files.toLocaleString('en')} files → ready`, m.start, starter!.start, 'the same page with the starter', Number.POSITIVE_INFINITY));
		// "At most linear": each tenfold / twofold step in files costs at most ten / two times the start.
		const linear = median(at(1000).start) / median(at(100).start) <= 10 && median(at(2000).start) / median(at(1000).start) <= 2;
		for (const row of rows) {
			row.target = 'at most linear';
			row.met = linear;
		}
		rows.push(timingRow('B5', 'workspace_write_file of index.html, rendered, with 2,000 files', at(2000).write, at(100).write, 'the same write with 100 files', 1.2));
		return rows;
	}
};

/**
 * The floor of an app like this one, in a page the same worker cache serves (the preview document, a
 * precached HTML page without script): navigation → its load, then a bare worker boots and opens an
 * IndexedDB database, then one srcdoc frame loads. The studio does all of that and its own work.
 * `sandbox`: the frame's sandbox flags (none: a plain frame, in the page's own process; the preview's:
 * a frame that needs a renderer process of its own, as the site's frame does).
 */
async function floorOnce(context: BrowserContext, sandbox: string | null): Promise<{ total: number; cpu: number | null }> {
	const page = await context.newPage();
	try {
		const { value, cpu } = await withCpu(async () => {
			const response = await page.goto('/preview.html');
			if (!response?.fromServiceWorker()) throw new Error('the floor page was not served by the service worker');
			return page.evaluate(async (sandbox) => {
				const source = `const r = indexedDB.open('bench-floor', 1); r.onupgradeneeded = () => r.result.createObjectStore('s'); r.onsuccess = () => { const tx = r.result.transaction('s'); tx.objectStore('s').get('x').onsuccess = () => postMessage('open'); };`;
				const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
				await new Promise((resolve) => (worker.onmessage = resolve));
				worker.terminate();
				const frame = document.createElement('iframe');
				if (sandbox !== null) frame.setAttribute('sandbox', sandbox);
				const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
				frame.srcdoc = '<!doctype html><h1>Floor</h1>';
				document.body.append(frame);
				await loaded;
				return performance.now();
			}, sandbox);
		});
		return { total: value, cpu };
	} finally {
		await page.close();
	}
}

/**
 * The CPU time a start costs every process of the browser, beside the floor's: on two cores, a start
 * cannot take less wall time than half its CPU time, whatever the order of its work.
 */
function cpuRow(cpu: readonly number[], floor: readonly number[]): Row {
	const s = summarize(cpu);
	const f = summarize(floor);
	const known = s.n > 0 && f.n > 0;
	return { id: 'B6', what: '  CPU time of all the browser’s processes, navigation → ready (Linux /proc; 10 ms ticks)', unit: 'ms', median: known ? s.median : null, p95: known ? s.p95 : null, n: s.n, baseline: 'the floor’s, same run', baselineValue: known ? f.median : null, ratio: known ? s.median / f.median : null, target: 'report', met: null };
}

export const B6: Figure = {
	id: 'B6',
	title: 'installed app start from the service-worker cache, offline',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			// Installed: the worker has precached everything and controls the next page loads.
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
			});
			await page.close();
			await context.setOffline(true);
			const work: number[] = [];
			const floor: number[] = [];
			const sandboxedFloor: number[] = [];
			const texts: number[] = [];
			const parts: StartParts[] = [];
			const longest: number[] = [];
			const cpu: number[] = [];
			const floorCpu: number[] = [];
			for (let i = 0; i < 2 + ctx.startSamples; i++) {
				const { total: app, firstText, parts: split, longest: task, cpu: used } = await startOnce(context, true, true);
				const bare = await floorOnce(context, null);
				const sandboxed = await floorOnce(context, PREVIEW_SANDBOX);
				if (i < 2) continue;
				work.push(app);
				floor.push(bare.total);
				sandboxedFloor.push(sandboxed.total);
				if (used !== null && bare.cpu !== null) {
					cpu.push(used);
					floorCpu.push(bare.cpu);
				}
				if (firstText !== null) texts.push(firstText);
				if (split) parts.push(split);
				if (task !== null) longest.push(task);
			}
			const text = summarize(texts);
			const tasks = summarize(longest);
			const part = (key: keyof StartParts, what: string): Row => {
				const s = summarize(parts.map((p) => p[key]));
				return { id: 'B6', what: `  part: ${what}`, unit: 'ms', median: s.median, p95: s.p95, n: s.n, baseline: '—', baselineValue: null, ratio: null, target: 'report', met: null };
			};
			return [
				{ id: 'B6', what: 'installed app, offline: start → the open file’s text on screen', unit: 'ms', median: text.median, p95: text.p95, n: text.n, baseline: '—', baselineValue: null, ratio: null, target: '≤ 250 ms', met: text.n ? text.median <= 250 : null },
				timingRow('B6', 'installed app, offline: start → runtime connected + preview ready', work, floor, 'a bare worker + IndexedDB open + one srcdoc load, same cache', 3),
				// The site's frame must be sandboxed (never the studio's origin), and a sandboxed frame gets a
				// renderer process of its own: how much of the gap that alone accounts for.
				{ ...timingRow('B6', '  the same start, against a floor whose frame has the preview’s sandbox', work, sandboxedFloor, 'that floor, same run', 3), target: 'report', met: null },
				part('script', 'navigation → the page’s script runs'),
				part('spawn', 'page script → the hub’s worker is created (below 0: created first, by the layout)'),
				part('hubBoot', 'worker created → the hub starts (its scripts loaded)'),
				part('storage', 'the hub opens IndexedDB'),
				part('connect', 'storage open → the page connected (workspace, handshake, snapshot)'),
				part('document', 'connected → the first render’s document in the site’s frame (registration, compile, host code)'),
				part('frame', 'that document → acknowledged (the sandboxed site frame loads and runs it)'),
				cpuRow(cpu, floorCpu),
				{ id: 'B6', what: 'installed app, offline: the page’s longest main-thread task of 50 ms or more, start → the editor shows the file (0: none)', unit: 'ms', median: tasks.median, p95: tasks.p95, n: tasks.n, baseline: '—', baselineValue: null, ratio: null, target: '≤ 50 ms', met: tasks.n ? tasks.median <= 50 : null }
			];
		});
	}
};
