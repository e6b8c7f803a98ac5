// The Lighthouse rows of the table: the median of a few reports of one form factor — performance
// score, first and largest contentful paint, total blocking time, layout shift — against the targets
// the studio holds itself to, with the other categories' scores beside. Pure: reports in, rows out.
import { percentile, type Row } from './stats';

/** What the table reads of a Lighthouse report (LHR). */
export interface LighthouseReport {
	lighthouseVersion?: string;
	categories: Record<string, { score: number | null } | undefined>;
	audits: Record<string, { numericValue?: number } | undefined>;
}

/** Targets per form factor: the score, and for a phone the paint and blocking budgets. */
export const LIGHTHOUSE_TARGETS = {
	mobile: { score: 0.9, lcpMs: 2500, tbtMs: 200 },
	desktop: { score: 0.98 }
} as const;

const median = (values: (number | undefined | null)[]) => {
	const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
	return known.length ? percentile(known, 0.5) : null;
};

/** A row with no baseline: a value against an absolute target (`atMost` false: at least). */
function absolute(id: string, what: string, unit: Row['unit'], values: (number | null | undefined)[], target: number | null, atMost: boolean, note?: string): Row {
	const value = median(values);
	const known = values.filter((v) => typeof v === 'number').length;
	const met = target === null || value === null ? null : atMost ? value <= target : value >= target;
	const shown = unit === 'score' ? target?.toFixed(2) : `${target} ${unit}`;
	return { id, what, unit, median: value, p95: null, n: known, baseline: '—', baselineValue: null, ratio: null, target: target === null ? '—' : `${atMost ? '≤' : '≥'} ${shown}`, met, ...(note ? { note } : {}) };
}

/** The rows of one form factor from its reports (median of each figure). */
export function lighthouseRows(id: string, formFactor: 'mobile' | 'desktop', reports: readonly LighthouseReport[]): Row[] {
	const audit = (name: string) => reports.map((report) => report.audits[name]?.numericValue);
	const score = (name: string) => reports.map((report) => report.categories[name]?.score);
	const targets: { score: number; lcpMs?: number; tbtMs?: number } = LIGHTHOUSE_TARGETS[formFactor];
	const others = (['accessibility', 'best-practices', 'seo'] as const).map((name) => `${name} ${median(score(name))?.toFixed(2) ?? '—'}`).join(', ');
	const version = reports[0]?.lighthouseVersion ? `Lighthouse ${reports[0].lighthouseVersion}, ` : '';
	const label = formFactor === 'mobile' ? 'phone (slow 4G, 4× CPU slowdown)' : 'desktop';
	return [
		absolute(id, `Lighthouse ${label}: performance score`, 'score', score('performance'), targets.score, false, `${version}${others}`),
		absolute(id, `Lighthouse ${label}: first contentful paint`, 'ms', audit('first-contentful-paint'), null, true),
		absolute(id, `Lighthouse ${label}: largest contentful paint`, 'ms', audit('largest-contentful-paint'), targets.lcpMs ?? null, true),
		absolute(id, `Lighthouse ${label}: total blocking time`, 'ms', audit('total-blocking-time'), targets.tbtMs ?? null, true),
		absolute(id, `Lighthouse ${label}: cumulative layout shift`, 'score', audit('cumulative-layout-shift'), null, true)
	];
}
