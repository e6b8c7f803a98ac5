// What a package import means, without any I/O: a bare specifier's parts, the workspace's pins (the
// `dependencies` of its package.json), the CDN URL a pinned package is served from, and which hosts
// count as CDNs whose files the studio keeps on the device. Pure; the fetching is runtime/packages.ts.

/** The workspace file that pins package versions (its `dependencies`). */
export const PIN_FILE = 'package.json';

/** The lock file whose releases a page's `node_modules/` files come in (`lockedVersion`). */
export const LOCK_FILE = 'package-lock.json';

/** `import x from 'name/sub'` split into its package and the path inside it. */
export interface BareSpecifier {
	/** `marked`, `@scope/name`. */
	name: string;
	/** A version written in the specifier itself (`name@1.2`), if any. */
	version?: string;
	/** `''` or `/sub/path`. */
	subpath: string;
}

const NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/**
 * A bare specifier's parts; null for anything a browser resolves itself (relative, root-relative,
 * a URL) or for text that is no package name.
 */
export function parseBare(specifier: string): BareSpecifier | null {
	const text = specifier.trim();
	if (!text || /^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:|#)/i.test(text)) return null;
	const parts = text.split('/');
	const scoped = text.startsWith('@');
	if (scoped && parts.length < 2) return null;
	const head = scoped ? `${parts[0]}/${parts[1]}` : parts[0]!;
	const rest = parts.slice(scoped ? 2 : 1);
	const at = head.lastIndexOf('@');
	const [name, version] = at > 0 ? [head.slice(0, at), head.slice(at + 1)] : [head, undefined];
	if (!NAME.test(name) || version === '' || (version !== undefined && !/^[\w.^~<>=|* -]+$/.test(version))) return null;
	if (rest.some((segment) => segment === '' || segment === '..' || segment === '.')) return null;
	return { name, ...(version ? { version } : {}), subpath: rest.length ? `/${rest.join('/')}` : '' };
}

/** A version that names one release (`1.9.3`, `2.0.0-beta.1`), not a range. */
export const isExactVersion = (version: string) => /^\d+\.\d+\.\d+(?:-[\w.-]+)?(?:\+[\w.-]+)?$/.test(version);

/** The pins a package.json holds; a file that is not valid JSON pins nothing and says why. */
export function readPins(text: string | undefined): { pins: Record<string, string>; error?: string } {
	if (text === undefined) return { pins: {} };
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return { pins: {}, error: `${PIN_FILE} is not valid JSON (${error instanceof Error ? error.message : String(error)}).` };
	}
	const deps = data && typeof data === 'object' ? (data as { dependencies?: unknown }).dependencies : undefined;
	const pins: Record<string, string> = {};
	if (deps && typeof deps === 'object') for (const [name, version] of Object.entries(deps)) if (typeof version === 'string' && NAME.test(name)) pins[name] = version;
	return { pins };
}

/**
 * package.json with `name` pinned at `version` (null: unpinned), every other key kept in its order;
 * dependencies stay sorted, as npm writes them. Text that is not a JSON object is refused.
 */
export function withPin(text: string | undefined, name: string, version: string | null): string {
	let data: Record<string, unknown> = {};
	if (text !== undefined && text.trim() !== '') {
		const parsed: unknown = JSON.parse(text);
		if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${PIN_FILE} is not a JSON object.`);
		data = parsed as Record<string, unknown>;
	}
	const current = data.dependencies && typeof data.dependencies === 'object' ? (data.dependencies as Record<string, unknown>) : {};
	const next: Record<string, unknown> = { ...current };
	if (version === null) delete next[name];
	else next[name] = version;
	data.dependencies = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
	const indent = /^[ \t]*\{\s*\n([ \t]+)"/.exec(text ?? '')?.[1] ?? '  ';
	return `${JSON.stringify(data, null, indent)}\n`;
}

/** Where packages come from: esm.sh (the default), jsDelivr's `+esm`, or an esm.sh-shaped base URL. */
export type CdnSetting = { kind: 'esm.sh' } | { kind: 'jsdelivr' } | { kind: 'custom'; base: string };

export const DEFAULT_CDN: CdnSetting = { kind: 'esm.sh' };

/** The URL of `name@version` + `subpath` as an ES module on the CDN (version may be a range or absent). */
export function moduleUrl(cdn: CdnSetting, name: string, version: string | undefined, subpath = ''): string {
	const at = version ? `${name}@${version}` : name;
	if (cdn.kind === 'jsdelivr') return `https://cdn.jsdelivr.net/npm/${at}${subpath}/+esm`;
	const base = cdn.kind === 'custom' ? cdn.base.replace(/\/+$/, '') : 'https://esm.sh';
	return `${base}/${at}${subpath}`;
}

/**
 * The URL of a file of `name@version` as published (a classic script, a stylesheet, a font), not made
 * an ES module: jsDelivr's `/npm/` copy of the package's files for esm.sh and jsDelivr, and for an
 * esm.sh-shaped base its `?raw` file when it is a script (esm.sh serves other files as they are).
 */
export function packageFileUrl(cdn: CdnSetting, name: string, version: string, path: string): string {
	const file = path.split('/').map(encodeURIComponent).join('/');
	if (cdn.kind !== 'custom') return `https://cdn.jsdelivr.net/npm/${name}@${version}/${file}`;
	return `${cdn.base.replace(/\/+$/, '')}/${name}@${version}/${file}${/\.[cm]?js$/i.test(path) ? '?raw' : ''}`;
}

/** A path inside `node_modules/` split into its package and the file's path in it; null for any other. */
export function installedPath(path: string): { name: string; path: string } | null {
	const match = /^node_modules\/((?:@[^/]+\/)?[^/@][^/]*)\/(.+)$/.exec(path);
	return match && NAME.test(match[1]!) ? { name: match[1]!, path: match[2]! } : null;
}

/**
 * The release of `name` a package-lock.json installed (lockfile 2 and 3 `packages`, lockfile 1
 * `dependencies`); undefined when it names none or is not valid JSON.
 */
export function lockedVersion(lockText: string | undefined, name: string): string | undefined {
	if (lockText === undefined) return undefined;
	let lock: unknown;
	try {
		lock = JSON.parse(lockText);
	} catch {
		return undefined;
	}
	const entry = (table: unknown, key: string): unknown => (table && typeof table === 'object' ? (table as Record<string, unknown>)[key] : undefined);
	const version = entry(entry(entry(lock, 'packages'), `node_modules/${name}`), 'version') ?? entry(entry(entry(lock, 'dependencies'), name), 'version');
	return typeof version === 'string' && isExactVersion(version) ? version : undefined;
}

/**
 * The release a CDN answered with for `name`: read from where the request ended (a redirect to
 * `/name@1.2.3`) or from the module's text (its header and imports name `name@1.2.3`).
 */
export function versionIn(name: string, finalUrl: string, text: string): string | null {
	const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const pattern = new RegExp(`(?:^|[/"'\\s])${escaped}@(\\d+\\.\\d+\\.\\d+(?:-[\\w.]+)?)`);
	return pattern.exec(decodeURIComponent(finalUrl))?.[1] ?? pattern.exec(text)?.[1] ?? null;
}

/**
 * Where an import inside a package module served from `base` points, as an absolute URL; null for
 * what stays as written (a bare name a CDN never emits, a data: URL, a broken specifier).
 */
export function packageImportUrl(specifier: string, base: string): string | null {
	if (!/^(?:\.{0,2}\/|https?:)/.test(specifier)) return null;
	try {
		return new URL(specifier, base).href;
	} catch {
		return null;
	}
}

/**
 * Hosts whose files a page may load and the studio keeps on the device once fetched: the npm CDNs,
 * and the hosts that pages people and models write name in their `<script src>` and `<link>` tags
 * (Tailwind's Play CDN, jQuery's, Google's hosted libraries, Bootstrap's and Font Awesome's, web
 * fonts, jspm's import-map modules). Each serves its files to any origin (CORS), as the fetch from the
 * studio's origin needs; a page on another host still loads it from the network while online.
 */
export const CDN_HOSTS = [
	'cdn.jsdelivr.net',
	'unpkg.com',
	'cdnjs.cloudflare.com',
	'esm.sh',
	'esm.run',
	'ga.jspm.io',
	'cdn.skypack.dev',
	'fonts.googleapis.com',
	'fonts.gstatic.com',
	'fonts.bunny.net',
	'rsms.me',
	'cdn.tailwindcss.com',
	'code.jquery.com',
	'ajax.googleapis.com',
	'stackpath.bootstrapcdn.com',
	'maxcdn.bootstrapcdn.com',
	'use.fontawesome.com',
	'cdn.datatables.net',
	'cdn.plot.ly',
	'd3js.org'
] as const;

/**
 * A URL as the site's host reads it: a protocol-relative one (`//cdn.jsdelivr.net/npm/docsify@5/…`,
 * as docsify's start and many older templates write their CDN tags) takes the page's scheme, https
 * on a host. Any other reference is returned as it is.
 */
export function withScheme(url: string): string {
	return url.startsWith('//') ? `https:${url}` : url;
}

/** The URL is a file of a known CDN (or of the custom package base); protocol-relative counts as https. */
export function isCdnUrl(written: string, cdn: CdnSetting): boolean {
	const url = withScheme(written);
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return false;
	}
	if (cdn.kind === 'custom' && url.startsWith(cdn.base.replace(/\/+$/, '') + '/')) return true;
	return parsed.protocol === 'https:' && (CDN_HOSTS as readonly string[]).includes(parsed.hostname);
}

/** The package a CDN URL belongs to (`https://esm.sh/marked@15.0.7/…` → marked@15.0.7), if it names one. */
export function packageOfUrl(url: string): { name: string; version: string } | null {
	const match = /\/((?:@[\w.-]+\/)?[\w.-]+)@(\d+\.\d+\.\d+(?:-[\w.]+)?)(?:[/?]|$)/.exec(url.replace(/^https?:\/\/[^/]+/, ''));
	return match ? { name: match[1]!, version: match[2]! } : null;
}

/** A file of a package or a CDN, as the compiler reads it (decoded once by the hub). */
export interface PackageFile {
	url: string;
	/** Where the request ended (after redirects): relative imports inside it resolve against this. */
	finalUrl: string;
	/** The response's media type (`text/javascript`, `text/css`, `font/woff2`…). */
	type: string;
	bytes: Uint8Array;
	/** The text of JavaScript and CSS files. */
	text?: string;
}

/** Why a package file is not there to render. */
export type PackageProblem = 'not-on-device' | 'not-found' | 'not-esm' | 'integrity' | 'failed';

/** What a compilation knows of packages: the pins, the CDN, and the files on the device. */
export interface PackageView {
	cdn: CdnSetting;
	pins: Record<string, string>;
	/** The release `written` (a pin or a specifier's `@version`; absent: the newest) names, once known. */
	version(name: string, written: string | undefined): string | undefined;
	file(url: string): PackageFile | undefined;
	/** Why a file the page needs is not there (absent: it was never asked for). */
	problem(url: string): { kind: PackageProblem; detail?: string } | undefined;
}

/** A file a compilation needed and did not have. */
export interface PackageNeed {
	url: string;
	/** An `integrity` attribute the page gave it. */
	integrity?: string;
	/** Fetched as an ES module (an import), so its own imports are followed. */
	module: boolean;
}

/** What a person reads when a package file is not there. */
export function problemText(what: string, problem: { kind: PackageProblem; detail?: string }): string {
	switch (problem.kind) {
		case 'not-on-device':
			return `${what} is not on this device yet — connect once to fetch it.`;
		case 'not-found':
			return `${what} does not exist on the CDN${problem.detail ? ` (${problem.detail})` : ''}: check the name and version.`;
		case 'not-esm':
			return `${what} is not an ES module the browser can import${problem.detail ? ` (${problem.detail})` : ''}; load its browser build with a <script src> instead.`;
		case 'integrity':
			return `${what} does not match its integrity attribute: it was not used.`;
		case 'failed':
			return `${what} could not be fetched${problem.detail ? ` (${problem.detail})` : ''}.`;
	}
}
