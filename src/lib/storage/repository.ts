// The IndexedDB workspace store (idb): atomic compare-and-set commits, bounded history, quarantine of
// unreadable records, and a workspace record rebuilt from its files when it is damaged.
import type { IDBPTransaction } from 'idb';
import { StudioDatabase, type DB, type DatabaseOptions, type StorageHealth } from './database';
import { ToolError } from '../core/errors';
import { historyWithinBounds, pruneUndoState, requireRevision, type HistoryEntry } from '../domain/history';
import { HISTORY_MAX_BYTES, HISTORY_MAX_REVISIONS } from '../core/limits';
import type { FileRecord, Workspace } from '../domain/model';
import type { CommitRequest, LoadedWorkspace, QuarantinedRecord, RepositoryPort } from '../runtime/ports';
import { INDEXES, STORES } from './names';
import { listQuarantine, quarantine, rebuildWorkspaceRow } from './repair';
import { WorkspaceRow, isValidFileRow, newWorkspaceRow, type FileRow } from './records';
import { IdbCatalog } from './catalog';
import * as v from 'valibot';

export type { StorageHealth };

/** Options for {@link IdbRepository.open}. */
export interface IdbRepositoryOptions extends DatabaseOptions {
	maxRevisions?: number;
	maxHistoryBytes?: number;
	now?: () => number;
}

type AnyTx = IDBPTransaction<unknown, string[], 'readwrite'>;

function toRecord(row: FileRow): FileRecord {
	const { workspaceId: _ignored, ...file } = row;
	return file;
}

/** The revision in a history key `[workspaceId, revision]`. */
function revisionOfKey(key: IDBValidKey): number {
	return Array.isArray(key) && typeof key[1] === 'number' ? key[1] : Number.NaN;
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
	readonly #database: StudioDatabase;
	readonly #db: DB;
	readonly #options: IdbRepositoryOptions;
	readonly workspaces: IdbCatalog;

	private constructor(database: StudioDatabase, options: IdbRepositoryOptions) {
		this.#database = database;
		this.#db = database.db;
		this.#options = options;
		this.workspaces = new IdbCatalog(database.db, () => (options.now ?? Date.now)());
	}

	/** Opens (and migrates) the database; see StudioDatabase. */
	static async open(options: IdbRepositoryOptions = {}): Promise<IdbRepository> {
		return new IdbRepository(await StudioDatabase.open(options), options);
	}

	/** Current connection health. */
	get health(): StorageHealth {
		return this.#database.health;
	}

	#requireOpen() {
		this.#database.requireOpen();
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
				quarantined.push(await quarantine(this.#db, this.#now(), STORES.files, `${workspaceId}/${key}`, candidate, 'file record failed validation'));
				await this.#db.delete(STORES.files, [workspaceId, key]).catch(() => undefined);
			}
		}
		let row = await this.#db.get(STORES.workspaces, workspaceId);
		if (row !== undefined && !v.is(WorkspaceRow, row)) {
			quarantined.push(await quarantine(this.#db, this.#now(), STORES.workspaces, workspaceId, row, 'workspace record failed validation; rebuilt from its files'));
			row = await rebuildWorkspaceRow(this.#db, workspaceId, files, row, this.#now());
		} else if (row === undefined && files.size > 0) {
			// Files without their workspace record: rebuild the record, never write the starter over them.
			row = await rebuildWorkspaceRow(this.#db, workspaceId, files, undefined, this.#now());
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

	/** Creates the workspace unless another tab just did (checked inside the transaction). */
	async #create(workspaceId: string, workspace: Workspace): Promise<WorkspaceRow> {
		const tx = this.#db.transaction([STORES.workspaces, STORES.files], 'readwrite');
		const existing = await tx.objectStore(STORES.workspaces).get(workspaceId);
		if (existing !== undefined && v.is(WorkspaceRow, existing)) {
			await tx.done;
			return existing;
		}
		const row = newWorkspaceRow({ ...workspace, id: workspaceId }, this.#now());
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
			requireRevision(stored.revision, expectedRevision);
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
				oldestKept = cursor ? revisionOfKey(cursor.primaryKey) : entry.revision;
			} else {
				// Keys only: the oldest entry may be a whole-folder import of megabytes, and reading its
				// value on every commit made each write cost grow with the workspace (B5 in `npm run bench`).
				const first = await revisions.openKeyCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, entry.revision]));
				oldestKept = first ? revisionOfKey(first.primaryKey) : entry.revision;
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
	listQuarantine(): Promise<QuarantinedRecord[]> {
		return listQuarantine(this.#db);
	}

	/** The underlying database, for the trace store and the key-value stores. */
	get database(): DB {
		return this.#db;
	}

	close(): void {
		this.#database.close();
	}
}

function stripWorkspaceId(row: unknown): HistoryEntry {
	const { workspaceId: _ignored, ...entry } = row as HistoryEntry & { workspaceId: string };
	return entry;
}
