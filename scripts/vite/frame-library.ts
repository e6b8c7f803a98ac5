// The preview frame's IndexedDB library (src/lib/preview/indexeddb-library.ts) as one minified
// classic script, the default export of `virtual:studio-indexeddb`: a script that defines
// `studioIndexedDBLibrary` inside the bridge's closure. The hub imports it the first time a page
// uses IndexedDB (59 KB minified, 16 KB gzipped: no hub starts with it). In every build and in the
// tests, so Node's compiles carry what the browser's do.
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/** The module's name, as the hub imports it. */
export const INDEXEDDB_LIBRARY = 'virtual:studio-indexeddb';
const RESOLVED = `\0${INDEXEDDB_LIBRARY}`;
const ENTRY = fileURLToPath(new URL('../../src/lib/preview/indexeddb-library.ts', import.meta.url));

/** The library bundled as a script that declares `var studioIndexedDBLibrary`. */
export async function bundleIndexedDBLibrary(): Promise<string> {
	const bundle = await rolldown({ input: ENTRY, platform: 'browser', tsconfig: false, logLevel: 'silent' });
	try {
		const { output } = await bundle.generate({ format: 'iife', name: 'studioIndexedDBLibrary', minify: true, comments: false });
		const code = output[0].code;
		// It goes into an inline script of the document as it is.
		if (/<\/script/i.test(code)) throw new Error('The IndexedDB library holds "</script": it cannot be inlined.');
		return code;
	} finally {
		await bundle.close();
	}
}

/** The plugin (the page's, the workers' and the tests' builds). */
export function frameLibrary(): Plugin {
	let code: Promise<string> | undefined;
	return {
		name: 'studio:frame-library',
		enforce: 'pre',
		resolveId(id) {
			return id === INDEXEDDB_LIBRARY ? RESOLVED : null;
		},
		async load(id) {
			if (id !== RESOLVED) return null;
			code ??= bundleIndexedDBLibrary();
			return { code: `export default ${JSON.stringify(await code)};`, map: null };
		}
	};
}
