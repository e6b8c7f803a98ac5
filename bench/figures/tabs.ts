// B4 and B9: what several tabs feel — a write in one reaching another's store, and five tabs writing
// one file with revision guards at once.
import type { Page } from 'playwright-core';
import { inContext, openStudio } from '../lib/browser';
import { timingRow, summarize, type Row } from '../lib/stats';
import type { Figure } from './context';

export const B4: Figure = {
	id: 'B4',
	title: 'write in tab A → tab B store',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const a = await openStudio(context);
			const b = await openStudio(context);
			await a.evaluate(() => window.__bench.prepare());
			const work: number[] = [];
			const floor: number[] = [];
			for (let i = 0; i < ctx.warm + ctx.samples; i++) {
				const revision = await a.evaluate(() => window.studio!.revision);
				await b.evaluate((r) => window.__bench.armRevision(r), revision + 1);
				const written = await a.evaluate((n) => window.__bench.writeAt(n), i);
				if (written.revision !== revision + 1) throw new Error(`expected revision ${revision + 1}, the write made ${written.revision}`);
				const shown = await b.evaluate(() => window.__bench.revisionShown());
				await b.evaluate(() => window.__bench.armPing());
				const pinged = await a.evaluate((n) => window.__bench.putThenPing(n), i);
				const arrived = await b.evaluate(() => window.__bench.ping());
				if (i < ctx.warm) continue;
				work.push(shown - written.asked);
				floor.push(arrived - pinged.asked);
			}
			const row = timingRow('B4', 'write in tab A → tab B’s store shows it', work, floor, 'IndexedDB put + BroadcastChannel ping', 1.5);
			const p95Ratio = summarize(work).p95 / summarize(floor).p95;
			row.target = '≤ 1.5×; p95 ≤ 2×';
			row.met = row.met === true && p95Ratio <= 2;
			row.note = `p95 ratio ${p95Ratio.toFixed(2)}×`;
			return [row];
		});
	}
};

async function resetLog(page: Page) {
	const exists = await page.evaluate(() => window.studio!.files.includes('notes/log.txt'));
	if (!exists) await page.evaluate(() => window.studio!.callTool('workspace_create_file', { path: 'notes/log.txt', content: '' }));
	const result = await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'notes/log.txt', content: '' }));
	if ((result as { isError?: boolean }).isError) throw new Error(`could not reset the log: ${JSON.stringify(result)}`);
}

async function logLines(page: Page): Promise<string[]> {
	const result = (await page.evaluate(() => window.studio!.callTool('workspace_read_file', { path: 'notes/log.txt' }))) as { structuredContent: { content: string } };
	return result.structuredContent.content.split('\n').filter(Boolean);
}

/** Acknowledged lines missing from the file, and lines present more than once. */
function audit(acknowledged: string[], lines: string[]): { lost: number; doubled: number } {
	const seen = new Map<string, number>();
	for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
	return { lost: acknowledged.filter((line) => !seen.has(line)).length, doubled: [...seen.values()].filter((n) => n > 1).length };
}

export const B9: Figure = {
	id: 'B9',
	title: '5 tabs × 40 guarded writes',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const pages: Page[] = [];
			for (let i = 0; i < 5; i++) pages.push(await openStudio(context));
			const first = pages[0]!;

			await resetLog(first);
			const solo = await first.evaluate(() => window.__bench.guardedAppends('solo', 200));
			const soloAudit = audit(solo.acknowledged, await logLines(first));
			const soloRate = (200 / solo.ms) * 1000;

			await resetLog(first);
			const started = Date.now();
			const runs = await Promise.all(pages.map((page, k) => page.evaluate((token) => window.__bench.guardedAppends(token, 40), `tab${k}`)));
			const wall = Date.now() - started;
			const acknowledged = runs.flatMap((run) => run.acknowledged);
			const conflicts = runs.reduce((sum, run) => sum + run.conflicts, 0);
			const fiveAudit = audit(acknowledged, await logLines(first));
			const fiveRate = (acknowledged.length / wall) * 1000;
			const ratio = fiveRate / soloRate;
			const rows: Row[] = [
				{
					id: 'B9',
					what: '5 tabs × 40 guarded writes: acknowledged writes/s',
					unit: 'writes/s',
					median: fiveRate,
					p95: null,
					n: acknowledged.length,
					baseline: '1 tab × 200 writes',
					baselineValue: soloRate,
					ratio,
					target: '≥ 0.8×',
					met: ratio >= 0.8,
					note: `${conflicts} conflicts retried`
				},
				{
					id: 'B9',
					what: 'acknowledged writes lost or doubled (5 tabs; 1 tab)',
					unit: 'count',
					median: fiveAudit.lost + fiveAudit.doubled,
					p95: null,
					n: acknowledged.length,
					baseline: '1 tab × 200 writes',
					baselineValue: soloAudit.lost + soloAudit.doubled,
					ratio: null,
					target: '0 lost',
					met: fiveAudit.lost + fiveAudit.doubled + soloAudit.lost + soloAudit.doubled === 0
				}
			];
			return rows;
		});
	}
};
