// The site's virtual origin: what its relative URLs resolve to inside the preview. The host gives the
// preview document this base, so a link, a form or a fetch names a page or file of the workspace as
// it would on a static host; nothing answers this origin but the bridge and the host.
import type { Workspace } from '../domain/model';

/** Never fetched: `.invalid` is a reserved name no server has. */
export const SITE_ORIGIN = 'https://site.invalid';

/**
 * The virtual URL of a workspace file (`about.html` → `https://site.invalid/about.html`), its path
 * escaped as Chromium escapes a URL's path: `img/me@2x.png` stays so (a retina gallery's
 * `src.replace('@2x', '')`), a space or `é` is escaped.
 */
export function siteUrl(path: string): string {
	return `${SITE_ORIGIN}/${path.split('/').map(pathSegment).join('/')}`;
}

/** A segment escaped for a URL's path: what encodeURIComponent escapes but Chromium's path keeps ($ & + , : ; = @ [ ]) comes back. */
const pathSegment = (segment: string) => encodeURIComponent(segment).replace(/%(?:24|26|2B|2C|3A|3B|3D|40|5B|5D)/g, decodeURIComponent);

/** A site path as a workspace path: leading slashes off, `%20` decoded (null when it cannot be decoded). */
export function sitePath(path: string): string | null {
	try {
		return decodeURIComponent(path).replace(/^\/+/, '');
	} catch {
		return null;
	}
}

/**
 * The site's own page for a path it has no file at, as static hosts serve it (GitHub Pages, Netlify,
 * Cloudflare Pages, Vercel, Firebase): `404.html` at its root, at the address asked (a single-page
 * app's fallback reads its route from there). Null: the site has none, and the studio's page is shown.
 */
export function siteNotFoundPage(workspace: Workspace): string | null {
	return workspace.files.get(SITE_NOT_FOUND)?.content !== undefined ? SITE_NOT_FOUND : null;
}
const SITE_NOT_FOUND = '404.html';
