// Seven hash characters in the client build's file names, not SvelteKit's eight: the first screen's
// chunks name dozens of files (imports, preload lists), and a hash is what gzip cannot compress
// (B7 in `npm run bench`: 0.15 KB). Seven is the fewest Rolldown takes for a build of this many
// chunks; the build checks that no two of its files share a name, even in a case-blind file system.
import type { Plugin } from 'vite';

/** The hash length of the client's hashed files. */
export const HASH_LENGTH = 7;

/** A file-name pattern with its `[hash]` shortened (a function or no pattern: as it is). */
export function shortened<T>(pattern: T): T {
	return (typeof pattern === 'string' ? pattern.replaceAll('[hash]', `[hash:${HASH_LENGTH}]`) : pattern) as T;
}

/** The plugin: the client build only (the server build's files are not hashed). */
export function shortHashes(): Plugin {
	return {
		name: 'studio:short-hashes',
		apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
		outputOptions(options) {
			const assets = shortened(options.assetFileNames);
			return {
				...options,
				entryFileNames: shortened(options.entryFileNames),
				chunkFileNames: shortened(options.chunkFileNames),
				// A stylesheet's name is its hash alone: the page's chunk lists each lazy region's stylesheet to
				// load with its code, and the regions' names there were 0.19 KB of it gzipped (B7).
				assetFileNames: typeof assets === 'string' ? (asset) => (asset.names.some((name) => name.endsWith('.css')) ? assets.replace('[name].', '') : assets) : assets
			};
		},
		generateBundle(_options, bundle) {
			// Two files with one name would overwrite each other: the build stops instead.
			const seen = new Set<string>();
			for (const file of Object.values(bundle)) {
				const name = file.fileName.toLowerCase();
				if (seen.has(name)) this.error(`two files of the build are named ${file.fileName}: make HASH_LENGTH longer`);
				seen.add(name);
			}
		}
	};
}
