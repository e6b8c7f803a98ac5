// What a pending call would change, computed by a dry run of the same pure transition: shown on the
// approval card so a person approves a diff, not a tool name.
import { apply } from '../domain/transitions';
import { lineDiff, type DiffLine } from '../domain/diff';
import type { Diff, Workspace } from '../domain/model';
import { buildChange, isChangeTool } from './handlers/changes';

/** One path's predicted change. */
export interface FileImpact {
	path: string;
	change: 'created' | 'deleted' | 'modified';
	diff: DiffLine[];
}

/** The predicted effect of a call, or why it would fail. */
export type Impact = { files: FileImpact[] } | { error: string };

/** Per-path line diffs of a transition's diff (binary files show their size). */
export function describeDiff(diff: Diff): FileImpact[] {
	return diff.changes.slice(0, 20).map(({ path, before, after }) => ({
		path,
		change: !before ? 'created' : !after ? 'deleted' : 'modified',
		diff:
			(before && before.content === undefined) || (after && after.content === undefined)
				? [{ kind: '…', text: `binary file, ${after?.size ?? before?.size ?? 0} bytes` }]
				: lineDiff(before?.content ?? '', after?.content ?? '', 3, 120)
	}));
}

/** Predicts the effect of `name` with validated `input` on `workspace`; undefined when not a content change. */
export function predictImpact(workspace: Workspace, name: string, input: unknown): Impact | undefined {
	if (!isChangeTool(name)) return undefined;
	try {
		return { files: describeDiff(apply(workspace, buildChange(name, input, workspace)).diff) };
	} catch (error) {
		return { error: error instanceof Error ? error.message : String(error) };
	}
}
