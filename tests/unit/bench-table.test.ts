// The benchmark's statistics and table: nearest-rank percentiles, ratios against the same-run floor,
// and a missed target printed as missed.
import { describe, expect, it } from 'vitest';
import { percentile, summarize, timingRow } from '../../bench/lib/stats';
import { markdownTable } from '../../bench/lib/table';

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
