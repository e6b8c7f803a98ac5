// Shapes of stored records and their runtime guards: anything read back from IndexedDB is untrusted.
import * as v from 'valibot';

const Revision = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A stored file (`files` store). */
export const FileRow = v.object({
	workspaceId: v.string(),
	path: v.pipe(v.string(), v.minLength(1)),
	kind: v.picklist(['text', 'asset']),
	language: v.string(),
	mimeType: v.string(),
	content: v.optional(v.string()),
	bytes: v.optional(v.instance(Uint8Array)),
	size: v.pipe(v.number(), v.minValue(0)),
	hash: v.string()
});
export type FileRow = v.InferOutput<typeof FileRow>;

/** A stored workspace (`workspaces` store). */
export const WorkspaceRow = v.object({
	id: v.string(),
	name: v.string(),
	revision: Revision,
	activePath: v.nullable(v.string()),
	undo: v.array(Revision),
	redo: v.array(Revision),
	historyBytes: v.pipe(v.number(), v.minValue(0)),
	historyCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
	createdAt: v.number(),
	updatedAt: v.number()
});
export type WorkspaceRow = v.InferOutput<typeof WorkspaceRow>;

/** True when a row is a usable text or asset file. */
export function isValidFileRow(row: unknown): row is FileRow {
	if (!v.is(FileRow, row)) return false;
	return row.kind === 'text' ? typeof row.content === 'string' : row.bytes instanceof Uint8Array;
}

/** The record of a workspace stored for the first time (no history yet). */
export function newWorkspaceRow(workspace: { id: string; name: string; revision: number; activePath: string | null }, now: number): WorkspaceRow {
	return { id: workspace.id, name: workspace.name, revision: workspace.revision, activePath: workspace.activePath, undo: [], redo: [], historyBytes: 0, historyCount: 0, createdAt: now, updatedAt: now };
}
