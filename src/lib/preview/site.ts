// The site's virtual origin: what its relative URLs resolve to inside the preview. The host gives the
// preview document this base, so a link, a form or a fetch names a page or file of the workspace as
// it would on a static host; nothing answers this origin but the bridge and the host.

/** Never fetched: `.invalid` is a reserved name no server has. */
export const SITE_ORIGIN = 'https://site.invalid';

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
