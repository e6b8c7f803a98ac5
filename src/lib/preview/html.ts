// The elements of an HTML document that the preview compiler rewrites, found by an HTML tokenizer
// (htmlparser2, loaded first: domain/html-parser.ts) rather than by regular expressions: a tag
// inside a comment, or "</script" inside a string of an attribute, is what the browser says it is.
// Edits splice the original text.

import { htmlParser } from '../domain/html-parser';
import { loadsFiles } from '../domain/css';

/** One element the compiler may rewrite, with where its parts sit in the source. */
export interface HtmlElement {
	name: string;
	attribs: Record<string, string>;
	/** The open tag: [start, end) in the source. */
	openStart: number;
	openEnd: number;
	/** Raw text content of script/style (between the open and close tags), when there is one. */
	content?: { start: number; end: number };
	/** Where the element ends (after its close tag, or its open tag when it has none). */
	end: number;
}

/** Elements the compiler cares about. */
const WANTED = new Set(['link', 'meta', 'style', 'script', 'img', 'source', 'video', 'audio', 'input', 'image', 'use', 'track', 'embed', 'iframe', 'object', 'base', 'frameset', 'frame']);
const RAW = new Set(['script', 'style']);

/** An event handler attribute (`onclick`, `onsubmit`…): a script, as far as the compiler is concerned. */
export const isHandlerAttribute = (key: string) => /^on[a-z]+$/.test(key);
/** The attributes of an element that hold script: its event handlers, and a link's `javascript:` URL (frame/script-urls.js runs it). */
export function scriptAttributes(name: string, attribs: Record<string, string>): string[] {
	return Object.keys(attribs).filter((key) => isHandlerAttribute(key) || (key === 'href' && (name === 'a' || name === 'area') && /^\s*javascript:/i.test(attribs[key]!)));
}
/** An element whose script attributes name location (the compiler points them at the page's). */
const hasLocationHandler = (name: string, attribs: Record<string, string>) => scriptAttributes(name, attribs).some((key) => attribs[key]!.includes('location'));

/** Every wanted element of `html`, in document order (elements in comments are not elements). */
export function elementsOf(html: string): HtmlElement[] {
	const out: HtmlElement[] = [];
	const open: HtmlElement[] = [];
	const Parser = htmlParser.get();
	const parser = new Parser(
		{
			onopentag(name, attribs) {
				if (!WANTED.has(name) && !loadsFiles(attribs.style) && !hasLocationHandler(name, attribs)) return;
				const element: HtmlElement = { name, attribs, openStart: parser.startIndex, openEnd: parser.endIndex + 1, end: parser.endIndex + 1 };
				out.push(element);
				if (RAW.has(name)) open.push(element);
			},
			onclosetag(name, isImplied) {
				if (!RAW.has(name)) return;
				const element = open.pop();
				if (!element || element.name !== name) return;
				const closeStart = isImplied ? html.length : parser.startIndex;
				element.content = { start: element.openEnd, end: closeStart };
				element.end = isImplied ? html.length : parser.endIndex + 1;
			}
		},
		{ decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true }
	);
	parser.end(html);
	return out;
}

/** Text as an attribute value between double quotes. */
export const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An open tag written out again with `attribs` (values escaped). */
export function openTag(name: string, attribs: Record<string, string>): string {
	const parts = Object.entries(attribs).map(([key, value]) => (value === '' ? ` ${key}` : ` ${key}="${escapeAttr(value)}"`));
	return `<${name}${parts.join('')}>`;
}

/** A text replacement of [start, end). */
export interface Edit {
	start: number;
	end: number;
	text: string;
	/**
	 * Whose lines the inserted text holds: its first line is line `line` of `path` ('' for text of the
	 * studio's own, such as the bridge). Absent: the lines of the source at the replaced place.
	 */
	origin?: { path: string; line: number };
}

/**
 * Where the lines of a compiled document come from: from output line `out` (1-based) on, line
 * `out + k` is line `line + k` of `paths[path]` ('' for the studio's own text). Sorted by `out`.
 */
export interface LineMap {
	paths: string[];
	segments: [out: number, path: number, line: number][];
}

const newlines = (text: string, from = 0, to = text.length) => {
	let n = 0;
	for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
	return n;
};

/** Applies edits like {@link applyEdits}, and says which file and line each output line comes from. */
export function applyEditsMapped(source: string, edits: Edit[], from: string): { text: string; lines: LineMap } {
	const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
	const paths = [from];
	const index = (path: string) => (paths.includes(path) ? paths.indexOf(path) : paths.push(path) - 1);
	const segments: LineMap['segments'] = [[1, 0, 1]];
	let out = '';
	let outLine = 1;
	let at = 0;
	let sourceLine = 1;
	for (const edit of sorted) {
		if (edit.start < at) continue;
		out += source.slice(at, edit.start);
		outLine += newlines(source, at, edit.start);
		sourceLine += newlines(source, at, edit.start);
		const origin = edit.origin ?? { path: from, line: sourceLine };
		segments.push([outLine, index(origin.path), origin.line]);
		out += edit.text;
		outLine += newlines(edit.text);
		sourceLine += newlines(source, edit.start, edit.end);
		// What follows on the edit's last line, and after, is the source again.
		segments.push([outLine, 0, sourceLine]);
		at = edit.end;
	}
	out += source.slice(at);
	// Keep one segment per output line start: a later one at the same line wins (an empty insert).
	const kept = segments.filter((segment, i) => segments[i + 1]?.[0] !== segment[0]);
	return { text: out, lines: { paths, segments: kept } };
}

/** Applies non-overlapping edits to `source` (an edit inside an earlier one's range is dropped). */
export function applyEdits(source: string, edits: Edit[]): string {
	const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end); // an insert before a replacement at the same place
	let out = '';
	let at = 0;
	for (const edit of sorted) {
		if (edit.start < at) continue;
		out += source.slice(at, edit.start) + edit.text;
		at = edit.end;
	}
	return out + source.slice(at);
}
