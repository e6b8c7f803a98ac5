// The compiler's packages: a bare import becomes its pinned release's module on the CDN, and that
// module and everything it imports go into the page's import map from the files on the device (never
// the network); a CDN script, stylesheet, font or image the device holds is inlined. What is not on
// the device is collected as a need (the hub fetches it, then compiles again) or named in a diagnostic.
import { bytesToBase64 } from '../../domain/base64';
import { installedPath, isCdnUrl, withScheme, lockedVersion, moduleUrl, packageFileUrl, packageImportUrl, parseBare, problemText, type PackageFile, type PackageNeed, type PackageView } from '../../domain/packages';
import { parse as parseModule } from 'es-module-lexer/minimal/js';
import { applyEdits, type Edit } from '../html';
import { CSS_URL, importedAs, withImageSetUrls, withImports } from '../../domain/css';
import { siteLocation } from './location';
import { markedDataUrl } from '../file-mark';

/** es-module-lexer's kinds for `import(...)` and `import.meta`. */
const DYNAMIC = 2;
const META = 3;
/** @import chains of CDN stylesheets deeper than this are not followed. */
const CSS_DEPTH = 8;

type Report = (kind: 'package' | 'bare-specifier', path: string, reference: string, message: string) => void;

/** One compilation's view of packages and what it found missing. */
export class PackageLinker {
	/** Files the device did not have (the hub fetches them when it can). */
	readonly needs: PackageNeed[] = [];
	/** Packages whose release is not known yet, by `name@range` (`latest` when unpinned). */
	readonly unresolved = new Map<string, { name: string; range?: string }>();
	/** Packages imported without a pin in package.json (the hub pins them). */
	readonly unpinned = new Set<string>();
	/** Package modules reached, by URL, rewritten to import each other by absolute URL. */
	readonly modules = new Map<string, string>();

	constructor(
		readonly view: PackageView | undefined,
		private readonly report: Report
	) {}

	/** The URL is a CDN file the device may hold (never when the compiler has no package view). */
	isCdn(url: string): boolean {
		return !!this.view && isCdnUrl(url, this.view.cdn);
	}

	#need(url: string, module: boolean, integrity?: string) {
		if (!this.needs.some((need) => need.url === url)) this.needs.push({ url, module, ...(integrity ? { integrity } : {}) });
	}

	/** What a bare specifier of `from` imports: the package module's URL, or null (reported). */
	bareImport(from: string, specifier: string): string | null {
		const bare = parseBare(specifier);
		const view = this.view;
		if (!bare || !view) {
			const why = bare ? 'is a package name, and this preview has no package store' : 'is neither a path, a URL nor an npm package name';
			this.report('bare-specifier', from, specifier, `"${specifier}" ${why}. Use a relative path or a full URL.`);
			return null;
		}
		const written = bare.version ?? view.pins[bare.name];
		if (!bare.version && !view.pins[bare.name]) this.unpinned.add(bare.name);
		const version = view.version(bare.name, written);
		if (!version) {
			const range = written;
			this.unresolved.set(`${bare.name}@${range ?? 'latest'}`, { name: bare.name, ...(range ? { range } : {}) });
			const problem = view.problem(moduleUrl(view.cdn, bare.name, range));
			if (problem) this.report('package', from, specifier, `${from} imports ${problemText(`${bare.name}${range ? `@${range}` : ''}`, problem)}`);
			return null;
		}
		const url = moduleUrl(view.cdn, bare.name, version, bare.subpath);
		const problem = view.problem(url);
		if (problem) {
			this.report('package', from, specifier, `${from} imports ${problemText(`${bare.name}@${version}${bare.subpath}`, problem)}`);
			if (problem.kind === 'not-on-device') this.#need(url, true); // asked again once the network may be back
			return null;
		}
		return this.module(url);
	}

	/**
	 * Where a file of `node_modules/` comes from (no import keeps that folder, and a host serves it as
	 * installed): the CDN's copy of the file in the release the workspace's package-lock.json installed,
	 * else in its package.json pin once that is resolved. Null for any other path, and for a package
	 * neither file names (missing, as on a host without it).
	 */
	installedFile(path: string, lockText: string | undefined): string | null {
		const view = this.view;
		const installed = installedPath(path);
		if (!view || !installed) return null;
		const pin = view.pins[installed.name];
		const version = lockedVersion(lockText, installed.name) ?? (pin === undefined ? undefined : view.version(installed.name, pin));
		if (version) return packageFileUrl(view.cdn, installed.name, version, installed.path);
		if (pin !== undefined) this.unresolved.set(`${installed.name}@${pin}`, { name: installed.name, range: pin });
		return null;
	}

	/**
	 * The package module an import of a `node_modules/` file names (`import … from
	 * './node_modules/lit/index.js'`, an import map's, a module script's): that file of the release the
	 * lock file installed, else the pin, as a bare import of it is. Null for any other path, and for a
	 * package neither file names (no pin is written for it).
	 */
	installedModule(from: string, path: string, lockText: string | undefined): string | null {
		const installed = installedPath(path);
		const version = installed && this.view ? (lockedVersion(lockText, installed.name) ?? this.view.pins[installed.name]) : undefined;
		return installed && version ? this.bareImport(from, `${installed.name}@${version}/${installed.path}`) : null;
	}

	/** A package module by URL (protocol-relative taken as https), with what it imports; null when the device does not have it (a need). */
	module(written: string): string | null {
		const url = withScheme(written);
		if (this.modules.has(url)) return url;
		const file = this.view?.file(url);
		if (!file?.text) {
			this.#need(url, true);
			return null;
		}
		this.modules.set(url, ''); // placeholder first: cycles resolve to the same URL
		this.modules.set(url, this.#rewrite(file));
		return url;
	}

	/** A package module's imports as absolute URLs (a blob: module has no base to resolve against). */
	#rewrite(file: PackageFile): string {
		const source = file.text!;
		let imports: ReturnType<typeof parseModule>[0];
		try {
			[imports] = parseModule(source);
		} catch {
			return source;
		}
		const edits: Edit[] = [];
		for (const item of imports) {
			if (item.t === META) {
				edits.push({ start: item.s, end: item.e, text: `({ url: ${JSON.stringify(file.finalUrl)}, resolve: function (s) { return new URL(s, ${JSON.stringify(file.finalUrl)}).href; } })` });
				continue;
			}
			const absolute = item.n === undefined ? null : packageImportUrl(item.n, file.finalUrl);
			if (!absolute) continue;
			const target = this.module(absolute) ?? absolute;
			const quote = item.t === DYNAMIC ? source[item.s] : '';
			if (target !== item.n) edits.push({ start: item.s, end: item.e, text: `${quote}${target}${quote}` });
		}
		// Packages read the page's location too (routers do): the site's virtual one, as for its own code.
		return siteLocation(applyEdits(source, edits));
	}

	/** A CDN file the page loads (script, stylesheet, font, image; protocol-relative taken as https): the device's copy, else null (a need or a diagnostic). */
	cdnFile(from: string, written: string, integrity?: string): PackageFile | null {
		const url = withScheme(written);
		const view = this.view;
		if (!view || !isCdnUrl(url, view.cdn)) return null;
		const problem = view.problem(url);
		if (problem) {
			this.report('package', from, url, problemText(url, problem));
			if (problem.kind === 'not-on-device') this.#need(url, false, integrity);
			return null;
		}
		const file = view.file(url);
		if (!file) this.#need(url, false, integrity);
		return file ?? null;
	}

	/** A CDN stylesheet's text with its @imports inlined and url()s as data: URLs from the device. */
	css(from: string, file: PackageFile, depth = 0): string {
		const text = file.text ?? '';
		const absolute = (ref: string) => {
			try {
				return new URL(ref, file.finalUrl).href;
			} catch {
				return null;
			}
		};
		const imported = withImports(text, (whole, ref, media) => {
			const url = absolute(ref);
			const inner = url && depth < CSS_DEPTH ? this.cdnFile(from, url) : null;
			// Kept, absolute: the sheet is a data: URL, against which a relative reference resolves to nothing.
			if (!inner) return { kept: url ? whole.replace(ref, url) : whole };
			const css = this.css(from, inner, depth + 1);
			return importedAs(css, media);
		});
		return withImageSetUrls(imported).replace(CSS_URL, (whole, quote: string, ref: string) => {
			if (/^(?:data|blob):|^#/.test(ref.trim())) return whole;
			const url = absolute(ref.trim());
			const asset = url ? this.cdnFile(from, url) : null;
			return asset ? `url(${quote || '"'}${url && !ref.includes('#') ? markedDataUrl(dataUrlOf(asset), url) : dataUrlOf(asset)}${quote || '"'})` : url ? `url(${quote || '"'}${url}${quote || '"'})` : whole;
		});
	}
}

/** A package file as a data: URL (`bytes` false: of its type only, empty). */
export function dataUrlOf(file: PackageFile, bytes = true): string {
	return `data:${file.type || 'application/octet-stream'};base64,${bytes ? bytesToBase64(file.bytes) : ''}`;
}
