// A file's text as an editor's document holds it: its lines joined by \n (CodeMirror splits on \r\n
// and \r as well) — a tab's editor and the hub's co-editing document (runtime/collab-doc.ts) alike. A
// text compared with a document, or diffed to make a change to one, is read this way: a file written
// with \r\n differed from its own untouched document (a start rewrote it), the hub's document was a
// character longer a line than the tabs' (their typing was refused, and lost), and a change computed
// on its text landed a character further for every line before it. What is written back takes the
// file's own line breaks again (fileText): an edit of one line in a file made on Windows used to store
// every line changed, and a git sync pushed the whole file as new.

/** `text` with its line breaks as a CodeMirror document joins them. */
export function docText(text: string): string {
	return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** The line break `text` uses (its first one decides, as editors read a file's); \n when it has none. */
export function lineBreak(text: string | null | undefined): '\n' | '\r\n' | '\r' {
	const found = text ? /\r\n|\r|\n/.exec(text) : null;
	return (found?.[0] as '\n' | '\r\n' | '\r' | undefined) ?? '\n';
}

/** `text` (a document's, or typed by a model) with the line breaks of `like`, the file it is written over. */
export function fileText(text: string, like: string | null | undefined): string {
	const eol = lineBreak(like);
	return eol === '\n' ? text : docText(text).replace(/\n/g, eol);
}

/**
 * A patch's search and replacement in `text`'s line breaks, when only those differ: a model (or a
 * person) copies a \r\n file's lines with \n breaks, and "search text not found" there sent it reading
 * the file again for a difference it cannot see. An exact match is always taken first.
 */
export function inLineBreaksOf(text: string, search: string, replace: string): { search: string; replace: string } {
	const eol = lineBreak(text);
	if (eol === '\n' || text.includes(search) || !search.includes('\n') || search.includes('\r')) return { search, replace };
	return { search: fileText(search, text), replace: fileText(replace, text) };
}
