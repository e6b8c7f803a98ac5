// A file's text as an editor's document holds it: its lines joined by \n (CodeMirror splits on \r\n
// and \r as well) — a tab's editor and the hub's co-editing document (runtime/collab-doc.ts) alike. A
// text compared with a document, or diffed to make a change to one, is read this way: a file written
// with \r\n differed from its own untouched document (a start rewrote it), the hub's document was a
// character longer a line than the tabs' (their typing was refused, and lost), and a change computed
// on its text landed a character further for every line before it.

/** `text` with its line breaks as a CodeMirror document joins them. */
export function docText(text: string): string {
	return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
