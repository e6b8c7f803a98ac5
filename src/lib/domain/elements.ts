// Elements of an HTML file by where they start: the source locations the compiler marks on every
// element of a page (the picker reads them), and the edit of one element in place — its text, its
// inline style — that the preview's text editing, the local agent and workspace_edit_element make.
// An HTML tokenizer (htmlparser2, loaded first: domain/html-parser.ts) finds the elements: a tag in
// a comment or a script is none.
import { htmlParser } from './html-parser';
import { ToolError } from '../core/errors';

/** The attribute the compiler puts on each element of a page: `line:offset` of its open tag. The frame removes it before the page's scripts run. */
export const LOCATION_ATTRIBUTE = 'data-studio-at';

/** Elements no one sees or picks. */
const UNLOCATED = new Set(['html', 'head', 'meta', 'link', 'title', 'style', 'script', 'base', 'template', 'noscript']);
/** Their content is not elements of the page (a template's content is cloned by script; noscript is text). */
const OPAQUE = new Set(['template', 'noscript']);

/** One element of a source file and where its parts are. */
export interface SourceElement {
	name: string;
	/** The open tag: [openStart, openEnd); the name ends at `nameEnd`. */
	openStart: number;
	openEnd: number;
	nameEnd: number;
	line: number;
	/** Between its open and close tags, when it has a close tag of its own. */
	inner?: { start: number; end: number };
	/** Its content is text only (no elements, no comments): the text can be edited in place. */
	textOnly: boolean;
	/** Its text as shown (entities decoded), when text only. */
	text: string;
	/** Inside a template or noscript: not an element of the page. */
	opaque: boolean;
}

/** Every element of `html`, in document order. */
export function sourceElements(html: string): SourceElement[] {
	const out: SourceElement[] = [];
	const stack: SourceElement[] = [];
	let lineAt = 0;
	let line = 1;
	const lineOf = (offset: number) => {
		for (let i = html.indexOf('\n', lineAt); i >= 0 && i < offset; i = html.indexOf('\n', i + 1)) {
			line++;
			lineAt = i + 1;
		}
		return line;
	};
	let opaque = 0;
	const Parser = htmlParser.get();
	const parser = new Parser(
		{
			onopentag(name) {
				const parent = stack.at(-1);
				if (parent) parent.textOnly = false;
				const openStart = parser.startIndex;
				const element: SourceElement = { name, openStart, openEnd: parser.endIndex + 1, nameEnd: openStart + 1 + name.length, line: lineOf(openStart), textOnly: true, text: '', opaque: opaque > 0 };
				if (OPAQUE.has(name)) opaque++;
				out.push(element);
				stack.push(element);
			},
			ontext(text) {
				const top = stack.at(-1);
				if (top) top.text += text;
			},
			oncomment() {
				const top = stack.at(-1);
				if (top) top.textOnly = false;
			},
			onclosetag(name, isImplied) {
				const index = stack.findLastIndex((element) => element.name === name);
				if (index < 0) return;
				const [element] = stack.splice(index, 1);
				stack.length = index;
				if (OPAQUE.has(name)) opaque = Math.max(0, opaque - 1);
				if (!isImplied && element) element.inner = { start: element.openEnd, end: parser.startIndex };
			}
		},
		{ decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true }
	);
	parser.end(html);
	return out;
}

/** The elements of a page that carry a source location: everything shown, nothing inside a template. */
export function locatedElements(html: string): SourceElement[] {
	return sourceElements(html).filter((element) => !element.opaque && !UNLOCATED.has(element.name));
}

/** Text compared as a reader sees it: runs of white space are one space. */
export const shownText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A short fingerprint of a text as shown (FNV-1a over its UTF-16 units, base 36). The frame's
 * inspector computes the same one of what the page shows: a text a script replaced does not match.
 */
export function textPrint(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
	return hash.toString(36);
}

/**
 * The location attribute's value for an element: `line:offset`, and for an element whose content
 * is a text written in the file, `:print` of that text (`17:345:1x9k2f`).
 */
export function locationValue(element: Pick<SourceElement, 'line' | 'openStart' | 'textOnly' | 'text'>): string {
	const text = element.textOnly ? shownText(element.text) : '';
	return `${element.line}:${element.openStart}${text ? `:${textPrint(text)}` : ''}`;
}

/** A location attribute's value as line, offset and the print of its written text, or null. */
export function parseLocation(value: string | null | undefined): { line: number; offset: number; print?: string } | null {
	const match = /^(\d+):(\d+)(?::([0-9a-z]+))?$/.exec(value ?? '');
	return match ? { line: Number(match[1]), offset: Number(match[2]), ...(match[3] ? { print: match[3] } : {}) } : null;
}

/** One change to one element: its text, its inline style properties ('' removes one). */
export interface ElementEdit {
	offset: number;
	tag: string;
	/** The text the element shows now: the edit is refused when the source does not hold it (a script built it). */
	expectText?: string;
	text?: string;
	style?: Record<string, string>;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');

/**
 * `html` with one element edited. Throws PREVIEW_TARGET_NOT_FOUND when no such element starts at
 * the offset (the file changed since it was picked) or its text is not written there as shown.
 */
export function editElement(html: string, path: string, edit: ElementEdit): string {
	const element = sourceElements(html).find((candidate) => candidate.openStart === edit.offset);
	const tag = edit.tag.toLowerCase();
	if (!element || element.name !== tag) {
		throw new ToolError('PREVIEW_TARGET_NOT_FOUND', `No <${tag}> starts there in ${path} any more: the file changed since the element was picked. Pick it again.`, { path, offset: edit.offset, tag });
	}
	let out = html;
	if (edit.text !== undefined) {
		const where = `<${tag}> at ${path}:${element.line}`;
		if (!element.inner || !element.textOnly) throw new ToolError('PREVIEW_TARGET_NOT_FOUND', `The text of the ${where} has markup inside (links, emphasis, other elements): edit it in the code.`, { path, line: element.line, reason: 'markup' });
		if (edit.expectText !== undefined && shownText(element.text) !== shownText(edit.expectText)) {
			throw new ToolError('PREVIEW_TARGET_NOT_FOUND', `“${shownText(edit.expectText).slice(0, 60)}” is not written in ${path} (the ${where} holds “${shownText(element.text).slice(0, 60)}”): a script builds that text. Edit it in the code.`, { path, line: element.line, reason: 'not-literal' });
		}
		const raw = html.slice(element.inner.start, element.inner.end);
		const lead = /^\s*/.exec(raw)![0];
		const trail = raw.trim() ? /\s*$/.exec(raw)![0] : '';
		out = out.slice(0, element.inner.start) + lead + escapeText(edit.text) + trail + out.slice(element.inner.end);
	}
	if (edit.style && Object.keys(edit.style).length > 0) {
		const tagText = out.slice(element.openStart, element.openEnd);
		out = out.slice(0, element.openStart) + withStyle(tagText, element.name.length, edit.style) + out.slice(element.openEnd);
	}
	return out;
}

/** Attributes of an open tag, with where each sits in it. */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** An open tag with style properties set or removed, every other byte kept. */
function withStyle(tagText: string, nameLength: number, style: Record<string, string>): string {
	ATTRIBUTE.lastIndex = 1 + nameLength;
	let found: { start: number; end: number; value: string } | null = null;
	for (let match = ATTRIBUTE.exec(tagText); match; match = ATTRIBUTE.exec(tagText)) {
		if (match[1]!.toLowerCase() === 'style') found = { start: match.index, end: match.index + match[0].length, value: match[2] ?? match[3] ?? match[4] ?? '' };
	}
	const declarations = new Map<string, string>();
	for (const part of (found?.value ?? '').split(';')) {
		const colon = part.indexOf(':');
		if (colon > 0) declarations.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
	}
	for (const [property, value] of Object.entries(style)) {
		const key = property.trim().toLowerCase();
		if (value.trim() === '') declarations.delete(key);
		else declarations.set(key, value.trim().replace(/"/g, "'"));
	}
	const value = [...declarations].map(([key, v]) => `${key}: ${v}`).join('; ');
	const attribute = value ? `style="${value}"` : '';
	if (found) return tagText.slice(0, found.start) + attribute + tagText.slice(found.end);
	if (!attribute) return tagText;
	const close = tagText.endsWith('/>') ? tagText.length - 2 : tagText.length - 1;
	const before = tagText.slice(0, close);
	return `${before}${/\s$/.test(before) ? '' : ' '}${attribute}${tagText.slice(close)}`;
}
