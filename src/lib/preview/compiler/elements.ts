// The compiler's rewrite of one element of a page: stylesheets inlined (with the origin of their
// lines, for the document's line map), scripts handed to compiler/scripts.ts, the site's own pages
// in its frames compiled, asset URLs as data: URLs, missing references marked with the file and line
// that asked for them.
import { resolveReference } from '../../domain/paths';
import { isHtml } from '../../domain/kinds';
import { loadsFiles } from '../../domain/css';
import { applyEditsMapped, elementsOf, openTag, scriptAttributes, type Edit, type HtmlElement } from '../html';
import { Compiler, MISSING_URL, escapeAttr, escapeRaw, isExternal, isSkippable } from './compiler';
import { siteLocation } from './location';
import { LINES_PLACEHOLDER, bootstrapTag, framedPrologue, prologueEnd, spriteTag, type FramedAt } from './prologue';
import { bridgeOf } from './indexeddb';
import { siteUrl } from '../site';
import { markedDataUrl } from '../file-mark';
import { pageImportMap } from './import-map';
import { WRITTEN_SRC, rewriteScript } from './scripts';
import { FRAME_STYLE, framesetEdits } from './framesets';
import { pageScripts, syncAnswers, syncTag } from './sync-requests';
import { QUIRKS_SCRIPT, isQuirks } from './quirks';

/**
 * A compiled stylesheet as a data: URL, percent-encoded only where a URL would change it (`%`, `#`,
 * and the line breaks and tabs a URL's parser drops, which may separate a selector's parts): the
 * page's markup grows by its sheets' size, not by base64's third.
 */
function cssDataUrl(css: string): string {
	return `data:text/css;charset=utf-8,${css.replace(/[%#\t\n\r]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)}`;
}

const ASSET_ATTRIBUTES = ['src', 'poster', 'href', 'xlink:href', 'data'];
const ASSET_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'input', 'image', 'use', 'track', 'embed', 'iframe', 'object']);

/** A 1×1 GIF: what an image's preload loads (one of no bytes fails to decode, where the host's file loads). */
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A data: URL that fails to load, as a missing file's preload does on a host (its error event, not load). */
const FAILING = 'data:;base64,!';

/**
 * A preload's href (an image, a font, a Vite build's modulepreload). It asks early for a file the page
 * uses later, which the document carries where it is used: the hint gets the file's type and mark, not
 * a second copy of its bytes (a hero image's, a build's modules, in every render). It still loads (an
 * image's a pixel), reads back as written and names its file; a missing file fails and is reported.
 */
function preloadHref(compiler: Compiler, from: string, href: string, line: number, image: boolean): string {
	const url = compiler.assetUrl(from, href, line, true, false);
	if (url === MISSING_URL) return markedDataUrl(FAILING, compiler.referenceUrl(from, href), href);
	if (!image || !url.startsWith('data:')) return url;
	const mark = url.indexOf('#');
	return mark < 0 ? PIXEL : PIXEL + url.slice(mark);
}

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
		/** The link with `css` (the sheet compiled) as its href, marked with the file's URL and `href` as written. */
		const sheetLink = (attributes: Record<string, string>, css: string) => retag({ ...attributes, href: markedDataUrl(cssDataUrl(css), compiler.referenceUrl(from, href), href) });
		// A stylesheet stays the page's <link>, its file compiled into its href (url()s and @imports
		// resolved against it), every other attribute as written: a theme switcher finds it by its id
		// or data-*, `disabled` and alternate sheets (`rel="alternate stylesheet"`, `title`) apply as
		// on a host, and `link.href` and `getAttribute('href')` read back the file's URL and the
		// reference as written (frame/written.js).
		if (rel.split(/\s+/).includes('stylesheet')) {
			const installed = compiler.installed(from, href);
			const fromCdn = installed ?? (compiler.packages.isCdn(href.trim()) ? href.trim() : null);
			const cdn = fromCdn ? compiler.packages.cdnFile(from, fromCdn, attribs.integrity) : null;
			if (cdn) {
				// Not its integrity: the sheet compiled is not the bytes it names (they were checked when fetched).
				const kept = Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'integrity'));
				return sheetLink(kept, compiler.packages.css(from, cdn));
			}
			if (installed) return whole(`<style data-missing="${escapeAttr(href)}"></style>`);
			if (isExternal(href.trim())) {
				compiler.lookup(from, href, line); // reported as external; the browser loads it when online
				return [];
			}
			const file = compiler.lookup(from, href, line);
			if (!file || file.content === undefined) return whole(`<style data-missing="${escapeAttr(href)}"></style>`);
			return sheetLink(attribs, compiler.css(file.path, file.content));
		}
		// A stylesheet preloaded to be applied later (loadCSS: `onload="this.rel='stylesheet'"`) is the
		// sheet compiled, as a stylesheet link's is.
		if (rel.split(/\s+/).includes('preload') && (attribs.as ?? '').toLowerCase() === 'style' && !isExternal(href.trim())) {
			const file = compiler.lookup(from, href, line);
			if (file?.content !== undefined) return sheetLink(attribs, compiler.css(file.path, file.content));
		}
		if (/preload/.test(rel)) return retag({ ...attribs, href: preloadHref(compiler, from, href, line, (attribs.as ?? '').toLowerCase() === 'image') });
		if (/icon|manifest|apple-touch-icon/.test(rel)) return retag({ ...attribs, href: compiler.assetUrl(from, href, line, true) });
		return [];
	}
	// A refresh would navigate the frame away from the preview: the navigation program carries it out.
	if (name === 'meta') {
		const equiv = (attribs['http-equiv'] ?? '').toLowerCase();
		const inert = Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'http-equiv'));
		// The page's own policy would refuse what the compiler made of its files (its scripts inlined,
		// its sheets and images data: URLs) and the frame's programs: the page would stay blank and
		// still. The preview does not apply it, and says so.
		if (equiv === 'content-security-policy') {
			compiler.report('policy', from, 'Content-Security-Policy', `${from}:${line} sets a Content-Security-Policy, which the preview does not apply (it carries the page's files inlined, which the policy would refuse); a host applies it.`, line);
			return retag({ ...inert, 'data-studio-policy': '' });
		}
		if (equiv !== 'refresh') return [];
		return retag({ ...inert, 'data-studio-refresh': attribs.content ?? '' });
	}
	if (name === 'style' && element.content) {
		return [{ start: element.content.start, end: element.content.end, text: escapeRaw(compiler.css(from, source.slice(element.content.start, element.content.end), [], line), 'style') }];
	}
	if (name === 'script') return rewriteScript(compiler, from, source, element, whole, line);
	if (name === 'frameset') return framesetEdits(source, element);
	if (name === 'frame') {
		// An iframe in the grid the frameset became, its page the site's as an iframe's is.
		const style = `${FRAME_STYLE}${attribs.style ? `;${attribs.style}` : ''}`;
		const edits = rewriteElement(compiler, from, source, { ...element, name: 'iframe', attribs: { ...attribs, style } });
		return whole(`${edits[0]?.text ?? openTag('iframe', { ...attribs, style })}</iframe>`);
	}
	const out: Record<string, string> = { ...attribs };
	// Event handler attributes and a link's javascript: URL are scripts: onclick="location.href='about.html'" goes to the page.
	for (const key of scriptAttributes(name, out)) out[key] = siteLocation(out[key]!);
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

/**
 * Where a frame's compiled page waits: the parent's frame program (`frame/frames.js`) makes it the
 * frame's srcdoc as the frame enters the document, with the storage the parent has at that moment.
 */
export const FRAME_ATTRIBUTE = 'data-studio-frame';
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
		const sync = page === undefined ? syncTag(syncAnswers(compiler.files, at.path, pageScripts(compiler.files, at.path, source, elements, compiler.modules.values()))) : '';
		const modules = bootstrapTag(compiler.modules, compiler.packages.modules, compiler.startsModuleWorkers) + spriteTag(compiler.sprites) + sync + (isQuirks(source) ? QUIRKS_SCRIPT : '');
		edits.push({ start, end: start, text: framedPrologue({ ...at, ...(base !== undefined ? { base } : {}) }, modules, bridgeOf(compiler, source, edits)), origin: { path: '', line: 0 } });
		const mapped = applyEditsMapped(source, edits, at.path);
		return mapped.text.replace(LINES_PLACEHOLDER, () => escapeAttr(JSON.stringify(mapped.lines)));
	} finally {
		framing.set(compiler, stack);
		Object.assign(compiler, outer);
	}
}
