// HTML a page fetched to put into itself — a router's next page (htmx, Turbo, Astro's view
// transitions), jQuery's `.load()` — with its inline scripts, event-handler attributes and `javascript:` links pointed at
// the page's `location` and `top`, as the page's own are when it is compiled: the router runs them
// in the page. Nothing else of the markup changes.
import { applyEdits, elementsOf, openTag, scriptAttributes, type Edit } from '../html';
import { siteLocation } from './location';

/** A script type the browser runs (none, a JavaScript MIME type, a module); not data blocks or import maps. */
const runs = (type: string | undefined) => !type || /^(?:module|.*(?:javascript|ecmascript).*)$/i.test(type.trim());

/**
 * `source` (a fetched HTML page or fragment) with the references to `location` in its inline scripts
 * and handlers pointed at the page's. Before the `location` parser is loaded it comes back unchanged
 * and the parser is marked as wanted (`locationParserWanted`), as a compile is.
 */
export function fetchedMarkup(source: string): string {
	const edits: Edit[] = [];
	for (const element of elementsOf(source)) {
		const { name, attribs, content } = element;
		if (name === 'script' && attribs.src === undefined && content && runs(attribs.type)) {
			const code = source.slice(content.start, content.end);
			const pointed = siteLocation(code);
			if (pointed !== code) edits.push({ start: content.start, end: content.end, text: pointed });
		}
		const handlers = scriptAttributes(name, attribs).map((key) => [key, attribs[key]!] as const);
		const pointed = handlers.map(([key, code]) => [key, siteLocation(code)] as const).filter(([key, code]) => code !== attribs[key]);
		if (!pointed.length) continue;
		const tag = openTag(name, { ...attribs, ...Object.fromEntries(pointed) });
		// A self-closed SVG element stays self-closed (it would take its next siblings in).
		edits.push({ start: element.openStart, end: element.openEnd, text: source.slice(element.openEnd - 2, element.openEnd) === '/>' ? `${tag.slice(0, -1)} />` : tag });
	}
	return edits.length ? applyEdits(source, edits) : source;
}
