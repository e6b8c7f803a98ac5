// The hub side of the preview: compiles each revision, addresses it to every registered preview host
// (by tab id, never on the state stream), and completes the tool call on the first matching
// acknowledgement (or a timeout). A host that registers gets the current render. It also keeps
// what a site has beside its files: the page shown (all tabs show the same one, with a Back/Forward
// history), the site's localStorage, databases and cookies (site-data.ts: per workspace, persisted,
// shared with every tab's preview), and the revisions frames still show, so their file requests are
// answered from what they render.
// Framework-neutral.
import type { Workspace } from '../domain/model';
import type { PreviewOutcome, PreviewPort } from '../runtime/ports';
import type { HostRenderOutcome, PreviewRender, SiteFileAnswer, SiteFileAs, SiteNavigation, SiteStorageChange } from './messages';
import { documentKey, type CompiledPreview } from './compile';
import type { PreviewPackages } from './packages-step';
import { PageCompiler } from './page-compiler';
import { SiteHistory, type SiteLocation, type SitePlaceStore } from './site-state';
import { SiteRevisions } from './site-revisions';
import { SiteData, type SiteDataStores } from './site-data';
import { PreviewLog, outcomeOfAck } from './preview-log';
import { CaptureRequests, type Capture } from './captures';
import type { CaptureOptions, CaptureResult } from './messages';
import { RenderQueue, type QueuedRender } from './render-queue';

/** Options of the coordinator. */
export interface CoordinatorOptions extends SiteDataStores {
	/** Sends a render to the preview host of one tab. */
	send(tabId: string, render: PreviewRender): void;
	/** Asks one tab's preview for a picture of the page (absent: this hub has no tabs). */
	sendCapture?(tabId: string, id: string, options: CaptureOptions): void;
	/** Called when the reported state changes (for the `preview.status` event). */
	onStatus?(outcome: PreviewOutcome, hosts: number): void;
	/** How long the hub waits for any host (a host times out after its own 3 s and replies). */
	ackTimeoutMs?: number;
	now?: () => number;
	/** Where the page shown persists (the hub's preferences, per workspace); absent: memory only. */
	placeStore?: SitePlaceStore;
	/** A change of the site's storage, for every tab's preview (the tab it came from skips it). */
	onStorage?(change: SiteStorageChange, fromTab: string | null): void;
	/** The page shown changed (for the preview bars). */
	onPage?(page: SiteLocation): void;
	/** npm packages and CDN files: what compilations read, and the fetch of what they lacked. */
	packages?: PreviewPackages;
}


interface Waiting {
	revision: number;
	startedAt: number;
	settle(outcome: PreviewOutcome): void;
}

/** Implements the runtime's {@link PreviewPort} over the hosts in open tabs. */
export class PreviewCoordinator implements PreviewPort {
	readonly #options: CoordinatorOptions;
	readonly #hosts = new Set<string>();
	readonly #waiting = new Map<string, Waiting>();
	#last: PreviewOutcome = { revision: 0, status: 'unavailable', message: 'No preview is open.' };
	/** The newest revision a render was asked for. */
	#asked = -1;
	readonly #log = new PreviewLog();
	#counter = 0;
	readonly #queue = new RenderQueue();
	/** The render the hub last stopped waiting for: its late answer still updates the status. */
	#late: { renderId: string; revision: number; key: string; diagnostics: PreviewOutcome['diagnostics'] } | null = null;
	/**
	 * The last document a host acknowledged (ready or error). A revision that compiles to the same
	 * bytes (a change to a file the page neither uses nor asked for at run time: SiteRevisions) is not
	 * reloaded in every tab: hosts relabel it. Five tabs writing notes reloaded five frames per write (B9 in `npm run bench`).
	 */
	#shown: { key: string; revision: number } | null = null;
	readonly #history: SiteHistory;
	readonly #revisions = new SiteRevisions();
	/** The site's localStorage, IndexedDB and cookies. */
	readonly #data: SiteData;
	readonly #pages: PageCompiler;
	/** The tab that acknowledged a render last (it shows the newest revision): screenshots come from it. */
	#ackedBy: string | null = null;
	readonly #captures: CaptureRequests;

	constructor(options: CoordinatorOptions) {
		this.#options = options;
		this.#data = new SiteData(options, options.now);
		this.#history = new SiteHistory(options.placeStore);
		this.#captures = new CaptureRequests(options.sendCapture);
		this.#pages = new PageCompiler(options.packages, () => this.#history.page, this.#data.databases);
	}

	/** A picture of the revision the preview acknowledged, drawn by the tab that shows it. */
	screenshot(options: CaptureOptions, signal?: AbortSignal): Promise<Capture> {
		const tab = this.#ackedBy && this.#hosts.has(this.#ackedBy) ? this.#ackedBy : ([...this.#hosts].at(-1) ?? null);
		return this.#captures.request(tab, options, signal);
	}

	/** A tab's answer to a screenshot request. */
	captured(tabId: string, id: string, result: CaptureResult): void {
		this.#captures.answer(tabId, id, result);
	}

	/** Reads the site's persisted localStorage, databases, cookies and the page it showed (once, before the first render). */
	async loadStorage(): Promise<void> {
		await Promise.all([this.#data.load(), this.#history.load()]);
	}

	/** The site path a workspace shows now: the page navigated to, else its entry. */
	pageOf(workspace: Workspace): string {
		return this.#history.pageOf(workspace);
	}

	/** Compiles the page shown and remembers the revision for its file requests. */
	#compile(workspace: Workspace): CompiledPreview {
		this.#revisions.remember(workspace);
		return this.#pages.compile(workspace);
	}

	/** Makes what the page lacks available before it renders (packages, the `location` parser). */
	prepare(workspace: Workspace): Promise<void> {
		return this.#pages.prepare(workspace);
	}

	/** Files an import left out, with why (the diagnostics of pages that reference them). */
	noteLeftOut(skipped: readonly { path: string; reason: string }[]): void {
		this.#pages.noteLeftOut(skipped);
	}

	/** What a render carries beside its document; the fragment is used once (a host's first render takes none). */
	#extras(workspace: Workspace, withFragment = true): Pick<PreviewRender, 'page' | 'address' | 'search' | 'fragment' | 'referrer' | 'local' | 'cookies'> {
		const fragment = withFragment ? this.#history.takeFragment() : undefined;
		const search = this.#history.search;
		const referrer = this.#history.referrer;
		return { page: this.#history.addressOf(workspace), address: this.#history.shownAt(workspace), ...(search ? { search } : {}), ...(fragment ? { fragment } : {}), ...(referrer ? { referrer } : {}), local: this.#data.local.items, cookies: this.#data.cookies.items };
	}

	/**
	 * Goes to a page of the site (a link, the address field, an agent), or back or forward, and renders
	 * it from `workspace`: every tab's preview shows it. Paths resolve as a static host does them.
	 */
	async navigate(workspace: Workspace, target: SiteNavigation, signal?: AbortSignal): Promise<PreviewOutcome & { page: string }> {
		if (!this.#history.go(workspace, target)) return { ...this.#last, page: this.pageOf(workspace) };
		this.#options.onPage?.(this.#history.location(workspace));
		const outcome = await this.render(workspace, signal, { reload: true });
		return { ...outcome, page: this.pageOf(workspace) };
	}

	/** The workspace was replaced as a whole: a page it no longer has gives way to its entry (SiteHistory). */
	replaced(workspace: Workspace): void {
		if (this.#history.leaveReplaced(workspace)) this.#options.onPage?.(this.#history.location(workspace));
	}

	/** Where the preview is: the page and whether Back and Forward lead anywhere. */
	location(workspace: Workspace): SiteLocation {
		return this.#history.location(workspace);
	}

	/**
	 * A file the site asked for, from the revision its frame shows, as it asked for it (`SiteFileAs`):
	 * as written; a page compiled for a frame of the site's own page (a 404 page when there is none);
	 * a script or a module a page runs from script, compiled as the page's own are (a module with its
	 * graph); a file its code fetched (an HTML page's inline scripts and handlers pointed at the
	 * page's `location`). A file that is none of these comes as written.
	 */
	async file(revision: number, path: string, as?: SiteFileAs): Promise<SiteFileAnswer> {
		this.#revisions.asked(path, as !== undefined && as !== 'script' && as !== 'fetched');
		const workspace = this.#revisions.at(revision);
		const own = this.#revisions.file(revision, path);
		// A file of node_modules/ (no import keeps that folder) comes from the device's packages.
		const written = own.status === 404 && workspace ? ((await this.#pages.installed(workspace, path)) ?? own) : own;
		if (as === undefined) return written;
		if (as === 'script') return this.#pages.script(written);
		if (as === 'fetched') return this.#pages.markup(written);
		const compiled = workspace && (await (as === 'module' ? this.#pages.moduleScript(workspace, path) : this.#pages.framed(workspace, path, as)));
		return compiled ?? written;
	}

	/** A frame changed the site's storage: kept (localStorage and persistent cookies persisted), and every other preview told. */
	storageChange(tabId: string, change: SiteStorageChange): void {
		if (this.#data.apply(change)) this.#options.onStorage?.(change, tabId);
	}

	/** The site's storage as the hub keeps it (localStorage and cookies; sessionStorage lives in each tab). */
	siteStorage(): { local: Record<string, string>; cookies: Record<string, string> } {
		return { local: this.#data.local.items, cookies: this.#data.cookies.items };
	}

	/** The site's IndexedDB databases as the hub keeps them (each one's text, by name). */
	siteDatabases(): Record<string, string> {
		return this.#data.databases.items;
	}

	/** Clears the site's localStorage, its databases, its cookies and every tab's sessionStorage, then reloads the page shown. */
	async clearStorage(workspace: Workspace, signal?: AbortSignal): Promise<PreviewOutcome> {
		const said = this.#data.clear();
		for (const area of ['local', 'session', 'cookie'] as const) this.#options.onStorage?.({ area, changes: [], clear: true }, null);
		const outcome = this.#hosts.size ? await this.render(workspace, signal, { reload: true }) : this.#last;
		return { ...outcome, message: outcome.message ?? said };
	}

	get hosts(): number {
		return this.#hosts.size;
	}

	/**
	 * A tab hosts a preview: renders are addressed to it from now on, and it gets the current one at
	 * once (the revision shown everywhere else), so no render is lost to a tab that just arrived or
	 * resynced. Its acknowledgement updates the status like any other.
	 */
	registerHost(tabId: string, workspace: Workspace): PreviewRender {
		this.#hosts.add(tabId);
		this.#options.onStatus?.(this.#last, this.#hosts.size);
		const renderId = `r${++this.#counter}-${workspace.revision}-${tabId.slice(0, 8)}`;
		const compiled = this.#compile(workspace);
		const now = this.#options.now ?? Date.now;
		const startedAt = now();
		const timer = setTimeout(() => this.#waiting.delete(renderId), this.#options.ackTimeoutMs ?? 6000);
		this.#waiting.set(renderId, {
			revision: workspace.revision,
			startedAt,
			settle: (outcome) => {
				clearTimeout(timer);
				this.#waiting.delete(renderId);
				this.#remember(outcome, documentKey(compiled));
				if (outcome.revision >= this.#last.revision) this.#setLast({ ...outcome, durationMs: outcome.durationMs ?? now() - startedAt, diagnostics: compiled.diagnostics });
			}
		});
		return { renderId, revision: workspace.revision, html: compiled.html, diagnostics: compiled.diagnostics, ...this.#extras(workspace, false) };
	}

	removeHost(tabId: string): void {
		if (this.#hosts.delete(tabId)) this.#options.onStatus?.(this.#last, this.#hosts.size);
	}

	async render(workspace: Workspace, signal?: AbortSignal, options: { reload?: boolean } = {}): Promise<PreviewOutcome> {
		// Only a hub with packages (or without the location parser yet) waits here: otherwise a render is
		// sent in the same turn it is asked.
		this.#asked = Math.max(this.#asked, workspace.revision);
		if (this.#pages.prepares) await this.prepare(workspace);
		// Renders wait for what they need for different times (a package fetched, the parser loaded): one
		// asked before a newer revision's must not be sent after it, and replace it in every tab.
		if (workspace.revision < this.#asked) return { revision: workspace.revision, status: 'superseded', code: 'PREVIEW_REVISION_SUPERSEDED', message: 'A newer revision was rendered instead.', diagnostics: [] };
		if (this.#hosts.size === 0) {
			const outcome: PreviewOutcome = { revision: workspace.revision, status: 'unavailable', message: 'No tab shows the preview right now.', diagnostics: this.#compile(workspace).diagnostics };
			this.#setLast(outcome);
			return outcome;
		}
		const renderId = `r${++this.#counter}-${workspace.revision}`;
		const now = this.#options.now ?? Date.now;
		const startedAt = now();
		let diagnostics: PreviewOutcome['diagnostics'] = [];
		const outcome = await new Promise<PreviewOutcome>((resolve) => {
			let timer: ReturnType<typeof setTimeout> | undefined;
			let done = false;
			let key = '';
			const onAbort = () => settle({ revision: workspace.revision, status: 'superseded', code: 'PREVIEW_REVISION_SUPERSEDED', message: 'The call was cancelled before the preview answered.' });
			const settle = (result: PreviewOutcome) => {
				if (done) return;
				done = true;
				this.#waiting.delete(renderId);
				clearTimeout(timer);
				signal?.removeEventListener('abort', onAbort);
				this.#remember(result, key);
				resolve({ ...result, durationMs: result.durationMs ?? now() - startedAt, diagnostics });
				this.#queue.settled(renderId);
			};
			const queued: QueuedRender = {
				publish: () => {
					if (done) return false;
					// Compiled when sent, not when asked: a revision superseded in the queue is never compiled.
					const compiled = this.#compile(workspace);
					diagnostics = compiled.diagnostics;
					timer = setTimeout(() => {
						settle({ revision: workspace.revision, status: 'timeout', code: 'PREVIEW_ACK_TIMEOUT', message: 'No preview acknowledged this revision in time.' });
						this.#late = { renderId, revision: workspace.revision, key, diagnostics };
					}, this.#options.ackTimeoutMs ?? 6000);
					this.#waiting.set(renderId, { revision: workspace.revision, startedAt, settle });
					key = documentKey(compiled);
					const shown = this.#shown;
					const page = this.#history.addressOf(workspace);
					// The same bytes, but not the same page when a file it fetched or loaded from script changed.
					const same = !options.reload && shown && shown.key === key && !this.#revisions.askedChanged(shown.revision, workspace);
					if (!same) this.#revisions.newDocument();
					const render: PreviewRender = same
						? { renderId, revision: workspace.revision, html: '', diagnostics: compiled.diagnostics, sameAs: shown.revision, page, address: this.#history.shownAt(workspace) }
						: { renderId, revision: workspace.revision, html: compiled.html, diagnostics: compiled.diagnostics, ...this.#extras(workspace) };
					for (const tabId of this.#hosts) this.#options.send(tabId, render);
					return true;
				},
				supersede: () =>
					settle({ revision: workspace.revision, status: 'superseded', code: 'PREVIEW_REVISION_SUPERSEDED', message: 'A newer revision was rendered instead.' })
			};
			signal?.addEventListener('abort', onAbort, { once: true });
			this.#queue.enqueue(renderId, queued);
		});
		if (outcome.status !== 'superseded' || outcome.revision >= this.#last.revision) this.#setLast(outcome);
		return outcome;
	}

	/**
	 * A host's answer; the first one for a render wins. One that comes after the hub stopped waiting
	 * (a slow page that kept loading) still tells the truth: the status moves from timeout to it.
	 */
	ack(tabId: string, renderId: string, result: HostRenderOutcome): void {
		const waiting = this.#waiting.get(renderId);
		const late = this.#late;
		if (!waiting && late?.renderId === renderId && result.revision === late.revision && (result.status === 'ready' || result.status === 'error')) {
			this.#late = null;
			if (this.#last.revision !== result.revision || this.#last.status !== 'timeout') return;
			this.#log.acknowledged(tabId, result.errors);
			this.#remember(result, late.key);
			this.#setLast({ ...outcomeOfAck(result), diagnostics: late.diagnostics });
			return;
		}
		if (!waiting || result.revision !== waiting.revision) return;
		if (result.status === 'ready' || result.status === 'error') this.#ackedBy = tabId;
		this.#log.acknowledged(tabId, result.errors);
		waiting.settle(outcomeOfAck(result));
	}

	/** Console lines, late errors and warnings from the reporting host. */
	report(tabId: string, lines: Parameters<PreviewLog['report']>[1]): void {
		this.#log.report(tabId, lines);
	}

	/** A document a host acknowledged as ready or error is the one frames show now. */
	#remember(outcome: { revision: number; status: string }, key: string) {
		if (!key || (outcome.status !== 'ready' && outcome.status !== 'error')) return;
		if (!this.#shown || outcome.revision >= this.#shown.revision) this.#shown = { key, revision: outcome.revision };
	}

	#setLast(outcome: PreviewOutcome) {
		this.#last = outcome;
		this.#options.onStatus?.(outcome, this.#hosts.size);
	}

	status() {
		return { preview: this.#last, page: this.#revisions.latest ? this.pageOf(this.#revisions.latest) : undefined, ...this.#log.view() };
	}
}
