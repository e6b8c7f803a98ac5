// Sample statistics and the row every figure reports.

/** Median and 95th percentile of a set of samples. */
export interface Summary {
	n: number;
	median: number;
	p95: number;
}

/** Nearest-rank percentile (p in 0..1) of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
	if (samples.length === 0) return Number.NaN;
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function summarize(samples: readonly number[]): Summary {
	return { n: samples.length, median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** One line of the table: a figure beside its same-run baseline, and whether its target is met. */
export interface Row {
	id: string;
	what: string;
	unit: 'ms' | 'KB' | 'MB' | 'writes/s' | 'count' | 'score';
	median: number | null;
	p95: number | null;
	/** Samples behind median and p95. */
	n: number | null;
	baseline: string;
	baselineValue: number | null;
	ratio: number | null;
	target: string;
	met: boolean | null;
	note?: string;
}

/** A timing row: work and floor summarised, the ratio of medians checked against `maxRatio`. */
export function timingRow(id: string, what: string, work: readonly number[], floor: readonly number[], baseline: string, maxRatio: number, note?: string): Row {
	const w = summarize(work);
	const f = summarize(floor);
	const ratio = w.median / f.median;
	return { id, what, unit: 'ms', median: w.median, p95: w.p95, n: w.n, baseline, baselineValue: f.median, ratio, target: `≤ ${maxRatio}×`, met: ratio <= maxRatio, note };
}
