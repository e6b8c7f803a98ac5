// The printed forms of a run: the Markdown table of browser figures and the Node table.
import type { NodeRow } from '../node';
import type { Row } from './stats';

function value(x: number | null, unit: Row['unit']): string {
	if (x === null || Number.isNaN(x)) return '—';
	if (unit === 'score') return x.toFixed(2);
	const digits = unit === 'count' ? 0 : Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2;
	return `${x.toFixed(digits)} ${unit}`;
}

/** The browser figures as a Markdown table (figure, median, p95, baseline, ratio, target, met?). */
export function markdownTable(rows: readonly Row[]): string {
	const lines = ['| id | figure | median | p95 | n | baseline (same run) | ratio | target | met? |', '|---|---|---|---|---|---|---|---|---|'];
	for (const row of rows) {
		const baseline = row.baselineValue === null ? row.baseline : `${value(row.baselineValue, row.unit)} — ${row.baseline}`;
		const met = row.met === null ? '—' : row.met ? 'yes' : '**missed**';
		const what = row.note ? `${row.what} (${row.note})` : row.what;
		lines.push(`| ${row.id} | ${what} | ${value(row.median, row.unit)} | ${value(row.p95, row.unit)} | ${row.n ?? '—'} | ${baseline} | ${row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`} | ${row.target} | ${met} |`);
	}
	return lines.join('\n');
}

/** The Node figures as a Markdown table. */
export function nodeTable(rows: readonly NodeRow[]): string {
	const lines = ['| Node (fake-indexeddb) | median | baseline | ratio |', '|---|---|---|---|'];
	for (const row of rows) lines.push(`| ${row.case} | ${row.medianMs} ms | ${row.baselineMs} ms | ${row.ratio}× |`);
	return lines.join('\n');
}
