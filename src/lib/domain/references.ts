// References between workspace files: HTML `href`/`src`, CSS `url()`/`@import`, ES module imports.
// A rename rewrites the ones that point at the moved file (and the moved file's own relative ones);
// a delete lists the ones left dangling. Pure: text in, edits out.
import type { FileRecord } from './model';
import { dirname, resolveReference } from './paths';

/** One reference found in a file: where it is, what it says, which workspace path it names. */
export interface FoundReference {
	start: number;
	end: number;
	line: number;
	reference: string;
	target: string;
}

/** One rewritten reference, as a rename reports it. */
export interface RewrittenReference {
	path: string;
	line: number;
	from: string;
	to: string;
}

const HTML = /\.(html?|svg)$/i;
const CSS = /\.css$/i;
const JS = /\.(m?js)$/i;

/** A URL that leaves the workspace (a scheme, protocol-relative, a fragment or query alone). */
const external = (ref: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\?)/i.test(ref) || ref.trim() === '';

type Pattern = { re: RegExp; group: number; module?: boolean };

const HTML_PATTERNS: Pattern[] = [{ re: /\b(?:href|src)\s*=\s*(["'])([^"']*)\1/gi, group: 2 }];
const CSS_PATTERNS: Pattern[] = [
	{ re: /url\(\s*(["']?)([^"')\s]+)\1\s*\)/gi, group: 2 },
	{ re: /@import\s+(["'])([^"']+)\1/gi, group: 2 }
];
const JS_PATTERNS: Pattern[] = [
	{ re: /\b(?:import|export)\s[^'"`;]*?\bfrom\s*(["'])([^"']+)\1/g, group: 2, module: true },
	{ re: /\bimport\s*(["'])([^"']+)\1/g, group: 2, module: true },
	{ re: /\bimport\(\s*(["'])([^"']+)\1\s*\)/g, group: 2, module: true }
];

function patternsFor(path: string): Pattern[] {
	if (HTML.test(path)) return [...HTML_PATTERNS, ...CSS_PATTERNS, ...JS_PATTERNS];
	if (CSS.test(path)) return CSS_PATTERNS;
	if (JS.test(path)) return JS_PATTERNS;
	return [];
}

/** Every reference in `text` (the content of `path`) that resolves to a workspace path. */
export function referencesIn(path: string, text: string): FoundReference[] {
	const found: FoundReference[] = [];
	for (const { re, group, module } of patternsFor(path)) {
		for (const match of text.matchAll(re)) {
			const reference = match[group]!;
			// A module specifier that is not relative or root-absolute is a package name, not a file.
			if (external(reference) || (module && !/^(?:\.{1,2}\/|\/)/.test(reference))) continue;
			const target = resolveReference(path, reference);
			if (!target) continue;
			const start = match.index! + match[0].lastIndexOf(reference);
			if (found.some((f) => f.start === start)) continue; // two patterns, one reference
			found.push({ start, end: start + reference.length, line: text.slice(0, start).split('\n').length, reference, target });
		}
	}
	return found.sort((a, b) => a.start - b.start);
}

/** `target` as a reference from a file at `fromPath`, in the style of `original` (./, /, bare). */
export function referenceTo(fromPath: string, target: string, original: string): string {
	const suffix = original.match(/[?#].*$/)?.[0] ?? '';
	if (original.startsWith('/')) return `/${target}${suffix}`;
	const from = dirname(fromPath).split('/').filter(Boolean);
	const to = target.split('/');
	let common = 0;
	while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
	const up = from.length - common;
	const rest = to.slice(common).join('/');
	const relative = up > 0 ? `${'../'.repeat(up)}${rest}` : original.startsWith('./') ? `./${rest}` : rest;
	return relative + suffix;
}

/**
 * The text edits a rename of `from` to `to` needs: references in other files that named `from`, and
 * the moved file's own relative references when it changed folders. Only text files that change.
 */
export function rewriteForRename(files: ReadonlyMap<string, FileRecord>, from: string, to: string): { changes: { path: string; content: string }[]; rewritten: RewrittenReference[] } {
	const changes: { path: string; content: string }[] = [];
	const rewritten: RewrittenReference[] = [];
	for (const file of files.values()) {
		if (file.kind !== 'text' || file.content === undefined) continue;
		const moved = file.path === from;
		const at = moved ? to : file.path; // where the file will be
		let text = file.content;
		let changed = false;
		for (const ref of referencesIn(file.path, file.content).reverse()) {
			const target = ref.target === from ? to : ref.target;
			if (!moved && ref.target !== from) continue;
			const next = referenceTo(at, target, ref.reference);
			if (next === ref.reference) continue;
			text = text.slice(0, ref.start) + next + text.slice(ref.end);
			changed = true;
			rewritten.push({ path: at, line: ref.line, from: ref.reference, to: next });
		}
		if (changed) changes.push({ path: at, content: text });
	}
	rewritten.sort((a, b) => (a.path === b.path ? a.line - b.line : a.path < b.path ? -1 : 1));
	return { changes, rewritten };
}

/** References in other files that would point at nothing once `removed` is gone. */
export function danglingAfterDelete(files: ReadonlyMap<string, FileRecord>, removed: string): { path: string; line: number; reference: string }[] {
	const out: { path: string; line: number; reference: string }[] = [];
	for (const file of files.values()) {
		if (file.path === removed || file.kind !== 'text' || file.content === undefined) continue;
		for (const ref of referencesIn(file.path, file.content)) if (ref.target === removed) out.push({ path: file.path, line: ref.line, reference: ref.reference });
	}
	return out;
}
