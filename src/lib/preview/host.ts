// The page side of the preview: renders a compiled revision into a sandboxed iframe (never
// allow-same-origin), accepts only its own frame's messages with the current nonce and revision,
// lets the latest revision win, and replaces a frame that does not acknowledge in time.
//
// The sandboxed frame sits inside the studio's preview document (static/preview.html), not in the
// studio page: a srcdoc frame takes its content security policy from its parent, and the studio's
// policy would refuse the site's inline scripts. That document is same-origin and runs no script;
// the host fills it from here. Each render gets a new inner frame (siteFrame): a fresh window every time.
// The preview document's base is the page's virtual URL (site.ts), which the srcdoc frame inherits:
// the site's relative links and requests resolve as on a host, and the frame programs hand them here
// (navigations, storage changes, file requests), answered through the hub from the revision shown.
import type { HostRenderOutcome, HostToFrameMessage, SiteStorageChange } from './messages';
import { SiteChannel, type SiteChannelOptions } from './site-channel';
import { PICTURE_SANDBOX, PREVIEW_SANDBOX, fillDocument, isBridgeMessage, setBase, siteFrame, type RenderExtras } from './frame-document';
import { frameLines, previewDocument, previewFrame, settleRender, startRender, type HostRender, type PreviewLines } from './host-render';
import type { FrameInspector, InspectOptions } from './host-inspect';
import { InspectorSlot } from './inspector-slot';
import type { LeaveOutcome } from './host-leave';
import { LeaveSlot } from './leave-slot';
import { KeptSlot, placeOf, type KeptPlace } from './kept-session';

export { storedKept } from './kept-session';
export { PREVIEW_DOCUMENT, PREVIEW_SANDBOX, fillDocument, type RenderExtras } from './frame-document';
export type { PreviewWindow } from './new-window';
export type { PreviewLines } from './host-render';

/** Default time a frame has to reach `load`. */
export const DEFAULT_ACK_TIMEOUT_MS = 3000;

/** Options of a host. */
export interface PreviewHostOptions extends SiteChannelOptions, InspectOptions {
	timeoutMs?: number;
	/** Console lines, errors and warnings, as they arrive (during and after a render). */
	onLines?(lines: PreviewLines): void;
	/**
	 * The site's frame loaded a document the host did not give it: the page navigated itself in a way
	 * the bridge cannot carry out (an alias of window.location), and the frame shows the browser's error page.
	 */
	onLeave?(): void;
	title?: string;
	/** The workspace this host shows: what its page keeps outlives a reload of the studio (kept-session.ts). */
	keptScope?: string;
	/** What its page kept before the studio reloaded (`storedKept(keptScope)`), where its first render starts. */
	kept?: KeptPlace | null;
}

/** User Timing mark of the first render's document set in a site frame of this page. */
const FIRST_DOCUMENT_MARK = 'studio:preview-document';
/** A load of the site's frame this soon after the page stepped through its own history is that step's. */
const TRAVERSE_LOAD_MS = 2000;
/** After this long a picture whose load never fired counts as shown (its frame, still loading, is not reused by a render). */
const PICTURE_WAIT_MS = 1500;

/** One preview frame in a container element. */
export class PreviewHost {
	readonly #container: HTMLElement;
	readonly #options: PreviewHostOptions;
	/** The preview document's frame, in the studio page. */
	#frame: HTMLIFrameElement;
	/** That document, once loaded. */
	#document: Promise<Document>;
	/** The sandboxed frame inside it, where the site runs (its window is the only one we listen to). */
	#site: HTMLIFrameElement | null = null;
	#current: HostRender | null = null;
	/** Pages, storage and files the frame asks for; its sessionStorage lives there (kept across renders, as a tab keeps it across reloads). */
	readonly #channel: SiteChannel;
	readonly #onMessage = (event: MessageEvent) => this.#receive(event);
	/** The picker, texts edited in place, pictures: loaded when first needed (inspector-slot.ts). */
	readonly #inspector: InspectorSlot;
	/** The site's sessionStorage as the last render found it (the channel replaces it on each change). */
	#sessionAtStart: Record<string, string> = {};
	/** The page shown, asked to leave before the next render replaces it (its code loaded when first needed). */
	readonly #leavings = new LeaveSlot();
	/**
	 * What the page shown asked to keep (where it is scrolled, the address it routed to), for the next
	 * render of the same page and query (an edit, a refresh, the studio reloaded), as a browser's
	 * reload keeps them; another page starts afresh, as on a host (frame/bridge.js `keep`).
	 */
	readonly #kept: KeptSlot;
	/** The host gave the site's frame a document whose load is still to come. */
	#expectLoad = false;
	/** When the page last said it steps through its own history (performance.now()): the load Chromium fires after is not a leave. */
	#traversedAt = -Infinity;
	readonly #onSiteLoad = () => {
		if (this.#expectLoad) this.#expectLoad = false;
		// A traversal the browser made itself (its Back) is said by the page as this load comes: it is
		// given a moment, and a render asked meanwhile makes it no leave.
		else {
			const current = this.#current;
			setTimeout(() => current === this.#current && performance.now() - this.#traversedAt > TRAVERSE_LOAD_MS && this.#options.onLeave?.(), 400);
		}
	};

	constructor(container: HTMLElement, options: PreviewHostOptions = {}) {
		this.#container = container;
		this.#options = options;
		this.#channel = new SiteChannel(
			options,
			(message, transfer) => this.#current && this.#post(this.#current, message, transfer),
			() => this.#current?.nonce ?? ''
		);
		this.#inspector = new InspectorSlot(options);
		this.#kept = new KeptSlot(options.keptScope, options.kept ?? null);
		this.#frame = previewFrame(this.#container, this.#title);
		this.#document = previewDocument(this.#frame);
		window.addEventListener('message', this.#onMessage);
	}

	/**
	 * Turns the element picker on or off (it stays on across renders until an element is picked).
	 * Resolves once the frame shown was told; rejects when the picker's code cannot be fetched.
	 */
	async pick(on: boolean): Promise<void> {
		if (!on && !this.#inspector.asked) return;
		const inspector = await this.#inspector.get();
		const current = this.#current;
		inspector.pick(on, current, (message) => current && this.#post(current, message));
	}

	/** Where the next render of this page starts, its page having routed there (null: its own address): the bar shows it at once. */
	keptRoute(extras: { page: string; search?: string }): string | null {
		return this.#kept.route(placeOf(extras));
	}

	/** Describes this element again in each new render (its open tag's offset and its tag; null: none). */
	follow(element: { offset: number; tag: string } | null): void {
		if (!element && !this.#inspector.asked) return;
		void this.#inspector.get().then(
			(inspector) => inspector.follow(element),
			() => undefined
		);
	}

	/** The render shown, the way to its page, and its inspector, loading (capture.ts draws through it); null: nothing is shown. */
	inspecting(): { render: HostRender; post: (message: HostToFrameMessage) => void; inspector: Promise<FrameInspector> } | null {
		const current = this.#current;
		return current && { render: current, post: (message) => this.#post(current, message), inspector: this.#inspector.get() };
	}

	/** The current frame element (the preview document's; the site's frame is inside it). */
	get frame(): HTMLIFrameElement {
		return this.#frame;
	}

	get #title(): string {
		return this.#options.title ?? 'Site preview';
	}

	/** The revision the frame shows (or is loading). */
	get revision(): number | null {
		return this.#current?.revision ?? null;
	}

	/** Tears down a stuck frame (an infinite loop inside it must not leave the preview dead). */
	#replaceFrame() {
		const old = this.#frame;
		this.#site = null;
		this.#frame = previewFrame(this.#container, this.#title);
		this.#document = previewDocument(this.#frame);
		old.remove();
	}

	/** Loads `html` into the site's frame once the preview document is there (if still current). */
	async #show(current: HostRender, html: string, extras: RenderExtras, leaving: Promise<LeaveOutcome | null> | null) {
		const left = leaving && (await leaving);
		// A page that did not answer is stuck in its own code: its frame goes first, and its renderer
		// process with it (a frame made beside it is given that process, and waits on it).
		if (left && !left.answered && this.#current === current) this.#replaceFrame();
		const doc = await this.#document;
		if (this.#current !== current || current.settled) return;
		// What the page before stored as it left is this page's to start from (the hub keeps it too).
		if (left) this.#sessionAtStart = this.#channel.session;
		const kept = this.#kept.start(current.place);
		this.#load(doc, extras, PREVIEW_SANDBOX, fillDocument(html, current.nonce, { fragment: extras.fragment, referrer: extras.referrer, ...(left ? left.seed(extras) : { local: extras.local, cookies: extras.cookies }), session: this.#channel.session, kept }));
		// The page's first render handed to its frame (devtools' performance panel; the start benchmark B6).
		if (!performance.getEntriesByName(FIRST_DOCUMENT_MARK).length) performance.mark(FIRST_DOCUMENT_MARK);
	}

	#load(doc: Document, extras: RenderExtras, sandbox: string, srcdoc: string) {
		setBase(doc, extras.page, extras.search);
		// Each document gets a frame of its own (siteFrame). One still loading is never given another:
		// its load could still come after the next one was asked for and be taken for the page leaving
		// (the page was then run a second time, its write reported as superseded), and a render's
		// sandbox set while the first screen's picture (no scripts) still loaded could load the render
		// under the picture's flags (the page ran nothing and was stopped as stuck); waiting for the
		// picture's load instead held a start's first render back by 0.3–0.6 s.
		const before = this.#site;
		before?.removeEventListener('load', this.#onSiteLoad);
		// A picture is not the page: a link followed in it (a tap while a phone's hub starts) would load
		// the browser's error page, taken for the page leaving. Inert, it takes no click and no focus.
		const next = { title: this.#title, sandbox, srcdoc, inert: sandbox === PICTURE_SANDBOX };
		const site = siteFrame(doc, next, before ? { frame: before, loading: this.#expectLoad } : undefined);
		site.addEventListener('load', this.#onSiteLoad);
		this.#site = site;
		this.#expectLoad = true;
	}

	/**
	 * Shows `html` as a picture: its markup and styles, none of its scripts (taken out, and the frame's
	 * sandbox allows none), so nothing of the site runs twice or writes its storage from a stale page.
	 * It is never acknowledged; the next render replaces it and runs the page.
	 */
	async picture(html: string, extras: RenderExtras): Promise<void> {
		const [doc, { withoutScripts }] = await Promise.all([this.#document, import('./picture')]);
		// A render asked for wins, under way or done: its code can finish first on a busy device, and a
		// picture over it would show a page whose scripts never ran under a chip saying "ready".
		if (this.#current) return;
		this.#load(doc, extras, PICTURE_SANDBOX, withoutScripts(fillDocument(html, 'picture', { local: extras.local, session: {} })));
		const site = this.#site!;
		// A picture that never fires its load is taken as loaded after a while.
		await new Promise<void>((done) => {
			site.addEventListener('load', () => done(), { once: true });
			setTimeout(done, PICTURE_WAIT_MS);
		});
	}

	/** Another preview of the workspace changed the site's localStorage: the frame applies it and fires `storage`. */
	storageEvent(change: SiteStorageChange): void {
		this.#channel.storageEvent(change, this.#current?.ready === true);
	}

	#post(current: HostRender, message: HostToFrameMessage, transfer: Transferable[] = []) {
		if (this.#current !== current) return;
		try {
			this.#site?.contentWindow?.postMessage(message, '*', transfer);
		} catch {
			// The frame is gone: its render settles by its own deadline.
		}
	}

	/**
	 * Renders `html` as `revision`. Resolves when the frame acknowledges it (ready or error), when it
	 * times out (the frame is replaced), or when a newer render supersedes it. `again` tries the last
	 * render once more as the same visit.
	 */
	render(revision: number, html: string, extras: RenderExtras = { page: 'index.html' }, options: { again?: boolean } = {}): Promise<HostRenderOutcome> {
		const previous = this.#current;
		const leaving = this.#leavings.ask(previous, this.#site?.contentWindow);
		if (previous && !previous.settled) settleRender(previous, 'superseded', 'A newer revision was rendered first.');
		// `again`: the last render is tried once more as the same visit, so what the stopped attempt
		// wrote to sessionStorage is undone (a page that counts its loads counts one).
		if (options.again) this.#channel.session = this.#sessionAtStart;
		else this.#sessionAtStart = this.#channel.session;
		return new Promise<HostRenderOutcome>((resolve) => {
			const current = startRender(revision, extras, resolve, this.#options.timeoutMs ?? DEFAULT_ACK_TIMEOUT_MS, (waited, ran) => {
				this.#replaceFrame();
				// A page that never ran was held by the one before it (stuck in its own code, in the renderer
				// process the frame was given): once more, in the fresh frame, whose process is new.
				if (!ran && current.restart()) return void this.#show(current, html, extras, null);
				settleRender(current, 'timeout', `The preview did not finish loading within ${waited} ms (an endless loop?). It was stopped.`);
			});
			this.#current = current;
			void this.#show(current, html, extras, leaving);
		});
	}

	#receive(event: MessageEvent) {
		if (this.#leavings.hear(event, (message, revision) => this.#channel.handle(message, revision))) return;
		const current = this.#current;
		// Only our own frame, only this render: a page cannot forge an ack for another revision.
		if (!current || !this.#site || event.source !== this.#site.contentWindow || !isBridgeMessage(event.data)) return;
		const message = event.data;
		if (message.nonce !== current.nonce || message.revision !== current.revision) return;
		switch (message.type) {
			case 'console':
			case 'error':
			case 'warning': {
				const lines = frameLines(current, message);
				if (lines) this.#options.onLines?.(lines);
				return;
			}
			case 'ready': {
				if (!current.settled) settleRender(current, current.errors.length ? 'error' : 'ready');
				current.ready = true;
				this.#channel.release();
				this.#inspector.ready(current, (m) => this.#post(current, m));
				return;
			}
			case 'alive':
				current.aliveAt = performance.now();
				return;
			case 'listens':
				current.listens = true;
				this.#leavings.prepare();
				return;
			case 'left':
				current.left = true;
				return;
			case 'traverse':
				this.#traversedAt = performance.now();
				return;
			case 'keep':
				this.#kept.value = { place: current.place, kept: message.kept };
				return;
			default:
				if (!this.#inspector.handle(message, current, (m) => this.#post(current, m))) this.#channel.handle(message, current.revision);
		}
	}

	/** Removes the frame and stops listening. */
	destroy(): void {
		window.removeEventListener('message', this.#onMessage);
		if (this.#current && !this.#current.settled) settleRender(this.#current, 'superseded', 'The preview was closed.');
		this.#frame.remove();
	}
}
