// Module workers a script starts (`new Worker(new URL('./worker.js', import.meta.url), { type:
// 'module' })`, as Vite and the MDN examples write it): found in the script's text, so the compiler
// puts each worker's module graph into the document beside the page's own. The frame's worker program
// (frame/workers.js) builds the worker's modules from there; a worker has no import map to read.

/** One module worker a script starts: its URL as written, and what that URL is relative to. */
export interface ModuleWorkerRef {
	reference: string;
	/** `new URL(reference, import.meta.url)`: the script's own file; otherwise the page (a Worker's URL resolves against the document). */
	fromScript: boolean;
}

/** How far past `Worker(` the options `{ type: 'module' }` may stand (a call's arguments, written by a person or a bundler). */
const ARGUMENTS_CHARS = 400;
const START = /\bnew\s+(?:Shared)?Worker\s*\(/g;
const COMMENT = String.raw`(?:\/\*[^]*?\*\/\s*)?`;
/** `new URL('…', <anything ending in import.meta.url>)`: Vite writes ``new URL(`/assets/w.js`, ``+import.meta.url)``. */
const FROM_SCRIPT = new RegExp(String.raw`^\s*new\s+URL\s*\(\s*${COMMENT}(['"\x60])([^'"\x60$\n]+)\1\s*,[^()]*?import\.meta\.url\s*\)`);
/** `new URL('…', location.href)` and the like: relative to the page. */
const FROM_PAGE = new RegExp(String.raw`^\s*new\s+URL\s*\(\s*${COMMENT}(['"\x60])([^'"\x60$\n]+)\1\s*[,)]`);
const LITERAL = new RegExp(String.raw`^\s*${COMMENT}(['"\x60])([^'"\x60$\n]+)\1`);
const MODULE_TYPE = /\btype\s*:\s*(['"`])module\1/;

/**
 * The arguments of the call whose `(` ends at `from` (up to `ARGUMENTS_CHARS`; strings skipped when
 * counting parentheses), or null when they do not close within that.
 */
function argumentsAt(source: string, from: number): string | null {
	let depth = 1;
	let quote = '';
	const end = Math.min(source.length, from + ARGUMENTS_CHARS);
	for (let i = from; i < end; i++) {
		const c = source[i]!;
		if (quote) {
			if (c === '\\') i++;
			else if (c === quote) quote = '';
		} else if (c === '"' || c === "'" || c === '`') quote = c;
		else if (c === '(') depth++;
		else if (c === ')' && --depth === 0) return source.slice(from, i);
	}
	return null;
}

/**
 * The module workers `source` starts, in order; `computed`: one whose URL is computed (the compiler
 * then puts every module of the workspace into the document, as for a computed import).
 */
export function moduleWorkers(source: string): { workers: ModuleWorkerRef[]; computed: boolean } {
	const workers: ModuleWorkerRef[] = [];
	let computed = false;
	if (!source.includes('Worker')) return { workers, computed };
	for (const start of source.matchAll(START)) {
		const args = argumentsAt(source, start.index + start[0].length);
		if (args === null || !MODULE_TYPE.test(args)) continue;
		const fromScript = FROM_SCRIPT.exec(args);
		const found = fromScript ?? FROM_PAGE.exec(args) ?? LITERAL.exec(args);
		if (found) workers.push({ reference: found[2]!, fromScript: !!fromScript });
		else computed = true;
	}
	return { workers, computed };
}
