// The IndexedDB repository (idb): atomic compare-and-set commits, bounded history, quarantine of
// unreadable records, preferences, settings and the persisted trace. The only module that opens the DB.
import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { ToolError } from '../core/errors';
import { historyWithinBounds, pruneUndoState, type HistoryEntry } from '../domain/history';
import { HISTORY_MAX_BYTES, HISTORY_MAX_REVISIONS } from '../core/limits';
import type { FileRecord, Workspace } from '../domain/model';
import type { CommitRequest, LoadedWorkspace, QuarantinedRecord, RepositoryPort } from '../runtime/ports';
import { DB_NAME, DB_VERSION, INDEXES, STORES } from './names';
import { migrate } from './migrations';
import { WorkspaceRow, isValidFileRow, type FileRow } from './records';
import type { FolderRecord } from './folder';
import * as v from 'valibot';

/** Health of the connection, for the status bar and workspace_get_status. */
export type StorageHealth = 'open' | 'blocked' | 'closed-for-upgrade' | 'terminated' | 'closed';

/** Options for {@link IdbRepository.open}. */
export interface IdbRepositoryOptions {
	name?: string;
	/** An IDBFactory (fake-indexeddb in Node tests); defaults to the global one. */
	indexedDB?: IDBFactory;
	/** Schema version to open (tests of the upgrade path); defaults to DB_VERSION. */
	version?: number;
	/** How long to wait for an older connection to let go before giving up (never hang). */
	blockedTimeoutMs?: number;
	onHealth?: (health: StorageHealth) => void;
	maxRevisions?: number;
	maxHistoryBytes?: number;
	now?: () => number;
}

type DB = IDBPDatabase<unknown>;
type AnyTx = IDBPTransaction<unknown, string[], 'readwrite'>;

function toRecord(row: FileRow): FileRecord {
	const { workspaceId: _ignored, ...file } = row;
	return file;
}

function toRow(workspaceId: string, file: FileRecord): FileRow {
	return { workspaceId, ...file };
}

/** Maps storage failures to canonical errors; quota is its own code. */
function storageError(error: unknown): ToolError {
	if (error instanceof ToolError) return error;
	const name = (error as { name?: string } | null)?.name;
	if (name === 'QuotaExceededError') {
		return new ToolError('WORKSPACE_QUOTA_EXCEEDED', "The browser refused to store more data (its storage quota is full). Nothing was changed. Delete large files, or download a backup and free space, then retry.", {});
	}
	return new ToolError('TOOL_EXECUTION_FAILED', 'Storage failed; nothing was changed.', { reason: 'storage', name: name ?? 'Error' });
}

/** The IndexedDB implementation of {@link RepositoryPort}. */
export class IdbRepository implements RepositoryPort {
	readonly kind = 'indexeddb' as const;
	#db: DB;
	#health: StorageHealth = 'open';
	readonly #options: IdbRepositoryOptions;

	private constructor(db: DB, options: IdbRepositoryOptions) {
		this.#db = db;
		this.#options = options;
	}

	/** Opens (and migrates) the database. Rejects instead of hanging when an old connection blocks. */
	static async open(options: IdbRepositoryOptions = {}): Promise<IdbRepository> {
		const factory = options.indexedDB ?? globalThis.indexedDB;
		if (!factory) throw new ToolError('TOOL_EXECUTION_FAILED', 'IndexedDB is not available here.', { reason: 'no-indexeddb' });
		let repository: IdbRepository | undefined;
		let blockedTimer: ReturnType<typeof setTimeout> | undefined;
		// idb's openDB always uses the global factory; this is the same wiring on the factory we were given.
		const request = factory.open(options.name ?? DB_NAME, options.version ?? DB_VERSION);
		request.addEventListener('upgradeneeded', (event) => {
			migrate(wrap(request.result) as DB, event.oldVersion, wrap(request.transaction!) as never);
		});
		request.addEventListener('blocked', () => options.onHealth?.('blocked'));
		const opening = (wrap(request) as unknown as Promise<DB>).then((db) => {
			db.addEventListener('versionchange', () => {
				// A newer build wants to upgrade: let it, and stop writing here.
				if (repository) repository.#lose('closed-for-upgrade');
				else db.close();
			});
			db.addEventListener('close', () => {
				if (repository) repository.#lose('terminated');
			});
			return db;
		});
		const timeout = new Promise<never>((_, reject) => {
			blockedTimer = setTimeout(
				() => reject(new ToolError('TOOL_EXECUTION_FAILED', 'Storage is blocked by another tab running an older version. Close other Web Studio tabs and reload.', { reason: 'blocked' })),
				options.blockedTimeoutMs ?? 10_000
			);
		});
		try {
			const db = await Promise.race([opening, timeout]);
			repository = new IdbRepository(db, options);
			return repository;
		} finally {
			clearTimeout(blockedTimer);
		}
	}

	/** Current connection health. */
	get health(): StorageHealth {
		return this.#health;
	}

	#setHealth(health: StorageHealth) {
		this.#health = health;
		this.#options.onHealth?.(health);
	}

	#lose(health: StorageHealth) {
		this.#setHealth(health);
		if (health === 'closed-for-upgrade') this.#db.close();
	}

	#requireOpen() {
		if (this.#health !== 'open') {
			throw new ToolError('TOOL_EXECUTION_FAILED', 'Storage was closed (a newer version of the studio is opening, or the browser closed it). Reload this tab.', {
				reason: this.#health
			});
		}
	}

	get #now() {
		return this.#options.now ?? Date.now;
	}

	async load(workspaceId: string, initial: () => Workspace): Promise<LoadedWorkspace> {
		this.#requireOpen();
		const quarantined: QuarantinedRecord[] = [];
		const rows = await this.#db.getAllFromIndex(STORES.files, INDEXES.filesByWorkspace, workspaceId);
		const files = new Map<string, FileRecord>();
		for (const candidate of rows) {
			if (isValidFileRow(candidate) && candidate.workspaceId === workspaceId) files.set(candidate.path, toRecord(candidate));
			else {
				const key = typeof (candidate as { path?: unknown })?.path === 'string' ? (candidate as { path: string }).path : '?';
				quarantined.push(await this.#quarantine(STORES.files, `${workspaceId}/${key}`, candidate, 'file record failed validation'));
				await this.#db.delete(STORES.files, [workspaceId, key]).catch(() => undefined);
			}
		}
		let row = await this.#db.get(STORES.workspaces, workspaceId);
		if (row !== undefined && !v.is(WorkspaceRow, row)) {
			quarantined.push(await this.#quarantine(STORES.workspaces, workspaceId, row, 'workspace record failed validation; rebuilt from its files'));
			row = await this.#rebuild(workspaceId, files, row);
		} else if (row === undefined && files.size > 0) {
			// Files without their workspace record: rebuild the record, never write the starter over them.
			row = await this.#rebuild(workspaceId, files, undefined);
		}
		if (row === undefined) {
			// Only an empty workspace gets the starter (another tab may just have created it: re-read).
			row = await this.#create(workspaceId, initial());
			for (const candidate of await this.#db.getAllFromIndex(STORES.files, INDEXES.filesByWorkspace, workspaceId)) {
				if (isValidFileRow(candidate)) files.set(candidate.path, toRecord(candidate));
			}
		}
		const meta = row as WorkspaceRow;
		quarantined.push(...(await this.listQuarantine()).filter((q) => !quarantined.some((seen) => seen.key === q.key && seen.store === q.store)));
		return {
			workspace: { id: meta.id, name: meta.name, revision: meta.revision, activePath: meta.activePath, files },
			undo: { undo: meta.undo, redo: meta.redo },
			quarantined
		};
	}

	/**
	 * A workspace record rebuilt from what survives: its files, the revision after the newest history
	 * entry (so history stays consistent), the name if it can still be read. Undo starts empty.
	 */
	async #rebuild(workspaceId: string, files: ReadonlyMap<string, FileRecord>, damaged: unknown): Promise<WorkspaceRow> {
		let count = 0;
		let bytes = 0;
		let newest = 0;
		let cursor = await this.#db.transaction(STORES.revisions).store.openCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, Infinity]));
		while (cursor) {
			const entry = cursor.value as Partial<HistoryEntry>;
			count += 1;
			bytes += typeof entry.bytes === 'number' ? entry.bytes : 0;
			newest = Math.max(newest, typeof entry.revision === 'number' ? entry.revision : 0);
			cursor = await cursor.continue();
		}
		const name = (damaged as { name?: unknown } | undefined)?.name;
		const paths = [...files.keys()].sort();
		const now = this.#now();
		const row: WorkspaceRow = {
			id: workspaceId,
			name: typeof name === 'string' && name ? name : 'My site',
			revision: Math.max(newest, 1),
			activePath: paths.find((path) => /\.html?$/i.test(path)) ?? paths[0] ?? null,
			undo: [],
			redo: [],
			historyBytes: bytes,
			historyCount: count,
			createdAt: now,
			updatedAt: now
		};
		await this.#db.put(STORES.workspaces, row);
		return row;
	}

	/** Creates the workspace unless another tab just did (checked inside the transaction). */
	async #create(workspaceId: string, workspace: Workspace): Promise<WorkspaceRow> {
		const tx = this.#db.transaction([STORES.workspaces, STORES.files], 'readwrite');
		const existing = await tx.objectStore(STORES.workspaces).get(workspaceId);
		if (existing !== undefined && v.is(WorkspaceRow, existing)) {
			await tx.done;
			return existing;
		}
		const now = this.#now();
		const row: WorkspaceRow = {
			id: workspaceId,
			name: workspace.name,
			revision: workspace.revision,
			activePath: workspace.activePath,
			undo: [],
			redo: [],
			historyBytes: 0,
			historyCount: 0,
			createdAt: now,
			updatedAt: now
		};
		void tx.objectStore(STORES.workspaces).put(row);
		for (const file of workspace.files.values()) void tx.objectStore(STORES.files).put(toRow(workspaceId, file));
		await tx.done.catch((error) => {
			throw storageError(error);
		});
		return row;
	}

	/**
	 * One readwrite transaction: read the stored revision, refuse on mismatch, write files, the
	 * workspace record and the history entry, prune history to its bounds. Resolves after the
	 * transaction completes; on any failure the transaction aborts and storage is unchanged.
	 */
	async commit(request: CommitRequest): Promise<void> {
		this.#requireOpen();
		const { workspaceId, expectedRevision, diff, entry } = request;
		const tx = this.#db.transaction([STORES.workspaces, STORES.files, STORES.revisions], 'readwrite') as unknown as AnyTx;
		const done = tx.done;
		done.catch(() => undefined); // observed below; avoid an unhandled rejection when we abort
		try {
			const stored = await tx.objectStore(STORES.workspaces).get(workspaceId);
			if (!v.is(WorkspaceRow, stored)) throw new ToolError('TOOL_EXECUTION_FAILED', 'The workspace record is missing; reload.', { reason: 'missing-workspace' });
			if (stored.revision !== expectedRevision) {
				throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${stored.revision}, not ${expectedRevision}. Read it again, then retry.`, {
					expectedRevision,
					currentRevision: stored.revision
				});
			}
			const files = tx.objectStore(STORES.files);
			for (const change of diff.changes) {
				if (change.after) void files.put(toRow(workspaceId, change.after));
				else void files.delete([workspaceId, change.path]);
			}
			const revisions = tx.objectStore(STORES.revisions);
			void revisions.put({ workspaceId, ...entry });
			let count = stored.historyCount + 1;
			let bytes = stored.historyBytes + entry.bytes;
			let oldestKept = entry.revision;
			const maxRevisions = this.#options.maxRevisions ?? HISTORY_MAX_REVISIONS;
			const maxBytes = this.#options.maxHistoryBytes ?? HISTORY_MAX_BYTES;
			if (!historyWithinBounds(count, bytes, maxRevisions, maxBytes)) {
				let cursor = await revisions.openCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, entry.revision - 1]));
				while (cursor && !historyWithinBounds(count, bytes, maxRevisions, maxBytes)) {
					bytes -= (cursor.value as HistoryEntry).bytes;
					count -= 1;
					void cursor.delete();
					cursor = await cursor.continue();
				}
				oldestKept = cursor ? (cursor.value as HistoryEntry).revision : entry.revision;
			} else {
				const first = await revisions.openCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, entry.revision]));
				oldestKept = first ? (first.value as HistoryEntry).revision : entry.revision;
			}
			const undo = pruneUndoState(request.undo, oldestKept);
			const next: WorkspaceRow = {
				...stored,
				revision: diff.toRevision,
				activePath: request.activePath,
				undo: undo.undo,
				redo: undo.redo,
				historyBytes: bytes,
				historyCount: count,
				updatedAt: this.#now()
			};
			void tx.objectStore(STORES.workspaces).put(next);
		} catch (error) {
			try {
				tx.abort();
			} catch {
				// already finished
			}
			throw storageError(error);
		}
		try {
			await done;
		} catch (error) {
			throw storageError(tx.error ?? error);
		}
	}

	async history(workspaceId: string, limit: number): Promise<HistoryEntry[]> {
		this.#requireOpen();
		const entries: HistoryEntry[] = [];
		let cursor = await this.#db.transaction(STORES.revisions).store.openCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, Infinity]), 'prev');
		while (cursor && entries.length < limit) {
			entries.push(stripWorkspaceId(cursor.value));
			cursor = await cursor.continue();
		}
		return entries;
	}

	async entriesAfter(workspaceId: string, after: number): Promise<HistoryEntry[]> {
		this.#requireOpen();
		const rows = await this.#db.getAll(STORES.revisions, IDBKeyRange.bound([workspaceId, after + 1], [workspaceId, Infinity]));
		return rows.map(stripWorkspaceId);
	}

	async entry(workspaceId: string, revision: number): Promise<HistoryEntry | undefined> {
		this.#requireOpen();
		const row = await this.#db.get(STORES.revisions, [workspaceId, revision]);
		return row ? stripWorkspaceId(row) : undefined;
	}

	async setActivePath(workspaceId: string, path: string | null): Promise<void> {
		this.#requireOpen();
		const tx = this.#db.transaction(STORES.workspaces, 'readwrite');
		const row = await tx.store.get(workspaceId);
		if (v.is(WorkspaceRow, row)) void tx.store.put({ ...row, activePath: path });
		await tx.done;
	}

	/** Quarantined records, as reported by workspace_get_status. */
	async listQuarantine(): Promise<QuarantinedRecord[]> {
		const rows = (await this.#db.getAll(STORES.quarantine)) as { store: string; key: string; reason: string }[];
		return rows.map(({ store, key, reason }) => ({ store, key, reason }));
	}

	async #quarantine(store: string, key: string, record: unknown, reason: string): Promise<QuarantinedRecord> {
		let copy: unknown = record;
		try {
			structuredClone(record);
		} catch {
			copy = String(record);
		}
		await this.#db.add(STORES.quarantine, { store, key, reason, record: copy, at: this.#now() });
		return { store, key, reason };
	}

	/** A presentation preference (panel sizes…). Never part of tool flows. */
	async getPreference<T>(key: string): Promise<T | undefined> {
		return ((await this.#db.get(STORES.preferences, key)) as { value: T } | undefined)?.value;
	}

	async setPreference(key: string, value: unknown): Promise<void> {
		await this.#db.put(STORES.preferences, { key, value });
	}

	/** A runtime setting (provider, model, base URL, key). */
	async getSetting<T>(key: string): Promise<T | undefined> {
		return ((await this.#db.get(STORES.settings, key)) as { value: T } | undefined)?.value;
	}

	async setSetting(key: string, value: unknown): Promise<void> {
		await this.#db.put(STORES.settings, { key, value });
	}

	/** The connected folder of a workspace, if any (handles are structured-cloneable). */
	async getFolder(workspaceId: string): Promise<FolderRecord | undefined> {
		return (await this.#db.get(STORES.folders, workspaceId)) as FolderRecord | undefined;
	}

	async putFolder(record: FolderRecord | null, workspaceId: string): Promise<void> {
		if (record) await this.#db.put(STORES.folders, record);
		else await this.#db.delete(STORES.folders, workspaceId);
	}

	/** The underlying database, for the trace store and folder handles. */
	get database(): DB {
		return this.#db;
	}

	close(): void {
		this.#health = 'closed';
		this.#db.close();
	}
}

function stripWorkspaceId(row: unknown): HistoryEntry {
	const { workspaceId: _ignored, ...entry } = row as HistoryEntry & { workspaceId: string };
	return entry;
}
