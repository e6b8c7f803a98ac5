// The repository of a hub whose IndexedDB exists but cannot be used (a newer schema, blocked by
// another tab, a disk error): it shows no files and accepts no writes, so nothing typed is lost to
// a store that would vanish — and no starter ever appears over the person's real data.
import { ToolError } from '../core/errors';
import type { Workspace } from '../domain/model';
import type { CommitRequest, LoadedWorkspace, RepositoryPort } from '../runtime/ports';

/** Why storage could not be used. */
export type StorageFailureReason = 'newer-schema' | 'blocked' | 'error';

/** What the tabs show about a storage failure. */
export interface StorageFailure {
	reason: StorageFailureReason;
	message: string;
}

/** Classifies an error from opening IndexedDB. */
export function describeStorageFailure(error: unknown): StorageFailure {
	const name = (error as { name?: string } | null)?.name;
	const reason = (error as { details?: { reason?: string } } | null)?.details?.reason;
	if (name === 'VersionError') {
		return { reason: 'newer-schema', message: 'This browser holds Web Studio data from a newer version than this tab. Reload to get the newer version; until then nothing can be saved here.' };
	}
	if (reason === 'blocked') {
		return { reason: 'blocked', message: 'Another Web Studio tab (an older version) keeps the storage busy. Close other Web Studio tabs, then retry.' };
	}
	return { reason: 'error', message: `The browser's storage could not be opened (${name ?? 'unknown error'}). Nothing can be saved until it works again; retry, or download a backup.` };
}

/** A repository that refuses everything but an empty read. */
export class UnavailableRepository implements RepositoryPort {
	readonly kind = 'indexeddb' as const;

	constructor(readonly failure: StorageFailure) {}

	async load(workspaceId: string): Promise<LoadedWorkspace> {
		const workspace: Workspace = { id: workspaceId, name: 'Storage unavailable', revision: 0, activePath: null, files: new Map() };
		return { workspace, undo: { undo: [], redo: [] }, quarantined: [] };
	}

	async commit(_request: CommitRequest): Promise<void> {
		throw new ToolError('TOOL_EXECUTION_FAILED', this.failure.message, { reason: 'storage-unavailable' });
	}

	async history() {
		return [];
	}

	async entriesAfter() {
		return [];
	}

	async entry() {
		return undefined;
	}

	async setActivePath(): Promise<void> {}

	close(): void {}
}
