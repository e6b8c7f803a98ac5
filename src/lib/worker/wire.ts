// The data that crosses the tab ↔ hub boundary: snapshots, events and the records inside them.
// Re-exported through worker/protocol.ts (the only door to wire types); change a shape here and
// the protocol's shape test asks for a PROTOCOL_VERSION bump.
import type { CallToolResult, TraceEntry } from '../runtime/types';
import type { PendingApproval, SessionGrant } from '../runtime/policy';
import type { FolderState, PreviewOutcome, WorkspaceSummary } from '../runtime/ports';
import type { FileImpact } from '../runtime/prepare';
import type { StorageFailure } from '../storage/unavailable';
import type { AgentRunInfo } from '../agents/events';
import type { AgentUpdate } from '../agents/runner';
import type { RemoteServerView } from '../runtime/remote/servers';
import type { WireUpdate } from '../runtime/collab-doc';
import type { SiteStorageChange } from '../preview/messages';
import type { SiteLocation } from '../preview/site-state';

/** Where the preview is: the page shown, and whether Back and Forward lead anywhere. */
export type PreviewLocation = SiteLocation;

/** Where the shared runtime runs for this tab, from best to last resort. */
export type RuntimeMode = 'shared-worker' | 'dedicated-worker' | 'memory';
/** A cursor or selection in a shared file. */
export type CollabSelection = { anchor: number; head: number };
/** How a tab appears to the others: "Tab 2" and its caret's colour. */
export type CollabPeer = { tabId: string; label: string; colour: string };

export type { CallToolResult };
export type { WireUpdate };

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
	/** Why this hub no longer writes (state `superseded`): a newer build runs, another tab took the storage, or the workspace was deleted. */
	supersededBy?: 'newer-build' | 'storage-released' | 'workspace-deleted';
	/** The newer build that runs, when that is why. */
	newerBuild?: string;
	message?: string;
}

/** The preview state the hub last saw. */
export interface PreviewState {
	outcome: PreviewOutcome;
	hosts: number;
}

export type { PreviewRender, PreviewDiagnostic, HostRenderOutcome, PreviewErrorLine, PreviewConsoleLine, PreviewBridgeMessage, HostToFrameMessage, SiteFileAnswer, SiteNavigation, SiteStorageChange } from '../preview/messages';

/** Everything a late tab needs before it applies events; `seq` is the last event folded in. */
export interface HubSnapshot {
	hubId: string;
	seq: number;
	/** `missing`: the workspace this hub was started for does not exist (the tab opens another). */
	workspace: { id: string; name: string; revision: number; activePath: string | null; files: FileSummary[]; missing?: boolean };
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
	/** Which tabs have which files open (co-editing). */
	open: Record<string, string[]>;
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
	/** The workspace was renamed (in any tab); not a revision. */
	| { type: 'workspace.renamed'; name: string }
	| { type: 'workspace.focus'; path: string; line?: number; revision: number }
	| { type: 'trace.appended'; entries: TraceEntry[] }
	| { type: 'trace.cleared' }
	| { type: 'approvals.changed'; pending: PendingApproval[]; grants: SessionGrant[] }
	| { type: 'preview.status'; preview: PreviewState }
	/** The site's storage changed in one tab's preview (the others apply it and fire storage events). */
	| { type: 'preview.storage'; change: SiteStorageChange; fromTab: string | null }
	/** The preview went to another page. */
	| { type: 'preview.page'; location: PreviewLocation }
	| { type: 'agent.update'; update: AgentUpdate }
	/** A remote MCP server connected, failed, was added or removed, or changed its tools. */
	| { type: 'remote.servers'; servers: RemoteServerView[] }
	| { type: 'folder.status'; folder: FolderState }
	| { type: 'storage.status'; storage: StorageInfo }
	/** The hub is ending (Retry after a storage failure): every tab reloads and starts a fresh one. */
	| { type: 'hub.restart' }
	| { type: 'hub.status'; status: HubStatus }
	/** Accepted co-editing updates of a file, from version `from` on (every tab, the sender too). */
	| { type: 'collab.updates'; path: string; from: number; updates: WireUpdate[] }
	/** A tab's cursor in a shared file moved (null: it left). */
	| { type: 'collab.presence'; path: string; peer: CollabPeer; selection: CollabSelection | null }
	/** A shared file can no longer be merged into (deleted, renamed away, now binary); `unsaved`: its live text held typing not yet stored. */
	| { type: 'collab.closed'; path: string; reason: 'deleted' | 'binary'; unsaved: boolean }
	/** Which tabs have which files open. */
	| { type: 'collab.open'; open: Record<string, string[]> };

export type HubEvent = HubEventBody & { hubId: string; seq: number };

// ── What hub methods answer ─────────────────────────────────────────────────────────────────────

/** A revision's changes as the history panel shows them. */
export type RevisionDiff = { revision: number; tool: string; source: string; files: FileImpact[] };
/** A workspace as the switcher lists it (`current`: the one this hub serves). */
export type WorkspaceListing = WorkspaceSummary & { current: boolean };
/** A new workspace, and what a .zip left out. */
export type CreatedWorkspace = { id: string; name: string; files: number; skipped: { path: string; reason: string }[] };
/** A download built in the hub: the page gets a Blob handle, not a copy of the bytes. */
export type BlobDownload = { name: string; blob: Blob };
/** A shared file as a tab opens it: the live text at `version`, and where the other tabs are. */
export type CollabOpened = { path: string; version: number; text: string; self: CollabPeer; peers: { peer: CollabPeer; selection: CollabSelection | null }[] };
/** The answer to a push or pull: accepted (with missed updates on a pull), a full resync, or closed. */
export type CollabPushed =
	| { status: 'ok'; version: number; from?: number; updates?: WireUpdate[] }
	| { status: 'resync'; version: number; text: string }
	| { status: 'closed' };
/** A file's content for the editor. */
export type FileContent = { revision: number; path: string; content: string | null; size: number; mimeType: string };
