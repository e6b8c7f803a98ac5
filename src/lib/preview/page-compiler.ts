// What a render's document is compiled from — the workspace, the page shown, the files its import
// left out, the packages' view — and the step before a render that makes what the page lacks
// available, whose trial compile the render then takes instead of compiling the page again.
// Framework-neutral.
import type { Workspace } from '../domain/model';
import { compile, compileFramed, compileModuleScript, pageOf, type CompiledPreview } from './compile';
import type { FramePage, SiteFileAnswer } from './messages';
import { sitePath } from './site';
import { deferringParses, loadLocationParser, locationParserReady, locationParserWanted, siteLocation } from './compiler/location';
import { indexedDBLibrarySettled, indexedDBLibraryWanted, loadIndexedDBLibrary } from './compiler/indexeddb';
import { preparePackages, type PreviewPackages } from './packages-step';
import { htmlParser } from '../domain/html-parser';
import { fetchedMarkup } from './compiler/fetched';
import { PackageLinker } from './compiler/packages';
import { LOCK_FILE, installedPath } from '../domain/packages';

/** Left-out files kept for diagnostics (the latest ones). */
const LEFT_OUT_KEPT = 1000;

/** What a trial compile was made from. */
interface TrialKey {
	workspace: Workspace;
	page: string | null;
	leftOut: number;
	packages: number;
	indexedDB: number;
}

/** The site's IndexedDB databases as the hub keeps them, and a count of their changes. */
export interface SiteDatabases {
	readonly items: Readonly<Record<string, string>>;
	readonly changes: number;
}

/** A compile's output is not to be used: it met what was not loaded yet (the `location` parser, the IndexedDB library). */
const wantsLoad = () => locationParserWanted() || indexedDBLibraryWanted();
/** Loads what a compile met unloaded. */
const loadWanted = async () => {
	await Promise.all([locationParserWanted() ? loadLocationParser() : undefined, indexedDBLibraryWanted() ? loadIndexedDBLibrary() : undefined]);
};

/** What `make` compiles, made again once what it met unloaded is loaded (and the big scripts it met parsed, in slices). */
async function loaded<T>(make: () => T): Promise<T> {
	const first = deferringParses(make);
	if (!wantsLoad()) return first;
	await loadWanted();
	return make();
}

/** A text answer with `rewrite` (a `location` rewrite) applied. */
async function pointed(answer: SiteFileAnswer, rewrite: (text: string) => string): Promise<SiteFileAnswer> {
	const text = answer.body;
	if (answer.status !== 200 || typeof text !== 'string') return answer;
	return { ...answer, body: await loaded(() => rewrite(text)) };
}

/** Compiles the page a hub's previews show. */
export class PageCompiler {
	readonly #packages: PreviewPackages | undefined;
	readonly #page: () => string | null;
	/** Files imports left out (archive path → why), for the diagnostics of pages that reference them. */
	readonly #leftOut = new Map<string, string>();
	/** Counts changes to what imports left out (a trial compiled before one is stale). */
	#leftOutChanges = 0;
	/**
	 * The trial compile of `prepare` when it lacked nothing, and what it was compiled from: the render
	 * that follows takes it instead of compiling the page a second time (every render did, a start's
	 * first one cold). It holds while all it was compiled from does: the workspace's revision, the page,
	 * the files left out, the packages' view. So a hub compiles its first render once the first tab has
	 * its snapshot, while that tab mounts its preview, and the tab's registration is answered from it.
	 */
	#trial: (TrialKey & { compiled: CompiledPreview }) | null = null;

	readonly #databases: SiteDatabases;

	/** `page`: the page the previews show (null: the workspace's entry); `databases`: the site's IndexedDB. */
	constructor(packages: PreviewPackages | undefined, page: () => string | null, databases: SiteDatabases = { items: {}, changes: 0 }) {
		this.#packages = packages;
		this.#page = page;
		this.#databases = databases;
	}

	/** What a compilation of `workspace` is made from now. */
	#key(workspace: Workspace): TrialKey {
		return { workspace, page: this.#page(), leftOut: this.#leftOutChanges, packages: this.#packages?.changes ?? 0, indexedDB: this.#databases.changes };
	}

	/** The trial, when it was compiled from what `workspace` would be compiled from now. */
	#standing(workspace: Workspace): CompiledPreview | null {
		const trial = this.#trial;
		const key = this.#key(workspace);
		// Every part of the key, so a part added to it is checked too.
		return trial && (Object.keys(key) as (keyof TrialKey)[]).every((part) => trial[part] === key[part]) ? trial.compiled : null;
	}

	/** Compiles the page shown of `workspace` (the trial of `prepare`, when it still stands). */
	compile(workspace: Workspace): CompiledPreview {
		const standing = this.#standing(workspace);
		this.#trial = null;
		return standing ?? compile(workspace, this.#page(), this.#leftOut, this.#packages?.view(workspace), this.#databases.items);
	}

	/**
	 * A page of the site (a site path, as a host resolves it) compiled for a frame of the site's own
	 * page; a 404 page when there is none. Null: the path names a file that is no page (shown as it is).
	 */
	async framed(workspace: Workspace, path: string, frame: FramePage): Promise<SiteFileAnswer | null> {
		const name = sitePath(path);
		if (name === null) return null;
		const page = pageOf(workspace, name);
		if (!page && workspace.files.has(name)) return null;
		const html = await loaded(() => compileFramed(workspace, page, name, frame, this.#leftOut, this.#packages?.view(workspace), this.#databases.items));
		return page ? { status: 200, statusText: 'OK', mimeType: 'text/html', body: html } : { status: 404, statusText: 'Not Found', mimeType: 'text/html', body: html };
	}

	/**
	 * A script file's answer as a page runs it from script (its `src` set at run time, jQuery's
	 * `getScript`): its references to `location` (and `top`) pointed at the page's, as in the page's
	 * own scripts. Any other answer stays as it is.
	 */
	script(answer: SiteFileAnswer): Promise<SiteFileAnswer> {
		return pointed(answer, siteLocation);
	}

	/**
	 * A page's answer to its own fetch or XHR: an HTML page or fragment (a router's next page, jQuery's
	 * `.load()`), whose inline scripts and handlers the page may run, gets them pointed at the page's
	 * `location` too (compiler/fetched.ts). Any other answer stays as it is.
	 */
	async markup(answer: SiteFileAnswer): Promise<SiteFileAnswer> {
		if (answer.status !== 200 || !answer.mimeType.startsWith('text/html')) return answer;
		if (!htmlParser.ready) await htmlParser.load();
		return pointed(answer, fetchedMarkup);
	}

	/**
	 * A module a page adds from script (`script.type = 'module'`), from `workspace`: its graph compiled
	 * as the page's modules are, as JSON (the bootstrap that adds it to the frame's import maps, and
	 * the URL to import); a missing file is a 404, a file that is no text as it is.
	 */
	async moduleScript(workspace: Workspace, path: string): Promise<SiteFileAnswer | null> {
		const name = sitePath(path);
		if (name === null || workspace.files.get(name)?.content === undefined) return null;
		const graph = await loaded(() => compileModuleScript(workspace, this.#page(), name, this.#leftOut, this.#packages?.view(workspace)));
		return graph && { status: 200, statusText: 'OK', mimeType: 'application/json', body: JSON.stringify(graph) };
	}

	/**
	 * A file of `node_modules/` the page asks for at run time (a library loading its parts from beside
	 * its own script, a fetch), which the workspace lacks: the device's copy of its package's file, as
	 * the page's markup gets it (`PackageLinker.installedFile`), fetched once. Null: none to give.
	 */
	async installed(workspace: Workspace, path: string): Promise<SiteFileAnswer | null> {
		const packages = this.#packages;
		const name = sitePath(path);
		if (!packages || name === null || !installedPath(name)) return null;
		const lock = workspace.files.get(LOCK_FILE)?.content;
		const find = () => {
			const view = packages.view(workspace);
			const linker = new PackageLinker(view, () => {});
			const url = linker.installedFile(name, lock);
			return { url, file: url ? view.file(url) : undefined, unresolved: [...linker.unresolved.values()] };
		};
		let found = find();
		// Its release resolved first where only package.json names it, then its file fetched.
		try {
			for (let round = 0; round < 2 && !found.file && (found.url || found.unresolved.length); round++) {
				await packages.prepare(workspace, { needs: found.url ? [{ url: found.url, module: false }] : [], unresolved: found.unresolved, unpinned: [] });
				found = find();
			}
		} catch {
			// Not to be had now (offline, a 404): the page's request fails as a missing file's does.
		}
		const file = found.file;
		return file ? { status: 200, statusText: 'OK', mimeType: file.type, body: file.text ?? file.bytes } : null;
	}

	/** Whether a render must wait for `prepare` (else it is sent in the same turn it is asked). */
	get prepares(): boolean {
		return this.#packages !== undefined || !locationParserReady() || !indexedDBLibrarySettled() || !htmlParser.ready;
	}

	/**
	 * What the page lacks is made available before it renders: the HTML parser (loaded once), packages
	 * (from the device, else fetched once), and the `location` rewrite's parser or the IndexedDB library when a trial compile met `location` or `indexedDB`.
	 */
	async prepare(workspace: Workspace): Promise<void> {
		// Before anything is read: the parser's load is awaited, and the page or packages may change meanwhile.
		if (!htmlParser.ready) await htmlParser.load();
		// Compiled already from what it would be compiled from now (the hub's warm start): nothing lacked then.
		if (this.#standing(workspace)) return;
		const packages = this.#packages;
		const key = this.#key(workspace);
		const { page } = key;
		let trial: CompiledPreview | null = null;
		const databases = this.#databases.items;
		// A big script the trial meets unparsed is parsed in slices before the render compiles (loadWanted).
		if (packages) trial = await preparePackages(packages, workspace, (view) => deferringParses(() => compile(workspace, page, this.#leftOut, view, databases)));
		else if (!locationParserReady() || !indexedDBLibrarySettled()) trial = deferringParses(() => compile(workspace, page, this.#leftOut, undefined, databases));
		if (wantsLoad()) return loadWanted();
		// Kept under what it was compiled from before the packages' step ran: a step that changed
		// anything returned no trial.
		if (trial) this.#trial = { ...key, compiled: trial };
	}

	/** Files an import left out, with why (the latest thousand kept). */
	noteLeftOut(skipped: readonly { path: string; reason: string }[]): void {
		this.#leftOutChanges++;
		for (const { path, reason } of skipped) this.#leftOut.set(path, reason);
		for (const path of this.#leftOut.keys()) if (this.#leftOut.size > LEFT_OUT_KEPT) this.#leftOut.delete(path);
	}
}
