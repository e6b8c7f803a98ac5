// Points a site script's references to `location` at the page's virtual location (the frame's
// navigation program defines it): a srcdoc document's own location is about:srcdoc, whose members are
// unforgeable, so `location.href = 'about.html'` would leave the preview and `location.search` would
// read nothing. Its references to `top`, likewise unforgeable, go to the site's top window. Lezer's
// JavaScript parser finds the references: a string, a comment, an object key or `user.location` is
// none. Only names change, never lines (a shorthand property gains its key: `{ location }` is
// `{ location: __studioLocation }`). The parser (with Lezer, about a fifth of the hub's code) loads
// the first time a compile meets `location` or a likely global `top`: most sites never do, and a
// hub that starts without it starts sooner (B6 in `npm run bench`). What a parse found is kept by the
// script's fingerprint across starts (location-findings.ts): a library is parsed once per device, and
// its first parse, met by a compile that can wait (`deferringParses`), runs in slices between the
// hub's other work: a megabyte took the hub's thread for a second, every tab's calls waiting.
import { loadedOnce } from '../../core/once';
import { fingerprint, keptFor, LocationFindings, type Finding, type FindingsStore } from './location-findings';

type Parser = typeof import('@lezer/javascript')['parser'];
type SyntaxNode = import('@lezer/common').SyntaxNode;
type Tree = import('@lezer/common').Tree;

/** A compile met `location` before the parser was there, or a big script not parsed yet: the caller loads it and compiles again. */
let wanted = false;
/** Compiles that can wait are running: a big script's parse is left to `loadLocationParser`, in slices. */
let deferring = false;
/** The big scripts such compiles met, to parse in slices before they compile again. */
const unparsed = new Set<string>();
/** The parses in slices under way, by the script's fingerprint. */
const parsing = new Map<string, Promise<void>>();
/** The longest the parse of a big script holds the hub's thread at a time. */
const SLICE_MS = 10;
const parser = loadedOnce('location parser', () =>
	import('@lezer/javascript').then((module) => {
		wanted = false;
		return module.parser;
	})
);

/** What parses found in the scripts of this device, by fingerprint (persisted once `keepLocationFindings` is called). */
const findings = new LocationFindings();

/** Reads what earlier starts of this build found in scripts, and keeps this start's findings in `store`. */
export function keepLocationFindings(store: FindingsStore, build: string): Promise<void> {
	return findings.load(store, build);
}

/**
 * Loads the parser (once), and parses the big scripts that compiles made by `deferringParses` met, in
 * slices; compiles made after it rewrite `location` without a parse of their own.
 */
export async function loadLocationParser(): Promise<void> {
	const parse = await parser.load();
	for (const code of unparsed) {
		unparsed.delete(code);
		const key = fingerprint(code);
		if (findings.get(key) || parsing.has(key)) continue;
		// A parse that fails here fails again, at once, in the compile made next: that one says why.
		const parsed = inSlices(references(parse, code)).then(
			(found) => findings.add(key, found),
			() => undefined
		);
		parsing.set(key, parsed);
		void parsed.finally(() => parsing.delete(key));
	}
	// Another render's parses too: a compile made before they end would parse the same script at once.
	await Promise.all(parsing.values());
	wanted = false;
}

/** `make` (a compile) with a big script's parse left for later: the script comes back as it is and the compile is marked (`locationParserWanted`). */
export function deferringParses<T>(make: () => T): T {
	deferring = true;
	try {
		return make();
	} finally {
		deferring = false;
	}
}

/** Lets the hub's other work run (a task of its own: a timer's would be held 4 ms once nested). */
const nextTask = (): Promise<void> => (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));

/** A stepped computation run to its end now. */
function atOnce<T>(steps: Generator<void, T>): T {
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
	}
}

/** A stepped computation run a slice of at most SLICE_MS at a time, other work between. */
async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
	let since = performance.now();
	for (;;) {
		const step = steps.next();
		if (step.done) return step.value;
		if (performance.now() - since > SLICE_MS) {
			await nextTask();
			since = performance.now();
		}
	}
}

/** The parser is there: every compile from now on rewrites `location`. */
export function locationParserReady(): boolean {
	return parser.ready;
}

/** Whether a compile since the last load met `location` without the parser (its output is not to be used). */
export function locationParserWanted(): boolean {
	return wanted;
}

/** The page's virtual location, as the frame's navigation program names it on window and document. */
export const SITE_LOCATION = '__studioLocation';
/** `window.location` and friends name the page's location too. */
const HOLDERS = new Set(['window', 'self', 'globalThis', 'document']);
/**
 * What any other variable (or `this`) that holds a `.location` is wrapped in: the navigation program's
 * function that gives, for the page's own window or document, an object whose `location` is the page's,
 * and any other object back as it is. Bundled code reads the window under another name (React Router's
 * history takes `window` as a parameter, which a minifier renames: `o.location`), which no parse can
 * tell from `user.location`; the code finds out when it runs.
 */
export const SITE_HOLDER = '__studioHolder';
/** Other windows: never the page's own, their `location` is theirs. */
const OTHER_WINDOWS = new Set(['top', 'parent', 'opener']);
/** `window.top` and friends name the top window (a document has no `top`). */
const TOP_HOLDERS = new Set(['window', 'self', 'globalThis']);
/**
 * The site's top window, as the frame's windows program names it: on a host the site's page is the
 * top-level page, so `top === self` and a frame-busting `top.location = self.location` never runs;
 * `top` cannot be replaced on a window, so the code's references to it are pointed here.
 */
export const SITE_TOP = '__studioTop';
/** Code that may name the global `top` (the parser decides): not `.top`, `"top"` or a key `top:`. */
const TOP_USE = /(?<![\w$.'"-])top(?![\w$'"-])(?!\s*:)|\b(?:window|self|globalThis)\s*\.\s*top\b/;
/** Rewritten sources kept (jQuery and its kind come back on every render), at most this many characters. */
const CACHE_CHARS = 8 * 1024 * 1024;
const cache = new Map<string, string>();
let cachedChars = 0;

/** What names the page's location in place of a shorthand property's `location` (its key stays). */
const SHORTHAND = `location: ${SITE_LOCATION}`;

/** Where `code` names the page's location or the top window: the ranges of those names, and what each becomes. */
function* references(parse: Parser, code: string): Generator<void, Finding[]> {
	const partial = parse.startParse(code);
	// Lezer's parse and its tree's walk both go in steps; a caller may stop between any two (`inSlices`).
	let tree: Tree | null;
	for (let step = 1; !(tree = partial.advance()); step++) if (step % 256 === 0) yield;
	const found: Finding[] = [];
	const top: Finding[] = [];
	let declared = false;
	const ref = tree.cursor();
	for (let step = 1; ref.next(); step++) {
		if (step % 2048 === 0) yield;
		if (ref.to - ref.from === 3 && code.slice(ref.from, ref.to) === 'top') {
			if (ref.name === 'VariableDefinition') declared = true;
			else tops(ref.node, code, top);
			continue;
		}
		if (ref.to - ref.from !== 8 || code.slice(ref.from, ref.to) !== 'location') continue;
		const parent = ref.node.parent;
		// A variable named location (a parameter, a local) is renamed with its uses, so it still means
		// itself; bound by a shorthand (`const { location } = props`), it keeps the key it reads.
		if (ref.name === 'VariableName') found.push([ref.from, ref.to, SITE_LOCATION]);
		else if (ref.name === 'VariableDefinition') found.push([ref.from, ref.to, parent?.name === 'PatternProperty' && parent.firstChild?.from === ref.from ? SHORTHAND : SITE_LOCATION]);
		// `{ location }` is `{ location: location }`: its value is the variable, or the page's location.
		else if (ref.name === 'PropertyDefinition' && parent?.name === 'Property' && parent.from === ref.from && parent.to === ref.to) found.push([ref.from, ref.to, SHORTHAND]);
		else if (ref.name === 'PropertyName' && parent?.name === 'MemberExpression') {
			const holder = parent.firstChild;
			const name = holder ? code.slice(holder.from, holder.to) : '';
			if (holder?.name === 'VariableName' && HOLDERS.has(name)) found.push([ref.from, ref.to, SITE_LOCATION]);
			else if ((holder?.name === 'VariableName' && !OTHER_WINDOWS.has(name)) || holder?.name === 'this') found.push([holder.from, holder.to, `${SITE_HOLDER}(${name})`]);
			// Any other expression: wrapped where it stands, so what it holds keeps its own findings.
			else if (holder && wrapsAsHolder(holder, name, code)) found.push([holder.from, holder.from, `${SITE_HOLDER}(`], [holder.to, holder.to, ')']);
		} else if (ref.name === 'PropertyName' && parent?.name === 'PatternProperty' && parent.parent?.name === 'ObjectPattern') {
			// `const { location: where } = window` (a shorthand reads `window.__studioLocation` already).
			const equals = parent.parent.nextSibling;
			const holder = equals?.name === 'Equals' ? equals.nextSibling : null;
			if (holder?.name === 'VariableName' && HOLDERS.has(code.slice(holder.from, holder.to))) found.push([ref.from, ref.to, SITE_LOCATION]);
		}
	}
	// Code that declares a `top` of its own (a local, an import, Popper's `export var top`) means it
	// by that name: its references are left alone, as its exports must keep their names. A wrapped
	// holder's opening comes before the findings inside it, which the walk met first.
	return (declared ? found : [...found, ...top]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/**
 * Whether an expression holding a `.location` (a variable's is settled by its name) is wrapped in
 * the page's holder: universal code reads the window through one (url-parse's
 * `(typeof window < "u" ? window : global).location`, in Swagger UI's bundle), and so does
 * `document.defaultView.location`. Not `super`, not another window (`window.parent`, `x.top`: its
 * own, or the top's finding), and not a chain with `?.` in it, which a call around it would stop
 * short-circuiting.
 */
function wrapsAsHolder(holder: SyntaxNode, text: string, code: string): boolean {
	if (holder.name === 'VariableName' || holder.name === 'super' || text.includes('?.')) return false;
	return !(holder.name === 'MemberExpression' && OTHER_WINDOWS.has(propertyOf(holder, code)));
}

/** The property read of a member expression (`location` of `top.location`), or ''. */
const propertyOf = (member: SyntaxNode | null, code: string) => (member?.name === 'MemberExpression' && member.lastChild?.name === 'PropertyName' ? code.slice(member.lastChild.from, member.lastChild.to) : '');

/**
 * A `top` the site's top window is meant by: the global variable, a shorthand (`{ top }` keeps its
 * key) and `window.top`; `top.location` and `window.top.location` are the page's location through
 * its holder.
 */
function tops(ref: SyntaxNode, code: string, found: Finding[]): void {
	const parent = ref.parent;
	const holder = `${SITE_HOLDER}(${SITE_TOP})`;
	if (ref.name === 'VariableName') found.push([ref.from, ref.to, parent?.firstChild?.from === ref.from && propertyOf(parent, code) === 'location' ? holder : SITE_TOP]);
	else if (ref.name === 'PropertyDefinition' && parent?.name === 'Property' && parent.from === ref.from && parent.to === ref.to) found.push([ref.from, ref.to, `top: ${SITE_TOP}`]);
	else if (ref.name === 'PropertyName' && parent?.name === 'MemberExpression' && parent.firstChild?.name === 'VariableName' && TOP_HOLDERS.has(code.slice(parent.firstChild.from, parent.firstChild.to))) {
		const outer = parent.parent;
		if (outer?.firstChild?.from === parent.from && propertyOf(outer, code) === 'location') found.push([parent.from, parent.to, holder]);
		else found.push([ref.from, ref.to, SITE_TOP]);
	}
}

/**
 * `code` (a classic script, a module or an event handler) with its references to `location` pointed
 * at the page's. Before the parser is loaded, code that names `location` comes back unchanged and the
 * compile is marked (`locationParserWanted`): it is to be made again once the parser is there.
 */
export function siteLocation(code: string): string {
	if (!code.includes('location') && !TOP_USE.test(code)) return code;
	const cached = cache.get(code);
	if (cached !== undefined) return cached;
	const key = keptFor(code) ? fingerprint(code) : null;
	let found = key ? findings.get(key) : undefined;
	if (!found) {
		if (!parser.ready || (deferring && key)) {
			wanted = true;
			if (key) unparsed.add(code);
			return code;
		}
		found = atOnce(references(parser.get(), code));
		if (key) findings.add(key, found);
	}
	let out = '';
	let at = 0;
	for (const [from, to, name] of found) {
		out += code.slice(at, from) + name;
		at = to;
	}
	out += code.slice(at);
	if (code.length < CACHE_CHARS / 4) {
		cache.set(code, out);
		cachedChars += code.length + out.length;
		for (const [key, value] of cache) {
			if (cachedChars <= CACHE_CHARS) break;
			cache.delete(key);
			cachedChars -= key.length + value.length;
		}
	}
	return out;
}
