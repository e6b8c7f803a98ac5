// Which files a lazy import asks the browser to preload: Vite lists a lazy chunk's whole static
// closure, including the chunks its importer already loaded (the runtime, Svelte, the page's own
// chunk). Their names are hashes that do not compress, and the page's chunk carried a table of them.
import type { Plugin } from 'vite';

/** The plugin and the `build.modulePreload` option that reads what it records. */
export function preloadDeps(): { plugin: Plugin; modulePreload: { resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[] } } {
	const imports = new Map<string, readonly string[]>();
	/** The files `host` has loaded before any of its code runs (its static imports, transitively). */
	const loaded = (host: string, into = new Set<string>()): Set<string> => {
		if (into.has(host)) return into;
		into.add(host);
		for (const file of imports.get(host) ?? []) loaded(file, into);
		return into;
	};
	return {
		plugin: {
			name: 'studio:preload-deps',
			apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
			generateBundle: {
				order: 'pre',
				handler(_options, bundle) {
					for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
				}
			}
		},
		modulePreload: {
			resolveDependencies(file, deps, { hostId, hostType }) {
				if (hostType !== 'js') return deps;
				const before = loaded(hostId);
				return deps.filter((dep) => dep === file || !before.has(dep));
			}
		}
	};
}
