// A picture of a page (the first screen's preview, PICTURE_SANDBOX): its markup without what would
// run or show only without scripts, the site's own pages in its frames pictured too. Loaded with the first picture: a first visit has none to show.

/** A script or noscript element's start tag (a custom element such as `<script-x>` is neither). */
const HIDDEN_START = /<(script|noscript)[\s/>]/gi;

/**
 * `html` without its script and noscript elements: a picture of the page (PICTURE_SANDBOX) runs no
 * script, and each one left in would log a refusal in the studio's console on every start, while a
 * frame without scripts shows what noscript holds ("enable JavaScript"), which the live page never
 * shows. A scan, not a parser (a picture lasts until the render replaces it): an element ends at its
 * end tag, as the parser ends it; one never closed takes the rest of the text. Linear in `html`.
 */
export function withoutScripts(html: string): string {
	// A frame of the site's own page holds its page until the bridge shows it: shown here, as a picture too.
	return stripped(html).replace(FRAMED, (_whole, page: string) => ` srcdoc="${escapeAttr(withoutScripts(unescapeAttr(page)))}"`);
}

/** A frame's compiled page, waiting in its attribute (`FRAME_ATTRIBUTE` of compiler/elements.ts). */
const FRAMED = / data-studio-frame="([^"]*)"/g;
// The compiler's escapeAttr, kept here: imported from the page's own chunk it took 18 bytes from the
// first screen's budget (B7 in `npm run bench`), where this chunk loads only with a picture.
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unescapeAttr = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function stripped(html: string): string {
	let out = '';
	let at = 0;
	for (;;) {
		HIDDEN_START.lastIndex = at;
		const start = HIDDEN_START.exec(html);
		if (!start) return out + html.slice(at);
		out += html.slice(at, start.index);
		const end = new RegExp(`</${start[1]}[\\s/>]`, 'gi');
		end.lastIndex = start.index + start[0].length;
		const closing = end.exec(html);
		const after = closing ? html.indexOf('>', closing.index) : -1;
		if (after < 0) return out;
		at = after + 1;
	}
}
