// Compiles a page of a workspace revision into one HTML document for the sandboxed preview: the
// preview's policy, bridge and module bootstrap before any byte of the page, then the page with its
// elements rewritten (compiler/elements.ts) from what the resolver found (compiler/compiler.ts), and
// the line map of the result. Pure and framework-neutral (runs in the hub).
import type { Workspace } from '../domain/model';
import { isHtml } from '../domain/kinds';
import { PREVIEW_CSP } from './policy';
import { applyEditsMapped, elementsOf, type Edit } from './html';
import { Compiler, escapeAttr, type Diagnostic } from './compiler/compiler';
import { pageImportMap } from './compiler/import-map';
import { siteNotFoundPage, siteUrl } from './site';
import { LINES_PLACEHOLDER, bootstrapTag, bridgeTag, moduleBootstrap, prologueEnd, spriteTag } from './compiler/prologue';
import { pageScripts, syncAnswers, syncTag } from './compiler/sync-requests';
import { bridgeOf } from './compiler/indexeddb';
import { framedDocument, rewriteElement } from './compiler/elements';
import type { FramePage } from './messages';
import type { PackageNeed, PackageView } from '../domain/packages';
import { LOCATION_ATTRIBUTE, locatedElements, locationValue } from '../domain/elements';
import { filePage } from './file-page';
import { QUIRKS_SCRIPT, isQuirks } from './compiler/quirks';

export { VIRTUAL_ORIGIN, MISSING_URL, dataUrl, type Diagnostic } from './compiler/compiler';
export { DATA_URL_MODULE_CHARS, prologueEnd } from './compiler/prologue';

/** The compiled document. */
export interface CompiledPreview {
	revision: number;
	/** The page compiled: the one asked for, else the entry, or the site's 404.html for a page it has not (null: the workspace has no HTML, or a file that is not a page is shown). */
	entry: string | null;
	html: string;
	diagnostics: Diagnostic[];
	/** Asked for a page the workspace does not have: this is a "not found" page (the site's 404.html, else the studio's). */
	notFound?: string;
	/** What the page needs of packages that the device does not have yet (the hub fetches, then compiles again). */
	packages: { needs: PackageNeed[]; unresolved: { name: string; range?: string }[]; unpinned: string[] };
}

const FRIENDLY_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Nothing to show yet</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#444}
main{max-width:28rem;text-align:center}</style></head><body><main><h1>Add an HTML file</h1>
<p>The preview shows <code>index.html</code> (or the first HTML file). Create one and it appears here.</p></main></body></html>`;

/** Picks the entry document: index.html, else the first HTML file by path. */
export function entryOf(workspace: Workspace): string | null {
	if (workspace.files.get('index.html')?.content !== undefined) return 'index.html';
	return [...workspace.files.keys()].filter(isHtml).sort()[0] ?? null;
}

/** Whether a render of `page` (null: the entry) is at the site's root: the entry index.html is at `/`, as on a host (a single-page app's router reads its path). */
export function atRoot(workspace: Workspace, page: string | null): boolean {
	return page === null && entryOf(workspace) === 'index.html';
}

/**
 * The workspace page a site path names, as a static host serves it: `/` and `dir/` are their
 * `index.html`, `about` is `about.html` when there is no file `about`. Null when there is none.
 */
export function pageOf(workspace: Workspace, sitePath: string): string | null {
	const path = sitePath.replace(/^\/+/, '');
	const html = (candidate: string) => (workspace.files.get(candidate)?.content !== undefined && isHtml(candidate) ? candidate : null);
	if (path === '') return entryOf(workspace);
	if (path.endsWith('/')) return html(`${path}index.html`);
	return html(path) ?? html(`${path}.html`) ?? html(`${path}/index.html`);
}

/**
 * The address a host shows `page` at when `path` asked for it: a folder's index at the folder with
 * its slash (a host redirects `/blog` to `/blog/`, so the page's relative URLs resolve from it),
 * `about.html` asked as `about` at `about`; undefined when the path names the file.
 */
export function addressOf(path: string, page: string | null): string | undefined {
	if (page === null || page === path) return undefined;
	if (page === `${path}index.html` || page === `${path}/index.html`) return page.slice(0, -'index.html'.length);
	return page === `${path}.html` ? path : undefined;
}

const notFoundPage = (path: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Not found</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;margin:0;color:#444}main{max-width:28rem;text-align:center}</style></head>
<body><main><h1>404 · Not found</h1><p><code>${escapeAttr(path)}</code> is not a page of this site.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;

/**
 * Compiles `page` (a workspace HTML file; default the entry) of `workspace` at its revision. The
 * document starts with the no-network policy, the bridge (placeholders for the host's nonce and
 * per-render data) and the module bootstrap, then the page. Placed before the page's `<html>`, they
 * open its head; the page's own `<html>` attributes still apply. `indexedDB`: the site's databases
 * as the hub keeps them, for a page whose code uses IndexedDB (compiler/indexeddb.ts).
 */
export function compile(workspace: Workspace, page?: string | null, leftOut?: ReadonlyMap<string, string>, packages?: PackageView, indexedDB: Readonly<Record<string, string>> = {}): CompiledPreview {
	const compiler = new Compiler(workspace.files, leftOut, packages);
	compiler.indexedDB = indexedDB;
	const asked = page ?? null;
	const file = asked !== null ? workspace.files.get(asked) : undefined;
	// A file that is not a page (cv.txt, photo.jpg) is shown as a browser shows it, not run as HTML.
	const shown = asked !== null && file && !isHtml(asked) ? filePage(asked, file) : null;
	const entry = shown === null && asked !== null && file?.content !== undefined ? asked : asked === null ? entryOf(workspace) : null;
	const notFound = asked !== null && entry === null && shown === null ? asked : undefined;
	// A missing page shows the site's 404.html where it has one: compiled as that file (its own
	// references and lines), while the frame's address stays the one asked.
	const compiled = entry ?? (notFound !== undefined ? siteNotFoundPage(workspace) : null);
	const source = compiled ? workspace.files.get(compiled)!.content! : (shown ?? (notFound !== undefined ? notFoundPage(notFound) : FRIENDLY_PAGE));
	const from = compiled ?? 'index.html';
	compiler.page = from;
	if (compiled) compiler.importMap = pageImportMap(source, siteUrl(compiled));
	const elements = compiled ? elementsOf(source) : [];
	const edits: Edit[] = compiled ? locate(source, elements.flatMap((element) => rewriteElement(compiler, from, source, element))) : [];
	const where = { root: atRoot(workspace, asked), based: elements.some((element) => element.name === 'base' && element.attribs.href !== undefined) };
	if (compiler.computedImports) compiler.allModules();
	const at = prologueEnd(source);
	const bridge = bridgeOf(compiler, source, edits);
	const quirks = compiled && isQuirks(source) ? QUIRKS_SCRIPT : '';
	const sync = compiled ? syncTag(syncAnswers(workspace.files, from, pageScripts(workspace.files, from, source, elements, compiler.modules.values()))) : '';
	edits.push({ start: at, end: at, text: `${PREVIEW_CSP}${bridgeTag(workspace.revision, bridge, where)}${bootstrapTag(compiler.modules, compiler.packages.modules, compiler.startsModuleWorkers)}${spriteTag(compiler.sprites)}${sync}${quirks}`, origin: { path: '', line: 0 } });
	const mapped = applyEditsMapped(source, edits, from);
	// The map goes into the bridge's tag on one line: it moves no line it describes.
	const html = mapped.text.replace(LINES_PLACEHOLDER, escapeAttr(JSON.stringify(compiled ? mapped.lines : { paths: [], segments: [] })));
	const { needs, unresolved, unpinned } = compiler.packages;
	return { revision: workspace.revision, entry: compiled, html, diagnostics: compiler.diagnostics, ...(notFound !== undefined ? { notFound } : {}), packages: { needs, unresolved: [...unresolved.values()], unpinned: [...unpinned] } };
}

/**
 * `page` of `workspace` (null: none — `asked` gets the site's 404.html, else a 404 page) compiled for a frame of the site's own
 * page, its query and fragment as the frame asked (compiler/elements.ts `framedDocument`).
 */
export function compileFramed(workspace: Workspace, page: string | null, asked: string, frame: FramePage, leftOut?: ReadonlyMap<string, string>, packages?: PackageView, indexedDB: Readonly<Record<string, string>> = {}): string {
	const compiler = new Compiler(workspace.files, leftOut, packages);
	compiler.indexedDB = indexedDB;
	const shown = page ?? siteNotFoundPage(workspace);
	const address = page ? addressOf(asked, page) : asked;
	const at = { path: shown ?? asked, ...(address !== undefined ? { address } : {}), ...(frame.search ? { search: frame.search } : {}), ...(frame.fragment ? { fragment: frame.fragment } : {}) };
	return framedDocument(compiler, at, shown ? undefined : notFoundPage(asked)) ?? notFoundPage(asked);
}

/**
 * The module `path` of `workspace` as a page (`page`, null: the entry) adds it from script
 * (`script.type = 'module'; script.src = …`): its module graph compiled as the page's is (its imports
 * to virtual URLs, by the page's own import map first), as the bootstrap that adds the graph to the
 * frame's import maps, and the virtual URL its entry imports. Null when the file is no text.
 */
export function compileModuleScript(workspace: Workspace, page: string | null, path: string, leftOut?: ReadonlyMap<string, string>, packages?: PackageView): { entry: string; bootstrap: string } | null {
	const compiler = new Compiler(workspace.files, leftOut, packages);
	const shown = page ?? entryOf(workspace);
	const source = shown === null ? undefined : workspace.files.get(shown)?.content;
	if (shown !== null && source !== undefined) {
		compiler.page = shown;
		compiler.importMap = pageImportMap(source, siteUrl(shown));
	}
	const entry = compiler.module(path);
	if (entry === null) return null;
	if (compiler.computedImports) compiler.allModules();
	return { entry, bootstrap: moduleBootstrap(compiler.modules, compiler.packages.modules, compiler.startsModuleWorkers) };
}

/**
 * The rewrites of a page with every element shown marked with its source location (the picker's
 * `file:line`), right after its name; an element whose open tag is rewritten gets it in the new tag.
 */
function locate(source: string, rewrites: Edit[]): Edit[] {
	const retagged = new Map(rewrites.map((edit) => [edit.start, edit]));
	const marks: Edit[] = [];
	for (const element of locatedElements(source)) {
		const attribute = ` ${LOCATION_ATTRIBUTE}="${locationValue(element)}"`;
		const rewrite = retagged.get(element.openStart);
		if (!rewrite) marks.push({ start: element.nameEnd, end: element.nameEnd, text: attribute });
		else if (rewrite.end === element.openEnd && rewrite.text.startsWith(`<${element.name}`)) rewrite.text = `<${element.name}${attribute}${rewrite.text.slice(element.name.length + 1)}`;
	}
	return [...rewrites, ...marks];
}

/**
 * The document without its revision label: two revisions with the same key render the same page
 * (only the bridge's revision attribute differs between them).
 */
export function documentKey(compiled: { html: string; revision: number }): string {
	return compiled.html.replace(`<script data-studio-bridge data-revision="${compiled.revision}"`, '<script data-studio-bridge data-revision="0"');
}
