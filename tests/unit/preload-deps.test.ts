// What a lazy import asks the browser to preload: its chunk and the chunks it needs that its importer
// has not loaded already.
import { describe, expect, it } from 'vitest';
import { preloadDeps } from '../../scripts/vite/preload-deps';

type Handler = (options: unknown, bundle: Record<string, unknown>) => void;

/** The plugin after it saw a bundle of `graph` (a chunk → its static imports). */
function seen(graph: Record<string, string[]>) {
	const preload = preloadDeps();
	const bundle = Object.fromEntries([...Object.entries(graph).map(([fileName, imports]) => [fileName, { type: 'chunk', fileName, imports }]), ['app.css', { type: 'asset', fileName: 'app.css' }]]);
	(preload.plugin.generateBundle as { handler: Handler }).handler({}, bundle);
	return preload.modulePreload.resolveDependencies;
}

describe('preloadDeps', () => {
	const resolve = seen({
		'page.js': ['runtime.js', 'svelte.js'],
		'svelte.js': ['runtime.js'],
		'runtime.js': [],
		'panel.js': ['runtime.js', 'svelte.js', 'schemas.js'],
		'schemas.js': [],
		'menu.js': ['panel.js']
	});

	it('leaves out what the importer loaded before it ran (its static imports, transitively)', () => {
		expect(resolve('panel.js', ['panel.js', 'runtime.js', 'svelte.js', 'schemas.js'], { hostId: 'page.js', hostType: 'js' })).toEqual(['panel.js', 'schemas.js']);
	});

	it('keeps what only the lazy chunk needs, and its styles', () => {
		expect(resolve('menu.js', ['menu.js', 'panel.js', 'schemas.js', 'runtime.js', 'menu.css'], { hostId: 'svelte.js', hostType: 'js' })).toEqual(['menu.js', 'panel.js', 'schemas.js', 'menu.css']);
	});

	it('keeps the lazy chunk itself even when the importer had it', () => {
		expect(resolve('runtime.js', ['runtime.js'], { hostId: 'page.js', hostType: 'js' })).toEqual(['runtime.js']);
	});

	it('changes nothing for an HTML page, or for an importer it never saw', () => {
		const deps = ['panel.js', 'runtime.js'];
		expect(resolve('panel.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
		expect(resolve('panel.js', deps, { hostId: 'elsewhere.js', hostType: 'js' })).toEqual(deps);
	});
});
