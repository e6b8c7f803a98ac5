// The build steps that keep a start's tasks short: the editor's word segmenter is made on first use,
// and the chunks a start runs carry V8's compile hint (the others do not).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazySegmenter } from '../../scripts/vite/lazy-segmenter';
import { compileHints } from '../../scripts/vite/compile-hints';

/** Runs a plugin's transform on a file as the build would. */
function transform(id: string, code: string): string {
	const plugin = lazySegmenter();
	const errors: string[] = [];
	const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
	const out = hook.call({ error: (message: string) => errors.push(message) }, code, id);
	if (errors.length) throw new Error(errors.join('\n'));
	return out?.code ?? code;
}

describe('the editor’s build', () => {
	const require = createRequire(import.meta.url);
	const commands = require.resolve('@codemirror/commands').replace(/index\.cjs$/, 'index.js');

	it('makes @codemirror/commands’ word segmenter on first use, not when the module is evaluated', () => {
		const source = readFileSync(commands, 'utf8');
		expect(source).toMatch(/^const segmenter = .*\n.*new \(Intl\.Segmenter\)/m);
		const out = transform(commands, source);
		expect(out).not.toMatch(/\bsegmenter\b/);
		// No Segmenter is made at the top level any more: only inside the function that makes it once.
		expect(out).toContain('const wordSegmenter = () => segmenterMade !== undefined ? segmenterMade');
		expect(out.match(/new \(Intl\.Segmenter\)/g)).toHaveLength(1);
		// Other files pass untouched; a release that changed the code fails the build.
		expect(transform('/x/node_modules/@codemirror/view/dist/index.js', 'const segmenter = 1;')).toBe('const segmenter = 1;');
		expect(() => transform(commands, 'export const nothing = 1;')).toThrow(/@codemirror\/commands changed/);
	});

	it('marks the chunks a start runs for eager compilation, and not the ones a feature loads later', () => {
		const plugin = compileHints();
		const chunk = (modules: string[]) => ({ type: 'chunk' as const, code: 'export{};', map: { mappings: 'AAAA' }, modules: Object.fromEntries(modules.map((id) => [id, {}])) });
		const bundle = {
			page: chunk(['/s/src/routes/+page.svelte', '/s/node_modules/svelte/src/index-client.js']),
			view: chunk(['/s/node_modules/@codemirror/view/dist/index.js']),
			git: chunk(['/s/node_modules/isomorphic-git/index.js', '/s/src/lib/runtime/git/repo.ts']),
			asset: { type: 'asset' as const, source: 'x' }
		};
		(plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call({}, {}, bundle);
		expect(bundle.page.code).toBe('//# allFunctionsCalledOnLoad\nexport{};');
		expect(bundle.page.map.mappings).toBe(';AAAA');
		expect(bundle.view.code.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
		expect(bundle.git.code).toBe('export{};');
	});
});
