// The two CSS constructs that load other files, defined once for the preview's compiler (workspace
// and CDN stylesheets) and the package fetcher (what a CDN stylesheet needs on the device).

/** `@import url("a.css") screen;` — groups: the quote, the reference, the media list. */
export const CSS_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?([^;]*);/g;

/** `url(a.png)` — groups: the quote, the reference. */
export const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;
