// B14: Lighthouse on the built studio as `npm start` serves it — its phone profile (slow 4G, 4× CPU
// slowdown) and its desktop profile, three runs each, a fresh profile and cache per run — in the
// same Chromium as the tests, with its own launch flags (no network beyond the loopback).
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { lighthouseRows, type LighthouseReport } from '../lib/lighthouse';
import type { Row } from '../lib/stats';
import type { Figure } from './context';

/** Runs per form factor: Lighthouse's own advice for a stable median. */
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function reports(url: string, formFactor: 'mobile' | 'desktop', log: (line: string) => void): Promise<LighthouseReport[]> {
	const out: LighthouseReport[] = [];
	for (let run = 0; run < RUNS; run++) {
		// A new browser each run: no HTTP cache, service worker or IndexedDB from the run before.
		const chrome = await launchChrome({ chromePath: findChromium() ?? undefined, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
		try {
			const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, formFactor === 'desktop' ? desktopConfig : undefined);
			if (!result) throw new Error('Lighthouse returned no report');
			const report = result.lhr as unknown as LighthouseReport;
			out.push(report);
			log(`  ${formFactor} run ${run + 1}: performance ${report.categories.performance?.score ?? '—'}`);
		} finally {
			chrome.kill();
		}
	}
	return out;
}

export const B14: Figure = {
	id: 'B14',
	title: 'Lighthouse, phone and desktop',
	async run(ctx): Promise<Row[]> {
		const mobile = await reports(ctx.url, 'mobile', ctx.log);
		const desktop = await reports(ctx.url, 'desktop', ctx.log);
		return [...lighthouseRows('B14', 'mobile', mobile), ...lighthouseRows('B14', 'desktop', desktop)];
	}
};
