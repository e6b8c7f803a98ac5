// The list of workspaces in IndexedDB: list, create, rename, delete (files, history, folder link)
// and read one's files. Each workspace keeps its own files and history under its id.
import * as v from 'valibot';
import { ToolError } from '../core/errors';
import type { FileRecord, Workspace } from '../domain/model';
import type { WorkspaceCatalogPort, WorkspaceSummary } from '../runtime/ports';
import type { DB } from './database';
import { INDEXES, STORES } from './names';
import { WorkspaceRow, isValidFileRow, newWorkspaceRow } from './records';

/** The IndexedDB implementation of {@link WorkspaceCatalogPort}. */
export class IdbCatalog implements WorkspaceCatalogPort {
	constructor(
		private readonly db: DB,
		private readonly now: () => number
	) {}

	async list(): Promise<WorkspaceSummary[]> {
		const tx = this.db.transaction([STORES.workspaces, STORES.files]);
		const rows = (await tx.objectStore(STORES.workspaces).getAll()).filter((row): row is WorkspaceRow => v.is(WorkspaceRow, row));
		// One pass over the files for counts and sizes (the switcher shows what each workspace holds).
		const sizes = new Map<string, { files: number; bytes: number }>();
		let cursor = await tx.objectStore(STORES.files).openCursor();
		while (cursor) {
			const row = cursor.value as { workspaceId?: unknown; size?: unknown };
			if (typeof row.workspaceId === 'string') {
				const seen = sizes.get(row.workspaceId) ?? { files: 0, bytes: 0 };
				seen.files += 1;
				seen.bytes += typeof row.size === 'number' ? row.size : 0;
				sizes.set(row.workspaceId, seen);
			}
			cursor = await cursor.continue();
		}
		await tx.done;
		return rows
			.map((row) => ({ id: row.id, name: row.name, revision: row.revision, historyCount: row.historyCount, updatedAt: row.updatedAt, ...(sizes.get(row.id) ?? { files: 0, bytes: 0 }) }))
			.sort((a, b) => b.updatedAt - a.updatedAt || a.name.localeCompare(b.name));
	}

	async exists(workspaceId: string): Promise<boolean> {
		return (await this.db.getKey(STORES.workspaces, workspaceId)) !== undefined;
	}

	async create(workspace: Workspace): Promise<void> {
		const tx = this.db.transaction([STORES.workspaces, STORES.files], 'readwrite');
		if ((await tx.objectStore(STORES.workspaces).getKey(workspace.id)) !== undefined) {
			tx.abort();
			await tx.done.catch(() => undefined);
			throw new ToolError('TOOL_VALIDATION_FAILED', `A workspace with the id ${workspace.id} exists already.`, { reason: 'workspace-exists' });
		}
		const row = newWorkspaceRow(workspace, this.now());
		void tx.objectStore(STORES.workspaces).put(row);
		for (const file of workspace.files.values()) void tx.objectStore(STORES.files).put({ workspaceId: workspace.id, ...file });
		await tx.done;
	}

	async rename(workspaceId: string, name: string): Promise<void> {
		const tx = this.db.transaction(STORES.workspaces, 'readwrite');
		const row = await tx.store.get(workspaceId);
		if (!v.is(WorkspaceRow, row)) {
			await tx.done;
			throw missing(workspaceId);
		}
		void tx.store.put({ ...row, name, updatedAt: this.now() });
		await tx.done;
	}

	async remove(workspaceId: string): Promise<void> {
		// One transaction: a workspace is never left half deleted (files gone, record still listed).
		const tx = this.db.transaction([STORES.workspaces, STORES.files, STORES.revisions, STORES.folders, STORES.transcripts], 'readwrite');
		void tx.objectStore(STORES.workspaces).delete(workspaceId);
		for (const key of await tx.objectStore(STORES.transcripts).index(INDEXES.transcriptsByWorkspace).getAllKeys(workspaceId)) void tx.objectStore(STORES.transcripts).delete(key);
		void tx.objectStore(STORES.files).delete(IDBKeyRange.bound([workspaceId, ''], [workspaceId, []]));
		void tx.objectStore(STORES.revisions).delete(IDBKeyRange.bound([workspaceId, 0], [workspaceId, Infinity]));
		void tx.objectStore(STORES.folders).delete(workspaceId);
		await tx.done;
	}

	async files(workspaceId: string): Promise<FileRecord[]> {
		const rows = await this.db.getAllFromIndex(STORES.files, INDEXES.filesByWorkspace, workspaceId);
		return rows.filter(isValidFileRow).map(({ workspaceId: _id, ...file }) => file);
	}
}

function missing(workspaceId: string): ToolError {
	return new ToolError('TOOL_VALIDATION_FAILED', `There is no workspace ${workspaceId} (deleted in another tab?).`, { reason: 'no-workspace', workspaceId });
}
