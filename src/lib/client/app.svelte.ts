// The workbench's stores and commands, made once per page: the studio connection, layout, editor,
// preview, the action groups, and the page-level choices (a share link, an update, the trace's focus).
// The page composes views from it; boot.ts starts it.
import { getContext, setContext } from 'svelte';
import { StudioClient } from './studio.svelte';
import { LayoutStore } from './layout.svelte';
import { PreviewController } from './preview.svelte';
import { EditorController } from './editor/editor.svelte';
import { ToastStore } from './toasts.svelte';
import { WorkbenchActions } from './actions/workbench.svelte';
import type { ApprovalDecision } from '$lib/worker/protocol';
import type { StorageActions } from './actions/storage.svelte';
import { Later } from './later.svelte';
import type { WebMcpBridge, WebMcpStatus } from './webmcp';
import type { McpTool } from '$lib/tools/catalog-model';
import { updates } from './updates.svelte';
import { InstallOffer } from './install.svelte';
import { Viewport } from './viewport.svelte';
import { readFirstScreen, readStarterScreen, type FirstScreen } from './first-screen';
import { StartStages } from './stages.svelte';
import { nextTask } from './next-task';

/** Where the editor's text size and wrapping are kept (a preference shared by this browser's tabs). */
export const EDITOR_LOOK_KEY = 'editor-look';

/** What a share link holds, said before anything changes. */
export function sharedSummary(shared: { files: { path: string }[]; skipped: unknown[] }): string {
	const names = shared.files.slice(0, 6).map((f) => f.path).join(', ');
	const more = shared.files.length > 6 ? ` and ${shared.files.length - 6} more` : '';
	const left = shared.skipped.length ? ` ${shared.skipped.length} entries cannot be opened and are left out.` : '';
	return `The link holds ${shared.files.length} file${shared.files.length === 1 ? '' : 's'}: ${names}${more}.${left} Nothing was downloaded: the site is inside the link.`;
}

/** One page's workbench. */
/** A banner under the top bar (app.banners). */
export type BannerKind = 'update-ready' | 'workspace-deleted' | 'reload-required' | 'memory-mode' | 'storage-nearly-full';

export class StudioApp {
	readonly studio = new StudioClient();
	readonly layout = new LayoutStore();
	readonly toasts = new ToastStore();
	readonly viewport = new Viewport();
	/** How far the page's start has come (its regions mount a task each). */
	readonly stages = new StartStages();
	/** The installed app: the browser's install offer and a new version waiting. */
	readonly updates = updates;
	readonly offer = new InstallOffer();
	/** Renders what the hub sends this tab, in the preview's frame. */
	readonly previewer: PreviewController;
	readonly code: EditorController;
	readonly actions: WorkbenchActions;
	/**
	 * The Agent panel's state and commands, made when first needed (the panel shown, a fix asked for, an
	 * element picked): their code is not the first screen's. Its settings are read once the hub answers.
	 */
	readonly agent = new Later(async () => {
		const { AgentActions } = await import('./actions/agent.svelte');
		const ui = new AgentActions(this.studio, this.toasts);
		this.#whenConnected(() => ui.load());
		return ui;
	}, () => this.#codeFailed('The Agent panel'));
	/** The Tools, Trace and History panels' commands, made when first needed (a panel shown, the palette's tool commands). */
	readonly dock = new Later(async () => {
		const { DockActions } = await import('./actions/dock.svelte');
		const { studio, toasts, actions, code } = this;
		return new DockActions({ studio, toasts, tools: () => actions.tools, call: (name, args) => actions.call(name, args), retryById: (callId, name) => actions.retryById(callId, name), flushAll: () => code.flushAll() });
	}, () => this.#codeFailed('The dock’s panels'));
	/** A .zip or a folder imported, a share link made or opened, a revision downloaded: made when first needed. */
	readonly portable = new Later(async () => {
		const { PortableActions } = await import('./actions/portable.svelte');
		return new PortableActions(this.studio, this.toasts, (name, args) => this.actions.call(name, args), () => this.storage.run((s) => s.downloadZip()));
	}, () => this.#codeFailed('The import and share commands'));
	/** The file tree's commands and the folder's, made when first used (a file created, renamed, dropped in; a folder opened). */
	readonly files = new Later(async () => {
		const { FileActions } = await import('./actions/files.svelte');
		return new FileActions(this.studio, this.code, this.toasts, this.actions);
	}, () => this.#codeFailed('The file commands'));
	/** The workspace switcher's list, dialogs and commands, made when first needed (the menu, a dialog, the palette). */
	readonly workspaces = new Later(async () => {
		const { WorkspaceActions } = await import('./actions/workspaces.svelte');
		const ui = new WorkspaceActions(this.studio, this.toasts, () => this.code.flushAll());
		this.#whenConnected(() => ui.refresh());
		return ui;
	}, () => this.#codeFailed('The workspace commands'));
	/**
	 * What the page does with an element picked in the preview and a text edited in place there: made
	 * with the first (the preview's inspector, whose news it takes, loads only then too).
	 */
	readonly inspect = new Later(async () => {
		const { InspectActions } = await import('./actions/inspect.svelte');
		const { layout } = this;
		return new InspectActions(
			{
				call: (name, args, source) => this.actions.call(name, args, source),
				flush: (path) => this.code.flush(path),
				openFile: (path, line) => this.actions.openFile(path, line),
				reveal: (panel) => layout.reveal(panel),
				held: () => this.agent.current?.element ?? null,
				hold: (element) => {
					if (this.agent.current) this.agent.current.element = element;
					else if (element) this.agent.run((ui) => (ui.element = element));
				},
				follow: (element) => this.previewer.follow(element)
			},
			this.toasts
		);
	}, () => this.#codeFailed('The element picker’s commands'));
	/** Backups and the recovery after a storage failure, made when first used. */
	readonly storage = new Later<StorageActions>(async () => {
		const { StorageActions } = await import('./actions/storage.svelte');
		return new StorageActions(this.studio, this.toasts);
	}, () => this.#codeFailed('The backup and storage commands'));
	/** The WebMCP registration, made once the start is over (null before; its code is not the first screen's). */
	#webmcp: WebMcpBridge | null = null;
	#closed = false;
	/** Browser agents (WebMCP) the tools are registered with, once known. */
	browserAgents = $state<WebMcpStatus | null>(null);
	/** The trace entry a transcript step asked to show. */
	traceFocus = $state('');
	/** How a share link opens: as a new workspace, or over this one's files. */
	sharedAs = $state<'new' | 'replace'>('new');
	/** An update waits to be applied while approvals wait or an agent runs: asked first. */
	updateConfirm = $state(false);
	/** The hub connection, started while the page renders (the worker boots meanwhile; B6 in `npm run bench`). */
	readonly started: Promise<void>;
	/** What this device last showed of the workspace: painted while the hub starts (null: nothing kept). */
	readonly firstScreen: FirstScreen | null;

	constructor() {
		// The page's own script is running (its start's first part: devtools, bench B6).
		performance.mark('studio:script');
		const { studio, toasts, layout } = this;
		this.code = new EditorController(studio, toasts);
		this.actions = new WorkbenchActions(studio, this.code, toasts, layout, this.dock, this.files);
		this.previewer = new PreviewController();
		this.previewer.inspect = {
			onPick: (element) => this.inspect.run((inspect) => inspect.picked(element)),
			onRefresh: (element) => this.inspect.run((inspect) => inspect.refreshed(element)),
			onTextEdit: (edit) => this.inspect.get().then((inspect) => inspect.editText(edit)),
			onTextRefused: (reason, tag) => this.inspect.run((inspect) => inspect.refused(reason, tag))
		};
		studio.onRender = (render) => this.previewer.render(render);
		studio.onCapture = (id, options) => this.previewer.capture(id, options);
		// In the next task: the page's first mount is one task less long (the hub's worker, started
		// with the layout, boots meanwhile).
		this.started = nextTask().then(() => studio.start());
		// Read synchronously, before the first paint: the screen shows this while the hub starts.
		this.firstScreen = readFirstScreen(studio.workspaceId) ?? readStarterScreen(studio.workspaceId);
		if (this.firstScreen) {
			studio.workspace.fromFirstScreen(this.firstScreen);
			layout.apply(this.firstScreen.layout, true);
			if (this.firstScreen.open) this.code.showFirst(this.firstScreen.open);
			if (this.firstScreen.preview) this.previewer.showFirst(this.firstScreen.preview);
		}
	}

	#codeFailed(what: string): void {
		this.toasts.show({ tone: 'error', message: `${what} could not be loaded: check the connection, then try again.` });
	}

	/** Runs `work` once the hub answered (at once when it has), unless the start failed. */
	#whenConnected(work: () => Promise<unknown>): void {
		void this.started.then(() => (this.connected ? work() : undefined)).catch(() => undefined);
	}

	/** A person's answer from this tab to an approval (the transcript records who decided). */
	decide(id: string, decision: ApprovalDecision) {
		void this.studio.api.resolveApproval(id, decision, this.studio.tabId ?? undefined);
	}

	/** Registers `tools` with the browser's agents (WebMCP), loading the bridge's code the first time. */
	async offerToBrowserAgents(tools: readonly McpTool[]): Promise<void> {
		const { WebMcpBridge } = await import('./webmcp');
		if (this.#closed) return;
		this.#webmcp ??= new WebMcpBridge((call, sessionId) => this.studio.executeAgentCall(call, 'webmcp', sessionId));
		this.browserAgents = await this.#webmcp.sync(tools);
	}

	/** Takes the tools back from the browser's agents (the page is going). */
	withdrawFromBrowserAgents(): void {
		this.#closed = true;
		this.#webmcp?.dispose();
	}

	/** The picture a later start paints first (null while not connected, or the workspace is gone). */
	firstScreenNow(): FirstScreen | null {
		const ws = this.studio.workspace;
		if (!this.connected || ws.missing || this.deleted) return null;
		const active = this.code.active;
		const open = active ? this.code.storedText(active) : null;
		return { v: 2, workspaceId: this.studio.workspaceId, name: ws.name, revision: ws.revision, files: ws.files, activePath: active ?? ws.activePath, open, preview: this.previewer.keptRender(), layout: this.layout.screen(), at: Date.now() };
	}

	get connected(): boolean {
		return this.studio.hub.state === 'connected';
	}

	/** A dialog of the workbench is asked for (their code loads the first time one is: routes/regions/Dialogs). */
	get dialogAsked(): boolean {
		const { agent, portable, workspaces, actions, files } = this;
		return (agent.current?.fixHint ?? null) !== null || (portable.current?.shared ?? null) !== null || (workspaces.current?.dialog ?? null) !== null || actions.resetOpen || this.updateConfirm || (files.current?.emptyFolder ?? null) !== null;
	}

	/** The workspace this hub serves was deleted (here or in another tab). */
	get deleted(): boolean {
		return this.studio.hub.status?.supersededBy === 'workspace-deleted';
	}

	/**
	 * The banners under the top bar: a new version ready, then the most pressing of the hub's or the
	 * storage's states. Most starts have none, and their view loads only with the first (regions/Banners).
	 */
	get banners(): BannerKind[] {
		const { studio, storageUsed } = this;
		const state: BannerKind | null = this.deleted
			? 'workspace-deleted'
			: studio.hub.state === 'reload-required'
				? 'reload-required'
				: studio.workspace.storage?.kind === 'memory'
					? 'memory-mode'
					: storageUsed !== null && storageUsed >= STORAGE_WARN_RATIO
						? 'storage-nearly-full'
						: null;
		return [...(this.updates.ready ? (['update-ready'] as const) : []), ...(state ? [state] : [])];
	}

	/** Used share of the browser's storage quota (0–1), or null when the browser does not say. */
	get storageUsed(): number | null {
		const storage = this.studio.workspace.storage;
		return storage?.usage != null && storage.quota ? storage.usage / storage.quota : null;
	}

	/** The conversation is on screen: its own approvals show inline there, not floating. */
	get agentVisible(): boolean {
		return this.viewport.phone ? this.layout.phoneTab === 'agent' : this.viewport.wide || this.layout.dockTab === 'agent';
	}

	/** Approvals shown as floating cards: all but the visible conversation's own. */
	get floatingApprovals() {
		const inline = new Set(this.agentVisible && this.agent.current ? this.agent.current.approvals.map((approval) => approval.id) : []);
		return this.studio.approvals.pending.filter((approval) => !inline.has(approval.id));
	}

	/** What reloading onto a new version would cancel ('' when nothing). */
	get waitingWork(): string {
		const pending = this.studio.approvals.pending.length;
		return [pending ? `${pending} change${pending === 1 ? '' : 's'} waiting for approval` : '', this.studio.agents.runs.some((run) => run.running) ? 'an agent run' : ''].filter(Boolean).join(' and ');
	}

	/** Reload onto the waiting version: ask first if approvals wait or an agent runs (they would be cancelled). */
	applyUpdate(confirmed = false) {
		if (this.waitingWork && !confirmed) {
			this.updateConfirm = true;
			return;
		}
		this.updateConfirm = false;
		void updates.apply();
	}

	/** Opens the share link the person accepted, as they chose. */
	async openShared() {
		const portable = this.portable.current;
		const shared = portable?.take();
		if (!portable || !shared) return;
		if (this.sharedAs === 'new' && (await (await this.workspaces.get()).openSharedAsNew(shared.data))) return;
		if (this.sharedAs === 'replace') await portable.replaceWith(shared);
	}

	/** Shows a trace entry in the Trace tab. */
	showTrace(id: string) {
		this.traceFocus = id;
		this.layout.reveal('trace');
	}

	/** Sets the editor's look and keeps it for this browser's tabs. */
	setLook(look: { fontSize?: number; wrap?: boolean }) {
		this.code.setLook(look);
		void this.studio.api.setPreference(EDITOR_LOOK_KEY, { fontSize: this.code.fontSize, wrap: this.code.wrap });
	}
}

/** The share of the quota at which the studio warns (the hub's own guard: worker/storage-monitor.ts). */
const STORAGE_WARN_RATIO = 0.8;

const APP = Symbol('studio-app');

/** Makes `app` the workbench of the components below the caller (the page). */
export function provideApp(app: StudioApp): StudioApp {
	return setContext(APP, app);
}

/** The workbench of the page this component is part of. */
export function useApp(): StudioApp {
	const app = getContext<StudioApp | undefined>(APP);
	if (!app) throw new Error('useApp() outside the workbench page');
	return app;
}
