// B10 and B11: co-editing as people feel it — a keystroke in one tab showing in another's editor,
// and three tabs typing at once until every editor and the stored file agree.
// Page code is passed as strings: tsx would wrap named functions in a helper the page does not have.
import type { Page } from 'playwright-core';
import { inContext, openStudio } from '../lib/browser';
import { summarize, type Row } from '../lib/stats';
import type { Figure } from './context';

const FILE = 'README.md';
const editorText = (page: Page) => page.evaluate(`window.studio.editorText(${JSON.stringify(FILE)})`) as Promise<string | null>;
const stored = (page: Page) => page.evaluate(`window.studio.readFile(${JSON.stringify(FILE)}).then((f) => f.content)`) as Promise<string>;

async function openShared(page: Page) {
	await page.locator(`[data-path="${FILE}"]`).click();
	await page.waitForFunction(`window.studio.editorText(${JSON.stringify(FILE)}) !== null`);
}

export const B10: Figure = {
	id: 'B10',
	title: 'keystroke in tab A → tab B’s editor',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const a = await openStudio(context);
			const b = await openStudio(context);
			await openShared(a);
			await openShared(b);
			await a.locator('.cm-content').click();
			await a.keyboard.press('ControlOrMeta+Home');
			const work: number[] = [];
			const floor: number[] = [];
			for (let i = 0; i < ctx.warm + ctx.samples; i++) {
				const length = (await editorText(b))!.length;
				// B resolves when its editor's text has the new character (the DOM is updated in the same dispatch).
				// `void`: evaluate would otherwise wait for the promise it is handed.
				await b.evaluate(`void (window.__seen = new Promise((resolve) => {
					const check = () => window.studio.editorText(${JSON.stringify(FILE)}).length > ${length};
					const content = document.querySelector('section[data-region="editor"] .cm-content');
					const observer = new MutationObserver(() => { if (check()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); } });
					observer.observe(content, { subtree: true, childList: true, characterData: true });
				}))`);
				await a.evaluate(`document.addEventListener('keydown', () => { window.__down = performance.timeOrigin + performance.now(); }, { once: true, capture: true })`);
				await a.keyboard.press('x');
				const down = (await a.evaluate('window.__down')) as number;
				const seen = (await b.evaluate('window.__seen')) as number;
				// The platform floor: one BroadcastChannel message from A to B.
				await b.evaluate(`void (window.__ping = new Promise((resolve) => { const c = new BroadcastChannel('bench-b10'); c.onmessage = (e) => { c.close(); resolve(performance.timeOrigin + performance.now() - e.data); }; }))`);
				await a.evaluate(`(() => { const c = new BroadcastChannel('bench-b10'); c.postMessage(performance.timeOrigin + performance.now()); c.close(); })()`);
				const ping = (await b.evaluate('window.__ping')) as number;
				// Let the caret's presence update (sent 50 ms after a move) settle before the next sample.
				await a.waitForTimeout(120);
				if (i < ctx.warm) continue;
				work.push(seen - down);
				floor.push(ping);
			}
			const w = summarize(work);
			const f = summarize(floor);
			return [
				{
					id: 'B10',
					what: 'keystroke in tab A → visible in tab B’s editor (co-editing)',
					unit: 'ms',
					median: w.median,
					p95: w.p95,
					n: w.n,
					baseline: 'BroadcastChannel ping A → B',
					baselineValue: f.median,
					ratio: w.median / f.median,
					target: 'p95 ≤ 50 ms',
					met: w.p95 <= 50
				} satisfies Row
			];
		});
	}
};

export const B11: Figure = {
	id: 'B11',
	title: '3 tabs × 300 characters at once',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const pages: Page[] = [];
			for (let i = 0; i < 3; i++) pages.push(await openStudio(context));
			for (const page of pages) await openShared(page);
			const settle: number[] = [];
			const lost: number[] = [];
			const runs = 3;
			for (let run = 0; run < runs; run++) {
				const before = (await editorText(pages[0]!))!.length;
				let seed = 7 + run;
				const random = (n: number) => ((seed = (seed * 48271) % 2147483647), seed % n);
				// 30 bursts of 10 characters per tab, each at a random line (moved there by keyboard).
				const plans = pages.map(() => Array.from({ length: 30 }, () => ({ down: random(12), end: random(2) === 0 })));
				await Promise.all(
					pages.map(async (page, k) => {
						await page.locator('.cm-content').click();
						for (const step of plans[k]!) {
							await page.keyboard.press('ControlOrMeta+Home');
							for (let d = 0; d < step.down; d++) await page.keyboard.press('ArrowDown');
							if (step.end) await page.keyboard.press('End');
							await page.keyboard.type(`${k}abcdefghi`.slice(0, 10));
						}
					})
				);
				const last = Date.now();
				let agreed = -1;
				while (Date.now() - last < 10_000) {
					const texts = await Promise.all(pages.map(editorText));
					const file = await stored(pages[0]!);
					if (texts.every((t) => t === file) && file.length === before + 900) {
						agreed = Date.now() - last;
						break;
					}
					await pages[0]!.waitForTimeout(20);
				}
				const finalLength = (await stored(pages[0]!)).length;
				const conflicts = (await Promise.all(pages.map((page) => page.getByTestId('conflict-bar').count()))).reduce((a, b) => a + b, 0);
				if (conflicts > 0) throw new Error(`${conflicts} conflict bars appeared while co-editing`);
				settle.push(agreed < 0 ? 10_000 : agreed);
				lost.push(Math.max(0, before + 900 - finalLength));
			}
			const s = summarize(settle);
			return [
				{
					id: 'B11',
					what: '3 tabs × 300 characters at random places: last keystroke → every editor and the stored file identical',
					unit: 'ms',
					median: s.median,
					p95: s.p95,
					n: s.n,
					baseline: '—',
					baselineValue: null,
					ratio: null,
					target: '≤ 1000 ms, 0 lost',
					met: s.p95 <= 1000 && lost.every((n) => n === 0),
					note: `${lost.reduce((a, b) => a + b, 0)} characters lost over ${runs} runs`
				}
			];
		});
	}
};
