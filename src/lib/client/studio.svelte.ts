// The tab's client of the runtime: connects, folds the snapshot and events into the stores, and
// offers the commands the page needs. The only place that subscribes to runtime events.
import { errorResult, type CallToolResult, type Source } from '$lib/runtime/types';
import { HUB_CALLS, renderChannelName } from '$lib/worker/protocol-calls';
import type { HubBackend, HubEvent, HubSnapshot, PreviewRender, TabMessage, CaptureOptions } from '$lib/worker/protocol';
import type { PreviewLink } from './preview-link';
import { errorShape } from '$lib/core/error-shape';
import { connect, newTabId, type Connection } from './connect';
import { foldHubEvent, type FoldTarget } from './fold';
import { chosenWorkspace } from './workspace-choice';
import { takeEarlyTab } from './hub-early';
import { AgentStore, ApprovalsStore, HubStore, PreviewStore, TraceStore, WorkspaceStore } from './stores.svelte';

/** Connection, stores and commands for one tab. */
export class StudioClient {
	/** The connection's state and the hub's status (writer, build, who superseded it). */
	readonly hub = new HubStore();
	/** Files, revision, undo/redo, the folder and storage figures, who has what open. */
	readonly workspace = new WorkspaceStore();
	/** The audit trace, newest last. */
	readonly trace = new TraceStore();
	/** Changes waiting for consent and the session grants in force. */
	readonly approvals = new ApprovalsStore();
	/** What the preview last rendered and acknowledged. */
	readonly preview = new PreviewStore();
	/** Agent runs and their transcripts. */
	readonly agents = new AgentStore();
	#connection: Connection | null = null;
	#channel: BroadcastChannel | null = null;
	#renders: BroadcastChannel | null = null;
	#hubId = '';
	/** The hub this tab is connected to ('' before its snapshot): each start of the runtime has its own. */
	get hubId(): string {
		return this.#hubId;
	}
	#seq = 0;
	#buffer: HubEvent[] | null = null;
	#resyncing: Promise<void> | null = null;
	#settle!: () => void;
	/** Settles once the first connection is made or has failed (calls made before it wait for it). */
	readonly #settled = new Promise<void>((resolve) => (this.#settle = resolve));

	/** The tab the first paint leased already (its lease was granted while the page's code loaded). */
	readonly #earlyTab = takeEarlyTab();
	/**
	 * This tab's id, known before it connects (the editor journals typing under it while the hub
	 * starts; the connection holds its lease).
	 */
	readonly tabId: string = this.#earlyTab?.id ?? newTabId();

	/** The workspace this tab is pinned to (its URL's `?workspace=`, else the last one opened). */
	readonly workspaceId = typeof location === 'undefined' ? 'default' : chosenWorkspace();

	/** Connects, then subscribes before taking the snapshot so no event is missed. */
	async start(): Promise<void> {
		this.hub.state = 'connecting';
		try {
			const connection = await connect(this.tabId, this.workspaceId, this.#earlyTab?.lease);
			this.#connection = connection;
			const { hello } = connection;
			this.hub.mode = connection.mode;
			this.hub.protocolVersion = hello.protocolVersion;
			this.hub.hubBuild = hello.build;
			if (!hello.compatible) {
				this.hub.state = 'reload-required';
				return;
			}
			this.#channel = new BroadcastChannel(hello.eventsChannel);
			this.#channel.onmessage = (event: MessageEvent<HubEvent>) => this.#onEvent(event.data);
			// Renders are addressed to this tab on a channel of its own: never lost in a resync.
			this.#renders = new BroadcastChannel(renderChannelName(hello.build, connection.tabId));
			this.#renders.onmessage = (event: MessageEvent<TabMessage>) => {
				const message = event.data;
				if (message?.kind === 'render') void this.onRender?.(message.render);
				else if (message?.kind === 'capture') void this.onCapture?.(message.id, message.options);
			};
			await this.#resync();
			this.hub.state = this.hub.status?.state === 'superseded' ? 'reload-required' : 'connected';
			// User Timing: visible in devtools' performance panel; the start benchmark (B6) reads it.
			performance.mark('studio:connected');
			markHubStartup(hello.startup);
			this.#flushOnHide();
		} catch (error) {
			this.hub.state = 'failed';
			this.hub.error = error instanceof Error ? error.message : String(error);
		} finally {
			this.#settle();
		}
	}

	/** Takes a snapshot while buffering events, then applies the buffered events newer than it. */
	#resync(): Promise<void> {
		this.#resyncing ??= (async () => {
			this.hub.resyncs++;
			this.#buffer = [];
			try {
				const snapshot = await this.#connection!.facade.snapshot();
				this.#applySnapshot(snapshot);
				const buffered = this.#buffer;
				this.#buffer = null;
				for (const event of buffered) this.#onEvent(event);
			} finally {
				this.#buffer = null;
				this.#resyncing = null;
			}
		})();
		return this.#resyncing;
	}

	#applySnapshot(snapshot: HubSnapshot) {
		this.#hubId = snapshot.hubId;
		this.#seq = snapshot.seq;
		this.workspace.fromSnapshot(snapshot);
		this.trace.reset(snapshot.trace);
		this.approvals.pending = snapshot.approvals;
		this.approvals.grants = snapshot.grants;
		this.preview.state = snapshot.preview;
		this.hub.status = snapshot.status;
		this.agents.runs = snapshot.agents;
	}

	#onEvent(event: HubEvent) {
		if (!event || typeof event !== 'object' || typeof event.seq !== 'number') return;
		if (this.#buffer) {
			this.#buffer.push(event);
			return;
		}
		if (event.hubId !== this.#hubId) {
			// Another hub answers now (the writer changed in per-tab mode): start over from its snapshot.
			void this.#resync();
			return;
		}
		if (event.seq <= this.#seq) return;
		if (event.seq !== this.#seq + 1) {
			void this.#resync(); // a gap: never guess, re-read
			return;
		}
		this.#seq = event.seq;
		foldHubEvent(this.#foldTarget(), event);
	}

	#target: FoldTarget | null = null;

	/** What events fold into: this client's stores and listeners, and two of its own steps. */
	#foldTarget(): FoldTarget {
		const { hub, workspace, trace, approvals, preview, agents, onChange, onPreview, onCollab } = this;
		return (this.#target ??= {
			hub, workspace, trace, approvals, preview, agents, onChange, onPreview, onCollab,
			resync: () => void this.#resync(),
			ownEdit: (event) => {
				if (event.tabId === this.tabId && (event.source === 'editor' || event.source === 'palette')) void this.#askToPersist();
			}
		});
	}

	#flushOnHide() {
		// Pending editor saves register here (editor issue); the hub commits before answering.
		const flush = () => this.onHide.forEach((fn) => fn());
		document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
		addEventListener('pagehide', flush);
		// A phone may freeze a background tab without unloading it, and discard it later.
		document.addEventListener('freeze', flush);
	}

	/** Listeners of committed changes (the editor re-reads open files). */
	readonly onChange: FoldTarget['onChange'] = new Set();

	/** Listeners of the preview's page and site-storage events (this tab's preview). */
	readonly onPreview: FoldTarget['onPreview'] = new Set();

	/** Listeners of co-editing events (the editor). */
	readonly onCollab: FoldTarget['onCollab'] = new Set();

	/** Called with each document the hub asks this tab's preview to render. */
	onRender: ((render: PreviewRender) => Promise<void>) | null = null;
	/** The hub asks this tab's preview for a picture of the page (the screenshot tool). */
	onCapture: ((id: string, options: CaptureOptions) => Promise<void>) | null = null;

	/**
	 * The link the preview controller uses to talk to the hub. It may be taken before the hub answers
	 * (the first screen's preview): its calls wait for the connection.
	 */
	previewLink(): PreviewLink {
		const tabId = this.tabId;
		const facade = async () => {
			await this.#settled;
			if (!this.#connection) throw new Error('The runtime is not connected.');
			return this.#connection.facade;
		};
		return {
			tabId,
			workspaceId: this.workspaceId,
			live: () => this.hub.state === 'connected',
			register: async () => (await facade()).registerPreviewHost(tabId),
			ack: async (renderId, outcome) => (await facade()).previewAck(tabId, renderId, outcome),
			report: async (lines) => (await facade()).previewReport(tabId, lines),
			navigate: async (target) => (await facade()).previewNavigate(target),
			location: async () => (await facade()).previewLocation(),
			file: async (revision, path, as) => (await facade()).previewFile(revision, path, as),
			storage: async (change) => (await facade()).previewStorage(tabId, change),
			siteStorage: async () => (await facade()).previewSiteStorage(),
			captured: async (id, result) => (await facade()).previewCaptured(tabId, id, result),
			events: (listener) => {
				this.onPreview.add(listener);
				return () => this.onPreview.delete(listener);
			}
		};
	}

	#persistAsked = false;

	/**
	 * After the first real edit from this tab, asks the browser to keep the studio's storage even
	 * under storage pressure (only a page can ask), then has the hub read the outcome.
	 */
	async #askToPersist(): Promise<void> {
		if (this.#persistAsked || this.workspace.storage?.persisted || !navigator.storage?.persist) return;
		this.#persistAsked = true;
		await navigator.storage.persist().catch(() => false);
		await this.#connection?.facade.refreshStorage().catch(() => undefined);
	}

	/** Callbacks run when the tab is hidden or unloads (flush pending work). */
	readonly onHide = new Set<() => void>();

	/** A tab of another build neither writes nor calls: it must reload first. */
	#reloadRequired(): CallToolResult {
		return errorResult(errorShape('TOOL_POLICY_DENIED', 'This tab runs an older version of Web Studio than the one now open. Reload it to keep working.', false, { reason: 'reload-required' }));
	}

	/** Calls made while the hub starts wait for it; after a failed start they fail. */
	async #requireWritable(): Promise<void> {
		if (!this.#connection) await this.#settled;
		if (!this.#connection) throw new Error('The runtime is not connected.');
	}

	/** A direct command through the registry (`mode: 'direct'`). */
	async callTool(name: string, args: Record<string, unknown> = {}, source: Source = 'palette'): Promise<CallToolResult> {
		// Arguments may be rune proxies (forms): snapshot them, or structured clone refuses them.
		const sent = $state.snapshot(args);
		await this.#requireWritable();
		if (this.hub.state === 'reload-required') return this.#reloadRequired();
		return this.#connection!.facade.callTool(name, sent, { tabId: this.tabId, source });
	}

	/**
	 * An agent-originated call from this page (WebMCP, the console): waits for approval like a
	 * model's. `sessionId` names the caller's session ("allow for this session" is scoped to it).
	 */
	async executeAgentCall(call: { id?: string; name: string; arguments?: unknown }, source: Source, sessionId: string): Promise<CallToolResult> {
		await this.#requireWritable();
		if (this.hub.state === 'reload-required') return this.#reloadRequired();
		return this.#connection!.facade.executeAgentCall($state.snapshot(call), { tabId: this.tabId, source, sessionId });
	}

	/** Every tool definition (all pages of tools/list). */
	async listAllTools() {
		const tools = [];
		let cursor: string | undefined;
		do {
			const page = await this.api.listTools(cursor);
			tools.push(...page.tools);
			cursor = page.nextCursor;
		} while (cursor);
		return tools;
	}

	async retryCall(callId: string): Promise<CallToolResult> {
		await this.#requireWritable();
		return this.#connection!.facade.retryCall(callId, { tabId: this.tabId, source: 'palette' });
	}

	/**
	 * The hub's methods, as the protocol table defines them (the deadline and withdrawal proxy of
	 * connect.ts included). Arguments are snapshotted: rune proxies cannot cross a worker boundary.
	 */
	readonly api: HubBackend = new Proxy({} as HubBackend, {
		get: (_target, method: string | symbol) => {
			if (typeof method !== 'string' || !Object.hasOwn(HUB_CALLS, method)) return undefined;
			return async (...args: unknown[]) => {
				// Snapshotted as called: a call made while the hub starts sends what it was given then.
				const sent = args.map((arg) => (arg && typeof arg === 'object' && !(arg instanceof Uint8Array) && (arg as { kind?: unknown }).kind !== 'directory' ? $state.snapshot(arg) : arg));
				await this.#requireWritable();
				const call = (this.#connection!.facade as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]!;
				return call(...sent);
			};
		}
	});
}

/**
 * The hub's start as marks of this page (its clock is shared: epoch ms less this page's origin), so
 * one timeline shows the page's script, the hub's boot, its storage opening and the first render. A
 * hub that was already running started before this page: then there is nothing to mark.
 */
function markHubStartup(startup: { created: number; starting: number; storageOpened: number; ready: number } | undefined) {
	if (!startup || typeof performance.mark !== 'function') return;
	const origin = performance.timeOrigin;
	if (startup.created < origin) return;
	for (const [name, at] of [['hub:created', startup.created], ['hub:starting', startup.starting], ['hub:storage-opened', startup.storageOpened], ['hub:ready', startup.ready]] as const) performance.mark(`studio:${name}`, { startTime: at - origin });
}
