// Ports the runtime depends on: the workspace repository (IndexedDB, memory, or a Node folder) and the preview.
import type { HistoryEntry, HistoryKind, UndoState } from '../domain/history';
import type { Change } from '../domain/transitions';
import type { Diff, FileRecord, Workspace } from '../domain/model';
import type { CaptureOptions, CaptureResult, PreviewDiagnostic, SiteNavigation } from '../preview/messages';

/** A record that failed validation on load: kept aside and reported, never silently dropped. */
export type QuarantinedRecord = {
	store: string;
	key: string;
	reason: string;
};

/** What loading a workspace yields. */
export interface LoadedWorkspace {
	workspace: Workspace;
	undo: UndoState;
	quarantined: QuarantinedRecord[];
}

/** One atomic commit: compare-and-set on `expectedRevision`, then files + revision + history entry. */
export interface CommitRequest {
	workspaceId: string;
	expectedRevision: number;
	diff: Diff;
	entry: HistoryEntry;
	undo: UndoState;
	activePath: string | null;
	/** The change was made outside the studio (edited on disk): record it, write no file. */
	external?: boolean;
}

/** Persistence of one workspace. Every implementation keeps the CAS and the history bounds. */
export interface RepositoryPort {
	readonly kind: 'indexeddb' | 'memory' | 'filesystem';
	/** Loads the workspace, creating it from `initial` when there is none. */
	load(workspaceId: string, initial: () => Workspace): Promise<LoadedWorkspace>;
	/** Commits atomically; throws WORKSPACE_REVISION_CONFLICT or WORKSPACE_QUOTA_EXCEEDED leaving storage unchanged. */
	commit(request: CommitRequest): Promise<void>;
	/** History entries, newest first. */
	history(workspaceId: string, limit: number): Promise<HistoryEntry[]>;
	/** Entries with revision > `after`, oldest first (for restoring an earlier revision). */
	entriesAfter(workspaceId: string, after: number): Promise<HistoryEntry[]>;
	/** One entry, if still in history. */
	entry(workspaceId: string, revision: number): Promise<HistoryEntry | undefined>;
	/** Moves the editors' focus; not a revision. */
	setActivePath(workspaceId: string, path: string | null): Promise<void>;
	/** The stored workspaces, where this storage keeps several (absent: exactly one, e.g. a folder). */
	readonly workspaces?: WorkspaceCatalogPort;
	close(): void;
}

/** One stored workspace as the switcher lists it. */
export interface WorkspaceSummary {
	id: string;
	name: string;
	revision: number;
	files: number;
	bytes: number;
	/** Entries of history kept for it. */
	historyCount: number;
	updatedAt: number;
}

/** The list of workspaces a storage keeps; each has its own files and history. */
export interface WorkspaceCatalogPort {
	/** Every workspace, most recently changed first. */
	list(): Promise<WorkspaceSummary[]>;
	exists(workspaceId: string): Promise<boolean>;
	/** Stores a new workspace (its files at its revision, no history); refuses an id in use. */
	create(workspace: import('../domain/model').Workspace): Promise<void>;
	rename(workspaceId: string, name: string): Promise<void>;
	/** Deletes the workspace, its files and its history. */
	remove(workspaceId: string): Promise<void>;
	/** The files of a stored workspace (for duplicates and backups). */
	files(workspaceId: string): Promise<import('../domain/model').FileRecord[]>;
}

/** The browser's storage as workspace_get_status reports it (null: the host cannot tell). */
export interface StorageUse {
	persisted: boolean | null;
	usage: number | null;
	quota: number | null;
}

/** The preview outcome every mutation reports. */
export type PreviewOutcome = {
	revision: number;
	status: 'ready' | 'error' | 'timeout' | 'unavailable' | 'superseded';
	/** The canonical code behind a non-ready status (PREVIEW_ACK_TIMEOUT, PREVIEW_RUNTIME_ERROR…). */
	code?: string;
	message?: string;
	durationMs?: number;
	diagnostics?: PreviewDiagnostic[];
};

/** A line of the preview's errors or warnings, with where it happened when known (`app.js:12`). */
export type PreviewLine = { message: string; revision: number; at?: string };

/** Renders a revision somewhere and reports how it went. */
export interface PreviewPort {
	/** Renders a revision; `reload` reloads the frames even when the document is unchanged (preview_refresh). */
	render(workspace: Workspace, signal?: AbortSignal, options?: { reload?: boolean }): Promise<PreviewOutcome>;
	/** The last outcome, the page shown, console output, errors and warnings, for preview_get_status. */
	status(): { preview: PreviewOutcome; page?: string; console: { level: string; text: string; revision: number }[]; errors: PreviewLine[]; warnings?: PreviewLine[] };
	/** Shows another page of the site (absent: a runtime without a preview). */
	navigate?(workspace: Workspace, target: SiteNavigation, signal?: AbortSignal): Promise<PreviewOutcome & { page: string }>;
	/** The site's localStorage and cookies as the preview keeps them (a cookie: `name; path=/p` → `value[; expires=<ISO time>]`). */
	siteStorage?(): { local: Record<string, string>; cookies: Record<string, string> };
	/** The site's IndexedDB databases as the preview keeps them: each one's text, by name (runtime/site-databases.ts reads it). */
	siteDatabases?(): Record<string, string>;
	/** Clears the site's storage and reloads the page shown. */
	clearStorage?(workspace: Workspace, signal?: AbortSignal): Promise<PreviewOutcome>;
	/** Files an import left out, with why: a page that references one is told so, not "not in the workspace". */
	noteLeftOut?(skipped: readonly { path: string; reason: string }[]): void;
	/** A picture of the revision the preview acknowledged (absent: a runtime without a preview). */
	screenshot?(options: CaptureOptions, signal?: AbortSignal): Promise<Extract<CaptureResult, { ok: true }>>;
}

/** A preview port for runtimes without a preview (tests, MCP stdio): always `unavailable`. */
export const NO_PREVIEW: PreviewPort = {
	async render(workspace) {
		return { revision: workspace.revision, status: 'unavailable', message: 'No preview is open.' };
	},
	status() {
		return { preview: { revision: 0, status: 'unavailable', message: 'No preview is open.' }, console: [], errors: [] };
	}
};

/** Connection state of the local folder. */
export type FolderState = {
	status: 'browser-only' | 'connected' | 'permission-required' | 'stale';
	name?: string;
	dirtyPaths?: string[];
	lastSavedAt?: number;
};

/** A path the folder sync left alone, and why. */
export type SkippedPath = {
	path: string;
	reason: string;
};

/**
 * What saving to the folder would do: per path the file on disk now (`before`, null when absent) and
 * the workspace file it would become (`after`, null for a delete). Shaped like a workspace diff so
 * approval cards and fingerprints treat both alike. `conflicts` are paths the disk rule refuses.
 */
export interface DiskPlan {
	folder: string;
	changes: import('../domain/model').FileChange[];
	conflicts: { path: string; reason: string }[];
	/** Workspace files the studio does not write to disk (dot paths and the like). */
	skipped: SkippedPath[];
}

/** A connected local folder (File System Access handle in the browser). */
export interface FolderPort {
	state(workspace: Workspace): FolderState;
	/** What {@link save} would write and delete, read from disk now; `overwrite` lists paths the person chose to overwrite. */
	plan(workspace: Workspace, overwrite?: readonly string[]): Promise<DiskPlan>;
	/**
	 * Writes changed files under the disk rule; refuses with WORKSPACE_FOLDER_STALE (nothing written)
	 * on a conflict not in `overwrite`, and with TOOL_APPROVAL_CHANGED when the plan no longer matches
	 * `approvedFingerprint`.
	 */
	save(workspace: Workspace, options?: { approvedFingerprint?: string; overwrite?: readonly string[] }): Promise<{ saved: string[]; skipped: SkippedPath[] }>;
	/** Reads every file the studio can hold from the folder. */
	read(): Promise<import('../domain/model').FileRecord[]>;
	/** What the last read left out, with reasons. */
	skipped(): SkippedPath[];
	/** True when the folder holds anything besides dot files. */
	hasEntries(): Promise<boolean>;
	disconnect(): Promise<void>;
}

/** What a plan yields: the change to apply and how history records it. */
export interface PlannedChange {
	change: Change;
	history?: { kind: HistoryKind; target?: number };
}

/**
 * A mutation, built against the state it applies to: inside the mutation queue for a commit, or
 * on the current snapshot for an approval card's dry run — one definition for both.
 */
export type WorkspacePlan = (workspace: Workspace, undo: UndoState) => PlannedChange | Promise<PlannedChange>;


/** A package or CDN file kept on the device: the URL it was asked by, and its content's address. */
export interface StoredPackageFile {
	url: string;
	finalUrl: string;
	type: string;
	/** SHA-256 of the bytes, hex: the same bytes under two URLs are stored once. */
	hash: string;
	size: number;
	at: number;
}

/** The device's package store, shared by every workspace and tab (IndexedDB in browsers). */
export interface PackageStorePort {
	file(url: string): Promise<StoredPackageFile | undefined>;
	bytes(hash: string): Promise<Uint8Array | undefined>;
	/** Keeps `bytes` under their hash and `file.url` pointing at them. */
	put(file: StoredPackageFile, bytes: Uint8Array): Promise<void>;
	files(): Promise<StoredPackageFile[]>;
	/** Forgets the URLs, and the bytes no URL points at any more. */
	remove(urls: readonly string[]): Promise<void>;
	/** A version range once resolved (`marked@^15` → `15.0.7`): kept so it never changes silently. */
	resolved(key: string): Promise<string | undefined>;
	setResolved(key: string, version: string): Promise<void>;
}

/** The workspace's git link (worker/hub-git.ts in a browser; absent where git is the folder's own). */
export interface GitPort {
	status(workspace: Workspace): Promise<{ linked: boolean; url?: string; branch?: string; head?: string | null; base?: string | null; changes: { path: string; change: 'added' | 'modified' | 'deleted' }[] }>;
	commit(workspace: Workspace, message: string, author?: { name: string; email: string }): Promise<{ commit: string | null; files: number; ignored: string[] }>;
	push(signal?: AbortSignal): Promise<{ pushed: string | null; url: string; branch: string }>;
	/**
	 * What a pull would make of the workspace: the remote's commit and every file after the merge
	 * (null: already up to date). Conflicts throw GIT_MERGE_CONFLICT; nothing is written here.
	 */
	pullFiles(workspace: Workspace, signal?: AbortSignal, resolve?: Readonly<Record<string, 'mine' | 'theirs'>>): Promise<{ remote: string; files: FileRecord[]; leftOut: { path: string; reason: string }[] } | null>;
	/** The pull's changes are in the workspace: the branch and the sync base move on. */
	finishPull(remote: string, workspace: Workspace): Promise<void>;
}
