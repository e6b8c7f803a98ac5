// The tab's half of the tab ↔ hub protocol: what a page needs to reach the hub at start — the
// protocol's version, the names it meets the hub under, and each method's deadline and replay rule —
// without the schema library (the first screen must not wait for it). protocol.ts completes each
// method with its arguments and answer; a compile-time check keeps the two tables to the same methods.
import { scoped } from '../core/base';

/** Bumped whenever the table or a wire type changes incompatibly. Compared in `hello`. */
export const PROTOCOL_VERSION = 28;

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

/** A method's rule; most calls are quick and may run again. (Written short: the table is in the first screen's code.) */
const rule = (deadlineMs = QUICK, replay: ReplayRule = 'always'): CallRule => ({ deadlineMs, replay });

/** Every method the hub offers a tab (besides the handshake): how long a tab waits, and whether a call may be replayed. */
export const HUB_CALLS = {
	snapshot: rule(),
	listTools: rule(),
	callTool: rule(120_000, 'if-guarded'),
	executeAgentCall: rule(APPROVAL, 'if-guarded'),
	resolveApproval: rule(),
	readFile: rule(),
	clearTrace: rule(),
	exportTrace: rule(),
	retryCall: rule(APPROVAL, 'never'),
	cancelCall: rule(),
	revokeGrant: rule(),
	revisionDiff: rule(),
	startAgent: rule(QUICK, 'never'),
	deleteConversation: rule(),
	cancelAgent: rule(),
	getAgentSettings: rule(),
	setAgentSettings: rule(),
	listModels: rule(60_000),
	remoteServers: rule(),
	// Adding and testing connect to the server (its connect deadline is 15 s, its listing as long).
	addRemoteServer: rule(45_000, 'never'),
	reconnectRemoteServer: rule(45_000),
	removeRemoteServer: rule(),
	gitLink: rule(),
	setGitLink: rule(),
	unlinkGit: rule(),
	connectFolder: rule(60_000),
	downloadBackup: rule(120_000),
	downloadZip: rule(60_000),
	listWorkspaces: rule(),
	createWorkspace: rule(60_000, 'never'),
	renameWorkspace: rule(),
	deleteWorkspace: rule(),
	refreshStorage: rule(),
	restartHub: rule(QUICK, 'never'),
	releaseStorage: rule(),
	getPreference: rule(),
	setPreference: rule(),
	collabOpen: rule(),
	collabPush: rule(QUICK, 'never'),
	collabPull: rule(),
	collabHolds: rule(),
	collabPresence: rule(),
	collabFlush: rule(),
	collabClose: rule(),
	registerPreviewHost: rule(),
	previewAck: rule(),
	previewReport: rule(),
	previewNavigate: rule(15_000),
	previewLocation: rule(),
	previewFile: rule(),
	previewStorage: rule(QUICK, 'never'),
	previewCaptured: rule(QUICK, 'never'),
	previewSiteStorage: rule(),
	packagesCdn: rule(),
	setPackagesCdn: rule(),
	packagesFetchAll: rule(120_000),
	packagesClearUnused: rule(60_000)
} satisfies Record<string, CallRule>;

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
