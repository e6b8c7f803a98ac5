// Compiles a workspace revision into one HTML document for the sandboxed preview: stylesheets and
// classic scripts inlined, ES modules resolved through an import map of virtual URLs, assets as
// data: URLs. Pure and framework-neutral (runs in the hub); problems become diagnostics, never throws.
import type { FileRecord, Workspace } from '../domain/model';
import { isHtml } from '../domain/kinds';
import { resolveReference } from '../domain/paths';
import { BRIDGE_SOURCE, HOST_PLACEHOLDER, NONCE_PLACEHOLDER } from './bridge';
import { PREVIEW_CSP } from './policy';
import { bytesToBase64, utf8ToBase64 } from '../domain/base64';
import { parse as parseModule } from 'es-module-lexer/minimal/js';
import { applyEdits, applyEditsMapped, elementsOf, openTag, type Edit, type HtmlElement } from './html';

/** Virtual origin for workspace modules: never fetched, only mapped to blob URLs inside the frame. */
export const VIRTUAL_ORIGIN = 'https://workspace.invalid/';
/** How deep CSS @import chains are followed. */
const CSS_IMPORT_DEPTH = 8;

/** A problem found while compiling. */
export interface Diagnostic {
	kind: 'missing' | 'external' | 'bare-specifier' | 'import-cycle' | 'import-depth' | 'not-text';
	path: string;
	reference: string;
	message: string;
	/** The line of `path` that holds the reference, when known. */
	line?: number;
}

/**
 * What a reference to a file that is not in the workspace becomes: a URL that loads nothing and asks
 * no server (the frame's relative URLs would otherwise resolve against the studio's own origin).
 */
export const MISSING_URL = 'data:,';

/** The compiled document. */
export interface CompiledPreview {
	revision: number;
	/** The page compiled: the one asked for, else the entry (null: the workspace has no HTML). */
	entry: string | null;
	html: string;
	diagnostics: Diagnostic[];
	/** Asked for a page the workspace does not have: this is a "not found" page. */
	notFound?: string;
}

type Files = ReadonlyMap<string, FileRecord>;

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** es-module-lexer's kind for `import(...)`. */
const DYNAMIC = 2;
const isExternal = (ref: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(ref);
const isSkippable = (ref: string) => ref === '' || ref.startsWith('#') || /^(?:data|blob|javascript|mailto|tel|about):/i.test(ref);

/** A data: URL of a workspace file. */
export function dataUrl(file: FileRecord): string {
	return `data:${file.mimeType};base64,${file.kind === 'text' ? utf8ToBase64(file.content ?? '') : bytesToBase64(file.bytes ?? new Uint8Array())}`;
}

class Compiler {
	readonly diagnostics: Diagnostic[] = [];
	readonly modules = new Map<string, string>();

	constructor(readonly files: Files) {}

	report(kind: Diagnostic['kind'], path: string, reference: string, message: string, line?: number) {
		if (!this.diagnostics.some((d) => d.kind === kind && d.path === path && d.reference === reference)) this.diagnostics.push({ kind, path, reference, message, ...(line ? { line } : {}) });
	}

	/** Resolves a reference in `from` (at `line`, when known); reports external and missing ones. */
	lookup(from: string, reference: string, line?: number): FileRecord | null {
		const ref = reference.trim();
		if (isSkippable(ref)) return null;
		if (isExternal(ref)) {
			this.report('external', from, ref, `${ref} is outside the workspace; it loads only when the viewer is online.`);
			return null;
		}
		const path = resolveReference(from, ref);
		const file = path ? this.files.get(path) : undefined;
		if (!file) {
			this.report('missing', from, ref, `${from}${line ? `:${line}` : ''} refers to ${ref}, which is not in the workspace.`, line);
			return null;
		}
		return file;
	}

	/** A URL for an asset reference: data: for workspace files, the URL itself for external ones, nothing for missing ones. */
	assetUrl(from: string, reference: string, line?: number): string {
		const file = this.lookup(from, reference, line);
		if (!file) return isExternal(reference.trim()) || isSkippable(reference.trim()) ? reference : MISSING_URL;
		const hash = reference.includes('#') ? reference.slice(reference.indexOf('#')) : '';
		return dataUrl(file) + hash;
	}

	/** Inlines local @imports (cycles and depth bounded) and rewrites url() to data: URLs. */
	css(path: string, text: string, stack: string[] = [], baseLine = 0): string {
		const lineAt = (offset: number) => (baseLine || 1) + text.slice(0, offset).split('\n').length - 1;
		const withImports = text.replace(/@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?([^;]*);/g, (whole, _q: string, ref: string, media: string, offset: number) => {
			if (isExternal(ref)) {
				this.report('external', path, ref, `${ref} is outside the workspace; it loads only when the viewer is online.`);
				return whole;
			}
			const file = this.lookup(path, ref, lineAt(offset));
			if (!file || file.content === undefined) return `/* missing @import ${ref} */`;
			if (stack.includes(file.path) || file.path === path) {
				this.report('import-cycle', path, ref, `${path} imports ${ref}, which imports it back; the cycle is cut here.`);
				return `/* @import cycle: ${ref} */`;
			}
			if (stack.length >= CSS_IMPORT_DEPTH) {
				this.report('import-depth', path, ref, `@import chains deeper than ${CSS_IMPORT_DEPTH} are not followed.`);
				return `/* @import too deep: ${ref} */`;
			}
			const inner = this.css(file.path, file.content, [...stack, path]);
			return media.trim() ? `@media ${media.trim()} {\n${inner}\n}` : inner;
		});
		return withImports.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, quote: string, ref: string) => {
			if (isSkippable(ref.trim())) return whole;
			// Lines are exact for url() in a file's own text; an inlined @import counts from its own file.
			const at = text.indexOf(whole);
			const url = this.assetUrl(path, ref, at >= 0 ? lineAt(at) : undefined);
			return `url(${quote || '"'}${url}${quote || '"'})`;
		});
	}

	/** Rewrites a module's relative specifiers to virtual URLs and collects the module graph. */
	module(path: string, visiting = new Set<string>()): string | null {
		if (this.modules.has(path)) return VIRTUAL_ORIGIN + path;
		const file = this.files.get(path);
		if (!file || file.content === undefined) return null;
		this.modules.set(path, ''); // placeholder first: cycles resolve to the same URL
		visiting.add(path);
		this.modules.set(path, this.rewriteSpecifiers(path, file.content, visiting));
		return VIRTUAL_ORIGIN + path;
	}

	/**
	 * Rewrites a module's workspace specifiers to virtual URLs, found by es-module-lexer: an import in
	 * a string or a comment is not an import. Source the lexer cannot read is left for the browser to report.
	 */
	rewriteSpecifiers(path: string, source: string, visiting: Set<string>): string {
		const rewrite = (specifier: string): string => {
			if (isExternal(specifier)) {
				this.report('external', path, specifier, `${specifier} is outside the workspace; it loads only when the viewer is online.`);
				return specifier;
			}
			if (!/^(?:\.{1,2}\/|\/)/.test(specifier)) {
				this.report('bare-specifier', path, specifier, `"${specifier}" is a package name; the preview has no package resolver. Use a relative path or a full URL.`);
				return specifier;
			}
			const target = resolveReference(path, specifier);
			if (!target || !this.files.has(target)) {
				this.report('missing', path, specifier, `${path} imports ${specifier}, which is not in the workspace.`);
				// A virtual URL that maps to nothing: the import fails inside the frame, no server is asked.
				return `${VIRTUAL_ORIGIN}missing/${target ?? 'outside'}`;
			}
			return this.module(target, visiting) ?? specifier;
		};
		let imports: ReturnType<typeof parseModule>[0];
		try {
			[imports] = parseModule(source);
		} catch {
			return source;
		}
		const edits: Edit[] = [];
		for (const item of imports) {
			// No name: import.meta, or a template with interpolation (`./pages/${name}.js`), a pattern
			// rather than a path, left to the browser.
			if (item.n === undefined) continue;
			const replaced = rewrite(item.n);
			if (replaced === item.n) continue;
			const quote = item.t === DYNAMIC ? source[item.s] : ''; // a dynamic import's range includes its quotes
			edits.push({ start: item.s, end: item.e, text: `${quote}${replaced}${quote}` });
		}
		return applyEdits(source, edits);
	}
}

/** Escapes text placed inside a <script> or <style> element. */
function escapeRaw(text: string, tag: 'script' | 'style'): string {
	return text.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);
}

const FRIENDLY_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Nothing to show yet</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#444}
main{max-width:28rem;text-align:center}</style></head><body><main><h1>Add an HTML file</h1>
<p>The preview shows <code>index.html</code> (or the first HTML file). Create one and it appears here.</p></main></body></html>`;

/** Picks the entry document: index.html, else the first HTML file by path. */
export function entryOf(workspace: Workspace): string | null {
	if (workspace.files.get('index.html')?.content !== undefined) return 'index.html';
	return [...workspace.files.keys()].filter(isHtml).sort()[0] ?? null;
}

/**
 * The workspace page a site path names, as a static host serves it: `/` and `dir/` are their
 * `index.html`, `about` is `about.html` when there is no file `about`. Null when there is none.
 */
export function pageOf(workspace: Workspace, sitePath: string): string | null {
	const path = sitePath.replace(/^\/+/, '');
	const html = (candidate: string) => (workspace.files.get(candidate)?.content !== undefined && isHtml(candidate) ? candidate : null);
	if (path === '') return entryOf(workspace);
	if (path.endsWith('/')) return html(`${path}index.html`);
	return html(path) ?? html(`${path}.html`) ?? html(`${path}/index.html`);
}

const notFoundPage = (path: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Not found</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#444}main{max-width:28rem;text-align:center}</style></head>
<body><main><h1>404 · Not found</h1><p><code>${path.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</code> is not a page of this site.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;

/**
 * Where the preview's own elements go: right after the doctype (and any comments before it), else at
 * the very start. Nothing of the page can come earlier, whatever its markup: a `<script>` before
 * `<head>`, or a `<head>` inside `<noscript>` or `<template>`, runs or parses after them. (A doctype
 * must stay first, or the page would render in quirks mode.)
 */
export function prologueEnd(source: string): number {
	const match = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<!doctype[^>]*>/i.exec(source);
	return match ? match[0].length : 0;
}

/**
 * Compiles `page` (a workspace HTML file; default the entry) of `workspace` at its revision. The
 * document starts with the no-network policy, the bridge (placeholders for the host's nonce and
 * per-render data) and the module bootstrap, then the page. Placed before the page's `<html>`, they
 * open its head; the page's own `<html>` attributes still apply.
 */
export function compile(workspace: Workspace, page?: string | null): CompiledPreview {
	const compiler = new Compiler(workspace.files);
	const asked = page ?? null;
	const entry = asked !== null && workspace.files.get(asked)?.content !== undefined ? asked : asked === null ? entryOf(workspace) : null;
	const notFound = asked !== null && entry === null ? asked : undefined;
	const source = entry ? workspace.files.get(entry)!.content! : notFound !== undefined ? notFoundPage(notFound) : FRIENDLY_PAGE;
	const from = entry ?? 'index.html';
	const edits: Edit[] = entry ? elementsOf(source).flatMap((element) => rewriteElement(compiler, from, source, element)) : [];
	const at = prologueEnd(source);
	edits.push({ start: at, end: at, text: `${PREVIEW_CSP}${bridgeTag(workspace.revision)}${bootstrapTag(compiler.modules)}`, origin: { path: '', line: 0 } });
	const mapped = applyEditsMapped(source, edits, from);
	// The map goes into the bridge's tag on one line: it moves no line it describes.
	const html = mapped.text.replace(LINES_PLACEHOLDER, escapeAttr(JSON.stringify(entry ? mapped.lines : { paths: [], segments: [] })));
	return { revision: workspace.revision, entry, html, diagnostics: compiler.diagnostics, ...(notFound !== undefined ? { notFound } : {}) };
}

const ASSET_ATTRIBUTES = ['src', 'poster', 'href', 'xlink:href'];
const ASSET_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'input', 'image', 'use', 'track', 'embed', 'iframe']);

/** The edits one element needs: inlined styles and scripts, module entries, asset URLs. */
function rewriteElement(compiler: Compiler, from: string, source: string, element: HtmlElement): Edit[] {
	const { name, attribs } = element;
	const line = source.slice(0, element.openStart).split('\n').length;
	const whole = (text: string, origin?: Edit['origin']): Edit[] => [{ start: element.openStart, end: element.end, text, ...(origin ? { origin } : {}) }];
	const retag = (next: Record<string, string>): Edit[] => [{ start: element.openStart, end: element.openEnd, text: openTag(name, next) }];
	if (name === 'link') {
		const rel = (attribs.rel ?? '').toLowerCase();
		const href = attribs.href;
		if (href === undefined) return [];
		if (rel.split(/\s+/).includes('stylesheet')) {
			if (isExternal(href.trim())) {
				compiler.lookup(from, href, line); // reported as external; the browser loads it when online
				return [];
			}
			const file = compiler.lookup(from, href, line);
			if (!file || file.content === undefined) return whole(`<style data-missing="${escapeAttr(href)}"></style>`);
			const media = attribs.media ? ` media="${escapeAttr(attribs.media)}"` : '';
			return whole(`<style data-source="${escapeAttr(file.path)}"${media}>\n${escapeRaw(compiler.css(file.path, file.content), 'style')}\n</style>`, { path: file.path, line: 0 });
		}
		if (/icon|preload|manifest|apple-touch-icon/.test(rel)) return retag({ ...attribs, href: compiler.assetUrl(from, href, line) });
		return [];
	}
	if (name === 'style' && element.content) {
		return [{ start: element.content.start, end: element.content.end, text: escapeRaw(compiler.css(from, source.slice(element.content.start, element.content.end), [], line), 'style') }];
	}
	if (name === 'script') return rewriteScript(compiler, from, source, element, whole, line);
	const out: Record<string, string> = { ...attribs };
	if (ASSET_ELEMENTS.has(name)) {
		for (const key of ASSET_ATTRIBUTES) {
			if (out[key] === undefined || isSkippable(out[key]!)) continue;
			const url = compiler.assetUrl(from, out[key]!, line);
			// Loads nothing; the frame's error for it names the file and the line that asked for it.
			if (url === MISSING_URL) Object.assign(out, { 'data-missing': out[key]!, 'data-missing-at': `${from}:${line}` });
			out[key] = url;
		}
		if (out.srcset !== undefined) {
			out.srcset = out.srcset
				.split(',')
				.map((candidate) => {
					const [url, ...descriptor] = candidate.trim().split(/\s+/);
					return url ? [compiler.assetUrl(from, url, line), ...descriptor].join(' ') : candidate;
				})
				.join(', ');
		}
	}
	if (out.style?.includes('url(')) out.style = compiler.css(from, out.style, [], line);
	return JSON.stringify(out) === JSON.stringify(attribs) ? [] : retag(out);
}

/** Classic scripts are inlined (with a sourceURL); module scripts enter the module graph. */
function rewriteScript(compiler: Compiler, from: string, source: string, element: HtmlElement, whole: (text: string, origin?: Edit['origin']) => Edit[], line: number): Edit[] {
	const { attribs } = element;
	const type = (attribs.type ?? '').toLowerCase();
	const src = attribs.src;
	const isModule = type === 'module';
	if (type && !isModule && !/javascript|ecmascript/.test(type)) return []; // data blocks, import maps, templates
	const rest = Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'src' && key !== 'type'));
	if (isModule) {
		if (src === undefined) {
			if (!element.content) return [];
			const code = source.slice(element.content.start, element.content.end);
			return [{ start: element.content.start, end: element.content.end, text: escapeRaw(compiler.rewriteSpecifiers(from, code, new Set()), 'script') }];
		}
		if (isExternal(src)) {
			compiler.report('external', from, src, `${src} is outside the workspace; it loads only when the viewer is online.`);
			return [];
		}
		const target = resolveReference(from, src);
		const url = target && compiler.files.has(target) ? compiler.module(target) : null;
		if (!url) {
			compiler.report('missing', from, src, `${from}:${line} loads ${src}, which is not in the workspace.`, line);
			return whole(`<script type="module" data-missing="${escapeAttr(src)}"></script>`);
		}
		// Import maps apply to specifiers, not to <script src>: load the entry through an import.
		return whole(`${openTag('script', { type: 'module', ...rest, 'data-source': target! })}import ${JSON.stringify(url)};</script>`);
	}
	if (src === undefined) return [];
	if (isExternal(src.trim())) {
		compiler.lookup(from, src, line);
		return [];
	}
	const file = compiler.lookup(from, src, line);
	if (!file) return whole(`<script data-missing="${escapeAttr(src)}"></script>`);
	if (file.content === undefined) {
		compiler.report('not-text', from, src, `${src} is not a text file.`);
		return [];
	}
	return whole(`${openTag('script', { ...rest, 'data-source': file.path })}${escapeRaw(`${file.content}\n//# sourceURL=${file.path}`, 'script')}</script>`, { path: file.path, line: 1 });
}

/**
 * The document without its revision label: two revisions with the same key render the same page
 * (only the bridge's revision attribute differs between them).
 */
export function documentKey(compiled: { html: string; revision: number }): string {
	return compiled.html.replace(`<script data-studio-bridge data-revision="${compiled.revision}"`, '<script data-studio-bridge data-revision="0"');
}

/** Replaced by the compiler with the document's line map, once the document is laid out. */
const LINES_PLACEHOLDER = '__STUDIO_PREVIEW_LINES__';

function bridgeTag(revision: number): string {
	return `<script data-studio-bridge data-revision="${revision}" data-nonce="${NONCE_PLACEHOLDER}" data-host="${HOST_PLACEHOLDER}" data-lines="${LINES_PLACEHOLDER}">${BRIDGE_SOURCE}</script>`;
}

/**
 * The module bootstrap: creates a blob URL per workspace module inside the frame and writes an
 * import map from virtual URLs to them, before any module script is parsed.
 */
function bootstrapTag(modules: Map<string, string>): string {
	if (modules.size === 0) return '';
	const sources = JSON.stringify(Object.fromEntries([...modules].map(([path, source]) => [VIRTUAL_ORIGIN + path, `${source}\n//# sourceURL=${path}`])));
	const script = `(function(){var s=${escapeRaw(sources, 'script')};var imports={};var paths={};for(var u in s){var b=URL.createObjectURL(new Blob([s[u]],{type:'text/javascript'}));imports[u]=b;paths[b]=u.slice(${VIRTUAL_ORIGIN.length});}window.__studioModulePaths=paths;var m=document.createElement('script');m.type='importmap';m.textContent=JSON.stringify({imports:imports});document.currentScript.after(m);})();`;
	return `<script data-studio-modules>${script}</script>`;
}
