// The mark that names the file behind a data: URL the compiler makes of a file (a stylesheet's url(),
// an element's src): the compiler writes it, the frame's programs read it. Apart from site.ts, which
// the studio's first screen loads: the page never needs it.

/**
 * What the compiler appends to a data: URL it makes of a file, before the file's URL (encoded): a
 * page that reads it back (`img.src`, `currentSrc`, `getComputedStyle`, as Leaflet finds its images'
 * folder) reads the file's URL, as on a host (frame/requests.js `fileUrl`). A fragment leaves the
 * data as it is.
 */
export const FILE_MARK = '#studio-file=';

/**
 * What follows the file's URL in the mark of an element's attribute: the reference as the page wrote
 * it (`img/a.png`), which the page's `getAttribute` reads, as a host's does (frame/sources.js).
 */
export const WRITTEN_MARK = '&as=';

/** `data` (a data: URL of the file at `url`) marked with that URL, and with the reference as written in an element's attribute. */
export function markedDataUrl(data: string, url: string, written?: string): string {
	return data + FILE_MARK + encodeURIComponent(url) + (written === undefined ? '' : WRITTEN_MARK + encodeURIComponent(written));
}
