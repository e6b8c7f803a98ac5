// The stylesheet links of compiled markup, read back as the page's browser does: each link's other
// attributes, its sheet (the data: URL's text), the file's URL and the reference as written.
import { FILE_MARK, WRITTEN_MARK } from '../../../src/lib/preview/file-mark';

/** One compiled stylesheet link. */
export interface CompiledSheet {
	/** The tag without its href. */
	tag: string;
	css: string;
	file: string;
	written: string | undefined;
}

/** Every `<link>` of `html` whose href is a compiled sheet, in document order. */
export function sheetsOf(html: string): CompiledSheet[] {
	return [...html.matchAll(/<link ([^>]*)href="(data:text\/css;charset=utf-8,[^"]*)"([^>]*)>/g)].map((found) => {
		const href = found[2]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
		const at = href.lastIndexOf(FILE_MARK);
		const [file, written] = href.slice(at + FILE_MARK.length).split(WRITTEN_MARK).map(decodeURIComponent);
		return { tag: `<link ${found[1]}${found[3]}>`, css: decodeURIComponent(href.slice(href.indexOf(',') + 1, at)), file: file!, written };
	});
}
