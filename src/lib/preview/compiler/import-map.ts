// A page's own import map (`<script type="importmap">`), applied by the compiler as the browser
// applies it on a host: a bare specifier it names (`three`, `addons/controls.js`) resolves to the URL
// it gives, relative to the page — a workspace file, or another site's (a CDN's) URL. Without it,
// the preview took such a specifier for an npm package. Scopes are not read; the longest prefix wins.
import { elementsOf } from '../html';

/** The page's mappings, bare specifier (or prefix ending in `/`) → absolute URL, longest key first. */
export type PageImportMap = [string, string][];

const isBareKey = (key: string) => key !== '' && !/^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(key);

/** The first import map of `source` (a page at `pageUrl`), or null when it has none that parses. */
export function pageImportMap(source: string, pageUrl: string): PageImportMap | null {
	const element = elementsOf(source).find((el) => el.name === 'script' && (el.attribs.type ?? '').trim().toLowerCase() === 'importmap' && el.content);
	if (!element?.content) return null;
	let imports: unknown;
	try {
		imports = (JSON.parse(source.slice(element.content.start, element.content.end)) as { imports?: unknown }).imports;
	} catch {
		return null; // the browser reports a map that does not parse
	}
	if (!imports || typeof imports !== 'object') return null;
	const map: PageImportMap = [];
	for (const [key, address] of Object.entries(imports as Record<string, unknown>)) {
		if (!isBareKey(key) || typeof address !== 'string' || (key.endsWith('/') && !address.endsWith('/'))) continue;
		try {
			map.push([key, new URL(address, pageUrl).href]);
		} catch {
			/* not a URL: the browser ignores it too */
		}
	}
	return map.length ? map.sort((a, b) => b[0].length - a[0].length) : null;
}

/** The URL `map` gives a bare specifier (an exact key, else the longest prefix key), or null. */
export function mapSpecifier(map: PageImportMap, specifier: string): string | null {
	for (const [key, url] of map) {
		if (key === specifier) return url;
		if (key.endsWith('/') && specifier.startsWith(key)) return url + specifier.slice(key.length);
	}
	return null;
}
