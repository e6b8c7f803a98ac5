// Which bridge a page's document carries: the plain one, or, for a page whose code names
// `indexedDB` (its own scripts and modules, its packages), the one with the site's IndexedDB and the
// databases the hub keeps for the workspace (frame/indexeddb.js). The library (16 KB gzipped) loads
// in the hub the first time a compile meets such a page, as the `location` parser does: most sites
// never use it, and a hub that starts without it starts sooner (B6 in `npm run bench`). Where it
// cannot load (a Node process without the build's virtual module), pages get the plain bridge.
import { loadedOnce } from '../../core/once';
import { BRIDGE_SOURCE, bridgeWithIndexedDB } from '../bridge';
import { escapeRaw, type Compiler } from './compiler';
import type { Edit } from '../html';

/** Characters one database's text may have for the hub to keep it (as a storage value, schemas.ts). */
export const INDEXEDDB_DATABASE_CHARS = 5 * 1024 * 1024;

/** A compile met a page that uses IndexedDB before the library was there. */
let wanted = false;
/** The library could not be loaded here: pages get the plain bridge, and no compile waits for it. */
let unavailable = false;
const library = loadedOnce('IndexedDB library', () =>
	import('virtual:studio-indexeddb').then((module) => {
		wanted = false;
		return module.default;
	})
);

/** Loads the library (once); compiles made after it give pages that use IndexedDB their databases. */
export async function loadIndexedDBLibrary(): Promise<void> {
	await library.load().catch(() => {
		wanted = false;
		unavailable = true;
	});
}

/** The library is there, or cannot be: no compile will want it. */
export function indexedDBLibrarySettled(): boolean {
	return library.ready || unavailable;
}

/** Whether a compile since the last load met a page that uses IndexedDB without the library (its output is not to be used). */
export function indexedDBLibraryWanted(): boolean {
	return wanted;
}

/** The code a compiled page runs: its text and rewrites (inline and inlined scripts), its modules, its packages' modules. */
function* code(compiler: Compiler, source: string, edits: readonly Edit[]): Iterable<string> {
	yield source;
	for (const edit of edits) yield edit.text;
	yield* compiler.modules.values();
	yield* compiler.packages.modules.values();
}

/**
 * The bridge of a page (`source`, rewritten by `edits`): with the site's IndexedDB, starting from the
 * compiler's databases, when the page's code names `indexedDB`.
 */
export function bridgeOf(compiler: Compiler, source: string, edits: readonly Edit[]): string {
	let uses = false;
	for (const text of code(compiler, source, edits)) if ((uses = text.includes('indexedDB'))) break;
	if (!uses || unavailable) return BRIDGE_SOURCE;
	if (!library.ready) {
		wanted = true;
		return BRIDGE_SOURCE;
	}
	return bridgeWithIndexedDB(library.get(), escapeRaw(JSON.stringify(compiler.indexedDB), 'script'), INDEXEDDB_DATABASE_CHARS);
}
