// htmlparser2, loaded before the first parse rather than with the code that parses: the entity
// decoder under it (the `entities` package) builds its tables when its module runs, the largest
// piece of a hub's boot once the zip code had left it (a profile of the hub's scripts running at an
// offline start: a quarter of the samples). A start needs no parse until its first render, so the
// hub loads the parser when it is ready; a compile or an element's edit awaits it first.
type HtmlParserModule = typeof import('htmlparser2');

let parser: HtmlParserModule['Parser'] | null = null;
let loading: Promise<void> | null = null;

/** Loads the parser (once); every path that parses HTML awaits this first. */
export function loadHtmlParser(): Promise<void> {
	loading ??= import('htmlparser2').then((module) => {
		parser = module.Parser;
	});
	return loading;
}

/** The parser is there: a parse can run synchronously. */
export function htmlParserReady(): boolean {
	return parser !== null;
}

/** The parser's class (loaded before by `loadHtmlParser`: a compile and a change builder are synchronous). */
export function htmlParser(): HtmlParserModule['Parser'] {
	if (!parser) throw new Error('The HTML parser was not loaded before a parse.');
	return parser;
}
