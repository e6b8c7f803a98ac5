// The site's virtual origin: what its relative URLs resolve to inside the preview. The host gives the
// preview document this base, so a link, a form or a fetch names a page or file of the workspace as
// it would on a static host; nothing answers this origin but the bridge and the host.

/** Never fetched: `.invalid` is a reserved name no server has. */
export const SITE_ORIGIN = 'https://site.invalid';

/**
 * What the compiler appends to a data: URL it makes of a file a stylesheet names, before the file's
 * URL (encoded): a page that reads the style back (`getComputedStyle`, as Leaflet finds its images'
 * folder) reads the file's URL, as on a host (frame/styles.js). A fragment leaves the data as it is.
 */
export const FILE_MARK = '#studio-file=';

/** `data` (a data: URL of the file at `url`) marked with that URL. */
export function markedDataUrl(data: string, url: string): string {
	return data + FILE_MARK + encodeURIComponent(url);
}

/** The virtual URL of a workspace page (`about.html` → `https://site.invalid/about.html`). */
export function siteUrl(path: string): string {
	return `${SITE_ORIGIN}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A site path as a workspace path: leading slashes off, `%20` decoded (null when it cannot be decoded). */
export function sitePath(path: string): string | null {
	try {
		return decodeURIComponent(path).replace(/^\/+/, '');
	} catch {
		return null;
	}
}
