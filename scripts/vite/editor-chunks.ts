// CodeMirror a chunk per package: client/editor/load.ts imports them a task each, bottom up, and each
// language when a file of its kind first opens. A package's group takes its dependencies along unless
// a group of higher priority took them first, so the list goes from the bottom of the graph up. The
// bench (B7) reads the names to tell the editor's code from the start's.

/** Each group's name and the modules it holds. */
export const EDITOR_CHUNKS: readonly (readonly [name: string, test: RegExp])[] = [
	['cm-state', /node_modules[\\/](@codemirror[\\/]state|@marijn)[\\/]/],
	['lezer-common', /node_modules[\\/]@lezer[\\/]common[\\/]/],
	['lezer-highlight', /node_modules[\\/]@lezer[\\/]highlight[\\/]/],
	['lezer-lr', /node_modules[\\/]@lezer[\\/]lr[\\/]/],
	['cm-view', /node_modules[\\/](@codemirror[\\/]view|style-mod|w3c-keyname|crelt)[\\/]/],
	['cm-language', /node_modules[\\/]@codemirror[\\/]language[\\/]/],
	['cm-commands', /node_modules[\\/]@codemirror[\\/]commands[\\/]/],
	['cm-search', /node_modules[\\/]@codemirror[\\/]search[\\/]/],
	['cm-autocomplete', /node_modules[\\/]@codemirror[\\/]autocomplete[\\/]/],
	['cm-lint', /node_modules[\\/]@codemirror[\\/]lint[\\/]/],
	['cm-collab', /node_modules[\\/]@codemirror[\\/]collab[\\/]/],
	['lang-css', /node_modules[\\/]@(codemirror[\\/]lang-css|lezer[\\/]css)[\\/]/],
	['lang-javascript', /node_modules[\\/]@(codemirror[\\/]lang-javascript|lezer[\\/]javascript)[\\/]/],
	['lang-html', /node_modules[\\/]@(codemirror[\\/]lang-html|lezer[\\/]html)[\\/]/],
	['lang-json', /node_modules[\\/]@(codemirror[\\/]lang-json|lezer[\\/]json)[\\/]/],
	['lang-markdown', /node_modules[\\/]@(codemirror[\\/]lang-markdown|lezer[\\/]markdown)[\\/]/]
];

/** The code-splitting groups, priorities from `above` (the first group highest). */
export function editorGroups(above: number): { name: string; test: RegExp; priority: number }[] {
	return EDITOR_CHUNKS.map(([name, test], i) => ({ name, test, priority: above + EDITOR_CHUNKS.length - i }));
}
