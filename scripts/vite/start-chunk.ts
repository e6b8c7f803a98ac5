// The page's start in one chunk: every module the workbench page imports statically (and the root
// layout does not) goes into one file. Left to itself the bundler split them by which lazy region
// shares them into about fifteen files, and the page's start appended a preload link for each: about
// 0.6 ms apiece on this machine, one task of 15 ms before anything was mounted. The lazy regions
// still load apart, importing what they share from this file, which is already there when they load.
import type { Plugin } from 'vite';

const PAGE = /[\\/]src[\\/]routes[\\/]\+page\.svelte$/;
const LAYOUT = /[\\/]src[\\/]routes[\\/]\+layout\.(svelte|ts)$/;
/** SvelteKit's entry per route node (the page's own is one): not part of the shell. */
const NODE = /[\\/]nodes[\\/]\d+\.js$/;
/**
 * Imported by SvelteKit's runtime, whose code using them an SPA's build drops: they stay out of the
 * shell, with what still uses them (devalue: the site's IndexedDB described for an agent, a lazy
 * chunk). In the shell they were 1.4 KB more of the first screen, for nothing it runs.
 */
const NOT_SHELL = /[\\/]node_modules[\\/]devalue[\\/]/;

interface Graph {
	getModuleIds(): IterableIterator<string>;
	getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/** Everything `roots` import statically, themselves included. */
function reach(graph: Graph, roots: string[]): Set<string> {
	const seen = new Set<string>();
	const queue = [...roots];
	while (queue.length) {
		const id = queue.pop()!;
		if (seen.has(id)) continue;
		seen.add(id);
		queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
	}
	return seen;
}

interface Group {
	name: string;
	test: (id: string) => boolean;
}

/**
 * The plugin (client build only) and the code-splitting groups that read what it found: the shell
 * (what the root layout needs, in the app shell's preload links) before the page's start, so the
 * page's group (which takes its modules' dependencies along) leaves the shell's modules where they are.
 */
export function startChunk(): { plugin: Plugin; groups: [shell: Group, page: Group] } {
	let shellMembers = new Set<string>();
	let members = new Set<string>();
	const plugin: Plugin = {
		name: 'studio:start-chunk',
		apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
		buildEnd() {
			const ids = [...this.getModuleIds()];
			const page = ids.filter((id) => PAGE.test(id));
			// The shell: the root layout and SvelteKit's own entries (its router and runtime), which the app
			// shell preloads before the first paint; a module they import stays out of the page's file.
			shellMembers = reach(this, ids.filter((id) => LAYOUT.test(id) || (this.getModuleInfo(id)?.isEntry && !NODE.test(id))));
			members = new Set([...reach(this, page)].filter((id) => !shellMembers.has(id)));
		}
	};
	return { plugin, groups: [{ name: 'shell', test: (id) => shellMembers.has(id) && !NOT_SHELL.test(id) }, { name: 'studio', test: (id) => members.has(id) }] };
}
