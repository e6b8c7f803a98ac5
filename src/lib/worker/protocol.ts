// Every message that crosses the tab ↔ hub boundary: handshake, facade surface, events, relay.
// One file, imported by both ends.
import type { McpTool } from '../tools/catalog';
import type { CallToolResult, Mode, Source, TraceEntry } from '../runtime/types';
import type { ApprovalDecision, PendingApproval, SessionGrant } from '../runtime/policy';
import type { FolderState, PreviewOutcome } from '../runtime/ports';
import type { StorageFailure } from '../storage/unavailable';
import type { AgentRunInfo } from '../agents/events';
import type { AgentSettingsPatch, AgentSettingsView, AgentUpdate } from '../agents/runner';

/** Bumped whenever a message shape below changes incompatibly. Compared in `hello`. */
export const PROTOCOL_VERSION = 3;

/** Where the shared runtime runs for this tab, from best to last resort. */
export type RuntimeMode = 'shared-worker' | 'dedicated-worker' | 'memory';

/** The tab's half of the handshake. */
export interface HelloRequest {
	protocolVersion: number;
	build: string;
	tabId: string;
}

/** The hub's half of the handshake. `compatible: false` means the tab must stop writing and reload. */
export interface HelloResponse {
	protocolVersion: number;
	build: string;
	mode: RuntimeMode;
	compatible: boolean;
	/** Why the tab and hub disagree, when they do. */
	reason?: 'protocol-mismatch' | 'build-mismatch';
	hubId: string;
	hubStartedAt: number;
	/** Tabs the hub currently knows (this one included). */
	tabs: number;
	/** Name of the BroadcastChannel this hub publishes events on. */
	eventsChannel: string;
}

/** A file as the tabs see it (no content). */
export interface FileSummary {
	path: string;
	kind: 'text' | 'asset';
	language: string;
	mimeType: string;
	size: number;
	hash: string;
}

/** Storage as the status bar shows it. */
export interface StorageInfo {
	kind: 'indexeddb' | 'memory' | 'filesystem';
	health: string;
	quarantined: number;
	/** Set when IndexedDB exists but cannot be used: the studio shows why and accepts no edits. */
	failure?: StorageFailure;
	/** Whether the browser keeps the data even under storage pressure (null: unknown). */
	persisted?: boolean | null;
	usage?: number | null;
	quota?: number | null;
}

/** Hub state that tabs display. */
export interface HubStatus {
	state: 'ready' | 'superseded' | 'failed';
	mode: RuntimeMode;
	build: string;
	hubId: string;
	tabs: number;
	writer: boolean;
	/** Set when a newer build's hub is running: this hub no longer writes. */
	newerBuild?: string;
	message?: string;
}

/** The preview state the hub last saw. */
export interface PreviewState {
	outcome: PreviewOutcome;
	hosts: number;
}

/** A document the hub asks every preview host to render. */
export interface PreviewRender {
	renderId: string;
	revision: number;
	html: string;
	diagnostics: PreviewDiagnostic[];
}

/** A compile diagnostic, as tools and the panel show it. */
export interface PreviewDiagnostic {
	kind: string;
	path: string;
	reference: string;
	message?: string;
}

/** How a host's render of one revision ended. */
export interface HostRenderOutcome {
	revision: number;
	status: 'ready' | 'error' | 'timeout' | 'superseded';
	message?: string;
	durationMs: number;
	errors: PreviewErrorLine[];
}

/** A runtime error from inside the preview. */
export interface PreviewErrorLine {
	message: string;
	source: string;
	line: number;
	column: number;
	revision: number;
}

/** A console line from inside the preview. */
export interface PreviewConsoleLine {
	level: string;
	text: string;
	revision: number;
}

/** Messages the bridge inside the preview frame posts to its host (iframe → page). */
export type PreviewBridgeMessage =
	| { type: 'ready'; revision: number; nonce: string }
	| { type: 'error'; revision: number; nonce: string; message: string; source: string; line: number; column: number }
	| { type: 'console'; revision: number; nonce: string; level: string; args: string[] };

/** Everything a late tab needs before it applies events; `seq` is the last event folded in. */
export interface HubSnapshot {
	hubId: string;
	seq: number;
	workspace: { id: string; name: string; revision: number; activePath: string | null; files: FileSummary[] };
	storage: StorageInfo;
	trace: TraceEntry[];
	approvals: PendingApproval[];
	grants: SessionGrant[];
	preview: PreviewState;
	status: HubStatus;
	canUndo: boolean;
	canRedo: boolean;
	agents: AgentRunInfo[];
	folder: FolderState;
}

/** Events the hub publishes; `seq` increases by one per event of a hub. */
export type HubEventBody =
	| {
			type: 'workspace.changed';
			revision: number;
			source: string;
			tool: string;
			tabId?: string;
			changed: { path: string; file: FileSummary | null }[];
			activePath: string | null;
			canUndo: boolean;
			canRedo: boolean;
	  }
	| { type: 'workspace.reloaded'; revision: number }
	| { type: 'workspace.focus'; path: string; line?: number; revision: number }
	| { type: 'trace.appended'; entry: TraceEntry }
	| { type: 'trace.cleared' }
	| { type: 'approvals.changed'; pending: PendingApproval[]; grants: SessionGrant[] }
	| { type: 'preview.status'; preview: PreviewState }
	| { type: 'preview.render'; render: PreviewRender }
	| { type: 'agent.update'; update: AgentUpdate }
	| { type: 'folder.status'; folder: FolderState }
	| { type: 'storage.status'; storage: StorageInfo }
	/** The hub is ending (Retry after a storage failure): every tab reloads and starts a fresh one. */
	| { type: 'hub.restart' }
	| { type: 'hub.status'; status: HubStatus };

export type HubEvent = HubEventBody & { hubId: string; seq: number };

/** Context a tab attaches to its calls. */
export interface TabCallContext {
	tabId: string;
	source: Source;
	mode?: Mode;
	sessionId?: string;
	/** Identifies this call so the tab can withdraw it (cancelCall) when it gives up. */
	requestId?: string;
}

/**
 * The narrow surface the hub exposes on each connected port (through Comlink). The tab-side client
 * wraps every call in a timeout. Events are not callbacks: they arrive over a BroadcastChannel, so a
 * closed tab can never leave the hub waiting on a dead port.
 */
export interface HubFacade {
	hello(request: HelloRequest): Promise<HelloResponse>;
	ping(): Promise<'pong'>;
	snapshot(): Promise<HubSnapshot>;
	listTools(cursor?: string): Promise<{ tools: McpTool[]; nextCursor?: string }>;
	/** A direct command from a person (palette, editor, buttons). */
	callTool(name: string, args: unknown, context: TabCallContext): Promise<CallToolResult>;
	/** An agent-originated call from the page (WebMCP): waits for approval like a model's. */
	executeAgentCall(call: { id?: string; name: string; arguments?: unknown }, context: TabCallContext): Promise<CallToolResult>;
	resolveApproval(id: string, decision: ApprovalDecision): Promise<boolean>;
	/** File content for the editor (not a tool call: no trace entry). */
	readFile(path: string): Promise<{ revision: number; path: string; content: string | null; size: number; mimeType: string } | null>;
	clearTrace(): Promise<void>;
	exportTrace(): Promise<unknown>;
	/** Re-issues a recent retryable failure through its original source and mode (an agent's call asks again). */
	retryCall(callId: string, context: TabCallContext): Promise<CallToolResult>;
	/** The tab gave up on a call (its deadline passed): cancel it and withdraw its approval card. */
	cancelCall(tabId: string, requestId: string): Promise<boolean>;
	/** Revokes a standing "allow for this session" grant. */
	revokeGrant(key: string): Promise<boolean>;
	/** Line diffs of what one revision changed. */
	revisionDiff(revision: number): Promise<{ revision: number; tool: string; source: string; files: { path: string; change: string; diff: { kind: string; text: string }[] }[] } | null>;
	/** Starts an agent run in the hub (local agent or model); progress arrives as agent.update events. */
	startAgent(prompt: string, provider?: 'local' | 'model'): Promise<string>;
	cancelAgent(sessionId: string): Promise<boolean>;
	getAgentSettings(): Promise<AgentSettingsView>;
	/** The API key goes in, never out. */
	setAgentSettings(patch: AgentSettingsPatch): Promise<AgentSettingsView>;
	listModels(): Promise<{ id: string; name: string; tools: boolean | null }[]>;
	/** Connects a local folder (a FileSystemDirectoryHandle from the picker or OPFS); says whether it holds site files. */
	connectFolder(handle: FileSystemDirectoryHandle): Promise<{ name: string; hasFiles: boolean }>;
	/** A .zip of the workspace (or, when storage failed, of whatever is still readable from it). */
	downloadBackup(): Promise<{ name: string; bytes: Uint8Array }>;
	/** Reads storage usage, quota and persistence again (after the page asked for persistence). */
	refreshStorage(): Promise<void>;
	/** After a storage failure: end this hub so the tabs reload onto a fresh one. */
	restartHub(): Promise<void>;
	/** After a storage failure: ask other tabs' hubs (any build) to let go of storage. */
	releaseStorage(): Promise<void>;
	/** Presentation preferences (panel layout); never part of tools or history. */
	getPreference(key: string): Promise<unknown>;
	setPreference(key: string, value: unknown): Promise<void>;
	/** This tab hosts a preview; renders are sent to it from now on. */
	registerPreviewHost(tabId: string): Promise<void>;
	/** A host's outcome for a render (the first matching one completes the tool call). */
	previewAck(tabId: string, renderId: string, outcome: HostRenderOutcome): Promise<void>;
	/** Console lines and errors a host saw after its render settled. */
	previewReport(tabId: string, lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] }): Promise<void>;
}

/** Methods a non-writer hub forwards to the writer over the relay channel. */
export type RelayMethod = Exclude<keyof HubFacade, 'hello' | 'ping'>;

/**
 * Whether a relayed call may run again on the hub that takes over when the writing tab closes
 * while the call waits: `always` (reads and idempotent settings), `never` (it may have taken effect
 * on the old writer), or `if-guarded` (tool calls: only read-only tools or calls carrying
 * expectedRevision, which a second run cannot apply twice).
 */
export type ReplayRule = 'always' | 'never' | 'if-guarded';

/** Every relayed method and its replay rule. */
export const RELAY_METHODS: Record<RelayMethod, ReplayRule> = {
	snapshot: 'always',
	listTools: 'always',
	callTool: 'if-guarded',
	executeAgentCall: 'if-guarded',
	resolveApproval: 'always',
	readFile: 'always',
	clearTrace: 'always',
	exportTrace: 'always',
	retryCall: 'never',
	cancelCall: 'always',
	revokeGrant: 'always',
	revisionDiff: 'always',
	startAgent: 'never',
	cancelAgent: 'always',
	getAgentSettings: 'always',
	setAgentSettings: 'always',
	listModels: 'always',
	connectFolder: 'always',
	downloadBackup: 'always',
	refreshStorage: 'always',
	restartHub: 'never',
	releaseStorage: 'always',
	getPreference: 'always',
	setPreference: 'always',
	registerPreviewHost: 'always',
	previewAck: 'always',
	previewReport: 'always'
};

/** Relay messages between per-tab hubs (fallback mode). */
export type RelayMessage =
	| { kind: 'request'; id: string; method: RelayMethod; args: unknown[] }
	| { kind: 'response'; id: string; ok: true; value: unknown }
	| { kind: 'response'; id: string; ok: false; error: string };

/** Announcements between hubs of possibly different builds (one channel for all builds). */
export type HubAnnouncement =
	| { kind: 'hub-started'; hubId: string; build: string; protocolVersion: number; startedAt: number }
	/** A hub that cannot open storage asks the others to close their connections. */
	| { kind: 'release-storage'; hubId: string };

/** Channel every hub of every build announces itself on. */
export const HUBS_CHANNEL = 'studio:hubs';
/** Channel a build's hub publishes events on. */
export function eventsChannelName(build: string): string {
	return `studio:events:${build}`;
}
/** Channel per-tab hubs of a build relay calls to their writer on. */
export function relayChannelName(build: string): string {
	return `studio:relay:${build}`;
}
/** Web Lock a tab holds for its lifetime. */
export function tabLockName(tabId: string): string {
	return `studio:tab:${tabId}`;
}
/** Web Lock of the single writing hub in per-tab mode. */
export const WRITER_LOCK = 'studio:writer';

/** Decides compatibility for a handshake: same protocol version and same build. */
export function compareHello(
	tab: Pick<HelloRequest, 'protocolVersion' | 'build'>,
	hub: { protocolVersion: number; build: string }
): Pick<HelloResponse, 'compatible' | 'reason'> {
	if (tab.protocolVersion !== hub.protocolVersion) return { compatible: false, reason: 'protocol-mismatch' };
	if (tab.build !== hub.build) return { compatible: false, reason: 'build-mismatch' };
	return { compatible: true };
}
