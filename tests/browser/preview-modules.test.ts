// A site's modules run in the preview from data: URLs, and from blob: URLs past a size (each blob:
// fetch goes through the browser process): both kinds import each other, run once, and an error in
// either names its file and line.
import { describe, expect, it } from 'vitest';
import { PreviewHost } from '../../src/lib/preview/host';
import { compile, DATA_URL_MODULE_CHARS } from '../../src/lib/preview/compile';
import { makeFile, type Workspace } from '../../src/lib/domain/model';

function site(files: Record<string, string>, revision: number): Workspace {
	return { id: 'w', name: 'w', revision, activePath: null, files: new Map(Object.entries(files).map(([path, text]) => [path, makeFile(path, text)])) };
}

/** A module past the data: URL size: its code, then a long comment. */
const BIG = `import { small } from '../small.js';\nexport const big = () => 'big+' + small();\n/*${'x'.repeat(DATA_URL_MODULE_CHARS)}*/\n`;

const files = (small: string, big = BIG) => ({
	'index.html': '<!doctype html><html><body><p id="out">…</p><script type="module" src="app.js"></script></body></html>',
	// The page reads its own import map: which kind of URL each file runs from.
	'app.js':
		"import { big } from './lib/big.js';\nimport { small } from './small.js';\nconsole.log('ran ' + big() + ' ' + small());\n" +
		"const map = JSON.parse(document.querySelector('script[type=importmap]').textContent).imports;\n" +
		"console.log(Object.keys(map).sort().map((url) => url.split('/').slice(3).join('/') + ' ' + map[url].split(':')[0]).join(', '));\n",
	'small.js': small,
	'lib/big.js': big
});

describe('the preview’s modules', () => {
	it('small ones run from data: URLs and large ones from blob: URLs, importing each other; errors name file and line', async () => {
		const container = document.createElement('div');
		document.body.append(container);
		const lines: string[] = [];
		const host = new PreviewHost(container, { onLines: (batch) => lines.push(...batch.console.map((line) => line.text)) });
		try {
			const ok = compile(site(files("export const small = () => 'small';\n"), 1));
			expect(ok.diagnostics).toEqual([]);
			expect(await host.render(1, ok.html)).toMatchObject({ revision: 1, status: 'ready', errors: [] });
			await expect.poll(() => lines).toEqual(['ran big+small small', 'app.js data, lib/big.js blob, small.js data']);

			// A throw in the small module (a data: URL), on its third line.
			const small = compile(site(files("export const small = () => 'small';\n\nthrow new Error('small broke');\n"), 2));
			const smallOutcome = await host.render(2, small.html);
			expect(smallOutcome.status).toBe('error');
			expect(smallOutcome.errors[0]).toMatchObject({ source: 'small.js', line: 3 });
			expect(smallOutcome.errors[0]!.message).toContain('small broke');

			// A throw in the large one (a blob: URL), on its second line.
			const big = compile(site(files("export const small = () => 'small';\n", BIG.replace("export const big", "throw new Error('big broke');\nexport const big")), 3));
			const bigOutcome = await host.render(3, big.html);
			expect(bigOutcome.status).toBe('error');
			expect(bigOutcome.errors[0]).toMatchObject({ source: 'lib/big.js', line: 2 });
			expect(bigOutcome.errors[0]!.message).toContain('big broke');
		} finally {
			host.destroy();
			container.remove();
		}
	});
});
