// History: what each revision changed and who made it, and the undo/redo stacks over those entries.
import { ToolError } from '../core/errors';
import type { Diff } from './model';

/** How a revision came about. */
export type HistoryKind = 'change' | 'undo' | 'redo';

/** One revision in history. `diff` holds before/after of every changed path. */
export interface HistoryEntry {
	revision: number;
	kind: HistoryKind;
	/** For undo/redo: the revision whose change was reverted or re-applied. */
	target?: number;
	tool: string;
	source: string;
	mode: string;
	approved: boolean;
	at: number;
	changedPaths: string[];
	diff: Diff;
	/** Bytes of before/after content this entry keeps (for the history bound). */
	bytes: number;
}

/** Revisions that undo and redo would act on, most recent last. */
export interface UndoState {
	undo: number[];
	redo: number[];
}

/** Bytes an entry keeps alive. */
export function entryBytes(diff: Diff): number {
	let bytes = 0;
	for (const change of diff.changes) bytes += (change.before?.size ?? 0) + (change.after?.size ?? 0);
	return bytes;
}

/** The undo/redo stacks after committing an entry. */
export function nextUndoState(state: UndoState, entry: Pick<HistoryEntry, 'kind' | 'revision' | 'target'>): UndoState {
	switch (entry.kind) {
		case 'change':
			return { undo: [...state.undo, entry.revision], redo: [] };
		case 'undo':
			return { undo: state.undo.slice(0, -1), redo: [...state.redo, entry.target!] };
		case 'redo':
			return { undo: [...state.undo, entry.revision], redo: state.redo.slice(0, -1) };
	}
}

/** Drops revisions that are no longer in history from the stacks. */
export function pruneUndoState(state: UndoState, oldestKept: number): UndoState {
	return { undo: state.undo.filter((r) => r >= oldestKept), redo: state.redo.filter((r) => r >= oldestKept) };
}

/** True while history fits its bounds (revision count and kept bytes). The newest entry is always kept. */
export function historyWithinBounds(count: number, bytes: number, maxRevisions: number, maxBytes: number): boolean {
	return count <= 1 || (count <= maxRevisions && bytes <= maxBytes);
}

/** History bounds: revisions kept and bytes of before/after content kept. */
export interface HistoryBounds {
	maxRevisions: number;
	maxBytes: number;
}

/**
 * The compare-and-set of every repository: a commit applies only on the revision its caller
 * built it on; otherwise WORKSPACE_REVISION_CONFLICT and nothing is written.
 */
export function requireRevision(stored: number, expected: number): void {
	if (stored !== expected) {
		throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${stored}, not ${expected}. Read it again, then retry.`, {
			expectedRevision: expected,
			currentRevision: stored
		});
	}
}

/** The entries (oldest first) that remain once history is trimmed to its bounds, and their bytes. */
export function trimHistory<T extends { bytes: number }>(entries: readonly T[], bounds: HistoryBounds): { kept: T[]; bytes: number } {
	let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
	let drop = 0;
	while (!historyWithinBounds(entries.length - drop, bytes, bounds.maxRevisions, bounds.maxBytes)) bytes -= entries[drop++]!.bytes;
	return { kept: entries.slice(drop), bytes };
}
