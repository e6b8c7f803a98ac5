// The build steps that keep a start's tasks short: the editor's word segmenter is made on first use,
// the chunks a start runs carry V8's compile hint (the others do not), and the page's start is one file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazySegmenter } from '../../scripts/vite/lazy-segmenter';
import { COMPILE_HINT, compileHints } from '../../scripts/vite/compile-hints';
import { startChunk } from '../../scripts/vite/start-chunk';

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
		const options = (compileHints().outputOptions as (options: object) => { postBanner: (chunk: { moduleIds: string[] }) => string })({});
		expect(options.postBanner({ moduleIds: ['/s/src/routes/+page.svelte', '/s/node_modules/svelte/src/index-client.js'] })).toBe(COMPILE_HINT);
		expect(options.postBanner({ moduleIds: ['/s/node_modules/@codemirror/view/dist/index.js'] })).toBe(COMPILE_HINT);
		expect(options.postBanner({ moduleIds: ['/s/node_modules/isomorphic-git/index.js', '/s/src/lib/runtime/git/repo.ts'] })).toBe('');
		expect(options.postBanner({ moduleIds: ['/s/node_modules/@codemirror/lang-markdown/dist/index.js'] })).toBe('');
	});

	it('puts what the page imports statically in one file, leaving the shell’s modules and the lazy regions apart', () => {
		const graph: Record<string, { importedIds: string[]; isEntry: boolean }> = {
			'/s/kit/entry.js': { importedIds: ['/s/node_modules/svelte/internal.js'], isEntry: true },
			'/s/.svelte-kit/nodes/0.js': { importedIds: ['/s/src/routes/+layout.svelte'], isEntry: true },
			'/s/.svelte-kit/nodes/2.js': { importedIds: ['/s/src/routes/+page.svelte'], isEntry: true },
			'/s/src/routes/+layout.svelte': { importedIds: ['/s/node_modules/svelte/internal.js'], isEntry: false },
			'/s/src/routes/+page.svelte': { importedIds: ['/s/src/lib/client/app.svelte.ts', '/s/node_modules/svelte/internal.js'], isEntry: false },
			'/s/src/lib/client/app.svelte.ts': { importedIds: ['/s/src/lib/views/TopBar.svelte'], isEntry: false },
			'/s/src/lib/views/TopBar.svelte': { importedIds: [], isEntry: false },
			'/s/src/routes/regions/DockRegions.svelte': { importedIds: ['/s/src/lib/views/TopBar.svelte'], isEntry: false },
			'/s/node_modules/svelte/internal.js': { importedIds: [], isEntry: false }
		};
		const { plugin, groups } = startChunk();
		(plugin.buildEnd as (this: unknown) => void).call({ getModuleIds: () => Object.keys(graph)[Symbol.iterator](), getModuleInfo: (id: string) => graph[id] ?? null });
		const [shell, page] = groups;
		const inPage = Object.keys(graph).filter((id) => page.test(id));
		expect(inPage).toEqual(['/s/src/routes/+page.svelte', '/s/src/lib/client/app.svelte.ts', '/s/src/lib/views/TopBar.svelte']);
		expect(shell.test('/s/node_modules/svelte/internal.js')).toBe(true);
		expect(shell.test('/s/src/routes/+layout.svelte')).toBe(true);
		expect(page.test('/s/src/routes/regions/DockRegions.svelte') || shell.test('/s/src/routes/regions/DockRegions.svelte')).toBe(false);
	});
});
