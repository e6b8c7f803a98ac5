// The two CSS constructs that load other files, defined once for the preview's compiler (workspace
// and CDN stylesheets) and the package fetcher (what a CDN stylesheet needs on the device).

/** `@import url("a.css") screen;` — groups: the quote, the reference, the conditions (a layer, supports(), a media list: `importedAs`). */
export const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?([^;]*);/g;

/**
 * `css` with each `@import` replaced as `replace` says: by the imported sheet inlined (a string), or
 * kept as a rule (`{ kept }`, another site's sheet), which goes to the top: once sheets are inlined in
 * their places, rules stand before a kept one, and a browser ignores an `@import` after a rule.
 */
export function withImports(css: string, replace: (whole: string, ref: string, conditions: string, offset: number) => string | { kept: string }): string {
	const kept: string[] = [];
	const out = css.replace(CSS_IMPORT, (whole: string, _quote: string, ref: string, conditions: string, offset: number) => {
		const done = replace(whole, ref, conditions, offset);
		if (typeof done === 'string') return done;
		kept.push(done.kept);
		return '';
	});
	return kept.length ? `${kept.join('\n')}\n${out}` : out;
}

/**
 * The imported sheet's text in the place of its `@import`, under the conditions the import's tail
 * names, in their order: a cascade layer (`layer(theme)`, or `layer` alone for an anonymous one),
 * `supports(…)`, then a media list (`@import "reset.css" layer(reset);`, `@import "grid.css"
 * supports(display: grid) screen;`). A tail written wholly as a media list was the only kind once;
 * read so, `layer(theme)` made an `@media` no screen matches, and the sheet applied nowhere.
 */
export function importedAs(inner: string, tail: string): string {
	let rest = tail.trim();
	let layer: string | null = null;
	const layered = /^layer\b\s*(?:\(\s*([^)]*?)\s*\))?/i.exec(rest);
	if (layered) {
		layer = layered[1] ?? '';
		rest = rest.slice(layered[0].length).trim();
	}
	let supports: string | null = null;
	if (/^supports\s*\(/i.test(rest)) {
		// Balanced parentheses: `supports((display: grid) and (gap: 1rem))`.
		const open = rest.indexOf('(');
		let depth = 0;
		let end = open;
		for (; end < rest.length; end++) {
			if (rest[end] === '(') depth++;
			else if (rest[end] === ')' && --depth === 0) break;
		}
		const condition = rest.slice(open + 1, end).trim();
		// A declaration (`display: grid`) is tested in parentheses; a condition (`selector(…)`, `(a) and (b)`) as it is.
		supports = /^[\w-]+\s*:/.test(condition) ? `(${condition})` : condition;
		rest = rest.slice(end + 1).trim();
	}
	let text = rest ? `@media ${rest} {\n${inner}\n}` : inner;
	if (supports !== null) text = `@supports ${supports} {\n${text}\n}`;
	if (layer !== null) text = `@layer ${layer ? `${layer} ` : ''}{\n${text}\n}`;
	return text;
}

/** `url(a.png)` — groups: the quote, the reference. */
export const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/** `image-set(…)` and `-webkit-image-set(…)`, whose options may be `url()`s or plain strings. */
const IMAGE_SET = /image-set\((?:[^()]|\([^()]*\))*\)/gi;
/** An option's plain string: after the opening parenthesis or a comma (a `type("image/avif")` string is not one). */
const IMAGE_SET_STRING = /((?:^image-set\(|,)\s*)(['"])([^'"]+)\2/gi;

/** Whether a style (an element's `style` attribute) names files: a url() or an image-set(). */
export function loadsFiles(style: string | undefined): boolean {
	return style !== undefined && (style.includes('url(') || /image-set\(/i.test(style));
}

/**
 * `text` with each plain string of an `image-set()` written as the `url()` it means
 * (`image-set("a.avif" type("image/avif"), "a.jpg")`), so that CSS_URL finds every file it loads.
 */
export function withImageSetUrls(text: string): string {
	return !/image-set\(/i.test(text) ? text : text.replace(IMAGE_SET, (set) => set.replace(IMAGE_SET_STRING, '$1url($2$3$2)'));
}
