// This tab's preview: owns the PreviewHost, renders what the hub sends, acknowledges, forwards console
// lines, and keeps the panel's read model (status chip, console drawer, errors, warnings, the page
// shown with Back/Forward). The site's navigations, storage changes and file requests go to the hub.
import type { PreviewHost, PreviewWindow, RenderExtras } from '$lib/preview/host';
import type { SiteChannelOptions } from '$lib/preview/site-channel';
import { applyStorageChange } from '$lib/preview/storage-change';
import { withNetwork } from '$lib/preview/policy';
import type { KeptPlace } from '$lib/preview/kept-session';
import type { ShownRender } from '$lib/preview/capture';
import type { InspectOptions } from '$lib/preview/host-inspect';
import type { CaptureOptions, PickedElement } from '$lib/preview/messages';
import { untrack } from 'svelte';
import { firstPreviewSettled } from './first-preview';
import type { FirstScreenRender } from './first-screen';
import { PreviewLog } from './preview-log.svelte';
import { PreviewNetwork, type NetworkPreferences } from './preview-network.svelte';
import { siteRequests, type PreviewLink } from './preview-link';
import type { HostRenderOutcome, PreviewConsoleLine, PreviewDiagnostic, PreviewErrorLine, PreviewLocation, PreviewRender, SiteNavigation, SiteStorageChange } from '$lib/worker/protocol';

/** Device widths of the preview toggle. */
export type DeviceWidth = 'phone' | 'tablet' | 'full';

/** The preview panel's state and the host behind it. */
export class PreviewController {
	/** The last settled render in this tab. */
	last = $state.raw<HostRenderOutcome | null>(null);
	/** A revision being rendered (the chip shows "stale" meanwhile). */
	pendingRevision = $state<number | null>(null);
	/** The console drawer's lines (console, errors, warnings), reported to the hub in batches. */
	readonly log = new PreviewLog((batch) => void this.#link?.report(batch).catch(() => undefined));
	get console(): PreviewConsoleLine[] {
		return this.log.console;
	}
	get errors(): PreviewErrorLine[] {
		return this.log.errors;
	}
	/** Resources refused or out of reach (the network is off): warnings, not errors of the site. */
	get warnings(): PreviewErrorLine[] {
		return this.log.warnings;
	}
	diagnostics = $state.raw<PreviewDiagnostic[]>([]);
	device = $state<DeviceWidth>('full');
	/** A changed choice applies to the page shown at once (a render under way checks it when it ends). */
	readonly #network = new PreviewNetwork(() => {
		if (this.pendingRevision === null) this.#rerender();
	});
	/** The person let this workspace's preview use the network (off by default). */
	get network(): boolean {
		return this.#network.allowed;
	}
	/** The page shown (its address bar's: "" is the site's root, where its entry usually is), and whether Back and Forward lead anywhere. */
	location = $state.raw<PreviewLocation>({ path: '', canBack: false, canForward: false });
	/** The address the site routed to with history.pushState (null: the page's own). */
	route = $state<string | null>(null);
	/** The element picker is on (the next click in the preview picks). */
	picking = $state(false);
	/** What the page does with a picked element and with texts edited in place (set by the app). */
	inspect: InspectOptions = {};
	#host: PreviewHost | null = null;
	/** The last render this tab acknowledged, as its frame ran it: screenshots draw it. */
	#shown: ShownRender | null = null;
	/** The preview in a new window, which follows this one. */
	#popup: PreviewWindow | null = null;
	#extras: RenderExtras = { page: 'index.html' };
	#stopEvents: (() => void) | null = null;
	#link: PreviewLink | null = null;
	#html = '';
	#firstRender = true;
	/** The first screen's render, shown as a picture before the hub answers (never acknowledged). */
	#first: FirstScreenRender | null = null;
	/** What the first screen of a later start paints: the last acknowledged render, as the hub sent it. */
	#kept: FirstScreenRender | null = null;
	#revision = 0;

	/** The host's module, once loaded (the frame programs, the message guards, the inspector). */
	#hostModule: typeof import('$lib/preview/host') | null = null;
	/** Fetches the host's code (the panel's region loads meanwhile: the two come in parallel). */
	preload(): Promise<typeof import('$lib/preview/host')> {
		return import('$lib/preview/host');
	}

	/** Settles once the attached host is there (a render asked meanwhile waits for it). */
	#hostReady: Promise<void> | null = null;

	/**
	 * Mounts the frame into `container` and tells the hub this tab hosts a preview. The host's code
	 * loads with the first preview shown: a phone that never shows one never fetches it.
	 */
	attach(container: HTMLElement, link: PreviewLink): () => void {
		this.#link = link;
		let gone = false;
		this.#hostReady = this.preload().then(
			async (module) => {
				// What the page kept before the studio reloaded, read with the host's code (nothing to read on a first start).
				const kept = await module.storedKept(link.workspaceId);
				if (gone) return;
				this.#hostModule = module;
				this.#mountHost(module.PreviewHost, container, link, kept);
			},
			(error: unknown) => {
				// Offline before it was cached, or a replaced build's file: the panel says so (not the site's error, so not the hub's).
				const why = error instanceof Error ? error.message : String(error);
				firstPreviewSettled();
				this.log.studioError(`The preview could not be loaded (${why}). Reload the studio to try again.`);
			}
		);
		return () => {
			gone = true;
			this.#stopEvents?.();
			this.#host?.destroy();
			this.#host = null;
		};
	}

	#mountHost(Host: typeof PreviewHost, container: HTMLElement, link: PreviewLink, kept: KeptPlace | null): void {
		this.#host = new Host(container, {
			onLines: (lines) => this.log.add(lines),
			onLeave: () => this.#left(),
			...this.#channelOptions(link),
			...(link.workspaceId !== undefined ? { keptScope: link.workspaceId, kept } : {}),
			onPick: (element) => {
				this.picking = false;
				this.inspect.onPick?.(element);
			},
			onRefresh: (element) => this.inspect.onRefresh?.(element),
			onTextEdit: (edit) => this.inspect.onTextEdit?.(edit) ?? Promise.resolve(false),
			onTextRefused: (reason, tag) => this.inspect.onTextRefused?.(reason, tag)
		});
		this.#stopEvents = link.events((event) => {
			if (event.type === 'preview.page') this.location = event.location;
			else if (event.change.area === 'local' || event.change.area === 'cookie' || event.fromTab === null) {
				if (event.fromTab === link.tabId) return;
				this.#applyStored(event.change);
				this.#host?.storageEvent(event.change);
			}
		});
		// Untracked: the state this paint writes must not re-run whatever effect is running. Only while
		// the hub has not answered: then its render comes at once, and a picture first only delays it.
		const first = this.#first;
		this.#first = null;
		if (first && !link.live?.()) untrack(() => this.#paintFirst(first));
		void link.location().then((location) => (this.location = location)).catch(() => undefined);
		// Registering answers the current render; later ones are addressed to this tab.
		void link
			.register()
			.then((render) => {
				if (render && this.pendingRevision === null && (this.last?.revision ?? -1) < render.revision) void this.render(render);
			})
			.catch(() => undefined);
	}

	/** Shows the first screen's render as a picture when the frame is mounted (call before attach). */
	showFirst(render: FirstScreenRender): void {
		this.#first = render;
	}

	/** A picture of the last acknowledged page (no script of it runs) until the hub's render replaces it. */
	#paintFirst(first: FirstScreenRender) {
		this.#first = null;
		this.location = { ...this.location, path: first.address ?? first.page + (first.search ?? '') };
		void this.#host!.picture(withNetwork(first.html, first.network), { page: first.page, search: first.search, local: first.local }).then(() => performance.mark('studio:first-preview', { detail: { revision: first.revision } }));
	}

	/** The render the first screen of a later start paints (null: none settled yet). */
	keptRender(): FirstScreenRender | null {
		return this.#kept;
	}

	#settled(outcome: HostRenderOutcome) {
		// The first settled render of this page load (devtools' performance panel; benchmark B6).
		if (!this.last) performance.mark('studio:preview-settled', { detail: { revision: outcome.revision, status: outcome.status } });
		firstPreviewSettled();
		this.last = outcome;
	}

	/** The render under way: the same document sent again joins it instead of running the page twice. */
	#inflight: { same: (render: PreviewRender) => boolean; outcome: Promise<HostRenderOutcome> } | null = null;

	/** Renders a revision the hub sent, then acknowledges it. */
	async render(render: PreviewRender): Promise<void> {
		if (!this.#host && this.#hostReady) await this.#hostReady.catch(() => undefined);
		if (!this.#host || !this.#link) return;
		if (render.sameAs !== undefined) return this.#relabel(render);
		// A tab's registration and the hub's own render can both carry the revision a start shows; a
		// second run of it would count a visit twice (sessionStorage) and rerun what the page does.
		const inflight = this.#inflight;
		if (inflight?.same(render)) {
			const outcome = await inflight.outcome;
			await this.#link.ack(render.renderId, outcome).catch(() => undefined);
			return;
		}
		this.pendingRevision = render.revision;
		this.#html = render.html;
		this.#revision = render.revision;
		this.diagnostics = render.diagnostics;
		this.#extras = { page: render.page, search: render.search, fragment: render.fragment, referrer: render.referrer, local: render.local ?? {}, cookies: render.cookies ?? {} };
		if (render.address !== this.location.path) this.location = { ...this.location, path: render.address };
		this.route = this.#host?.keptRoute(render) ?? null;
		this.log.warnings = [];
		const network = this.network;
		const html = withNetwork(render.html, network);
		if (this.#popup && !this.#popup.show(html, render.revision, this.#extras)) this.#popup = null;
		const host = this.#host;
		const extras = this.#extras;
		const run = (async () => {
			const outcome = await host.render(render.revision, html, extras);
			// The first render of a page load competes with the studio's own start (scripts, the editor):
			// on a slow device one late load there is not an endless loop, so it gets one more try, as
			// the same visit (the stopped attempt's sessionStorage writes are undone).
			// It loads what other previews stored meanwhile (a change heard by a page that never loaded is lost with it).
			if (outcome.status === 'timeout' && this.#firstRender && this.#host === host) return host.render(render.revision, html, { ...extras, local: this.#extras.local, cookies: this.#extras.cookies }, { again: true });
			return outcome;
		})();
		const same = (next: PreviewRender) => next.revision === render.revision && next.html === render.html && next.page === render.page && next.search === render.search && !next.fragment && network === this.network;
		this.#inflight = { same, outcome: run };
		const outcome = await run;
		if (this.#inflight?.outcome === run) this.#inflight = null;
		this.#firstRender = false;
		if (outcome.status !== 'superseded') {
			this.#settled(outcome);
			if (this.pendingRevision === render.revision) this.pendingRevision = null;
			if (outcome.status === 'ready' || outcome.status === 'error') {
				this.#shown = { revision: render.revision, html, extras: this.#extras };
				this.#kept = { revision: render.revision, html: render.html, page: render.page, search: render.search, address: render.address, local: render.local ?? {}, network };
			}
		}
		await this.#link.ack(render.renderId, outcome).catch(() => undefined);
		// The network choice arrived while this render ran (a page load reads it then): run it again.
		if (this.network !== network && this.pendingRevision === null) this.#rerender();
	}

	/** The same document as the one shown: no reload, the revision label moves on (else ask for it in full). */
	async #relabel(render: PreviewRender): Promise<void> {
		const last = this.last;
		if (last && last.revision === render.sameAs && this.pendingRevision === null && (last.status === 'ready' || last.status === 'error')) {
			const outcome: HostRenderOutcome = { ...last, revision: render.revision, durationMs: 0 };
			this.last = outcome;
			this.#revision = render.revision;
			this.diagnostics = render.diagnostics;
			if (this.#shown) this.#shown = { ...this.#shown, revision: render.revision };
			if (this.#kept) this.#kept = { ...this.#kept, revision: render.revision };
			await this.#link?.ack(render.renderId, outcome).catch(() => undefined);
			return;
		}
		const full = await this.#link?.register().catch(() => null);
		if (full && full.sameAs === undefined) await this.render(full);
	}

	/** What the site's frame asks for — here and in the new-window preview — goes to the hub. */
	#channelOptions(link: PreviewLink): SiteChannelOptions {
		return siteRequests(link, {
			navigate: (target) => void this.navigate(target),
			route: (path) => (this.route = path),
			stored: (change) => this.#applyStored(change),
			error: (line) => this.log.add({ console: [], errors: [line] })
		});
	}

	/** The site's localStorage and cookies the next render here starts from, changed (by this tab's page or another's). */
	#applyStored(change: SiteStorageChange) {
		if (change.area === 'local') this.#extras = { ...this.#extras, local: applyStorageChange(this.#extras.local ?? {}, change) };
		else if (change.area === 'cookie') this.#extras = { ...this.#extras, cookies: applyStorageChange(this.#extras.cookies ?? {}, change) };
	}

	/** Turns the element picker on or off. */
	pick(on: boolean): void {
		this.picking = on;
		// The picker's code loads with its first use: offline before it was cached, the picker stays off and says why.
		void this.#host?.pick(on).catch((error: unknown) => {
			this.picking = false;
			this.log.studioError(`The element picker could not be loaded (${error instanceof Error ? error.message : String(error)}). Reload the studio to try again.`);
		});
	}

	/** The element the conversation holds: each new render describes it again (null: none). */
	follow(element: PickedElement | null): void {
		this.#host?.follow(element?.at ? { offset: element.at.offset, tag: element.tag } : null);
	}

	/** Draws the revision this tab last acknowledged, as the hub asked, and answers it. */
	async capture(id: string, options: CaptureOptions): Promise<void> {
		const link = this.#link;
		if (!link) return;
		const result = await (await import('$lib/preview/capture')).captureShown(this.#shown, options, (request) => link.file(request.revision, request.path, request.as));
		await link.captured(id, result).catch(() => undefined);
	}

	/** Goes to a page of the site, or back or forward (every tab's preview follows). */
	async navigate(target: SiteNavigation): Promise<void> {
		await this.#link?.navigate(target).catch(() => undefined);
	}

	/** The site's localStorage as the hub keeps it (the Site data view). */
	async siteData(): Promise<Record<string, string>> {
		return (await this.#link?.siteStorage().catch(() => null))?.local ?? {};
	}

	clearConsole(): void {
		this.log.clear();
	}

	/** Follows the workspace's network choice: the stored one now, other tabs' changes as they come. */
	followNetwork(workspaceId: string, preferences: NetworkPreferences): Promise<void> {
		return this.#network.follow(workspaceId, preferences);
	}

	#leftAt = -Infinity;
	/**
	 * The page navigated itself past the bridge (an alias of window.location the compiler could not
	 * see): the frame shows the browser's error page. Say so, and show the page again — once: a page
	 * that does it again at once would loop.
	 */
	#left() {
		const again = performance.now() - this.#leftAt < 3000;
		this.#leftAt = performance.now();
		this.log.add({
			console: [],
			errors: [],
			warnings: [{ message: `The page navigated itself in a way the preview cannot follow${again ? '' : ', so it is shown again'}. For another page of the site, use a link, location.href or location.assign.`, source: this.#extras.page, line: 0, column: 0, revision: this.#revision }]
		});
		if (!again) this.#rerender();
	}

	#rerender() {
		if (!this.#host || !this.#html) return;
		const network = this.network;
		const source = this.#html;
		const html = withNetwork(source, network);
		const extras = { ...this.#extras, fragment: undefined };
		void this.#host.render(this.#revision, html, extras).then((outcome) => {
			if (outcome.status === 'superseded') return;
			this.last = outcome;
			// What shows now is what the next start pictures: a render run again (the network choice,
			// a page that left the bridge) may have superseded the hub's own, which then kept nothing.
			if (outcome.status === 'ready' || outcome.status === 'error') {
				this.#shown = { revision: outcome.revision, html, extras };
				this.#kept = { revision: outcome.revision, html: source, page: extras.page, search: extras.search, local: extras.local ?? {}, network };
			}
		});
	}

	/** The person's choice for this workspace: kept, told to the other tabs (the caller re-renders). */
	setNetwork(allowed: boolean): Promise<void> {
		return this.#network.set(allowed);
	}

	/**
	 * Opens the revision shown here in a new window (still sandboxed); false when the browser refused
	 * one. The window opens now, in the person's click (one opened after an await may be blocked); its
	 * code loads with the first one (no start needs it), and it shows what this preview shows by then.
	 */
	openWindow(): boolean {
		const link = this.#link;
		const address = this.#hostModule?.PREVIEW_DOCUMENT;
		if (!this.#html || !link || !address) return true;
		const opened = window.open(address, '_blank');
		if (!opened) return false;
		void import('$lib/preview/new-window').then(
			({ showInWindow }) => {
				if (!opened.closed) this.#popup = showInWindow(opened, withNetwork(this.#html, this.network), this.#revision, this.#extras, this.#channelOptions(link));
			},
			(error: unknown) => {
				opened.close();
				this.log.studioError(`The preview's window could not be loaded (${error instanceof Error ? error.message : String(error)}). Reload the studio to try again.`);
			}
		);
		return true;
	}
}
