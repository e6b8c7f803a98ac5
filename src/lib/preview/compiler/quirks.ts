// Quirks mode, which a host's browser puts a page in when it has no doctype (or a legacy one) and
// which a srcdoc document, as every preview document is, never gets. What of it CSS can say is said
// for such a page in a cascade layer of its own (any rule of the page wins), as browsers' own quirks
// styles do: a table does not inherit its page's font, a form keeps a margin
// below it, and the default top margin of a heading or paragraph that opens the page or a table cell
// is dropped (Chromium's "quirky margins"), so an old page starts where it starts on a host. Its
// other quirks (unitless lengths and hashless colours in its CSS, percentage heights) are not.

/** Public identifiers whose doctype means quirks mode (the HTML standard's list, by its prefixes). */
const QUIRKY_PUBLIC = [
	'+//silmaril//',
	'-//as//',
	'-//advasoft ltd//',
	'-//ietf//',
	'-//metrius//',
	'-//microsoft//dtd internet explorer ',
	'-//netscape comm. corp.//',
	"-//o'reilly and associates//",
	'-//sq//',
	'-//softquad',
	'-//spyglass//',
	'-//sun microsystems corp.//',
	'-//w3c//dtd html 3',
	'-//w3c//dtd html 4.0 frameset//',
	'-//w3c//dtd html 4.0 transitional//',
	'-//w3c//dtd html experimental ',
	'-//w3c//dtd w3 html//',
	'-//w3o//',
	'-//webtechs//'
];

/** Whether a host's browser renders `source` in quirks mode: by its doctype, as the HTML standard says. */
export function isQuirks(source: string): boolean {
	const doctype = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<!doctype\s+([^\s>]+)\s*(?:public\s+(["'])([^"']*)\2\s*(?:(["'])([^"']*)\4)?|system\s+(["'])([^"']*)\6)?[^>]*>/i.exec(source);
	if (!doctype) return true;
	if (doctype[1]!.toLowerCase() !== 'html') return true;
	const publicId = doctype[3]?.toLowerCase();
	const systemId = (doctype[5] ?? doctype[7])?.toLowerCase();
	if (systemId === 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd') return true;
	if (publicId === undefined) return false;
	if (publicId === 'html' || publicId === '-//w3o//dtd w3 html strict 3.0//en//' || publicId === '-/w3c/dtd html 4.0 transitional/en') return true;
	if (QUIRKY_PUBLIC.some((prefix) => publicId.startsWith(prefix))) return true;
	return systemId === undefined && (publicId.startsWith('-//w3c//dtd html 4.01 frameset//') || publicId.startsWith('-//w3c//dtd html 4.01 transitional//'));
}

/** The elements whose default margins Chromium drops at the top and bottom of the page and of a table cell. */
const QUIRKY = ':is(p,h1,h2,h3,h4,h5,h6,ul,ol,dl,menu,dir,blockquote,pre,listing,xmp,plaintext)';

/** The quirks CSS can say, in a layer of its own: any rule of the page wins over it, as over a browser's own. */
export const QUIRKS_CSS = `@layer studio-quirks{table{font-weight:initial;font-style:initial;font-variant:initial;font-size:initial;line-height:initial;white-space:initial;text-align:initial}form{margin-block-end:1em}input:not([type=image i]),textarea{box-sizing:border-box}img[align=left i]{margin-right:3px}img[align=right i]{margin-left:3px}:is(body,td,th)>${QUIRKY}:first-child{margin-block-start:0}:is(body,td,th)>${QUIRKY}:last-child{margin-block-end:0}}`;

/**
 * For a page a host renders in quirks mode: a script, first in its head, that adopts the quirks CSS
 * as a constructed sheet (in no `document.styleSheets` a page counts or indexes) and takes itself out.
 */
export const QUIRKS_SCRIPT = `<script data-studio-quirks>(function(s){s.replaceSync(${JSON.stringify(QUIRKS_CSS)});document.adoptedStyleSheets=document.adoptedStyleSheets.concat(s);var t=document.querySelector('script[data-studio-quirks]');if(t)t.remove()})(new CSSStyleSheet())</script>`;
