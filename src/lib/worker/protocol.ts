// The tab ↔ hub protocol, defined once: a table of every hub method with its argument schema,
// result type, deadline and replay rule. The hub's guards and Comlink facade, the relay's method
// list and the tab's proxy are all derived from it. Every wire type is exported from here.
import * as v from 'valibot';
import { scoped } from '../core/base';
import { DEFAULT_WORKSPACE, HUB_CALLS, type HubCallName, type ReplayRule } from './protocol-calls';
import type { McpTool } from '../tools/catalog';
import type { CallToolResult } from '../runtime/types';
import type { AgentSettingsView } from '../agents/settings';
import type { PreviewRender, SiteFileAnswer } from '../preview/messages';
import type { PreviewOutcome } from '../runtime/ports';
import type { BlobDownload, CollabOpened, CollabPushed, CreatedWorkspace, FileContent, HubSnapshot, PreviewLocation, RevisionDiff, RuntimeMode, WorkspaceListing } from './wire';
import type { CdnSetting } from '../domain/packages';
import {
	AgentCallSchema,
	CdnSettingSchema,
	DecisionSchema,
	DirectoryHandleSchema,
	HelloRequestSchema,
	HostOutcomeSchema,
	IdSchema,
	PathSchema,
	PreferenceKeySchema,
	PreferenceValueSchema,
	PreviewLinesSchema,
	PromptSchema,
	RevisionSchema,
	SettingsPatchSchema,
	TabContextSchema,
	WorkspaceIdSchema,
	WorkspaceNameSchema,
	WorkspaceSourceSchema,
	CollabUpdatesSchema,
	CollabSelectionSchema,
	SiteNavigationSchema,
	SitePathSchema,
	SiteFileAsSchema,
	SiteStorageChangeSchema
} from './protocol-schemas';
import { CaptureResultSchema } from '../preview/schemas';
import { PromptAttachmentsSchema } from '../agents/attachments';
import { RemoteServerInputSchema } from '../runtime/remote/config';
import type { RemoteServerView } from '../runtime/remote/servers';
import { GitLinkInputSchema, type GitLinkView } from '../runtime/git/link';

export type * from './wire';
export { PROTOCOL_VERSION, DEFAULT_WORKSPACE, HUB_CALLS, hubWorkerName, isWorkspaceId, renderChannelName, tabLockName, type ReplayRule, type CallRule } from './protocol-calls';
export type * from '../preview/messages';
export type { TraceEntry, CallToolResult, Source, Mode } from '../runtime/types';
export type { PendingApproval, SessionGrant, ApprovalDecision } from '../runtime/policy';
export type { Impact, FileImpact } from '../runtime/prepare';
export type { FolderState, PreviewOutcome } from '../runtime/ports';
export type { StorageFailure } from '../storage/unavailable';
export type { AgentRunInfo, AgentEvent, AgentBudget } from '../agents/events';
export type { AgentSettingsView, AgentSettingsPatch } from '../agents/settings';
export type { AgentUpdate } from '../agents/runner';
export type { RemoteServerView };
export type { RemoteServerInput } from '../runtime/remote/config';
export type { GitLinkInput, GitLinkView } from '../runtime/git/link';
export type { HistoryEntry } from '../domain/history';
export type { DiffLine } from '../domain/diff';
export type { McpTool };

/** The tab's half of the handshake. */
export type HelloRequest = v.InferOutput<typeof HelloRequestSchema>;

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
	/**
	 * When the hub's context was created, started, opened storage and was ready, in epoch milliseconds (its User
	 * Timing marks on the shared clock): the page shows them as parts of its start (devtools, bench B6).
	 */
	startup?: { created: number; starting: number; storageOpened: number; ready: number };
}

/** Context a tab attaches to its calls (`requestId` lets it withdraw the call with cancelCall). */
export type TabCallContext = v.InferOutput<typeof TabContextSchema>;


/** One hub method: its arguments, what it answers, how long a tab waits, and its replay rule. */
export interface MethodSpec<A extends v.GenericSchema = v.GenericSchema, R = unknown> {
	args: A;
	deadlineMs: number;
	replay: ReplayRule;
	/** What the hub answers to arguments that fail the guard; without it the call rejects. */
	refuse?: (message: string) => R;
	/** Phantom: the result type (never set at run time). */
	readonly result?: R;
}

const method =
	<R>() =>
	<A extends v.GenericSchema>(spec: Omit<MethodSpec<A, R>, 'result'>): MethodSpec<A, R> =>
		spec;

/** What a refused tool call answers: a canonical error result, never a throw. */
const badCall = (message: string): CallToolResult => {
	const error = { code: 'TOOL_VALIDATION_FAILED' as const, message: `The call is malformed: ${message}`, retryable: false, details: { reason: 'malformed-call' } };
	return { content: [{ type: 'text', text: JSON.stringify({ error }) }], structuredContent: { error }, isError: true };
};
const none = () => undefined;

/** Where a new workspace's files come from. */
export type WorkspaceSource = v.InferInput<typeof WorkspaceSourceSchema>;

/** Every method the hub offers a tab, besides the handshake. */
export const HUB_METHODS = {
	snapshot: method<HubSnapshot>()({ args: v.tuple([]), ...HUB_CALLS.snapshot  }),
	listTools: method<{ tools: McpTool[]; nextCursor?: string }>()({ args: v.tuple([v.optional(v.pipe(v.string(), v.maxLength(1000)))]), ...HUB_CALLS.listTools  }),
	/** A direct command from a person (palette, editor, buttons). */
	callTool: method<CallToolResult>()({ args: v.tuple([v.pipe(v.string(), v.maxLength(200)), v.unknown(), TabContextSchema]), ...HUB_CALLS.callTool, refuse: badCall  }),
	/** An agent-originated call from the page (WebMCP, the console): waits for approval like a model's. */
	executeAgentCall: method<CallToolResult>()({ args: v.tuple([AgentCallSchema, TabContextSchema]), ...HUB_CALLS.executeAgentCall, refuse: badCall  }),
	/** A person's answer to an approval card; the third argument names the tab they answered in. */
	resolveApproval: method<boolean>()({ args: v.tuple([IdSchema, DecisionSchema, v.optional(IdSchema)]), ...HUB_CALLS.resolveApproval, refuse: () => false  }),
	/** File content for the editor (not a tool call: no trace entry). */
	readFile: method<FileContent | null>()({ args: v.tuple([PathSchema]), ...HUB_CALLS.readFile, refuse: () => null  }),
	clearTrace: method<void>()({ args: v.tuple([]), ...HUB_CALLS.clearTrace  }),
	exportTrace: method<unknown>()({ args: v.tuple([]), ...HUB_CALLS.exportTrace  }),
	/** Re-issues a recent retryable failure through its original source and mode (an agent's call asks again). */
	retryCall: method<CallToolResult>()({ args: v.tuple([IdSchema, TabContextSchema]), ...HUB_CALLS.retryCall, refuse: badCall  }),
	/** The tab gave up on a call (its deadline passed): cancel it and withdraw its approval card. */
	cancelCall: method<boolean>()({ args: v.tuple([IdSchema, IdSchema]), ...HUB_CALLS.cancelCall, refuse: () => false  }),
	/** Revokes a standing "allow for this session" grant. */
	revokeGrant: method<boolean>()({ args: v.tuple([v.pipe(v.string(), v.maxLength(1000))]), ...HUB_CALLS.revokeGrant, refuse: () => false  }),
	/** What one revision changed, as line diffs. */
	revisionDiff: method<RevisionDiff | null>()({ args: v.tuple([RevisionSchema]), ...HUB_CALLS.revisionDiff, refuse: () => null  }),
	/** Starts an agent run in the hub; progress arrives as agent.update events. */
	startAgent: method<string>()({ args: v.tuple([PromptSchema, v.optional(v.picklist(['local', 'model'])), v.optional(IdSchema), v.optional(PromptAttachmentsSchema)]), ...HUB_CALLS.startAgent  }),
	/** Deletes a conversation's transcripts in every tab (a running run of it is stopped). */
	deleteConversation: method<number>()({ args: v.tuple([IdSchema]), ...HUB_CALLS.deleteConversation, refuse: () => 0  }),
	cancelAgent: method<boolean>()({ args: v.tuple([IdSchema]), ...HUB_CALLS.cancelAgent, refuse: () => false  }),
	getAgentSettings: method<AgentSettingsView>()({ args: v.tuple([]), ...HUB_CALLS.getAgentSettings  }),
	/** The API key goes in, never out. */
	setAgentSettings: method<AgentSettingsView>()({ args: v.tuple([SettingsPatchSchema]), ...HUB_CALLS.setAgentSettings  }),
	listModels: method<{ id: string; name: string; tools: boolean | null }[]>()({ args: v.tuple([]), ...HUB_CALLS.listModels  }),
	/** The remote MCP servers the agents may use (never their header values). */
	remoteServers: method<RemoteServerView[]>()({ args: v.tuple([]), ...HUB_CALLS.remoteServers }),
	/** Adds a server and connects to it: answers it connected with its tools, or failed with why. Headers go in, never out. */
	addRemoteServer: method<RemoteServerView>()({ args: v.tuple([RemoteServerInputSchema]), ...HUB_CALLS.addRemoteServer }),
	/** Connects to a server again and lists its tools afresh (the settings' Test). */
	reconnectRemoteServer: method<RemoteServerView | null>()({ args: v.tuple([IdSchema]), ...HUB_CALLS.reconnectRemoteServer, refuse: () => null }),
	removeRemoteServer: method<boolean>()({ args: v.tuple([IdSchema]), ...HUB_CALLS.removeRemoteServer, refuse: () => false }),
	/** Where the workspace syncs with git (never the token). */
	gitLink: method<GitLinkView>()({ args: v.tuple([]), ...HUB_CALLS.gitLink }),
	/** Links the workspace to a git remote; the token goes in, never out. */
	setGitLink: method<GitLinkView>()({ args: v.tuple([GitLinkInputSchema]), ...HUB_CALLS.setGitLink }),
	unlinkGit: method<GitLinkView>()({ args: v.tuple([]), ...HUB_CALLS.unlinkGit }),
	/** Connects a local folder (picker or OPFS handle); says whether it holds anything. */
	connectFolder: method<{ name: string; hasFiles: boolean }>()({ args: v.tuple([DirectoryHandleSchema]), ...HUB_CALLS.connectFolder  }),
	/** Every workspace as one .zip with a manifest (or, when storage failed, whatever is still readable). */
	downloadBackup: method<BlobDownload>()({ args: v.tuple([]), ...HUB_CALLS.downloadBackup  }),
	/** A .zip of this workspace now, or of its files at a revision still in history. */
	downloadZip: method<BlobDownload>()({ args: v.tuple([v.optional(RevisionSchema)]), ...HUB_CALLS.downloadZip  }),
	/** The workspaces this browser keeps. */
	listWorkspaces: method<WorkspaceListing[]>()({ args: v.tuple([]), ...HUB_CALLS.listWorkspaces  }),
	/** Stores a new workspace (the tab then opens it); nothing changes in this one. */
	createWorkspace: method<CreatedWorkspace>()({ args: v.tuple([WorkspaceNameSchema, WorkspaceSourceSchema]), ...HUB_CALLS.createWorkspace  }),
	renameWorkspace: method<void>()({ args: v.tuple([WorkspaceIdSchema, WorkspaceNameSchema]), ...HUB_CALLS.renameWorkspace  }),
	/** Deletes a workspace with its files and history; tabs that had it open stop saving. */
	deleteWorkspace: method<void>()({ args: v.tuple([WorkspaceIdSchema]), ...HUB_CALLS.deleteWorkspace  }),
	/** Reads storage usage, quota and persistence again (after the page asked for persistence). */
	refreshStorage: method<void>()({ args: v.tuple([]), ...HUB_CALLS.refreshStorage  }),
	/** After a storage failure: end this hub so the tabs reload onto a fresh one. */
	restartHub: method<void>()({ args: v.tuple([]), ...HUB_CALLS.restartHub  }),
	/** After a storage failure: ask other tabs' hubs (any build) to let go of storage. */
	releaseStorage: method<void>()({ args: v.tuple([]), ...HUB_CALLS.releaseStorage  }),
	/** Presentation preferences (panel layout); never part of tools or history. */
	getPreference: method<unknown>()({ args: v.tuple([PreferenceKeySchema]), ...HUB_CALLS.getPreference, refuse: none  }),
	setPreference: method<void>()({ args: v.tuple([PreferenceKeySchema, PreferenceValueSchema]), ...HUB_CALLS.setPreference, refuse: none  }),
	/** Opens a text file for live co-editing (null: missing or binary). */
	collabOpen: method<CollabOpened | null>()({ args: v.tuple([PathSchema, IdSchema]), ...HUB_CALLS.collabOpen, refuse: () => null  }),
	/** A tab's updates made on a version; accepted ones reach every tab as collab.updates. */
	collabPush: method<CollabPushed>()({ args: v.tuple([PathSchema, IdSchema, RevisionSchema, CollabUpdatesSchema]), ...HUB_CALLS.collabPush  }),
	/** Updates a tab missed since a version (or the whole text). */
	collabPull: method<CollabPushed>()({ args: v.tuple([PathSchema, RevisionSchema]), ...HUB_CALLS.collabPull  }),
	/** Whether the hub's live text holds a client's updates made after a version (a journal entry it need not offer). */
	collabHolds: method<boolean>()({ args: v.tuple([PathSchema, IdSchema, RevisionSchema, RevisionSchema]), ...HUB_CALLS.collabHolds, refuse: () => false  }),
	/** Where this tab's cursor is (null: it left the file). */
	collabPresence: method<void>()({ args: v.tuple([PathSchema, IdSchema, CollabSelectionSchema]), ...HUB_CALLS.collabPresence, refuse: none  }),
	/** Commits the file's live text now (blur, hide). */
	collabFlush: method<void>()({ args: v.tuple([PathSchema]), ...HUB_CALLS.collabFlush, refuse: none  }),
	/** This tab closed the file. */
	collabClose: method<void>()({ args: v.tuple([PathSchema, IdSchema]), ...HUB_CALLS.collabClose, refuse: none  }),
	/** This tab hosts a preview: renders are addressed to it from now on; answers the current one. */
	registerPreviewHost: method<PreviewRender | null>()({ args: v.tuple([IdSchema]), ...HUB_CALLS.registerPreviewHost, refuse: () => null  }),
	/** A host's outcome for a render (the first matching one completes the tool call). */
	previewAck: method<void>()({ args: v.tuple([IdSchema, IdSchema, HostOutcomeSchema]), ...HUB_CALLS.previewAck, refuse: none  }),
	/** Console lines, errors and warnings a host saw after its render settled. */
	previewReport: method<void>()({ args: v.tuple([IdSchema, PreviewLinesSchema]), ...HUB_CALLS.previewReport, refuse: none  }),
	/** The site went to another page, or the person pressed Back/Forward: every tab's preview shows it. */
	previewNavigate: method<PreviewOutcome & { page: string }>()({ args: v.tuple([SiteNavigationSchema]), ...HUB_CALLS.previewNavigate  }),
	/** Where the preview is: the page shown, and whether Back and Forward lead anywhere. */
	previewLocation: method<PreviewLocation>()({ args: v.tuple([]), ...HUB_CALLS.previewLocation  }),
	/** A file the site asked for, from the revision its frame shows (`frame`: a page for a frame of the site's own page, compiled). */
	previewFile: method<SiteFileAnswer>()({ args: v.tuple([RevisionSchema, SitePathSchema, v.optional(SiteFileAsSchema)]), ...HUB_CALLS.previewFile  }),
	/** A frame changed the site's storage (the hub keeps localStorage and tells the other tabs). */
	previewStorage: method<void>()({ args: v.tuple([IdSchema, SiteStorageChangeSchema]), ...HUB_CALLS.previewStorage, refuse: none  }),
	/** A tab's picture of the page for the screenshot tool (the answer to a capture the hub sent it). */
	previewCaptured: method<void>()({ args: v.tuple([IdSchema, IdSchema, CaptureResultSchema]), ...HUB_CALLS.previewCaptured, refuse: none  }),
	/** The site's localStorage as the hub keeps it, and a row per IndexedDB database (the Site data view). */
	previewSiteStorage: method<{ local: Record<string, string> }>()({ args: v.tuple([]), ...HUB_CALLS.previewSiteStorage  }),
	/** Where packages come from (one choice per browser). */
	packagesCdn: method<CdnSetting>()({ args: v.tuple([]), ...HUB_CALLS.packagesCdn  }),
	setPackagesCdn: method<CdnSetting>()({ args: v.tuple([CdnSettingSchema]), ...HUB_CALLS.setPackagesCdn  }),
	/** Fetches every package and CDN file the workspace uses onto the device now. */
	packagesFetchAll: method<{ missing: string[] }>()({ args: v.tuple([]), ...HUB_CALLS.packagesFetchAll  }),
	/** Frees the package files no workspace of this browser uses. */
	packagesClearUnused: method<{ files: number; bytes: number }>()({ args: v.tuple([]), ...HUB_CALLS.packagesClearUnused })
} as const;

/** A hub method's name (every one is relayed in per-tab mode). */
export type HubMethod = keyof typeof HUB_METHODS;
/** The schema table and the tab's call table name the same methods (protocol-calls.ts). */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type MethodTablesAgree = SameKeys<HubMethod, HubCallName> extends true ? true : never;
const tablesAgree: MethodTablesAgree = true;
void tablesAgree;

type Spec<K extends HubMethod> = (typeof HUB_METHODS)[K];
/** Trailing arguments that accept undefined may be left out (`listTools()` as well as `listTools(cursor)`). */
type OptionalTail<T extends unknown[]> = T extends [...infer Head, infer Last] ? (undefined extends Last ? [...OptionalTail<Head>, Last?] : T) : T;
type ArgsOf<K extends HubMethod> = v.InferInput<Spec<K>['args']> extends infer T ? (T extends unknown[] ? OptionalTail<T> : never) : never;
type ResultOf<K extends HubMethod> = Spec<K> extends MethodSpec<v.GenericSchema, infer R> ? R : never;

/** The operations behind the facade (the hub, or the writer hub through the relay). */
export type HubBackend = { [K in HubMethod]: (...args: ArgsOf<K>) => Promise<ResultOf<K>> };

/** The surface a connected port exposes (through Comlink): the handshake plus every hub method. */
export type HubFacade = HubBackend & {
	hello(request: HelloRequest): Promise<HelloResponse>;
	ping(): Promise<'pong'>;
};

/** Every method name, in table order. */
export const HUB_METHOD_NAMES = Object.keys(HUB_METHODS) as HubMethod[];

/** Relay messages between per-tab hubs (fallback mode). */
export type RelayMessage =
	| { kind: 'request'; id: string; method: HubMethod; args: unknown[] }
	| { kind: 'response'; id: string; ok: true; value: unknown }
	| { kind: 'response'; id: string; ok: false; error: string };

/** Announcements between hubs of possibly different builds (one channel for all builds). */
export type HubAnnouncement =
	| { kind: 'hub-started'; hubId: string; build: string; protocolVersion: number; startedAt: number }
	/** A hub that cannot open storage asks the others to close their connections. */
	| { kind: 'release-storage'; hubId: string }
	/** A workspace was renamed or deleted: the hub serving it follows. */
	| { kind: 'workspace-renamed'; hubId: string; workspaceId: string; name: string }
	| { kind: 'workspace-deleted'; hubId: string; workspaceId: string };

/** Channel every hub of every build announces itself on. */
export const HUBS_CHANNEL = scoped('studio:hubs');
/** The workspace a hub worker serves, from its name (the default for an unnamed or foreign one). */
export function workspaceOfWorker(name: string | undefined): string {
	const id = name?.startsWith('studio:') ? name.slice('studio:'.length) : '';
	return v.is(WorkspaceIdSchema, id) ? id : DEFAULT_WORKSPACE;
}
/** Channel a workspace's hub publishes events on. */
export function eventsChannelName(build: string, workspaceId: string): string {
	return scoped(`studio:events:${build}:${workspaceId}`);
}
/** Channel per-tab hubs of a build and workspace relay calls to their writer on. */
export function relayChannelName(build: string, workspaceId: string): string {
	return scoped(`studio:relay:${build}:${workspaceId}`);
}
/** Web Lock of the single writing hub of a workspace in per-tab mode. */
export function writerLockName(workspaceId: string): string {
	return `studio:writer:${workspaceId}`;
}

/** True when `value` is a well-formed {@link HelloRequest}. */
export function isHelloRequest(value: unknown): value is HelloRequest {
	return v.is(HelloRequestSchema, value);
}

/** Decides compatibility for a handshake: same protocol version and same build. */
export function compareHello(
	tab: Pick<HelloRequest, 'protocolVersion' | 'build'>,
	hub: { protocolVersion: number; build: string }
): Pick<HelloResponse, 'compatible' | 'reason'> {
	if (tab.protocolVersion !== hub.protocolVersion) return { compatible: false, reason: 'protocol-mismatch' };
	if (tab.build !== hub.build) return { compatible: false, reason: 'build-mismatch' };
	return { compatible: true };
}

