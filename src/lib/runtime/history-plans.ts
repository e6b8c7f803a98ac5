// Undo, redo and restore as workspace plans: each reads history for the state it is applied to,
// so the handler's commit and the approval card's dry run compute the same change.
import { ToolError } from '../core/errors';
import { rewind } from '../domain/transitions';
import type { RepositoryPort } from './ports';
import type { WorkspacePlan } from './ports';

/**
 * Undo or redo as a plan. The target is read from the undo state the plan runs on, so two
 * concurrent undos (both inside the queue) revert two different revisions.
 */
export function historyPlan(repository: RepositoryPort, workspaceId: string, kind: 'undo' | 'redo'): WorkspacePlan {
	return async (_workspace, undo) => {
		const target = (kind === 'undo' ? undo.undo : undo.redo).at(-1);
		const entry = target === undefined ? undefined : await repository.entry(workspaceId, target);
		if (target === undefined || !entry) {
			throw new ToolError('WORKSPACE_HISTORY_EMPTY', kind === 'undo' ? 'There is nothing to undo.' : 'There is nothing to redo.', { kind });
		}
		return { change: { type: kind === 'undo' ? 'revert' : 'reapply', diff: entry.diff }, history: { kind, target } };
	};
}

/** Restoring an earlier revision as a plan: rewinds every later history entry. */
export function restorePlan(repository: RepositoryPort, workspaceId: string, revision: number): WorkspacePlan {
	return async (current) => {
		if (revision > current.revision) {
			throw new ToolError('WORKSPACE_HISTORY_EMPTY', `Revision ${revision} does not exist yet; the workspace is at ${current.revision}.`, { revision, currentRevision: current.revision });
		}
		const entries = await repository.entriesAfter(workspaceId, revision);
		const contiguous = entries.length === current.revision - revision && entries.every((entry, i) => entry.revision === revision + 1 + i);
		if (!contiguous) {
			throw new ToolError('WORKSPACE_HISTORY_EMPTY', `Revision ${revision} is no longer in history (the oldest kept is ${entries[0]?.revision ?? current.revision}).`, {
				revision,
				oldestRevision: entries[0]?.revision ?? current.revision
			});
		}
		let state = current;
		for (const entry of [...entries].reverse()) state = rewind(state, entry.diff);
		return { change: { type: 'replace', files: [...state.files.values()] } };
	};
}
