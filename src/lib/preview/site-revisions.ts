// The revisions the site's frames still show, whose files answer their requests, and which files
// the pages shown asked for at run time: a revision whose document is the same bytes is the same
// page only when none of those changed (the coordinator relabels it instead of reloading).
import type { FileRecord, Workspace } from '../domain/model';
import type { SiteFileAnswer } from './messages';
import { siteNotFoundPage, sitePath } from './site';
import { addressOf, pageOf } from './compile';

/** Revisions kept for the file requests of frames that still show them. */
const KEPT_REVISIONS = 4;

/** The revisions compiled lately: a frame's file requests are answered from the one it shows. */
export class SiteRevisions {
	readonly #revisions = new Map<number, Workspace>();
	#latest: Workspace | null = null;
	/**
	 * The files the pages shown since the last document sent in full asked for at run time (a fetch,
	 * a script or a sound a script loads); null once one asked for a page or module compiled with
	 * files of its own, which are not listed here.
	 */
	#asked: Set<string> | null = new Set();

	/** A document goes out in full: what its page asks for is listed afresh. */
	newDocument(): void {
		this.#asked = new Set();
	}

	/** A page shown asked for `path`; `compiled`: as a page or module compiled with files of its own. */
	asked(path: string, compiled: boolean): void {
		if (compiled) this.#asked = null;
		else this.#asked?.add(fileName(path));
	}

	/**
	 * Whether a file the pages shown asked for differs between revision `from` and `to` (or may: a
	 * compiled page or module was asked for, or `from` is no longer kept). Such a revision is not the
	 * same page, though its document is the same bytes.
	 */
	askedChanged(from: number, to: Workspace): boolean {
		const before = this.#revisions.get(from);
		if (this.#asked === null) return true;
		if (this.#asked.size === 0) return false;
		if (!before) return true;
		for (const name of this.#asked) if (!sameFile(served(before, name).file, served(to, name).file)) return true;
		return false;
	}

	get latest(): Workspace | null {
		return this.#latest;
	}

	remember(workspace: Workspace): void {
		this.#latest = workspace;
		this.#revisions.set(workspace.revision, workspace);
		for (const revision of this.#revisions.keys()) if (this.#revisions.size > KEPT_REVISIONS) this.#revisions.delete(revision);
	}

	/** The workspace at `revision` (or the newest, when that one is no longer kept). */
	at(revision: number): Workspace | null {
		return this.#revisions.get(revision) ?? this.#latest;
	}

	/**
	 * A file from `revision` (or the newest, when that one is no longer kept), as a static host serves
	 * it: `dir/` is its index.html, a page asked without its extension or its folder's slash is that
	 * page; a missing file is a 404, whose body is the site's own 404.html where it has one.
	 */
	file(revision: number, path: string): SiteFileAnswer {
		const workspace = this.at(revision);
		const name = fileName(path);
		const { file, redirected } = workspace ? served(workspace, name) : { file: undefined, redirected: undefined };
		const notFound = !file && workspace ? siteNotFoundPage(workspace) : null;
		if (notFound) return { status: 404, statusText: 'Not Found', mimeType: 'text/html', body: workspace!.files.get(notFound)!.content! };
		if (!file) return { status: 404, statusText: 'Not Found', mimeType: 'text/plain', body: `${name} is not in the workspace.` };
		const body = file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array());
		return { status: 200, statusText: 'OK', mimeType: file.mimeType, body, ...(redirected === undefined ? {} : { redirected }) };
	}
}

/**
 * The file a host serves for the workspace path `name`: the file itself, else the page it names as
 * navigation does (`about` is about.html, served there; `blog` is blog/index.html, after a redirect
 * to `/blog/`, which Astro's router and a page's relative URLs read).
 */
function served(workspace: Workspace, name: string): { file: FileRecord | undefined; redirected?: string } {
	const file = workspace.files.get(name);
	if (file) return { file };
	const page = pageOf(workspace, name);
	if (page === null) return { file: undefined };
	const address = addressOf(name, page);
	return { file: workspace.files.get(page), ...(address?.endsWith('/') ? { redirected: `/${address}` } : {}) };
}

/** The workspace path a site path names: `dir/` is its index.html. */
function fileName(path: string): string {
	const name = sitePath(path) ?? '';
	return name === '' || name.endsWith('/') ? `${name}index.html` : name;
}

/** Whether two revisions' records of a file hold the same bytes (both missing counts as the same). */
function sameFile(a: FileRecord | undefined, b: FileRecord | undefined): boolean {
	if (a === b) return true;
	if (!a || !b || a.kind !== b.kind || a.mimeType !== b.mimeType) return false;
	if (a.kind === 'text') return a.content === b.content;
	const x = a.bytes ?? new Uint8Array();
	const y = b.bytes ?? new Uint8Array();
	return x.length === y.length && x.every((byte, i) => byte === y[i]);
}
