// B15: a phone's first visit with the page's CPU slowed four times by Chromium itself (DevTools'
// throttling: the tasks really take four times as long). Lighthouse's phone profile (B14) simulates
// instead — it loads at full speed and multiplies each task by four — and its blocking time swings
// between runs; this one is measured: the main thread's time blocked beyond 50 ms a task, and its
// longest task, from navigation until the start settled and 3 s more.
import { newContext } from '../lib/browser';
import { summarize, type Row } from '../lib/stats';
import type { Figure } from './context';

/** How long after the start settled its tasks still count (what the start set going: the editor's load, a preview's). */
const AFTER_MS = 3000;
/** A phone of Lighthouse's own size (Moto G Power), touch and a mobile viewport. */
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 };

async function firstVisit(ctx: Parameters<Figure['run']>[0]): Promise<{ total: number; longest: number }> {
	// A fresh profile each time: nothing kept, no service worker yet (a first visit).
	const context = await newContext(ctx.browser, ctx.url, PHONE);
	try {
		const page = await context.newPage();
		const cdp = await context.newCDPSession(page);
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
		await page.goto('/');
		const blocked = await page.evaluate((after) => window.__bench.blocking(after), AFTER_MS);
		if (!blocked) throw new Error('the start never settled (or this Chromium has no Long Tasks API)');
		return blocked;
	} finally {
		await context.close();
	}
}

export const B15: Figure = {
	id: 'B15',
	title: 'a phone’s first visit, CPU slowed 4× by Chromium',
	async run(ctx): Promise<Row[]> {
		const totals: number[] = [];
		const longest: number[] = [];
		const count = Math.max(5, Math.round(ctx.startSamples / 3));
		for (let i = 0; i < count; i++) {
			const visit = await firstVisit(ctx);
			totals.push(visit.total);
			longest.push(visit.longest);
		}
		const row = (what: string, samples: number[]): Row => {
			const s = summarize(samples);
			return { id: 'B15', what, unit: 'ms', median: s.median, p95: s.p95, n: s.n, baseline: '—', baselineValue: null, ratio: null, target: 'report', met: null };
		};
		return [
			row(`phone’s first visit (412×823), CPU slowed 4× by Chromium, not simulated: the page’s main thread blocked beyond 50 ms a task, navigation → start settled + ${AFTER_MS / 1000} s`, totals),
			row('  the same visits: the page’s longest main-thread task', longest)
		];
	}
};
