// The tab's half of the tab ↔ hub protocol: what a page needs to reach the hub at start — the
// protocol's version, the names it meets the hub under, and each method's deadline and replay rule —
// without the schema library (the first screen must not wait for it). protocol.ts completes each
// method with its arguments and answer; a compile-time check keeps the two tables to the same methods.
import { scoped } from '../core/base';

/** Bumped whenever the table or a wire type changes incompatibly. Compared in `hello`. */
export const PROTOCOL_VERSION = 18;

/**
 * Whether a relayed call may run again on the hub that takes over when the writing tab closes
 * while the call waits: `always` (reads, idempotent settings), `never` (it may have taken effect on
 * the old writer), `if-guarded` (tool calls: only read-only tools or calls carrying expectedRevision).
 */
export type ReplayRule = 'always' | 'never' | 'if-guarded';

/** How a tab calls one hub method. */
export interface CallRule {
	deadlineMs: number;
	replay: ReplayRule;
}

/** A call's default deadline; calls that may wait for a person wait longer. */
const QUICK = 20_000;
/** Longer than the longest approval expiry (60 min): the hub settles first, with a canonical answer. */
const APPROVAL = 65 * 60_000;

/** Every method the hub offers a tab (besides the handshake): how long a tab waits, and whether a call may be replayed. */
export const HUB_CALLS = {
	snapshot: { deadlineMs: QUICK, replay: 'always' },
	listTools: { deadlineMs: QUICK, replay: 'always' },
	callTool: { deadlineMs: 120_000, replay: 'if-guarded' },
	executeAgentCall: { deadlineMs: APPROVAL, replay: 'if-guarded' },
	resolveApproval: { deadlineMs: QUICK, replay: 'always' },
	readFile: { deadlineMs: QUICK, replay: 'always' },
	clearTrace: { deadlineMs: QUICK, replay: 'always' },
	exportTrace: { deadlineMs: QUICK, replay: 'always' },
	retryCall: { deadlineMs: APPROVAL, replay: 'never' },
	cancelCall: { deadlineMs: QUICK, replay: 'always' },
	revokeGrant: { deadlineMs: QUICK, replay: 'always' },
	revisionDiff: { deadlineMs: QUICK, replay: 'always' },
	startAgent: { deadlineMs: QUICK, replay: 'never' },
	deleteConversation: { deadlineMs: QUICK, replay: 'always' },
	cancelAgent: { deadlineMs: QUICK, replay: 'always' },
	getAgentSettings: { deadlineMs: QUICK, replay: 'always' },
	setAgentSettings: { deadlineMs: QUICK, replay: 'always' },
	listModels: { deadlineMs: 60_000, replay: 'always' },
	remoteServers: { deadlineMs: QUICK, replay: 'always' },
	// Adding and testing connect to the server (its connect deadline is 15 s, its listing as long).
	addRemoteServer: { deadlineMs: 45_000, replay: 'never' },
	reconnectRemoteServer: { deadlineMs: 45_000, replay: 'always' },
	removeRemoteServer: { deadlineMs: QUICK, replay: 'always' },
	gitLink: { deadlineMs: QUICK, replay: 'always' },
	setGitLink: { deadlineMs: QUICK, replay: 'always' },
	unlinkGit: { deadlineMs: QUICK, replay: 'always' },
	connectFolder: { deadlineMs: 60_000, replay: 'always' },
	downloadBackup: { deadlineMs: 120_000, replay: 'always' },
	downloadZip: { deadlineMs: 60_000, replay: 'always' },
	listWorkspaces: { deadlineMs: QUICK, replay: 'always' },
	createWorkspace: { deadlineMs: 60_000, replay: 'never' },
	renameWorkspace: { deadlineMs: QUICK, replay: 'always' },
	deleteWorkspace: { deadlineMs: QUICK, replay: 'always' },
	refreshStorage: { deadlineMs: QUICK, replay: 'always' },
	restartHub: { deadlineMs: QUICK, replay: 'never' },
	releaseStorage: { deadlineMs: QUICK, replay: 'always' },
	getPreference: { deadlineMs: QUICK, replay: 'always' },
	setPreference: { deadlineMs: QUICK, replay: 'always' },
	collabOpen: { deadlineMs: QUICK, replay: 'always' },
	collabPush: { deadlineMs: QUICK, replay: 'never' },
	collabPull: { deadlineMs: QUICK, replay: 'always' },
	collabHolds: { deadlineMs: QUICK, replay: 'always' },
	collabPresence: { deadlineMs: QUICK, replay: 'always' },
	collabFlush: { deadlineMs: QUICK, replay: 'always' },
	collabClose: { deadlineMs: QUICK, replay: 'always' },
	registerPreviewHost: { deadlineMs: QUICK, replay: 'always' },
	previewAck: { deadlineMs: QUICK, replay: 'always' },
	previewReport: { deadlineMs: QUICK, replay: 'always' },
	previewNavigate: { deadlineMs: 15_000, replay: 'always' },
	previewLocation: { deadlineMs: QUICK, replay: 'always' },
	previewFile: { deadlineMs: QUICK, replay: 'always' },
	previewStorage: { deadlineMs: QUICK, replay: 'never' },
	previewCaptured: { deadlineMs: QUICK, replay: 'never' },
	previewSiteStorage: { deadlineMs: QUICK, replay: 'always' },
	packagesCdn: { deadlineMs: QUICK, replay: 'always' },
	setPackagesCdn: { deadlineMs: QUICK, replay: 'always' },
	packagesFetchAll: { deadlineMs: 120_000, replay: 'always' },
	packagesClearUnused: { deadlineMs: 60_000, replay: 'always' },
} as const satisfies Record<string, CallRule>;

/** A hub method's name. */
export type HubCallName = keyof typeof HUB_CALLS;

/** The workspace a tab opens when it names none. */
export const DEFAULT_WORKSPACE = 'default';
/** What a workspace id may be: 1–64 letters, digits, `_` or `-` (the schema of protocol-schemas.ts uses it too). */
export const WORKSPACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** True when `id` can name a workspace. */
export function isWorkspaceId(id: unknown): id is string {
	return typeof id === 'string' && WORKSPACE_ID_PATTERN.test(id);
}
/**
 * Name of the worker hosting one workspace's hub. A SharedWorker is shared by URL and name: one
 * hub per build and workspace, so tabs on different workspaces never share (or block) a hub.
 */
export function hubWorkerName(workspaceId: string): string {
	return `studio:${workspaceId}`;
}
/** Channel a hub sends one tab's preview its renders on (renders are not state: never on the event stream). */
export function renderChannelName(build: string, tabId: string): string {
	return scoped(`studio:render:${build}:${tabId}`);
}
/** Web Lock a tab holds for its lifetime. */
export function tabLockName(tabId: string): string {
	return `studio:tab:${tabId}`;
}
