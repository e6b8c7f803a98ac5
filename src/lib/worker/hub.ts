// The hub: the shared runtime one per origin+build (or per tab in fallback). Hosts the registry,
// policy, trace, workspace service and repository; publishes events; tracks tab leases.
import { ToolRegistry } from '../runtime/registry';
import { ApprovalPolicy, type ApprovalDecision } from '../runtime/policy';
import { TabLeases } from './tabs';
import { HubStorage, type HubStorageOptions } from './hub-storage';
import { Trace } from '../runtime/trace';
import { WorkspaceService, type WorkspaceEvent } from '../runtime/workspace-service';
import { registerWorkspaceTools } from '../runtime/handlers/index';
import { NO_PREVIEW, type FolderPort, type FolderState, type RepositoryPort } from '../runtime/ports';
import { BrowserFolder, type FolderRecord } from '../storage/folder';
import { PreviewCoordinator } from '../preview/coordinator';
import { createPreparer, describeChanges } from '../runtime/prepare';
import { workspaceBaseReader } from '../runtime/retry';
import { AgentRunner, type SettingsPort } from '../agents/runner';
import type { CallToolResult, TraceEntry } from '../runtime/types';
import type { FileRecord } from '../domain/model';
import { sortedFiles } from '../domain/model';
import { tryNormalizePath } from '../domain/paths';
import type { ApprovalState } from '../runtime/policy';
import {
	PROTOCOL_VERSION,
	compareHello,
	eventsChannelName,
	type FileSummary,
	type HelloRequest,
	type HelloResponse,
	type HubEvent,
	type HubEventBody,
	type HubSnapshot,
	type HostRenderOutcome,
	type HubStatus,
	type PreviewConsoleLine,
	type PreviewErrorLine,
	type RuntimeMode,
	type TabCallContext
} from './protocol';

/** Persistence of the trace, when the repository offers it. */
export interface TracePersistence {
	load(): Promise<TraceEntry[]>;
	append(entry: TraceEntry): void;
	clear(): Promise<void>;
}

/** Presentation preferences (panel sizes…), kept apart from tools and history. */
export interface PreferenceStore {
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<void>;
}

/** What a hub needs from its host (worker entry or page). */
export interface HubOptions {
	mode: RuntimeMode;
	build: string;
	builtAt?: number;
	repository: RepositoryPort;
	/** Storage facts and recovery actions (see HubStorage). */
	storage?: Omit<HubStorageOptions, 'kind'>;
	tracePersistence?: TracePersistence;
	/** Publishes an event to every tab (a BroadcastChannel in every mode). */
	publish: (event: HubEvent) => void;
	/** Web Locks for tab leases; absent in Node tests. */
	locks?: Pick<LockManager, 'request'> | null;
	now?: () => number;
	hubId?: string;
	/** How long the hub waits for a preview host's answer. */
	previewAckTimeoutMs?: number;
	preferences?: PreferenceStore;
	/** Runtime settings (provider, model, base URL, key). */
	settings?: SettingsPort;
	/** fetch for the model loop (tests inject one). */
	fetch?: typeof fetch;
	/** Where the connected folder's handle is kept. */
	folders?: { get(workspaceId: string): Promise<FolderRecord | undefined>; put(record: FolderRecord | null, workspaceId: string): Promise<void> };
}

function summarise(file: FileRecord): FileSummary {
	return { path: file.path, kind: file.kind, language: file.language, mimeType: file.mimeType, size: file.size, hash: file.hash };
}

/** The runtime host. Create with {@link Hub.start}. */
export class Hub {
	readonly id: string;
	readonly mode: RuntimeMode;
	readonly build: string;
	readonly builtAt: number;
	readonly startedAt: number;
	readonly registry: ToolRegistry;
	readonly service: WorkspaceService;
	readonly preview: PreviewCoordinator;
	readonly agents: AgentRunner;
	readonly #options: HubOptions;
	#seq = 0;
	readonly #leases: TabLeases;
	readonly storage: HubStorage;
	#newerBuild: string | undefined;
	#supersededMessage: string | undefined;
	#folder: BrowserFolder | null = null;
	writer = true;

	private constructor(options: HubOptions, service: WorkspaceService, registry: ToolRegistry, storage: HubStorage) {
		this.#options = options;
		this.id = options.hubId ?? `hub-${Math.random().toString(36).slice(2, 10)}`;
		this.mode = options.mode;
		this.build = options.build;
		this.builtAt = options.builtAt ?? 0;
		this.startedAt = (options.now ?? Date.now)();
		this.service = service;
		this.registry = registry;
		this.preview = new PreviewCoordinator({
			publish: (render) => this.#publish({ type: 'preview.render', render }),
			onStatus: (outcome, hosts) => this.#publish({ type: 'preview.status', preview: { outcome, hosts } }),
			ackTimeoutMs: options.previewAckTimeoutMs
		});
		service.preview = this.preview;
		this.#leases = new TabLeases(options.locks, (event) => this.#onTabs(event));
		this.storage = storage;
		this.agents = new AgentRunner(registry, options.settings ?? null, (update) => this.#publish({ type: 'agent.update', update }), options.fetch);
	}

	/** Loads the workspace and wires registry, policy, trace and events. */
	static async start(options: HubOptions): Promise<Hub> {
		let hubRef: Hub | null = null;
		const storage = new HubStorage({ ...options.storage, kind: options.repository.kind }, () => hubRef?.publishStorage());
		const service = await WorkspaceService.open({ repository: options.repository, preview: NO_PREVIEW, quota: storage.monitor });
		const trace = new Trace();
		if (options.tracePersistence) {
			trace.restore(await options.tracePersistence.load().catch(() => []));
			trace.addSink({ append: (entry) => options.tracePersistence!.append(entry) });
		}
		const folder = () => hubRef?.folder ?? null;
		const registry = new ToolRegistry({
			trace,
			policy: new ApprovalPolicy(),
			getRevision: () => service.revision,
			baseOf: workspaceBaseReader(service),
			prepare: createPreparer(service, folder)
		});
		registerWorkspaceTools(registry, service, { folder, storage: () => storage.monitor.use });
		if (storage.failure) registry.policy.setReadOnly(storage.failure.message);
		const hub = new Hub(options, service, registry, storage);
		hubRef = hub;
		await hub.#restoreFolder();
		await hub.agents.applyStored();
		trace.subscribe((entry) => hub.#publish(entry ? { type: 'trace.appended', entry } : { type: 'trace.cleared' }));
		registry.policy.subscribe((state: ApprovalState) => hub.#publish({ type: 'approvals.changed', ...state }));
		service.subscribe((event) => hub.#onWorkspaceEvent(event));
		void storage.monitor.refresh(true);
		return hub;
	}

	/** Tells the tabs how storage stands now. */
	publishStorage(): void {
		this.#publish({ type: 'storage.status', storage: this.storage.info(this.service.quarantined.length) });
	}

	/** A .zip of the workspace, or of whatever storage still holds when it failed. */
	downloadBackup() {
		return this.storage.backup(this.service.workspace.files.values(), new Date((this.#options.now ?? Date.now)()).toISOString().slice(0, 10));
	}

	/** Reads usage, quota and persistence again (the page asked the browser to persist). */
	async refreshStorage(): Promise<void> {
		await this.storage.monitor.refresh(true);
	}

	/** Ends this hub so every tab reloads onto a fresh one (Retry after a storage failure). */
	restartHub(): void {
		this.#publish({ type: 'hub.restart' });
		this.storage.restart();
	}

	/** Asks the hubs of other tabs to let go of storage (after a storage failure). */
	releaseStorage(): void {
		this.storage.releaseOthers();
	}

	#publish(body: HubEventBody) {
		this.#seq += 1;
		this.#options.publish({ ...body, hubId: this.id, seq: this.#seq } as HubEvent);
	}

	/** The connected folder, if any. */
	get folder(): FolderPort | null {
		return this.#folder;
	}

	folderState(): FolderState {
		return this.#folder?.state(this.service.workspace) ?? { status: 'browser-only' };
	}

	#folderRecordSaved = async (record: FolderRecord | null) => {
		await this.#options.folders?.put(record, this.service.workspaceId);
		if (!record) this.#folder = null;
		this.#publish({ type: 'folder.status', folder: this.folderState() });
	};

	async #restoreFolder() {
		const record = await this.#options.folders?.get(this.service.workspaceId).catch(() => undefined);
		if (!record?.handle) return;
		this.#folder = new BrowserFolder(record, this.#folderRecordSaved);
		await this.#folder.refreshPermission();
	}

	/**
	 * Connects a folder. Nothing is written: the page then imports a folder that holds anything (an
	 * oversize or unreadable file counts), or, after the person confirms, saves into an empty one.
	 */
	async connectFolder(handle: FileSystemDirectoryHandle): Promise<{ name: string; hasFiles: boolean }> {
		const record: FolderRecord = { workspaceId: this.service.workspaceId, handle, saved: {} };
		const folder = new BrowserFolder(record, this.#folderRecordSaved);
		await folder.refreshPermission();
		const hasFiles = await folder.hasEntries();
		this.#folder = folder;
		await this.#folderRecordSaved(record);
		return { name: handle.name, hasFiles };
	}

	#onWorkspaceEvent(event: WorkspaceEvent) {
		const ws = this.service.workspace;
		const { undo, redo } = this.service.undoState;
		if (event.type === 'changed' && this.#folder) queueMicrotask(() => this.#publish({ type: 'folder.status', folder: this.folderState() }));
		if (event.type === 'changed') void this.storage.monitor.refresh();
		if (event.type === 'changed') {
			this.#publish({
				type: 'workspace.changed',
				revision: event.revision,
				source: event.source,
				tool: event.tool,
				tabId: event.tabId,
				changed: event.changedPaths.map((path) => {
					const file = ws.files.get(path);
					return { path, file: file ? summarise(file) : null };
				}),
				activePath: ws.activePath,
				canUndo: undo.length > 0,
				canRedo: redo.length > 0
			});
		} else if (event.type === 'focus') this.#publish({ type: 'workspace.focus', path: event.path, line: event.line, revision: event.revision });
		else this.#publish({ type: 'workspace.reloaded', revision: event.revision });
	}

	/** The hub's status as tabs show it. */
	status(): HubStatus {
		return {
			state: this.#newerBuild ? 'superseded' : this.storage.failure ? 'failed' : 'ready',
			mode: this.mode,
			build: this.build,
			hubId: this.id,
			tabs: this.#leases.count,
			writer: this.writer,
			newerBuild: this.#newerBuild,
			message: this.#supersededMessage ?? this.storage.failure?.message
		};
	}

	/** Answers a tab's handshake and starts watching its lease. */
	hello(request: HelloRequest): HelloResponse {
		this.trackTab(request.tabId);
		return {
			protocolVersion: PROTOCOL_VERSION,
			build: this.build,
			mode: this.mode,
			...compareHello(request, { protocolVersion: PROTOCOL_VERSION, build: this.build }),
			hubId: this.id,
			hubStartedAt: this.startedAt,
			tabs: this.#leases.count,
			eventsChannel: eventsChannelName(this.build)
		};
	}

	/** Starts watching a tab's lease (see TabLeases). */
	trackTab(tabId: string): void {
		this.#leases.track(tabId);
	}

	/** Cleans up after a tab: finishes its saves, aborts its other calls, ends its sessions. */
	forgetTab(tabId: string): Promise<void> {
		return this.#leases.forget(tabId);
	}

	#onTabs(event: { type: 'added' | 'gone'; tabId: string }) {
		if (event.type === 'gone') {
			this.registry.policy.endTab(event.tabId);
			this.preview.removeHost(event.tabId);
		}
		this.#publish({ type: 'hub.status', status: this.status() });
	}

	get tabCount(): number {
		return this.#leases.count;
	}

	/** A newer build is running: stop writing and tell our tabs to reload. */
	supersede(newerBuild: string, message = 'A newer version of Web Studio is open in another tab. Reload this tab to keep working.'): void {
		if (this.#newerBuild) return;
		this.#newerBuild = newerBuild;
		this.#supersededMessage = message;
		this.registry.policy.setReadOnly(message);
		this.#publish({ type: 'hub.status', status: this.status() });
	}

	/** Everything a tab needs before applying events. */
	snapshot(): HubSnapshot {
		const ws = this.service.workspace;
		const { undo, redo } = this.service.undoState;
		return {
			hubId: this.id,
			seq: this.#seq,
			workspace: { id: ws.id, name: ws.name, revision: ws.revision, activePath: ws.activePath, files: sortedFiles(ws).map(summarise) },
			storage: this.storage.info(this.service.quarantined.length),
			trace: this.registry.trace.snapshot(),
			approvals: this.registry.policy.snapshot(),
			grants: this.registry.policy.grants(),
			preview: { outcome: this.preview.status().preview, hosts: this.preview.hosts },
			status: this.status(),
			canUndo: undo.length > 0,
			canRedo: redo.length > 0,
			agents: this.agents.snapshot(),
			folder: this.folderState()
		};
	}

	/**
	 * Runs `task` as a call of the tab: aborted if the tab goes away first (except an editor save,
	 * which is finished: it is what the person typed) or if the tab withdraws it.
	 */
	#owned<T>(context: TabCallContext, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
		return this.#leases.own(context.tabId, context.requestId, context.source === 'editor', task);
	}

	/** A tab gave up on one of its calls (its own deadline passed): cancel it, withdrawing its approval card. */
	cancelCall(tabId: string, requestId: string): boolean {
		return this.#leases.cancel(tabId, requestId);
	}

	/** A direct command from a tab. */
	callTool(name: string, args: unknown, context: TabCallContext): Promise<CallToolResult> {
		return this.#owned(context, (signal) =>
			this.registry.callTool({ name, arguments: args }, { context: { source: context.source, mode: 'direct', tabId: context.tabId, sessionId: context.sessionId }, signal })
		);
	}

	/**
	 * An agent-originated call from a page (WebMCP, the console): agent mode, so mutations wait for
	 * approval. Every such caller has a session; a page that names none gets one bound to its tab.
	 */
	executeAgentCall(call: { id?: string; name: string; arguments?: unknown }, context: TabCallContext): Promise<CallToolResult> {
		const sessionId = context.sessionId ?? `${context.source}:${context.tabId}`;
		return this.#owned(context, (signal) => this.registry.executeModelToolCall(call, { context: { source: context.source, mode: 'agent', tabId: context.tabId, sessionId }, signal }));
	}

	/** Revokes a standing "allow for this session" grant. */
	revokeGrant(key: string): boolean {
		return this.registry.policy.revoke(key);
	}

	resolveApproval(id: string, decision: ApprovalDecision): boolean {
		return this.registry.policy.resolve(id, decision);
	}

	/** File content for the editor. */
	readFile(path: string) {
		const normalized = tryNormalizePath(path);
		const file = normalized ? this.service.workspace.files.get(normalized) : undefined;
		if (!file) return null;
		return { revision: this.service.revision, path: file.path, content: file.content ?? null, size: file.size, mimeType: file.mimeType };
	}

	registerPreviewHost(tabId: string): void {
		this.trackTab(tabId);
		this.preview.registerHost(tabId);
		// A new host shows the current revision at once (not a tool call: nothing is traced).
		void this.preview.render(this.service.workspace);
	}

	previewAck(tabId: string, renderId: string, outcome: HostRenderOutcome): void {
		this.preview.ack(tabId, renderId, outcome);
	}

	previewReport(tabId: string, lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] }): void {
		this.preview.report(tabId, lines);
	}

	/** Re-issues a recent retryable failure through its original source and mode (see ToolRegistry.retry). */
	retry(callId: string, context: TabCallContext): Promise<CallToolResult> {
		return this.#owned(context, (signal) => this.registry.retry(callId, { tabId: context.tabId, signal }));
	}

	/** What one revision changed, as line diffs (for the history panel). */
	async revisionDiff(revision: number) {
		const entry = await this.service.repository.entry(this.service.workspaceId, revision);
		return entry ? { revision, tool: entry.tool, source: entry.source, files: describeChanges(entry.diff.changes) } : null;
	}

	async getPreference(key: string): Promise<unknown> {
		return this.#options.preferences?.get(key);
	}

	async setPreference(key: string, value: unknown): Promise<void> {
		await this.#options.preferences?.set(key, value);
	}

	async clearTrace(): Promise<void> {
		this.registry.trace.clear();
		await this.#options.tracePersistence?.clear();
	}
}
