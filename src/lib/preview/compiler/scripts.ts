// The compiler's rewrite of a page's `<script>` elements: classic scripts inlined as the page would
// run them (their own `src`, their `load` event, the scripts they `document.write`, a deferred one
// moved to run after the page is parsed), module scripts into the module graph, CDN scripts from the
// device's copy.
import { resolveReference } from '../../domain/paths';
import { openTag, type Edit, type HtmlElement } from '../html';
import { Compiler, escapeAttr, escapeRaw, isExternal, isSkippable } from './compiler';
import { siteLocation } from './location';
import { siteUrl } from '../site';
import { markedDataUrl } from '../file-mark';
import { utf8ToBase64 } from '../../domain/base64';

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
 * their markup (Turbo) finds the next page's the same and does not run them again.
 */
export const WRITTEN_TAG = 'data-studio-tag';
/**
 * A deferred script waits where it was written as a data block of this type (the parser runs none),
 * and a runner at the document's end, one per deferred script and in the same order, runs the first
 * still waiting: it puts a script with the block's attributes and code in the block's place, which
 * runs as it is inserted. So it runs once the page is parsed, as on a host, and in its own place: run
 * from the document's end, it ran inside whatever element the page left open there (a minifier's
 * `<p id=visits></body>`), and the page's own `visits.textContent = …` took it out of the document.
 */
export const DEFERRED_TYPE = 'text/x-studio-deferred';
const DEFERRED_RUNNER = `<script>(function(d,s,a,i){document.currentScript.remove();if(!d)return;for(a=d.attributes,i=0;i<a.length;i++)if(a[i].name!=='type')s.setAttribute(a[i].name,a[i].value);s.text=d.text;d.replaceWith(s)})(document.querySelector('script[type="${DEFERRED_TYPE}"]'),document.createElement('script'))</script>`;

/** Classic scripts are inlined (with a sourceURL); module scripts enter the module graph. */
export function rewriteScript(compiler: Compiler, from: string, source: string, element: HtmlElement, whole: (text: string, origin?: Edit['origin']) => Edit[], line: number): Edit[] {
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
		const url = target && compiler.files.has(target) ? compiler.module(target) : compiler.installedModule(from, target);
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
		const pointed = writtenScripts(compiler, from, classicCode(compiler, from, code));
		return pointed === code ? [] : [{ start: element.content.start, end: element.content.end, text: pointed }];
	}
	// A deferred script runs once the page is parsed, in order, before DOMContentLoaded; inlined in
	// place it would run at once, before the body it reads exists. It waits in place, and a runner at
	// the document's end runs it there (DEFERRED_TYPE; an async one may run at any time: it stays).
	const deferred = attribs.defer !== undefined && attribs.async === undefined;
	const placed = (text: string, origin?: Edit['origin']): Edit[] =>
		deferred ? [...whole(text.replace(/^<script/, `<script type="${DEFERRED_TYPE}"`), origin), { start: source.length, end: source.length, text: DEFERRED_RUNNER }] : whole(text, origin);
	// The tag as written, on one line (the inlined file's lines follow it), for the frame to give back.
	const written = { [WRITTEN_TAG]: source.slice(element.openStart, element.openEnd).replace(/\r?\n/g, ' ') };
	// A script of node_modules/ runs from the device's copy of its package's file, its own src as written.
	const installed = compiler.installed(from, src);
	if (installed) {
		const cdn = compiler.packages.cdnFile(from, installed, attribs.integrity);
		if (cdn?.text === undefined) return whole(`<script data-missing="${escapeAttr(src)}"></script>`);
		const path = resolveReference(from, src)!;
		return placed(`${openTag('script', { ...withoutIntegrity(rest), 'data-source': path, ...written })}${escapeRaw(`${withOwnSrc(siteLocation(cdn.text), src)}${loadEvent(attribs)}\n//# sourceURL=${path}`, 'script')}</script>`);
	}
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
	return placed(`${openTag('script', { ...rest, 'data-source': file.path, ...written })}${escapeRaw(`${withOwnSrc(classicCode(compiler, file.path, file.content), src)}${loadEvent(attribs)}\n//# sourceURL=${file.path}`, 'script')}</script>`, { path: file.path, line: 1 });
}

/**
 * A classic script's code as the page runs it: its `location` pointed at the page's, and each
 * `import()` in it (SvelteKit's inline start, a lazy chunk of a classic bundle) resolved as a module's
 * import is, against `path` (its file; the page for an inline script), its modules in the graph. A
 * host's browser resolves them against the same URL.
 */
function classicCode(compiler: Compiler, path: string, code: string): string {
	return /\bimport\s*\(/.test(code) ? compiler.rewriteSpecifiers(path, code, new Set()) : siteLocation(code);
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
	// document.createEvent, not `new Event`: MooTools 1.2–1.4 replace the global Event with their own.
	return attribs.onload === undefined ? '' : '\n;document.currentScript&&document.currentScript.dispatchEvent(function(e){e.initEvent("load",false,false);return e}(document.createEvent("Event")));';
}

/** An element's attributes without `integrity` and `crossorigin`: the device's copy was checked when fetched. */
function withoutIntegrity(attribs: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== 'integrity' && key !== 'crossorigin'));
}
