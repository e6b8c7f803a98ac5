// The benchmark's statistics and table: nearest-rank percentiles, ratios against the same-run floor,
// and a missed target printed as missed.
import { describe, expect, it } from 'vitest';
import { percentile, summarize, timingRow } from '../../bench/lib/stats';
import { markdownTable } from '../../bench/lib/table';
import { lighthouseRows, type LighthouseReport } from '../../bench/lib/lighthouse';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** A real Lighthouse 12.2.3 phone report of the studio (trimmed to what the table reads). */
const REPORT = JSON.parse(readFileSync(new URL('./fixtures/lighthouse-mobile.json', import.meta.url), 'utf8')) as LighthouseReport;
const varied = (score: number, lcp: number, tbt: number): LighthouseReport => ({
	...REPORT,
	categories: { ...REPORT.categories, performance: { score } },
	audits: { ...REPORT.audits, 'largest-contentful-paint': { numericValue: lcp }, 'total-blocking-time': { numericValue: tbt } }
});

describe('bench statistics', () => {
	it('median and p95 are nearest-rank over the samples, in any order', () => {
		const samples = [...Array(100).keys()].map((i) => 100 - i);
		expect(summarize(samples)).toEqual({ n: 100, median: 50, p95: 95 });
		expect(percentile([3, 1, 2], 0.5)).toBe(2);
		expect(percentile([], 0.5)).toBeNaN();
	});

	it('a figure meets its target only when the ratio of medians is within it', () => {
		expect(timingRow('B1', 'read', [1.2, 1.3, 1.2], [1, 1, 1], 'echo', 1.3)).toMatchObject({ ratio: 1.2, met: true, target: '≤ 1.3×' });
		const missed = timingRow('B1', 'read', [2, 2, 2], [1, 1, 1], 'echo', 1.3);
		expect(missed).toMatchObject({ ratio: 2, met: false });
		expect(markdownTable([missed])).toContain('| 2.00× | ≤ 1.3× | **missed** |');
	});
});

describe('the Lighthouse rows (B14)', () => {
	it('read a real report: score, paints, blocking time and layout shift, with the other categories beside', () => {
		const rows = lighthouseRows('B14', 'mobile', [REPORT]);
		expect(rows.map((row) => row.what)).toEqual([
			'Lighthouse phone (slow 4G, 4× CPU slowdown): performance score',
			'Lighthouse phone (slow 4G, 4× CPU slowdown): first contentful paint',
			'Lighthouse phone (slow 4G, 4× CPU slowdown): largest contentful paint',
			'Lighthouse phone (slow 4G, 4× CPU slowdown): total blocking time',
			'Lighthouse phone (slow 4G, 4× CPU slowdown): cumulative layout shift'
		]);
		expect(rows[0]).toMatchObject({ unit: 'score', median: REPORT.categories.performance!.score, target: '≥ 0.90', n: 1, note: 'Lighthouse 12.2.3, accessibility 1.00, best-practices 1.00, seo 1.00' });
		expect(rows[2]).toMatchObject({ unit: 'ms', median: REPORT.audits['largest-contentful-paint']!.numericValue, target: '≤ 2500 ms' });
		expect(markdownTable(rows)).toContain(`| B14 | Lighthouse phone (slow 4G, 4× CPU slowdown): performance score (Lighthouse 12.2.3, accessibility 1.00, best-practices 1.00, seo 1.00) | ${REPORT.categories.performance!.score!.toFixed(2)} | — | 1 | — | — | ≥ 0.90 |`);
	});

	it('take the median of the runs and say which target each meets', () => {
		const rows = lighthouseRows('B14', 'mobile', [varied(0.5, 4000, 900), varied(0.92, 2400, 150), varied(0.95, 2200, 120)]);
		expect(rows[0]).toMatchObject({ median: 0.92, met: true, n: 3 });
		expect(rows[2]).toMatchObject({ median: 2400, met: true });
		expect(rows[3]).toMatchObject({ median: 150, met: true, target: '≤ 200 ms' });
		expect(rows[1]).toMatchObject({ met: null, target: '—' });
		const desktop = lighthouseRows('B14', 'desktop', [varied(0.97, 900, 10)]);
		expect(desktop[0]).toMatchObject({ target: '≥ 0.98', met: false });
		expect(markdownTable(desktop)).toContain('| 0.97 | — | 1 | — | — | ≥ 0.98 | **missed** |');
		expect(lighthouseRows('B14', 'mobile', [])[0]).toMatchObject({ median: null, met: null, n: 0 });
	});
});

describe('the bench’s Node table', () => {
	// In a Node of its own, as `npm run bench` runs it: this file's setup loads the parsers a hub loads
	// (tests/unit/helpers/setup.ts), which would hide a compile the bench runs before loading them.
	it('measures every case through the hub’s own paths, in a process of its own', () => {
		const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', './bench/lib/raw-import.mjs', '-e', "const { nodeFigures } = await import('./bench/node.ts'); console.log(JSON.stringify(await nodeFigures(3)));"], { encoding: 'utf8', timeout: 60_000 });
		expect(run.status, run.stderr).toBe(0);
		const rows = JSON.parse(run.stdout) as { case: string; medianMs: number; ratio: number }[];
		expect(rows.map((row) => row.case)).toEqual(['preview compile (starter site)', 'apply(write) transition', 'registry tools/call workspace_read_file', 'write_file commit on IndexedDB']);
		for (const row of rows) expect(Number.isFinite(row.ratio) && row.medianMs >= 0, row.case).toBe(true);
	}, 60_000);
});
