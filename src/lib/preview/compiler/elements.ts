// The compiler's rewrite of one element of a page: stylesheets and classic scripts inlined (with the
// origin of their lines, for the document's line map), module scripts into the module graph, asset
// URLs as data: URLs, missing references marked with the file and line that asked for them.
import { resolveReference } from '../../domain/paths';
import { isHtml } from '../../domain/kinds';
import { loadsFiles } from '../../domain/css';
import { applyEditsMapped, elementsOf, isHandlerAttribute, openTag, type Edit, type HtmlElement } from '../html';
import { Compiler, MISSING_URL, escapeAttr, escapeRaw, isExternal, isSkippable } from './compiler';
import { siteLocation } from './location';
import { LINES_PLACEHOLDER, bootstrapTag, framedPrologue, prologueEnd, spriteTag, type FramedAt } from './prologue';
import { bridgeOf } from './indexeddb';
import { siteUrl } from '../site';
import { markedDataUrl } from '../file-mark';
import { utf8ToBase64 } from '../../domain/base64';
import { pageImportMap } from './import-map';

const ASSET_ATTRIBUTES = ['src', 'poster', 'href', 'xlink:href', 'data'];
const ASSET_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'input', 'image', 'use', 'track', 'embed', 'iframe', 'object']);

/** The edits one element needs: inlined styles and scripts, module entries, asset URLs. */
export function rewriteElement(compiler: Compiler, from: string, source: string, element: HtmlElement): Edit[] {
	const { name, attribs } = element;
	const line = source.slice(0, element.openStart).split('\n').length;
	const whole = (text: string, origin?: Edit['origin']): Edit[] => [{ start: element.openStart, end: element.end, text, ...(origin ? { origin } : {}) }];
	const retag = (next: Record<string, string>): Edit[] => [{ start: element.openStart, end: element.openEnd, text: openTag(name, next) }];
	if (name === 'link') {
		const rel = (attribs.rel ?? '').toLowerCase();
		const href = attribs.href;
		if (href === undefined) return [];
		if (rel.split(/\s+/).includes('stylesheet')) {
			const cdn = compiler.packages.isCdn(href.trim()) ? compiler.packages.cdnFile(from, href.trim(), attribs.integrity) : null;
			if (cdn) {
				const media = attribs.media ? ` media="${escapeAttr(attribs.media)}"` : '';
				return whole(`<style data-source="${escapeAttr(href.trim())}"${media}>\n${escapeRaw(compiler.packages.css(from, cdn), 'style')}\n</style>`);
			}
			if (isExternal(href.trim())) {
				compiler.lookup(from, href, line); // reported as external; the browser loads it when online
				return [];
			}
			const file = compiler.lookup(from, href, line);
			if (!file || file.content === undefined) return whole(`<style data-missing="${escapeAttr(href)}"></style>`);
			const media = attribs.media ? ` media="${escapeAttr(attribs.media)}"` : '';
			return whole(`<style data-source="${escapeAttr(file.path)}"${media}>\n${escapeRaw(compiler.css(file.path, file.content), 'style')}\n</style>`, { path: file.path, line: 0 });
		}
		// A stylesheet preloaded to be applied later (loadCSS: `onload="this.rel='stylesheet'"`) is the
		// sheet compiled, its url()s and @imports resolved against it, as a stylesheet link's would be.
		if (rel.split(/\s+/).includes('preload') && (attribs.as ?? '').toLowerCase() === 'style' && !isExternal(href.trim())) {
			const file = compiler.lookup(from, href, line);
			if (file?.content !== undefined) {
				const css = `data:text/css;base64,${utf8ToBase64(compiler.css(file.path, file.content))}`;
				return retag({ ...attribs, href: markedDataUrl(css, siteUrl(resolveReference(from, href) ?? file.path), href) });
			}
		}
		if (/icon|preload|manifest|apple-touch-icon/.test(rel)) return retag({ ...attribs, href: compiler.assetUrl(from, href, line, true) });
		return [];
	}
	// A refresh would navigate the frame away from the preview: the navigation program carries it out.
	if (name === 'meta') {
		if ((attribs['http-equiv'] ?? '').toLowerCase() !== 'refresh') return [];
		return retag({ ...Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'http-equiv')), 'data-studio-refresh': attribs.content ?? '' });
	}
	if (name === 'style' && element.content) {
		return [{ start: element.content.start, end: element.content.end, text: escapeRaw(compiler.css(from, source.slice(element.content.start, element.content.end), [], line), 'style') }];
	}
	if (name === 'script') return rewriteScript(compiler, from, source, element, whole, line);
	const out: Record<string, string> = { ...attribs };
	// Event handler attributes are scripts: onclick="location.href='about.html'" goes to the page.
	for (const key of Object.keys(out)) if (isHandlerAttribute(key)) out[key] = siteLocation(out[key]!);
	// A frame of the site's own page shows it compiled, its files resolved against its own path.
	const framed = name === 'iframe' && out.src !== undefined && out.srcdoc === undefined ? framedPage(compiler, from, out.src) : null;
	if (framed !== null) {
		// Kept aside, not as src (the browser would ask the site's URL before the page is shown): the
		// frame's `src` still reads the page's URL, as libraries that check a frame's origin expect.
		out[WRITTEN_SRC] = out.src!;
		delete out.src;
		out[FRAME_ATTRIBUTE] = framed;
	}
	if (name === 'use') spriteUse(compiler, from, out, line);
	if (ASSET_ELEMENTS.has(name)) {
		for (const key of ASSET_ATTRIBUTES) {
			if (out[key] === undefined || isSkippable(out[key]!)) continue;
			const url = compiler.assetUrl(from, out[key]!, line, true);
			// Loads nothing; the frame's error for it names the file and the line that asked for it.
			if (url === MISSING_URL) Object.assign(out, { 'data-missing': out[key]!, 'data-missing-at': `${from}:${line}` });
			out[key] = url;
		}
		if (out.srcset !== undefined) {
			out.srcset = out.srcset
				.split(',')
				.map((candidate) => {
					const [url, ...descriptor] = candidate.trim().split(/\s+/);
					return url ? [compiler.assetUrl(from, url, line, true), ...descriptor].join(' ') : candidate;
				})
				.join(', ');
		}
	}
	if (loadsFiles(out.style)) out.style = compiler.css(from, out.style!, [], line);
	return JSON.stringify(out) === JSON.stringify(attribs) ? [] : retag(out);
}

/** Where a `<use>` of a workspace SVG waits for its file's blob: URL (`spriteTag` of compiler/prologue.ts). */
export const USE_ATTRIBUTE = 'data-studio-use';

/**
 * `<use href="icons.svg#home">` of a workspace SVG (a sprite): Chromium refuses a data: URL there, so
 * the file goes into the document once and the element names it in `USE_ATTRIBUTE`, for the
 * document's sprite program to point at the file's blob: URL as the element is parsed.
 */
function spriteUse(compiler: Compiler, from: string, out: Record<string, string>, line: number) {
	for (const key of ['href', 'xlink:href']) {
		const ref = out[key]?.trim();
		if (!ref || isSkippable(ref) || isExternal(ref)) continue;
		const file = compiler.lookup(from, ref, line);
		if (file?.content === undefined || !/svg/.test(file.mimeType)) continue;
		compiler.sprites.set(file.path, file.content);
		out[USE_ATTRIBUTE] = file.path + (ref.includes('#') ? ref.slice(ref.indexOf('#')) : '');
		delete out[key];
	}
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
			compiler.workers(from, code);
			return [{ start: element.content.start, end: element.content.end, text: escapeRaw(compiler.rewriteSpecifiers(from, code, new Set()), 'script') }];
		}
		if (isExternal(src)) {
			const url = compiler.packages.isCdn(src.trim()) ? compiler.packages.module(src.trim()) : null;
			if (url) return whole(`${openTag('script', { type: 'module', ...withoutIntegrity(rest), 'data-source': url, [WRITTEN_SRC]: src.trim() })}import ${JSON.stringify(url)};</script>`);
			if (!compiler.packages.isCdn(src.trim())) compiler.report('external', from, src, `${src} is outside the workspace; it loads only when the viewer is online.`);
			return [];
		}
		const target = resolveReference(from, src);
		const url = target && compiler.files.has(target) ? compiler.module(target) : null;
		if (!url) {
			compiler.report('missing', from, src, `${from}:${line} loads ${compiler.missingText(target, src)}.`, line);
			return whole(`<script type="module" data-missing="${escapeAttr(src)}"></script>`);
		}
		// Import maps apply to specifiers, not to <script src>: load the entry through an import.
		return whole(`${openTag('script', { type: 'module', ...rest, 'data-source': target!, [WRITTEN_SRC]: src })}import ${JSON.stringify(url)};</script>`);
	}
	if (src === undefined) {
		if (!element.content) return [];
		const code = source.slice(element.content.start, element.content.end);
		compiler.workers(from, code);
		const pointed = writtenScripts(compiler, from, siteLocation(code));
		return pointed === code ? [] : [{ start: element.content.start, end: element.content.end, text: pointed }];
	}
	// A deferred script runs once the page is parsed, in order, before DOMContentLoaded; inlined in
	// place it would run at once, before the body it reads exists. It goes to the end of the document
	// (an async one may run at any time: it stays).
	// Where it was written, a placeholder keeps its place: the frame puts it back there once the page is parsed.
	const deferred = attribs.defer !== undefined && attribs.async === undefined;
	const placed = (text: string, origin?: Edit['origin']): Edit[] =>
		deferred ? [{ start: element.openStart, end: element.end, text: `<template ${WRITTEN_PLACE}></template>` }, { start: source.length, end: source.length, text, ...(origin ? { origin } : {}) }] : whole(text, origin);
	// The tag as written, on one line (the inlined file's lines follow it), for the frame to give back.
	const written = { [WRITTEN_TAG]: source.slice(element.openStart, element.openEnd).replace(/\r?\n/g, ' '), ...(deferred ? { [WRITTEN_PLACE]: '' } : {}) };
	if (isExternal(src.trim())) {
		// A CDN script the device holds runs from there (its integrity was checked when it was fetched).
		const cdn = compiler.packages.isCdn(src.trim()) ? compiler.packages.cdnFile(from, src.trim(), attribs.integrity) : null;
		if (cdn?.text !== undefined) return placed(`${openTag('script', { ...withoutIntegrity(rest), 'data-source': src.trim(), ...written })}${escapeRaw(`${withOwnSrc(siteLocation(cdn.text), src.trim())}${loadEvent(attribs)}\n//# sourceURL=${src.trim()}`, 'script')}</script>`);
		compiler.lookup(from, src, line);
		return [];
	}
	const file = compiler.lookup(from, src, line);
	if (!file) return whole(`<script data-missing="${escapeAttr(src)}"></script>`);
	if (file.content === undefined) {
		compiler.report('not-text', from, src, `${src} is not a text file.`);
		return [];
	}
	compiler.workers(file.path, file.content);
	return placed(`${openTag('script', { ...rest, 'data-source': file.path, ...written })}${escapeRaw(`${withOwnSrc(siteLocation(file.content), src)}${loadEvent(attribs)}\n//# sourceURL=${file.path}`, 'script')}</script>`, { path: file.path, line: 1 });
}

/** `<script src="…">` in a string a script writes into the page, its quotes as written (escaped in the string or not). */
const WRITTEN_SCRIPT = /(<script\b[^<>]*?\bsrc\s*=\s*)(\\?["'])([^"'\\<>\s]+)\2/gi;

/**
 * A script of the workspace that an inline script writes into the page as it loads (HTML5
 * Boilerplate's `window.jQuery || document.write('<script src="js/vendor/jquery.min.js"><\/script>')`):
 * the browser runs it before the next script, which uses it, so it cannot wait for the frame to ask
 * for the file. It is written as a data: URL of the file, compiled as the page's own scripts are
 * (marked with its URL, which its `src` reads, and with the reference, which `getAttribute` reads); a
 * missing one is reported, as the page names it.
 */
function writtenScripts(compiler: Compiler, from: string, code: string): string {
	if (!/document\s*\.\s*write/.test(code)) return code;
	return code.replace(WRITTEN_SCRIPT, (whole, lead: string, quote: string, ref: string) => {
		if (isExternal(ref) || isSkippable(ref)) return whole;
		const file = compiler.lookup(from, ref);
		if (file?.content === undefined) return whole;
		const target = resolveReference(from, ref) ?? file.path;
		return `${lead}${quote}${markedDataUrl(`data:text/javascript;base64,${utf8ToBase64(`${siteLocation(file.content)}\n//# sourceURL=${file.path}`)}`, siteUrl(target), ref)}${quote}`;
	});
}

/** Comments and space, then string-literal statements ending in `;` (`'use strict';` after a licence banner). */
const DIRECTIVES = /^(?:\s+|\/\/[^\n]*|\/\*[^]*?\*\/)*(?:(?:'[^'\\\n]*'|"[^"\\\n]*")[ \t]*;(?:[ \t]+|\/\*[^\n]*?\*\/)*)*/;

/**
 * An inlined classic script that first sets its own `src` attribute, as written (no line moves: the
 * statement joins a line). A script that has started loads nothing when its src changes, and a
 * library that finds its folder from `document.currentScript.src` or `script[src*="lib.js"]`
 * (editors, math and highlighting libraries load their parts from there) finds the file's URL on
 * the site, as on a host. The statement goes after the script's directives: before them, a
 * `'use strict'` would be no directive and the script would run sloppy.
 */
function withOwnSrc(code: string, src: string): string {
	const own = `document.currentScript&&document.currentScript.setAttribute("src",${JSON.stringify(src)});`;
	const at = DIRECTIVES.exec(code)?.[0].length ?? 0;
	return code.slice(0, at) + own + code.slice(at);
}

/**
 * The `load` event an inlined script fires once it has run, where the page listens for it in an
 * `onload` attribute (KaTeX's auto-render: `<script defer src="…/auto-render.min.js"
 * onload="renderMathInElement(document.body)">`): a host fires it after the file ran, an inline
 * script never. After the file's last line, so no line moves; a file that throws fires none.
 */
function loadEvent(attribs: Record<string, string>): string {
	return attribs.onload === undefined ? '' : '\n;document.currentScript&&document.currentScript.dispatchEvent(new Event("load"));';
}

/** An element's attributes without `integrity` and `crossorigin`: the device's copy was checked when fetched. */
function withoutIntegrity(attribs: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'integrity' && key !== 'crossorigin'));
}

/**
 * Where a frame's compiled page waits: the parent's frame program (`frame/frames.js`) makes it the
 * frame's srcdoc as the frame enters the document, with the storage the parent has at that moment.
 */
export const FRAME_ATTRIBUTE = 'data-studio-frame';
/**
 * The src an element was written with, where the compiler took it out: a frame's, which its `src`
 * property reads (`frame/frames.js`), and a module script's, loaded through an import, which the
 * frame gives back once the page is parsed, before the modules run (`frame/sources.js`): the page's code that compares its
 * scripts with another page's (a view-transition router deciding what to run again) sees them as on
 * a host. A classic script, inlined, sets its own as it runs (`withOwnSrc`).
 */
export const WRITTEN_SRC = 'data-studio-src';
/**
 * The open tag a classic `<script src>` was written with, where the compiler inlined the file: once
 * the page is parsed the frame gives the element that tag's attributes back and takes its text away
 * (`frame/sources.js`), so it reads as a host's does — a router that compares a head's scripts by
 * their markup (Turbo) finds the next page's the same and does not run them again. A deferred one,
 * moved to the end of the document to run there, goes back to its `WRITTEN_PLACE` placeholder.
 */
export const WRITTEN_TAG = 'data-studio-tag';
/** Marks a deferred script's place as written, and the script moved from there (in the same order). */
export const WRITTEN_PLACE = 'data-studio-deferred';

/** Frames of frames are compiled this deep; a page further down (or framing itself) keeps its data: URL. */
const FRAME_DEPTH = 3;
const framing = new WeakMap<Compiler, string[]>();

/**
 * `<iframe src="part.html">` of a workspace page: that page compiled for the frame's srcdoc (see
 * `framedDocument`). A data: URL of its text would leave every relative file it names unresolved.
 * Null: not such a page.
 */
function framedPage(compiler: Compiler, from: string, src: string): string | null {
	const ref = src.trim();
	if (isExternal(ref) || isSkippable(ref)) return null;
	const named = resolveReference(from, ref);
	// `docs/` is its index.html, as a host serves it.
	const path = /\/$/.test(ref.split(/[?#]/)[0]!) ? `${named ? `${named}/` : ''}index.html` : named;
	if (!path || !isHtml(path)) return null;
	const query = /[?#]/.exec(ref);
	const url = query ? new URL(ref.slice(query.index), 'https://x.invalid/') : null;
	return framedDocument(compiler, { path, ...(url?.search ? { search: url.search } : {}), ...(url?.hash ? { fragment: url.hash } : {}) });
}

/**
 * A site page as a frame of the site shows it: compiled the way the shown page is (its stylesheets,
 * scripts, modules and assets from paths relative to it), behind a prologue that gives it its own URL
 * and a bridge whose requests, errors and navigations its parent relays (`framedPrologue`); `page`:
 * its text, when it is no file of the workspace (a 404 page). Null: no such page, or one that frames
 * itself or lies deeper than `FRAME_DEPTH`.
 */
export function framedDocument(compiler: Compiler, at: FramedAt, page?: string): string | null {
	const source = page ?? compiler.files.get(at.path)?.content;
	const stack = framing.get(compiler) ?? [];
	if (source === undefined || stack.includes(at.path) || stack.length >= FRAME_DEPTH) return null;
	framing.set(compiler, [...stack, at.path]);
	const outer = { importMap: compiler.importMap, page: compiler.page };
	compiler.importMap = pageImportMap(source, siteUrl(at.path));
	compiler.page = at.path;
	try {
		const elements = elementsOf(source);
		const edits = elements.flatMap((element) => rewriteElement(compiler, at.path, source, element));
		// A computed import() may ask for any module: the frame's import map then names them all.
		if (compiler.computedImports) compiler.allModules();
		const base = elements.find((element) => element.name === 'base' && element.attribs.href !== undefined)?.attribs.href;
		const start = prologueEnd(source);
		const modules = bootstrapTag(compiler.modules, compiler.packages.modules, compiler.startsModuleWorkers) + spriteTag(compiler.sprites);
		edits.push({ start, end: start, text: framedPrologue({ ...at, ...(base !== undefined ? { base } : {}) }, modules, bridgeOf(compiler, source, edits)), origin: { path: '', line: 0 } });
		const mapped = applyEditsMapped(source, edits, at.path);
		return mapped.text.replace(LINES_PLACEHOLDER, () => escapeAttr(JSON.stringify(mapped.lines)));
	} finally {
		framing.set(compiler, stack);
		Object.assign(compiler, outer);
	}
}
