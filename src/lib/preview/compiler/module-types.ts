// What a module file of the workspace is to the browser: JavaScript, or a JSON or CSS module that a
// module imports with `with { type: 'json' }` / `{ type: 'css' }` (Lit's shared styles, a config
// read at start). The browser checks an imported module's MIME type against what the import asked
// for, so each is made with its own type, and only JavaScript is rewritten or carries a sourceURL.

/** The module types the browser imports, by what the file is. */
export type ModuleType = 'javascript' | 'json' | 'css';

/** The module type of a workspace path, by its extension. */
export function moduleType(path: string): ModuleType {
	if (/\.json$/i.test(path)) return 'json';
	if (/\.css$/i.test(path)) return 'css';
	return 'javascript';
}

/** The MIME type a module of that type is made with inside the frame. */
export const MODULE_MIME: Record<ModuleType, string> = { javascript: 'text/javascript', json: 'application/json', css: 'text/css' };

/** A module's source as the frame gets it: JavaScript and CSS name their file (JSON has no comments). */
export function withSourceUrl(path: string, source: string): string {
	const type = moduleType(path);
	if (type === 'json') return source;
	return type === 'css' ? `${source}\n/*# sourceURL=${path} */` : `${source}\n//# sourceURL=${path}`;
}
