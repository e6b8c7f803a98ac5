// V8's explicit compile hint (Chrome 136+) on the chunks a start runs: `//# allFunctionsCalledOnLoad`
// as a file's first line makes V8 compile all its functions while the file streams in, on a
// background thread, instead of each one on the main thread the first time it is called — which was
// a large share of the start's long tasks (Svelte's runtime, SvelteKit, the page, CodeMirror), all cold
// on a first visit. Chunks that load only with a feature (git, remote MCP, zip, screenshots…) keep the
// default: compiling them eagerly would be work for nothing.
import type { Plugin } from 'vite';

/** The hint: it must be the file's first line (a post-banner, so the source map accounts for it). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Modules of chunks that are not part of a start (a chunk holding any of them gets no hint). */
const LATER = /node_modules[\\/](isomorphic-git|@isomorphic-git|pako|buffer|@modelcontextprotocol|zod|fflate|modern-screenshot|re2js|htmlparser2|entities|es-module-lexer|@valibot[\\/]to-json-schema|node-diff3|diff3|ignore|crc-32|@codemirror[\\/](merge|lang-markdown|lang-json)|@lezer[\\/](markdown|json))[\\/]/;

/** Whether a chunk holding these modules is one a start runs. */
export function startsWith(moduleIds: readonly string[]): boolean {
	return !moduleIds.some((id) => LATER.test(id));
}

/** The plugin: client build only (the server build renders one page at build time). */
export function compileHints(): Plugin {
	return {
		name: 'studio:compile-hints',
		apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
		outputOptions(options) {
			return { ...options, postBanner: (chunk: { moduleIds: readonly string[] }) => (startsWith(chunk.moduleIds) ? COMPILE_HINT : '') };
		},
		generateBundle: {
			order: 'post',
			handler(_options, bundle) {
				for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = hintFirst(file.code);
			}
		}
	};
}

/**
 * The hint moved back to the first line. Vite puts its preload list (`const __vite__mapDeps=…`) above
 * every banner of a chunk that imports lazily, and a hint below it left the shell's chunk (Svelte's
 * runtime, SvelteKit's router) compiling on the main thread: V8 took it for none. The client build
 * makes no source maps (with them on, the first two lines' mappings would need the same swap).
 */
export function hintFirst(code: string): string {
	const at = code.indexOf(`\n${COMPILE_HINT}\n`);
	if (at < 0 || code.startsWith(COMPILE_HINT) || code.lastIndexOf('\n', at - 1) !== -1) return code;
	return `${COMPILE_HINT}\n${code.slice(0, at)}${code.slice(at + COMPILE_HINT.length + 1)}`;
}
