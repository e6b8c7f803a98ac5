// The compiler's resolver: what a reference in a workspace file names (a workspace file, another
// site, nothing), stylesheets with their local @imports inlined and url()s as data: URLs, and the ES
// module graph rewritten to virtual URLs. Problems become diagnostics, never throws.
import type { FileRecord } from '../../domain/model';
import { resolveReference } from '../../domain/paths';
import { bytesToBase64, utf8ToBase64 } from '../../domain/base64';
import { parse as parseModule } from 'es-module-lexer/minimal/js';
import { applyEdits, type Edit } from '../html';
import { siteLocation } from './location';
import { SITE_ORIGIN, sitePath, siteUrl } from '../site';
import { markedDataUrl } from '../file-mark';
import { mapSpecifier, type PageImportMap } from './import-map';
import { LOCK_FILE, withScheme, type PackageView } from '../../domain/packages';
import { CSS_URL, importedAs, withImageSetUrls, withImports } from '../../domain/css';
import { PackageLinker, dataUrlOf } from './packages';
import { moduleWorkers } from './workers';
import { moduleType } from './module-types';

/** Virtual origin for workspace modules: never fetched, only mapped to blob URLs inside the frame. */
export const VIRTUAL_ORIGIN = 'https://workspace.invalid/';
/** How deep CSS @import chains are followed. */
const CSS_IMPORT_DEPTH = 8;

/** A problem found while compiling. */
export interface Diagnostic {
	kind: 'missing' | 'external' | 'bare-specifier' | 'package' | 'import-cycle' | 'import-depth' | 'not-text' | 'policy';
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


export type Files = ReadonlyMap<string, FileRecord>;

export { escapeAttr } from '../html';
/** es-module-lexer's kinds for `import(...)` and `import.meta`. */
const DYNAMIC = 2;
const META = 3;
/** What the module bootstrap names its resolver of computed `import()` specifiers. */
export const IMPORT_RESOLVER = '__studioImport';
export const isExternal = (ref: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(ref);
export const isSkippable = (ref: string) => ref === '' || ref.startsWith('#') || /^(?:data|blob|javascript|mailto|tel|about):/i.test(ref);

/** A data: URL of a workspace file (`bytes` false: of its type only, empty). */
export function dataUrl(file: FileRecord, bytes = true): string {
	if (!bytes) return `data:${file.mimeType};base64,`;
	return `data:${file.mimeType};base64,${file.kind === 'text' ? utf8ToBase64(file.content ?? '') : bytesToBase64(file.bytes ?? new Uint8Array())}`;
}

/** One compilation: the files it reads, what it found wrong, and the modules it reached. */
export class Compiler {
	readonly diagnostics: Diagnostic[] = [];
	readonly modules = new Map<string, string>();
	/** The import map of the page being compiled (import-map.ts): its bare specifiers resolve by it first. */
	importMap: PageImportMap | null = null;
	/** SVG files `<use>` elements name (sprites), by path: the document carries each once. */
	readonly sprites = new Map<string, string>();
	/** A module imports a computed specifier (`import(\`./pages/${name}.js\`)`): any module of the workspace may be asked for. */
	computedImports = false;
	/** A script starts a module worker: the document carries the modules' sources, for the frame to build the worker's from. */
	startsModuleWorkers = false;
	/** The page being compiled (a worker's URL written as a plain string resolves against it). */
	page = '';
	/** The site's IndexedDB databases as the hub keeps them (text by name), for a page that uses IndexedDB. */
	indexedDB: Readonly<Record<string, string>> = {};

	/** Bare imports and CDN files: resolved from the device's package store. */
	readonly packages: PackageLinker;

	constructor(
		readonly files: Files,
		/** Files an import left out, by their path in the archive, with why. */
		readonly leftOut: ReadonlyMap<string, string> = new Map(),
		packages?: PackageView
	) {
		this.packages = new PackageLinker(packages, (kind, path, reference, message) => this.report(kind, path, reference, message));
	}


	/** Why `path` was left out of an import (an archive's top folder may stand before it), if it was. */
	leftOutReason(path: string): string | undefined {
		const exact = this.leftOut.get(path);
		if (exact) return exact;
		for (const [entry, reason] of this.leftOut) if (entry.endsWith(`/${path}`)) return reason;
		return undefined;
	}

	/** The diagnostic text of a reference to a file that is not there. */
	missingText(path: string | null, reference: string): string {
		const reason = path ? this.leftOutReason(path) : undefined;
		return reason ? `${reference}, which the import left out: ${reason}` : `${reference}, which is not in the workspace`;
	}

	report(kind: Diagnostic['kind'], path: string, reference: string, message: string, line?: number) {
		if (!this.diagnostics.some((d) => d.kind === kind && d.path === path && d.reference === reference)) this.diagnostics.push({ kind, path, reference, message, ...(line ? { line } : {}) });
	}

	/** Resolves a reference in `from` (at `line`, when known); reports external and missing ones. */
	lookup(from: string, reference: string, line?: number): FileRecord | null {
		const ref = reference.trim();
		if (isSkippable(ref)) return null;
		if (isExternal(ref)) {
			if (!this.packages.isCdn(ref)) this.report('external', from, ref, `${ref} is outside the workspace; it loads only when the viewer is online.`);
			return null;
		}
		const path = resolveReference(from, ref);
		const file = path ? this.files.get(path) : undefined;
		if (!file) {
			this.report('missing', from, ref, `${from}${line ? `:${line}` : ''} refers to ${this.missingText(path, ref)}.`, line);
			return null;
		}
		return file;
	}

	/** The CDN URL of a package's file that `reference` names in node_modules/, which the workspace lacks (`PackageLinker.installedFile`). */
	installed(from: string, reference: string): string | null {
		const ref = reference.trim();
		if (isExternal(ref) || isSkippable(ref)) return null;
		const path = resolveReference(from, ref);
		return path && !this.files.has(path) ? this.packages.installedFile(path, this.files.get(LOCK_FILE)?.content) : null;
	}

	/** The package module an import of a node_modules/ file the workspace lacks names (`PackageLinker.installedModule`). */
	installedModule(from: string, target: string | null): string | null {
		return target && !this.files.has(target) ? this.packages.installedModule(from, target, this.files.get(LOCK_FILE)?.content) : null;
	}

	/**
	 * A URL for an asset reference: a data: URL for a workspace file (or a CDN's on the device), the URL
	 * itself for another site's, MISSING_URL for a missing one. The data: URL is marked with the
	 * file's URL on the site (or the CDN's), unless the reference names a fragment of its own: what
	 * the page reads back (`img.src`, `currentSrc`, `getComputedStyle`) names the file, as on a host.
	 * `bytes` false: the data: URL carries only the file's type and its mark (a preload's, elements.ts).
	 */
	assetUrl(from: string, reference: string, line?: number, attribute = false, bytes = true): string {
		const ref = reference.trim();
		const hash = ref.includes('#') ? ref.slice(ref.indexOf('#')) : '';
		// An element's attribute reads back as written (`getAttribute`); a stylesheet's url() has no such reader.
		const written = attribute ? reference : undefined;
		const installed = this.installed(from, ref);
		const fromCdn = installed ?? (this.packages.isCdn(ref) ? ref : null);
		const cdn = fromCdn ? this.packages.cdnFile(from, fromCdn) : null;
		if (cdn) return hash ? dataUrlOf(cdn, bytes) + hash : markedDataUrl(dataUrlOf(cdn, bytes), this.referenceUrl(from, ref), written);
		// On its way (the hub fetches it, then compiles again), or named by the package's diagnostic.
		if (installed) return MISSING_URL;
		const file = this.lookup(from, reference, line);
		if (!file) return isExternal(ref) || isSkippable(ref) ? reference : MISSING_URL;
		return hash ? dataUrl(file, bytes) + hash : markedDataUrl(dataUrl(file, bytes), this.referenceUrl(from, ref), written);
	}

	/**
	 * The URL a reference of `from` names, as a host's page reads it back: a site file's (a
	 * node_modules/ one's too) URL on the site with the query the page wrote (`hero.jpg?v=2`,
	 * `style.css?ver=6.1`), another site's as written, protocol-relative taken as https.
	 */
	referenceUrl(from: string, reference: string): string {
		const ref = reference.trim();
		if (isExternal(ref)) return withScheme(ref);
		const query = /\?[^#]*/.exec(ref)?.[0] ?? '';
		return siteUrl(resolveReference(from, ref) ?? ref) + query;
	}

	/** Inlines local @imports (cycles and depth bounded) and rewrites url() to data: URLs. */
	css(path: string, text: string, stack: string[] = [], baseLine = 0): string {
		const lineAt = (offset: number) => (baseLine || 1) + text.slice(0, offset).split('\n').length - 1;
		const imported = withImports(text, (whole, ref, media, offset) => {
			const installed = this.installed(path, ref);
			if (installed) {
				const cdn = this.packages.cdnFile(path, installed);
				return cdn ? this.packages.css(path, cdn) : `/* missing @import ${ref} */`;
			}
			if (isExternal(ref)) {
				const cdn = this.packages.isCdn(ref) ? this.packages.cdnFile(path, ref) : null;
				if (cdn) return this.packages.css(path, cdn);
				// Absolute: the sheet is a data: URL, against which `//host/…` resolves to nothing. (Its url()
				// is read again below: one reference, one note.)
				if (!this.packages.isCdn(ref)) this.report('external', path, withScheme(ref), `${ref} is outside the workspace; it loads only when the viewer is online.`);
				return { kept: whole.replace(ref, withScheme(ref)) };
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
			return importedAs(inner, media);
		});
		return withImageSetUrls(imported).replace(CSS_URL, (whole, quote: string, ref: string) => {
			if (isSkippable(ref.trim())) return whole;
			// Lines are exact for url() in a file's own text; an inlined @import counts from its own file.
			const at = text.indexOf(whole);
			const url = this.assetUrl(path, ref, at >= 0 ? lineAt(at) : undefined);
			// Another site's file stays its URL, made absolute (the sheet is a data: URL: see above).
			return `url(${quote || '"'}${url === ref ? withScheme(ref.trim()) : url}${quote || '"'})`;
		});
	}

	/** Puts every module file of the workspace into the graph (a computed import may ask for any of them), at most 500. */
	allModules(): void {
		let count = 0;
		for (const [path, file] of this.files) {
			if (!/\.m?js$/i.test(path) || file.content === undefined) continue;
			if (count++ >= 500) break;
			this.module(path);
		}
	}

	/**
	 * Puts the module workers that `source` (the file `path`: a module, a page's classic script, or the
	 * page itself for an inline one) starts into the graph; one with a computed URL makes every module
	 * of the workspace a candidate, as a computed import does.
	 */
	workers(path: string, source: string): void {
		const { workers, computed } = moduleWorkers(source);
		if (computed) this.computedImports = this.startsModuleWorkers = true;
		for (const { reference, fromScript } of workers) {
			if (isExternal(reference) || isSkippable(reference)) continue;
			const target = resolveReference(fromScript ? path : this.page || path, reference.split(/[?#]/)[0]!);
			if (!target || !this.files.has(target)) {
				this.report('missing', path, reference, `${path} starts a worker from ${this.missingText(target, reference)}.`);
				continue;
			}
			this.startsModuleWorkers = true;
			this.module(target);
		}
	}

	/** Rewrites a module's relative specifiers to virtual URLs and collects the module graph. */
	module(path: string, visiting = new Set<string>()): string | null {
		if (this.modules.has(path)) return VIRTUAL_ORIGIN + path;
		const file = this.files.get(path);
		if (!file || file.content === undefined) return null;
		this.modules.set(path, ''); // placeholder first: cycles resolve to the same URL
		visiting.add(path);
		// A JSON module is data; a CSS module's url()s resolve against a blob: URL in the frame, so its files come inlined.
		const type = moduleType(path);
		this.modules.set(path, type === 'json' ? file.content : type === 'css' ? this.css(path, file.content) : this.rewriteSpecifiers(path, file.content, visiting));
		if (type === 'javascript') this.workers(path, file.content);
		return VIRTUAL_ORIGIN + path;
	}

	/**
	 * Rewrites a module's workspace specifiers to virtual URLs, found by es-module-lexer: an import in
	 * a string or a comment is not an import. Source the lexer cannot read is left for the browser to report.
	 */
	rewriteSpecifiers(path: string, source: string, visiting: Set<string>): string {
		const rewrite = (written: string): string => {
			// A bare specifier the page's import map names is the URL it gives, as in the browser.
			const mapped = this.importMap && !isExternal(written) && !/^(?:\.{1,2}\/|\/)/.test(written) ? mapSpecifier(this.importMap, written) : null;
			const site = mapped?.startsWith(`${SITE_ORIGIN}/`) ? sitePath(new URL(mapped).pathname) : null;
			const specifier = site !== null ? `/${site}` : (mapped ?? written);
			if (isExternal(specifier)) {
				if (this.packages.isCdn(specifier)) return this.packages.module(specifier) ?? specifier;
				this.report('external', path, specifier, `${specifier} is outside the workspace; it loads only when the viewer is online.`);
				return specifier;
			}
			if (!/^(?:\.{1,2}\/|\/)/.test(specifier)) return this.packages.bareImport(path, specifier) ?? `${VIRTUAL_ORIGIN}missing/${specifier}`;
			const target = resolveReference(path, specifier);
			const installed = this.installedModule(path, target);
			if (installed) return installed;
			if (!target || !this.files.has(target)) {
				this.report('missing', path, specifier, `${path} imports ${this.missingText(target, specifier)}.`);
				// A virtual URL that maps to nothing: the import fails inside the frame, no server is asked.
				return `${VIRTUAL_ORIGIN}missing/${target ?? 'outside'}`;
			}
			return this.module(target, visiting) ?? specifier;
		};
		let imports: ReturnType<typeof parseModule>[0];
		try {
			[imports] = parseModule(source);
		} catch {
			return siteLocation(source);
		}
		const edits: Edit[] = [];
		for (const item of imports) {
			// A module runs from a data: or blob: URL; import.meta names its file's URL on the site instead, as on a host.
			if (item.t === META) {
				const url = JSON.stringify(siteUrl(path));
				edits.push({ start: item.s, end: item.e, text: `({ url: ${url}, resolve: function (s) { return new URL(s, ${url}).href; } })` });
				continue;
			}
			// A computed specifier (`./pages/${name}.js`) is resolved when it runs, against this module's
			// file, by the bootstrap's resolver; every module of the workspace is then in the import map.
			if (item.n === undefined) {
				if (item.t !== DYNAMIC) continue;
				this.computedImports = true;
				edits.push({ start: item.s, end: item.e, text: `${IMPORT_RESOLVER}(${source.slice(item.s, item.e)}, ${JSON.stringify(path)})` });
				continue;
			}
			const replaced = rewrite(item.n);
			if (replaced === item.n) continue;
			const quote = item.t === DYNAMIC ? source[item.s] : ''; // a dynamic import's range includes its quotes
			edits.push({ start: item.s, end: item.e, text: `${quote}${replaced}${quote}` });
		}
		return siteLocation(applyEdits(source, edits));
	}
}

/** Escapes text placed inside a <script> or <style> element. */
export function escapeRaw(text: string, tag: 'script' | 'style'): string {
	return text.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);
}
