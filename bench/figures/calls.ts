// B1–B3: a tool call crossing into the hub, a write reaching an acknowledged preview, a keystroke
// reaching the preview — each beside the platform floor measured in the same page.
import { SAVE_DELAY_MS } from '../../src/lib/client/editor/timing';
import { inContext, openStudio } from '../lib/browser';
import { summarize, timingRow } from '../lib/stats';
import type { Figure } from './context';

export const B1: Figure = {
	id: 'B1',
	title: 'workspace_read_file round trip',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			const { work, floor, dedicatedFloor } = await page.evaluate(([n, w]) => window.__bench.readRoundTrip(n, w, 10), [ctx.samples, ctx.warm] as const);
			const dedicated = summarize(dedicatedFloor).median;
			return [timingRow('B1', 'workspace_read_file, tab → hub → tab', work, floor, 'postMessage echo to a shared worker', 1.3, `each sample the mean of 10; echo to a dedicated worker ${dedicated.toFixed(2)} ms, ratio ${(summarize(work).median / dedicated).toFixed(2)}×`)];
		});
	}
};

export const B2: Figure = {
	id: 'B2',
	title: 'write committed, compiled, rendered, acknowledged',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			const { work, floor, statuses } = await page.evaluate(([n, w]) => window.__bench.writeRendered(n, w), [ctx.samples, ctx.warm] as const);
			const notReady = Object.entries(statuses).filter(([status]) => status !== 'ready');
			const note = notReady.length ? `preview not ready: ${notReady.map(([s, c]) => `${s} ×${c}`).join(', ')}` : undefined;
			const row = timingRow('B2', 'workspace_write_file → preview acked (result in hand)', work, floor, 'IndexedDB put + srcdoc load', 1.3, note);
			if (notReady.length) row.met = false;
			return [row];
		});
	}
};

export const B3: Figure = {
	id: 'B3',
	title: 'keystroke → preview shows it',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			// The cursor at the end of index.html: each key adds text the preview renders.
			await page.locator('[data-path="index.html"]').first().click();
			await page.locator('.cm-content').click();
			await page.keyboard.press('Control+End');
			const work: number[] = [];
			for (let i = 0; i < ctx.warm + ctx.samples; i++) {
				await page.evaluate(() => window.__bench.armKeystroke());
				await page.keyboard.press(i % 2 ? 'b' : 'a');
				const ms = await page.evaluate(() => window.__bench.keystroke());
				if (i >= ctx.warm) work.push(ms);
			}
			const loads = await page.evaluate(([n, w]) => window.__bench.srcdocLoads(n, w), [ctx.samples, ctx.warm] as const);
			const floor = loads.map((ms) => ms + SAVE_DELAY_MS);
			return [timingRow('B3', 'keystroke in the editor → preview ready', work, floor, `${SAVE_DELAY_MS} ms save debounce + srcdoc load`, 1.2)];
		});
	}
};
