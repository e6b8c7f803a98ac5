// The two CSS constructs that load other files, defined once for the preview's compiler (workspace
// and CDN stylesheets) and the package fetcher (what a CDN stylesheet needs on the device).

/** `@import url("a.css") screen;` — groups: the quote, the reference, the media list. */
export const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?([^;]*);/g;

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
