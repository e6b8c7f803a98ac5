// In-memory repository: the last rung of the fallback ladder (no IndexedDB) and a fast test double.
// Same contract as IndexedDB: compare-and-set commits and bounded history.
import { ToolError } from '../core/errors';
import { pruneUndoState, requireRevision, trimHistory, type HistoryEntry, type UndoState } from '../domain/history';
import { HISTORY_MAX_BYTES, HISTORY_MAX_REVISIONS } from '../core/limits';
import type { FileRecord, Workspace } from '../domain/model';
import type { CommitRequest, LoadedWorkspace, RepositoryPort, WorkspaceCatalogPort, WorkspaceSummary } from '../runtime/ports';

interface Stored {
	workspace: Workspace;
	undo: UndoState;
	history: HistoryEntry[];
	bytes: number;
}

/** Keeps workspaces in memory; lost on reload. */
export class MemoryRepository implements RepositoryPort {
	readonly kind = 'memory' as const;
	readonly #stores = new Map<string, Stored & { updatedAt: number }>();

	constructor(private readonly bounds = { maxRevisions: HISTORY_MAX_REVISIONS, maxBytes: HISTORY_MAX_BYTES }) {}

	/** Several workspaces, as IndexedDB keeps them (for tests and Node hosts). */
	readonly workspaces: WorkspaceCatalogPort = {
		list: async () =>
			[...this.#stores.values()]
				.map(({ workspace, history, updatedAt }): WorkspaceSummary => ({
					id: workspace.id,
					name: workspace.name,
					revision: workspace.revision,
					files: workspace.files.size,
					bytes: [...workspace.files.values()].reduce((sum, file) => sum + file.size, 0),
					historyCount: history.length,
					updatedAt
				}))
				.sort((a, b) => b.updatedAt - a.updatedAt || a.name.localeCompare(b.name)),
		exists: async (id) => this.#stores.has(id),
		create: async (workspace) => {
			if (this.#stores.has(workspace.id)) throw new ToolError('TOOL_VALIDATION_FAILED', `A workspace with the id ${workspace.id} exists already.`, { reason: 'workspace-exists' });
			this.#stores.set(workspace.id, { workspace: { ...workspace, files: new Map(workspace.files) }, undo: { undo: [], redo: [] }, history: [], bytes: 0, updatedAt: Date.now() });
		},
		rename: async (id, name) => {
			const stored = this.#stores.get(id);
			if (!stored) throw new ToolError('TOOL_VALIDATION_FAILED', `There is no workspace ${id}.`, { reason: 'no-workspace', workspaceId: id });
			stored.workspace = { ...stored.workspace, name };
		},
		remove: async (id) => void this.#stores.delete(id),
		files: async (id) => [...(this.#stores.get(id)?.workspace.files.values() ?? [])]
	};

	async load(workspaceId: string, initial: () => Workspace): Promise<LoadedWorkspace> {
		let stored = this.#stores.get(workspaceId);
		if (!stored) {
			stored = { workspace: initial(), undo: { undo: [], redo: [] }, history: [], bytes: 0, updatedAt: Date.now() };
			this.#stores.set(workspaceId, stored);
		}
		return { workspace: { ...stored.workspace, files: new Map(stored.workspace.files) }, undo: stored.undo, quarantined: [] };
	}

	async commit(request: CommitRequest): Promise<void> {
		const stored = this.#stores.get(request.workspaceId);
		if (!stored) throw new ToolError('TOOL_EXECUTION_FAILED', 'The workspace is missing; reload.', { reason: 'missing-workspace' });
		requireRevision(stored.workspace.revision, request.expectedRevision);
		const files = new Map<string, FileRecord>(stored.workspace.files);
		for (const change of request.diff.changes) {
			if (change.after) files.set(change.path, change.after);
			else files.delete(change.path);
		}
		const { kept: history, bytes } = trimHistory([...stored.history, request.entry], this.bounds);
		this.#stores.set(request.workspaceId, {
			workspace: { ...stored.workspace, files, revision: request.diff.toRevision, activePath: request.activePath },
			undo: pruneUndoState(request.undo, history[0]!.revision),
			history,
			bytes,
			updatedAt: Date.now()
		});
	}

	async history(workspaceId: string, limit: number): Promise<HistoryEntry[]> {
		return [...(this.#stores.get(workspaceId)?.history ?? [])].reverse().slice(0, limit);
	}

	async entriesAfter(workspaceId: string, after: number): Promise<HistoryEntry[]> {
		return (this.#stores.get(workspaceId)?.history ?? []).filter((entry) => entry.revision > after);
	}

	async entry(workspaceId: string, revision: number): Promise<HistoryEntry | undefined> {
		return this.#stores.get(workspaceId)?.history.find((entry) => entry.revision === revision);
	}

	async setActivePath(workspaceId: string, path: string | null): Promise<void> {
		const stored = this.#stores.get(workspaceId);
		if (stored) stored.workspace = { ...stored.workspace, activePath: path };
	}

	close(): void {}
}
