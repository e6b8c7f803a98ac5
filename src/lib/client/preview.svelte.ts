// This tab's preview: owns the PreviewHost, renders what the hub sends, acknowledges, forwards console
// lines, and keeps the panel's read model (status chip, console drawer, errors).
import { PreviewHost, openInNewWindow } from '$lib/preview/host';
import { withNetwork, previewNetworkKey } from '$lib/preview/policy';
import { scoped } from '$lib/core/base';
import type { HostRenderOutcome, PreviewConsoleLine, PreviewDiagnostic, PreviewErrorLine, PreviewRender } from '$lib/worker/protocol';

/** What the hub side needs from this controller. */
export interface PreviewLink {
	tabId: string;
	/** Registers this tab's host; answers the render it should show now. */
	register(): Promise<PreviewRender | null>;
	ack(renderId: string, outcome: HostRenderOutcome): Promise<void>;
	report(lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] }): Promise<void>;
}

/** Device widths of the preview toggle. */
export type DeviceWidth = 'phone' | 'tablet' | 'full';

const MAX_LINES = 500;

/** The preview panel's state and the host behind it. */
export class PreviewController {
	/** The last settled render in this tab. */
	last = $state.raw<HostRenderOutcome | null>(null);
	/** A revision being rendered (the chip shows "stale" meanwhile). */
	pendingRevision = $state<number | null>(null);
	console = $state.raw<PreviewConsoleLine[]>([]);
	errors = $state.raw<PreviewErrorLine[]>([]);
	diagnostics = $state.raw<PreviewDiagnostic[]>([]);
	device = $state<DeviceWidth>('full');
	/** The person let this workspace's preview use the network (off by default). */
	network = $state(false);
	#host: PreviewHost | null = null;
	#link: PreviewLink | null = null;
	#html = '';
	#firstRender = true;
	#revision = 0;
	#outbox: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] } = { console: [], errors: [] };
	#flushTimer: ReturnType<typeof setTimeout> | null = null;

	/** Mounts the frame into `container` and tells the hub this tab hosts a preview. */
	attach(container: HTMLElement, link: PreviewLink): () => void {
		this.#link = link;
		this.#host = new PreviewHost(container, { onLines: (lines) => this.#onLines(lines) });
		// Registering answers the current render; later ones are addressed to this tab.
		void link
			.register()
			.then((render) => {
				if (render && this.pendingRevision === null && (this.last?.revision ?? -1) < render.revision) void this.render(render);
			})
			.catch(() => undefined);
		return () => {
			this.#host?.destroy();
			this.#host = null;
		};
	}

	/** Renders a revision the hub sent, then acknowledges it. */
	async render(render: PreviewRender): Promise<void> {
		if (!this.#host || !this.#link) return;
		if (render.sameAs !== undefined) return this.#relabel(render);
		this.pendingRevision = render.revision;
		this.#html = render.html;
		this.#revision = render.revision;
		this.diagnostics = render.diagnostics;
		const network = this.network;
		const html = withNetwork(render.html, network);
		let outcome = await this.#host.render(render.revision, html);
		// The first render of a page load competes with the studio's own start (scripts, the editor):
		// on a slow device one late load there is not an endless loop, so it gets one more try.
		if (outcome.status === 'timeout' && this.#firstRender && this.#host) outcome = await this.#host.render(render.revision, html);
		this.#firstRender = false;
		if (outcome.status !== 'superseded') {
			// The first settled render of this page load (devtools' performance panel; benchmark B6).
			if (!this.last) performance.mark('studio:preview-settled', { detail: { revision: outcome.revision, status: outcome.status } });
			this.last = outcome;
			if (this.pendingRevision === render.revision) this.pendingRevision = null;
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
			await this.#link?.ack(render.renderId, outcome).catch(() => undefined);
			return;
		}
		const full = await this.#link?.register().catch(() => null);
		if (full && full.sameAs === undefined) await this.render(full);
	}

	#onLines(lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] }) {
		if (lines.console.length) this.console = [...this.console, ...lines.console].slice(-MAX_LINES);
		if (lines.errors.length) this.errors = [...this.errors, ...lines.errors].slice(-MAX_LINES);
		this.#outbox.console.push(...lines.console);
		this.#outbox.errors.push(...lines.errors);
		// Batched: a chatty page must not flood the hub with one call per console line.
		if (this.#flushTimer !== null) return;
		this.#flushTimer = setTimeout(() => {
			this.#flushTimer = null;
			const batch = { console: this.#outbox.console.slice(-200), errors: this.#outbox.errors.slice(-100) };
			this.#outbox = { console: [], errors: [] };
			void this.#link?.report(batch).catch(() => undefined);
		}, 100);
	}

	clearConsole(): void {
		this.console = [];
		this.errors = [];
	}

	#networkChannel: BroadcastChannel | null = null;
	#setPreference: ((key: string, value: unknown) => Promise<void>) | null = null;
	#workspaceId = '';

	/**
	 * Follows the workspace's network choice: the stored one now, other tabs' changes as they make
	 * them (each tab's frame runs the document itself, so every tab must know).
	 */
	async followNetwork(workspaceId: string, preferences: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> }): Promise<void> {
		this.#workspaceId = workspaceId;
		this.#setPreference = (key, value) => preferences.set(key, value);
		this.#networkChannel ??= new BroadcastChannel(scoped(`studio:preview-network:${workspaceId}`));
		this.#networkChannel.onmessage = (event) => this.#switchNetwork(event.data === true);
		this.#switchNetwork((await preferences.get(previewNetworkKey(workspaceId)).catch(() => false)) === true);
	}

	/** A changed choice applies to the page shown at once (a local reload of the same revision). */
	#switchNetwork(allowed: boolean) {
		if (this.network === allowed) return;
		this.network = allowed;
		// A render under way checks the choice when it ends (render()).
		if (this.pendingRevision === null) this.#rerender();
	}

	#rerender() {
		if (!this.#host || !this.#html) return;
		void this.#host.render(this.#revision, withNetwork(this.#html, this.network)).then((outcome) => {
			if (outcome.status !== 'superseded') this.last = outcome;
		});
	}

	/** The person's choice for this workspace: kept, told to the other tabs (the caller re-renders). */
	async setNetwork(allowed: boolean): Promise<void> {
		this.network = allowed;
		this.#networkChannel?.postMessage(allowed);
		await this.#setPreference?.(previewNetworkKey(this.#workspaceId), allowed).catch(() => undefined);
	}

	/** Opens the revision shown here in a new window (still sandboxed); false when the browser refused one. */
	openWindow(): boolean {
		if (!this.#html) return true;
		return openInNewWindow(withNetwork(this.#html, this.network), this.#revision) !== null;
	}
}
