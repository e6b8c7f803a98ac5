// B12: a click on a link to another page of the site, in the preview, until the bridge acknowledges
// that page (the hub compiles it from the same revision and every tab's frame loads it), beside a
// raw srcdoc load of the same page's markup in a plain sandboxed frame.
import type { Frame, Page } from 'playwright-core';
import { inContext, openStudio } from '../lib/browser';
import { timingRow } from '../lib/stats';
import type { Figure } from './context';

const PAGE = (title: string, other: string) =>
	`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="site.css"></head><body><nav><a id="go" href="${other}">${other}</a></nav><h1>${title}</h1>${'<p>Fresh bread every morning, baked with rye, spelt and time.</p>'.repeat(40)}<script src="site.js"></script></body></html>`;

/** The site's frame inside the preview document, once it shows `title`. */
async function siteFrame(page: Page, title: string): Promise<Frame> {
	for (let i = 0; i < 200; i++) {
		for (const frame of page.frames()) {
			if (frame.url() !== 'about:srcdoc') continue;
			const shown = await frame.evaluate(() => document.title).catch(() => '');
			if (shown === title) return frame;
		}
		await page.waitForTimeout(25);
	}
	throw new Error(`the preview never showed ${title}`);
}

export const B12: Figure = {
	id: 'B12',
	title: 'page-to-page navigation in the preview',
	async run(ctx) {
		return inContext(ctx.browser, ctx.url, async (context) => {
			const page = await openStudio(context);
			const files = { 'index.html': PAGE('Home', 'about.html'), 'about.html': PAGE('About', 'index.html'), 'site.css': 'body{font:16px system-ui;margin:2rem}nav a{color:#0d9488}', 'site.js': 'document.body.dataset.ready = "1";' };
			await page.evaluate((all) => window.studio!.callTool('workspace_apply_changes', { operations: Object.entries(all).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) }), files);
			// Every acknowledgement the studio hears, stamped on the clock frames share (timeOrigin + now).
			await page.evaluate(() => {
				const w = window as unknown as { acks: number[] };
				w.acks = [];
				addEventListener('message', (event) => {
					if ((event.data as { type?: string } | null)?.type === 'ready') w.acks.push(performance.timeOrigin + performance.now());
				});
			});
			const work: number[] = [];
			const floor: number[] = [];
			let title = 'Home';
			for (let i = 0; i < ctx.warm + ctx.samples; i++) {
				const frame = await siteFrame(page, title);
				const next = title === 'Home' ? 'About' : 'Home';
				const before = await page.evaluate(() => (window as unknown as { acks: number[] }).acks.length);
				const clicked = await frame.evaluate(() => {
					const at = performance.timeOrigin + performance.now();
					(document.getElementById('go') as HTMLAnchorElement).click();
					return at;
				});
				await page.waitForFunction((n) => (window as unknown as { acks: number[] }).acks.length > n, before);
				const acked = await page.evaluate((n) => (window as unknown as { acks: number[] }).acks[n]!, before);
				await siteFrame(page, next);
				title = next;
				// The floor: the same markup as a raw srcdoc document in a sandboxed frame of the studio page.
				const raw = await page.evaluate(async (html) => {
					const frame = document.createElement('iframe');
					frame.setAttribute('sandbox', 'allow-scripts');
					frame.style.cssText = 'position:fixed;left:-2000px;width:800px;height:600px';
					document.body.append(frame);
					const started = performance.now();
					await new Promise<void>((resolve) => {
						frame.onload = () => resolve();
						frame.srcdoc = html;
					});
					const ms = performance.now() - started;
					frame.remove();
					return ms;
				}, files[next === 'Home' ? 'index.html' : 'about.html']);
				if (i < ctx.warm) continue;
				work.push(acked - clicked);
				floor.push(raw);
			}
			return [timingRow('B12', 'click a link → the other page of the site acknowledged in the preview', work, floor, 'raw srcdoc load of that page', 10, 'compiled by the hub from the same revision, bridge and shims included')];
		});
	}
};
