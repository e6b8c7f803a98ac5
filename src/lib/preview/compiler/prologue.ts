// What a compiled document starts with, before any byte of its page: the bridge's tag (a render's,
// whose nonce and data the host fills, or a framed page's, complete as compiled) and the module
// bootstrap, at the place no markup of the page can come before. Shared by a render's page
// (compile.ts) and the site's own pages in its frames (elements.ts).
import { BRIDGE_SOURCE, FRAME_STORAGE_PLACEHOLDER, HOST_PLACEHOLDER, NONCE_PLACEHOLDER } from '../bridge';
import { IMPORT_RESOLVER, VIRTUAL_ORIGIN, escapeAttr, escapeRaw } from './compiler';
import { SITE_ORIGIN, siteUrl } from '../site';
import { MODULE_MIME, moduleType, withSourceUrl } from './module-types';

/** Replaced by the compiler with the document's line map, once the document is laid out. */
export const LINES_PLACEHOLDER = '__STUDIO_PREVIEW_LINES__';

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

/** Where a render's page is, beside its file (frame/bridge.js reads it). */
export interface PageAt {
	/** The site's entry reached at the site's root (the studio's start, a link home): at `/`, as a host serves it there. */
	root?: boolean;
	/** The page has a `<base href>` of its own: its relative URLs resolve from there, whatever its address. */
	based?: boolean;
}

/** The bridge's tag of a render's document (`source`: indexeddb.ts `bridgeFor`): the host fills in its nonce and data per render. */
export function bridgeTag(revision: number, source = BRIDGE_SOURCE, at: PageAt = {}): string {
	return `<script data-studio-bridge data-revision="${revision}" data-nonce="${NONCE_PLACEHOLDER}" data-host="${HOST_PLACEHOLDER}" data-lines="${LINES_PLACEHOLDER}"${at.root ? ' data-root' : ''}${at.based ? ' data-based' : ''}>${source}</script>`;
}

/** Where a page in a frame of the site is, as a static host would have it. */
export interface FramedAt {
	/** Its workspace path. */
	path: string;
	/** The address it was asked at, when not its path (`docs/` for docs/index.html; compile.ts `addressOf`). */
	address?: string;
	/** Its query (`?id=3`) and the fragment to go to once it has loaded (`#team`). */
	search?: string;
	fragment?: string;
	/** The page's own `<base href>`, as written: resolved against the page's URL, it still wins. */
	base?: string;
}

/**
 * The start of a site page shown in a frame of the site: its virtual URL as the document's base (a
 * srcdoc document would otherwise resolve against its parent's), and a bridge that talks to the
 * frame's parent, which relays for it (`frame/bridge.js`). Its data is complete as compiled: it
 * needs no nonce; its parent fills in their token and its storage as it loads the frame. Its line map takes the place of `LINES_PLACEHOLDER`.
 */
export function framedPrologue(at: FramedAt, modules: string, bridge = BRIDGE_SOURCE): string {
	const url = siteUrl(at.address ?? at.path) + (at.search ?? '');
	// The page's URL is its base unless its own <base> says otherwise; then the bridge has it from its data.
	const base = at.base === undefined ? `<base data-studio-base href="${escapeAttr(url)}">` : `<base href="${escapeAttr(resolved(at.base, url))}">`;
	const host = { ...(at.base === undefined ? {} : { url }), ...(at.fragment ? { fragment: at.fragment } : {}) };
	return `${base}<script data-studio-bridge data-framed data-host="${escapeAttr(JSON.stringify(host))}" data-storage="${FRAME_STORAGE_PLACEHOLDER}" data-lines="${LINES_PLACEHOLDER}">${bridge}</script>${modules}`;
}

/**
 * The sprite program: each SVG file a `<use>` names becomes a blob: URL inside the frame (one that
 * Chromium loads there, unlike a data: URL), and each `<use>` that waits for one (`data-studio-use`,
 * elements.ts) is pointed at it with its fragment as the parser, or a script, puts it in the document.
 */
export function spriteTag(sprites: Map<string, string>): string {
	if (sprites.size === 0) return '';
	const sources = escapeRaw(JSON.stringify(Object.fromEntries(sprites)), 'script');
	const script = `(function(){var s=${sources};var u={};for(var p in s)u[p]=URL.createObjectURL(new Blob([s[p]],{type:'image/svg+xml'}));var A='data-studio-use';function fix(el){var w=el.getAttribute(A)||'';el.removeAttribute(A);var i=w.indexOf('#');var b=u[i<0?w:w.slice(0,i)];if(b)el.setAttribute('href',b+(i<0?'':w.slice(i)));}function scan(n){if(n.nodeType!==1)return;if(n.hasAttribute(A))fix(n);if(n.firstElementChild)n.querySelectorAll('['+A+']').forEach(fix);}new MutationObserver(function(r){for(var i=0;i<r.length;i++)r[i].addedNodes.forEach(scan);}).observe(document,{childList:true,subtree:true});})();`;
	return `<script data-studio-sprites>${script}</script>`;
}

/** `href` resolved against `url` (`url` itself when `href` is no URL, as a browser ignores such a base). */
function resolved(href: string, url: string): string {
	try {
		return new URL(href.trim(), url).href;
	} catch {
		return url;
	}
}

/**
 * Modules up to this many characters run from a data: URL, larger ones from a blob: URL. Each blob:
 * fetch goes through the browser process: the starter's two modules held a render's load 65–79 ms
 * against 55 with data: URLs (41 with no module), thirty small ones 83 against 50 ms. Past about
 * 64 KB the data: URL is the slower (a 194 KB module: 81 against 65 ms; 787 KB: 214 against 137).
 */
export const DATA_URL_MODULE_CHARS = 32 * 1024;

/**
 * The module bootstrap: makes a URL per workspace module inside the frame (a data: URL, or a blob:
 * URL for a large one) and writes an import map from virtual URLs to them, before any module script
 * is parsed. Each source ends with its sourceURL, so errors and stacks name the file either way. A
 * computed `import()` asks the resolver defined here: a relative or site URL, resolved against the
 * importing module's file, becomes that file's virtual URL (a bare name or another site's URL stays
 * as written). `forWorkers`: a script starts a module worker, so the sources stay readable, as
 * `window.__studioModuleSources`, for the frame's worker program to build the worker's modules from.
 */
export function bootstrapTag(modules: Map<string, string>, packages: Map<string, string>, forWorkers = false): string {
	if (modules.size === 0 && packages.size === 0) return '';
	return `<script data-studio-modules>${moduleBootstrap(modules, packages, forWorkers)}</script>`;
}

/**
 * The bootstrap's code (escaped for a `<script>`): also what a module script the page adds from
 * script runs first (frame/requests.js), its modules then added to the document's import maps.
 * The module paths it names are added to those already named.
 */
export function moduleBootstrap(modules: Map<string, string>, packages: Map<string, string>, forWorkers = false): string {
	const own = [...modules].map(([path, source]) => [VIRTUAL_ORIGIN + path, withSourceUrl(path, source)]);
	const sources = JSON.stringify(Object.fromEntries([...own, ...[...packages].map(([url, source]) => [url, `${source}\n//# sourceURL=${url}`])]));
	// A JSON or CSS module's MIME type, by its virtual URL (JavaScript's by default).
	const types = JSON.stringify(Object.fromEntries([...modules.keys()].filter((path) => moduleType(path) !== 'javascript').map((path) => [VIRTUAL_ORIGIN + path, MODULE_MIME[moduleType(path)]])));
	const resolver = `window.${IMPORT_RESOLVER}=function(spec,from){var t=String(spec),site=${JSON.stringify(SITE_ORIGIN)};if(!/^(?:\\.{1,2}\\/|\\/)/.test(t)&&t.indexOf(site+'/')!==0)return t;var u=new URL(t,site+'/'+from.split('/').map(encodeURIComponent).join('/'));return u.origin===site?${JSON.stringify(VIRTUAL_ORIGIN)}+decodeURIComponent(u.pathname.slice(1)):t;};`;
	return `(function(){${resolver}var s=${escapeRaw(sources, 'script')};var k=${escapeRaw(types, 'script')};var imports={};var paths={};for(var u in s){var t=k[u]||'text/javascript';if(s[u].length<=${DATA_URL_MODULE_CHARS}){imports[u]='data:'+t+';charset=utf-8,'+encodeURIComponent(s[u]);continue;}var b=URL.createObjectURL(new Blob([s[u]],{type:t}));imports[u]=b;paths[b]=u.indexOf(${JSON.stringify(VIRTUAL_ORIGIN)})===0?u.slice(${VIRTUAL_ORIGIN.length}):u;}window.__studioModulePaths=Object.assign(window.__studioModulePaths||{},paths);${forWorkers ? 'window.__studioModuleSources=Object.assign(window.__studioModuleSources||{},s);' : ''}var m=document.createElement('script');m.type='importmap';m.textContent=JSON.stringify({imports:imports});document.currentScript.after(m);})();`;
}
