// B13: a render of a page whose module imports three npm packages served from the device's package
// store (fetched once from a CDN on 127.0.0.1 beforehand), beside the same render with the same three
// packages as workspace files imported by relative path.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inContext, openStudio } from '../lib/browser';
import { timingRow } from '../lib/stats';
import type { Figure } from './context';

/** A package module of some weight (about 30 KB), so the figure measures serving, not just resolving. */
const moduleOf = (name: string) => `export const ${name} = (s) => s + ${JSON.stringify(name)};\n${Array.from({ length: 600 }, (_, i) => `export const ${name}${i} = (x) => x * ${i} + ${JSON.stringify('pad'.repeat(3))}.length;`).join('\n')}\n`;
const NAMES = ['alpha', 'beta', 'gamma'];

const app = (from: (name: string) => string) => `${NAMES.map((name) => `import { ${name} } from ${JSON.stringify(from(name))};`).join('\n')}\ndocument.body.dataset.out = ${NAMES.map((name) => `${name}('')`).join(' + ')};\n`;

export const B13: Figure = {
	id: 'B13',
	title: 'a render with three packages from the device',
	async run(ctx) {
		const server = createServer((request, response) => {
			const match = /^\/(alpha|beta|gamma)@1\.0\.0$/.exec(request.url ?? '');
			if (!match) return void response.writeHead(404).end();
			response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(moduleOf(match[1]!));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		try {
			return await inContext(ctx.browser, ctx.url, async (context) => {
				const page = await openStudio(context);
				await page.evaluate((b) => window.studio!.setPackagesCdn({ kind: 'custom', base: b }), base);
				const write = (files: Record<string, string>) => page.evaluate((all) => window.studio!.callTool('workspace_apply_changes', { operations: Object.entries(all).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) }), files);
				const refresh = async () => {
					const result = (await page.evaluate(() => window.studio!.callTool('preview_refresh', {}))) as { structuredContent: { preview: { status: string; durationMs?: number } } };
					if (result.structuredContent.preview.status !== 'ready') throw new Error(`the preview said ${result.structuredContent.preview.status}`);
					return result.structuredContent.preview.durationMs ?? 0;
				};
				const page1 = '<!doctype html><html><body><script type="module" src="app.js"></script></body></html>';
				const measure = async () => {
					const times: number[] = [];
					for (let i = 0; i < ctx.warm + ctx.samples; i++) {
						const started = Date.now();
						await refresh();
						if (i >= ctx.warm) times.push(Date.now() - started);
					}
					return times;
				};
				await write({ 'index.html': page1, 'app.js': app((name) => name), 'package.json': JSON.stringify({ dependencies: Object.fromEntries(NAMES.map((n) => [n, '1.0.0'])) }) });
				await refresh(); // the first render fetches them; every one after is served from the device
				const cached = await measure();
				await write({ 'app.js': app((name) => `./vendor/${name}.js`), ...Object.fromEntries(NAMES.map((name) => [`vendor/${name}.js`, moduleOf(name)])) });
				const local = await measure();
				return [timingRow('B13', 'preview_refresh of a page importing three packages from the device (offline-capable)', cached, local, 'the same three as workspace files', 1.5, 'each ~30 KB, fetched once from a CDN on 127.0.0.1 before sampling')];
			});
		} finally {
			server.close();
		}
	}
};
