// The hub: the shared runtime, one per origin+build (or per tab in fallback). It answers the
// protocol's methods (it is the backend the facade and the relay derive from) over the parts the
// composition root built: registry, workspace service, preview, folder, storage, agents, tab leases.
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceService } from '../runtime/workspace-service';
import type { PreviewCoordinator } from '../preview/coordinator';
import type { AgentRunner } from '../agents/runner';
import { describeChanges } from '../runtime/prepare';
import { tryNormalizePath } from '../domain/paths';
import type { ApprovalDecision } from '../runtime/policy';
import type { CallToolResult } from '../runtime/types';
import type { PreviewRender, SiteNavigation } from '../preview/messages';
import { summariseAll } from './hub-events';
import type { HubStorage } from './hub-storage';
import type { HubSnapshot, HubStatus } from './wire';
import type { FolderState } from '../runtime/ports';
import {
	PROTOCOL_VERSION,
	compareHello,
	eventsChannelName,
	type FileContent,
	type HelloRequest,
	type HelloResponse,
	type HubBackend,
	type RevisionDiff,
	type RuntimeMode,
	type TabCallContext,
	type WorkspaceSource
} from './protocol';
import type { AgentSettingsPatch } from '../agents/runner';
import type { HubIdentity, HubParts } from './hub-parts';
export type { HubIdentity, HubParts, PreferenceStore, TracePersistence } from './hub-parts';

/** The runtime host. Build one with `composeHub`. */
export class Hub implements HubBackend {
	readonly id: string;
	readonly mode: RuntimeMode;
	readonly build: string;
	readonly builtAt: number;
	readonly startedAt: number;
	readonly registry: ToolRegistry;
	readonly service: WorkspaceService;
	readonly preview: PreviewCoordinator;
	readonly agents: AgentRunner;
	readonly storage: HubStorage;
	readonly #parts: HubParts;
	#superseded: { by: NonNullable<HubStatus['supersededBy']>; build?: string } | undefined;
	#supersededMessage: string | undefined;
	/** In per-tab mode only the hub holding the writer lock answers for all tabs. */
	writer = true;
	/** The workspace this hub was started for does not exist (deleted, or a link from elsewhere): it serves nothing. */
	readonly missing: boolean;

	constructor(identity: HubIdentity, parts: HubParts) {
		({ id: this.id, mode: this.mode, build: this.build, builtAt: this.builtAt, startedAt: this.startedAt } = identity);
		this.#parts = parts;
		({ registry: this.registry, service: this.service, preview: this.preview, agents: this.agents, storage: this.storage } = parts);
		this.missing = identity.missing === true;
	}

	// ── Tabs ───────────────────────────────────────────────────────────────────────────────────────

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
			tabs: this.#parts.leases.count,
			eventsChannel: eventsChannelName(this.build, this.service.workspaceId)
		};
	}

	/** Starts watching a tab's lease (see TabLeases). */
	trackTab(tabId: string): void {
		this.#parts.leases.track(tabId);
	}

	/** Cleans up after a tab: finishes its saves, aborts its other calls, ends its sessions. */
	forgetTab(tabId: string): Promise<void> {
		return this.#parts.leases.forget(tabId);
	}

	get tabCount(): number {
		return this.#parts.leases.count;
	}

	/** Called by the tab leases when a tab comes or goes. */
	onTabs(event: { type: 'added' | 'gone'; tabId: string }): void {
		if (event.type === 'gone') {
			this.registry.policy.endTab(event.tabId);
			this.preview.removeHost(event.tabId);
			void this.#parts.collab.tabGone(event.tabId);
		}
		this.#parts.events.publish({ type: 'hub.status', status: this.status() });
	}

	/** Runs a tab's call: aborted if the tab goes (except an editor save: what the person typed) or withdraws it. */
	#owned<T>(context: TabCallContext, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
		return this.#parts.leases.own(context.tabId, context.requestId, context.source === 'editor', task);
	}

	// ── State ──────────────────────────────────────────────────────────────────────────────────────

	/** The hub's status as tabs show it. */
	status(): HubStatus {
		return {
			state: this.#superseded ? 'superseded' : this.storage.failure ? 'failed' : 'ready',
			mode: this.mode,
			build: this.build,
			hubId: this.id,
			tabs: this.#parts.leases.count,
			writer: this.writer,
			...(this.#superseded ? { supersededBy: this.#superseded.by } : {}),
			...(this.#superseded?.build ? { newerBuild: this.#superseded.build } : {}),
			message: this.#supersededMessage ?? this.storage.failure?.message
		};
	}

	/** A newer build (or another tab needing storage, or the workspace's deletion) took over: stop writing and tell our tabs. */
	supersede(by: { by: 'newer-build'; build: string } | { by: 'storage-released' | 'workspace-deleted' }, message = 'A newer version of Web Studio is open in another tab. Reload this tab to keep working.'): void {
		if (this.#superseded) return;
		this.#superseded = by;
		this.#supersededMessage = message;
		this.registry.policy.setReadOnly(message);
		this.#parts.events.publish({ type: 'hub.status', status: this.status() });
	}

	folderState(): FolderState {
		return this.#parts.folder.state(this.service.workspace);
	}

	/** Everything a tab needs before applying events. */
	async snapshot(): Promise<HubSnapshot> {
		const ws = this.service.workspace;
		const { undo, redo } = this.service.undoState;
		return {
			hubId: this.id,
			seq: this.#parts.events.seq,
			workspace: { id: ws.id, name: ws.name, revision: ws.revision, activePath: ws.activePath, files: summariseAll(ws), ...(this.missing ? { missing: true } : {}) },
			storage: this.storage.info(this.service.quarantined.length),
			trace: this.registry.trace.snapshot(),
			approvals: this.registry.policy.snapshot(),
			grants: this.registry.policy.grants(),
			preview: { outcome: this.preview.status().preview, hosts: this.preview.hosts },
			status: this.status(),
			canUndo: undo.length > 0,
			canRedo: redo.length > 0,
			agents: this.agents.snapshot(),
			folder: this.folderState(),
			open: this.#parts.collab.openPaths()
		};
	}

	// ── Tools ──────────────────────────────────────────────────────────────────────────────────────

	async listTools(cursor?: string) {
		return this.registry.listTools(cursor ? { cursor } : {});
	}

	/** A direct command from a tab. */
	callTool(name: string, args: unknown, context: TabCallContext): Promise<CallToolResult> {
		return this.#owned(context, (signal) =>
			this.registry.callTool({ name, arguments: args }, { context: { source: context.source, mode: 'direct', tabId: context.tabId, sessionId: context.sessionId }, signal })
		);
	}

	/** An agent call from a page (WebMCP, the console): every such caller has a session, bound to its tab by default. */
	executeAgentCall(call: { id?: string; name: string; arguments?: unknown }, context: TabCallContext): Promise<CallToolResult> {
		const sessionId = context.sessionId ?? `${context.source}:${context.tabId}`;
		return this.#owned(context, (signal) => this.registry.executeModelToolCall(call, { context: { source: context.source, mode: 'agent', tabId: context.tabId, sessionId }, signal }));
	}

	/** Re-issues a recent retryable failure through its original source and mode (see ToolRegistry.retry). */
	retryCall(callId: string, context: TabCallContext): Promise<CallToolResult> {
		return this.#owned(context, (signal) => this.registry.retry(callId, { tabId: context.tabId, signal }));
	}

	async cancelCall(tabId: string, requestId: string): Promise<boolean> {
		return this.#parts.leases.cancel(tabId, requestId);
	}

	async resolveApproval(id: string, decision: ApprovalDecision, tabId?: string): Promise<boolean> {
		return this.registry.policy.resolve(id, decision, tabId);
	}

	async revokeGrant(key: string): Promise<boolean> {
		return this.registry.policy.revoke(key);
	}

	/** File content for the editor (not a tool call: no trace entry). */
	async readFile(path: string): Promise<FileContent | null> {
		const normalized = tryNormalizePath(path);
		const file = normalized ? this.service.workspace.files.get(normalized) : undefined;
		if (!file) return null;
		return { revision: this.service.revision, path: file.path, content: file.content ?? null, size: file.size, mimeType: file.mimeType };
	}

	/** What one revision changed, as line diffs (for the history panel). */
	async revisionDiff(revision: number): Promise<RevisionDiff | null> {
		const entry = await this.service.repository.entry(this.service.workspaceId, revision);
		return entry ? { revision, tool: entry.tool, source: entry.source, files: describeChanges(entry.diff.changes) } : null;
	}

	async clearTrace(): Promise<void> {
		this.registry.trace.clear();
		await this.#parts.tracePersistence?.clear();
	}

	async exportTrace(): Promise<unknown> {
		return this.registry.trace.export();
	}

	// ── Co-editing ─────────────────────────────────────────────────────────────────────────────────

	async collabOpen(path: string, tabId: string) {
		this.trackTab(tabId);
		const normalized = tryNormalizePath(path);
		return normalized ? this.#parts.collab.open(normalized, tabId) : null;
	}

	async collabPush(path: string, tabId: string, version: number, updates: import('../runtime/collab-doc').WireUpdate[]) {
		return this.#parts.collab.push(path, tabId, version, updates);
	}

	async collabPull(path: string, version: number) {
		return this.#parts.collab.pull(path, version);
	}

	async collabHolds(path: string, clientID: string, version: number, count: number) {
		return this.#parts.collab.holds(path, clientID, version, count);
	}

	async collabPresence(path: string, tabId: string, selection: { anchor: number; head: number } | null) {
		this.#parts.collab.presence(path, tabId, selection);
	}

	collabFlush(path: string) {
		return this.#parts.collab.flush(path);
	}

	collabClose(path: string, tabId: string) {
		return this.#parts.collab.close(path, tabId);
	}

	// ── Preview ────────────────────────────────────────────────────────────────────────────────────

	/** This tab hosts a preview: renders are addressed to it; it gets the current one now. */
	async registerPreviewHost(tabId: string): Promise<PreviewRender | null> {
		this.trackTab(tabId);
		return this.preview.registerHost(tabId, this.service.workspace);
	}

	async previewAck(tabId: string, renderId: string, outcome: Parameters<PreviewCoordinator['ack']>[2]): Promise<void> {
		this.preview.ack(tabId, renderId, outcome);
	}

	async previewReport(tabId: string, lines: Parameters<PreviewCoordinator['report']>[1]): Promise<void> {
		this.preview.report(tabId, lines);
	}

	previewNavigate(target: SiteNavigation) {
		return this.preview.navigate(this.service.workspace, target);
	}

	async previewLocation() {
		return this.preview.location(this.service.workspace);
	}

	async previewFile(revision: number, path: string) {
		return this.preview.file(revision, path);
	}

	async previewStorage(tabId: string, change: Parameters<PreviewCoordinator['storageChange']>[1]): Promise<void> {
		this.preview.storageChange(tabId, change);
	}

	async previewSiteStorage() {
		return this.preview.siteStorage();
	}

	// ── Agents ─────────────────────────────────────────────────────────────────────────────────────

	startAgent(prompt: string, provider?: 'local' | 'model', conversationId?: string): Promise<string> {
		return this.agents.start(prompt, provider, conversationId);
	}

	deleteConversation(conversationId: string): Promise<number> {
		return this.agents.deleteConversation(conversationId);
	}

	async cancelAgent(sessionId: string): Promise<boolean> {
		return this.agents.cancel(sessionId);
	}

	getAgentSettings() {
		return this.agents.getSettings();
	}

	setAgentSettings(patch: AgentSettingsPatch) {
		return this.agents.setSettings(patch);
	}

	listModels() {
		return this.agents.models();
	}

	// ── Folder, storage, preferences ───────────────────────────────────────────────────────────────

	/** Connects a folder (writes nothing; the page imports it or, after confirming, saves into it). */
	connectFolder(handle: FileSystemDirectoryHandle): Promise<{ name: string; hasFiles: boolean }> {
		return this.#parts.folder.connect(handle);
	}

	// ── Workspaces and downloads ───────────────────────────────────────────────────────────────────

	/** Every workspace as one .zip with a manifest (or what a failed storage still holds). */
	downloadBackup() {
		return this.#parts.workspaces.backup();
	}

	/** This workspace as a .zip, now or at a revision still in history. */
	downloadZip(revision?: number) {
		return this.#parts.workspaces.zip(revision);
	}

	listWorkspaces() {
		return this.#parts.workspaces.list();
	}

	createWorkspace(name: string, source: WorkspaceSource) {
		return this.#parts.workspaces.create(name, source);
	}

	renameWorkspace(workspaceId: string, name: string) {
		return this.#parts.workspaces.rename(workspaceId, name);
	}

	deleteWorkspace(workspaceId: string) {
		return this.#parts.workspaces.remove(workspaceId);
	}

	/** Another hub renamed or deleted a workspace: follow when it is ours. */
	onWorkspaceAnnounced(announcement: { kind: 'workspace-renamed'; workspaceId: string; name: string } | { kind: 'workspace-deleted'; workspaceId: string }): void {
		if (announcement.workspaceId !== this.service.workspaceId) return;
		if (announcement.kind === 'workspace-renamed') this.service.setName(announcement.name);
		else this.supersede({ by: 'workspace-deleted' }, 'This workspace was deleted (in this or another tab). Nothing more is saved here: open another workspace.');
	}

	/** Reads usage, quota and persistence again (the page asked the browser to persist). */
	async refreshStorage(): Promise<void> {
		await this.storage.monitor.refresh(true);
	}

	/** Ends this hub so every tab reloads onto a fresh one (Retry after a storage failure). */
	async restartHub(): Promise<void> {
		this.#parts.events.publish({ type: 'hub.restart' });
		this.storage.restart();
	}

	/** Asks the hubs of other tabs to let go of storage (after a storage failure). */
	async releaseStorage(): Promise<void> {
		this.storage.releaseOthers();
	}

	async getPreference(key: string): Promise<unknown> {
		return this.#parts.preferences?.get(key);
	}

	async setPreference(key: string, value: unknown): Promise<void> {
		await this.#parts.preferences?.set(key, value);
	}
}
