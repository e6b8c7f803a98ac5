// The build steps that keep a start's tasks short: the editor's word segmenter is made on first use,
// the chunks a start runs carry V8's compile hint (the others do not), the page's start is one file,
// and the preview frame's programs are minified (every render's document carries them).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { lazySegmenter } from '../../scripts/vite/lazy-segmenter';
import { COMPILE_HINT, compileHints, hintFirst } from '../../scripts/vite/compile-hints';
import { startChunk } from '../../scripts/vite/start-chunk';
import { framePrograms, minifyFrameProgram } from '../../scripts/vite/frame-programs';

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

	it('keeps the hint on a chunk’s first line when Vite writes its preload list above it', () => {
		const preload = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["/a.js"])))=>i.map(i=>d[i]);';
		const body = 'import{a}from"./b.js";export function f(){return a}';
		expect(hintFirst(`${preload}\n${COMPILE_HINT}\n${body}`)).toBe(`${COMPILE_HINT}\n${preload}\n${body}`);
		// Already first, or no hint (a chunk a feature loads later): untouched; nor one further down (not ours).
		expect(hintFirst(`${COMPILE_HINT}\n${body}`)).toBe(`${COMPILE_HINT}\n${body}`);
		expect(hintFirst(`${preload}\n${body}`)).toBe(`${preload}\n${body}`);
		const deeper = `${preload}\n${body}\n${COMPILE_HINT}\nlet x;`;
		expect(hintFirst(deeper)).toBe(deeper);
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

describe('the preview frame’s programs in the build', () => {
	const folder = fileURLToPath(new URL('../../src/lib/preview/frame/', import.meta.url));
	const load = (id: string) => (framePrograms().load as (this: unknown, id: string) => { code: string } | null).call({ addWatchFile: () => undefined }, id);
	const topLevel = (code: string) => [...code.matchAll(/(?:^|[;}\s])function (studio\w+)\(/g)].map((match) => match[1]).sort();

	it('minifies each one, keeping the top-level functions the bridge calls by name', () => {
		const files = readdirSync(folder).filter((name) => name.endsWith('.js'));
		expect(files.length).toBeGreaterThanOrEqual(5);
		let written = 0;
		let shipped = 0;
		for (const name of files) {
			const source = readFileSync(folder + name, 'utf8');
			const out = load(`${folder}${name}?raw`);
			expect(out, name).not.toBeNull();
			const code = (new Function(out!.code.replace(/^export default /, 'return ')) as () => string)();
			expect(topLevel(code), name).toEqual(topLevel(source));
			expect(topLevel(code).length, name).toBe(1);
			// It still parses as a script (the bridge joins them inside one function).
			expect(() => new Function(code), name).not.toThrow();
			written += source.length;
			shipped += code.length;
		}
		expect(shipped).toBeLessThan(written * 0.6);
	});

	it('leaves other imports to Vite and fails the build on a program that does not parse', () => {
		expect(load(`${folder}bridge.js`)).toBeNull();
		expect(load('/s/src/lib/preview/site.ts?raw')).toBeNull();
		expect(() => minifyFrameProgram('broken.js', 'function studioBroken( {')).toThrow(/broken\.js/);
	});
});
