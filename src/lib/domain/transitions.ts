// Pure workspace transitions: apply(workspace, change) -> { workspace, diff }. Nothing mutates in place;
// every successful change that alters content increments the revision by exactly one.
import { ToolError } from '../core/errors';
import { isHtml } from './kinds';
import { WORKSPACE_MAX_BYTES, WORKSPACE_MAX_FILES } from '../core/limits';
import { makeFile, sameFile, totalBytes, type Diff, type FileChange, type FileRecord, type Workspace } from './model';
import { normalizePath } from './paths';
import { inLineBreaksOf } from './doc-text';

/** One file operation: the steps a batch is made of. */
export type FileOperation =
	| { type: 'create'; path: string; content: string | Uint8Array }
	| { type: 'write'; path: string; content: string | Uint8Array; createIfMissing?: boolean }
	| { type: 'patch'; path: string; search: string; replace: string; occurrence: 'first' | 'all' }
	| { type: 'rename'; from: string; to: string }
	| { type: 'delete'; path: string };

/** Most operations in one batch. */
export const BATCH_MAX_OPERATIONS = 64;

/** A requested change. Paths are normalised by `apply`. */
export type Change =
	| FileOperation
	/**
	 * Several file operations applied in order as one revision: all or nothing. Later operations see
	 * the files earlier ones left; the diff is the net change (a file created then patched is one
	 * created file). The last-HTML rule is checked on the result, not between steps.
	 */
	| { type: 'batch'; operations: readonly FileOperation[] }
	/** Replace every file (reset to the template, restore a revision, reload from a folder). */
	| { type: 'replace'; files: readonly FileRecord[]; activePath?: string | null }
	/** Undo: set every path of `diff` back to its `before`. */
	| { type: 'revert'; diff: Diff }
	/** Redo: set every path of `diff` to its `after` again. */
	| { type: 'reapply'; diff: Diff };

/** The outcome of a transition. `diff.changes` is empty when nothing changed (no new revision). */
export interface ApplyResult {
	workspace: Workspace;
	diff: Diff;
	/** Replacements made by a patch. */
	replacements?: number;
}

function notFound(path: string): ToolError {
	return new ToolError('WORKSPACE_FILE_NOT_FOUND', `There is no file at ${path}. Use workspace_list_files to see the paths.`, { path });
}

function requireText(file: FileRecord): string {
	if (file.kind !== 'text' || file.content === undefined) {
		throw new ToolError('WORKSPACE_FILE_TYPE_CONFLICT', `${file.path} is a binary asset (${file.mimeType}, ${file.size} bytes); it has no text to edit.`, {
			path: file.path,
			kind: file.kind,
			mimeType: file.mimeType,
			size: file.size
		});
	}
	return file.content;
}

/** Applies one change. Throws a canonical ToolError when an invariant or limit would break; nothing changes then. */
export function apply(workspace: Workspace, change: Change): ApplyResult {
	return applyChange(workspace, change, false);
}

function applyChange(workspace: Workspace, change: Change, inBatch: boolean): ApplyResult {
	const files = new Map(workspace.files);
	const changes: FileChange[] = [];
	let replacements: number | undefined;
	const set = (path: string, after: FileRecord | null) => {
		const before = files.get(path) ?? null;
		if (sameFile(before, after)) return;
		changes.push({ path, before, after });
		if (after) files.set(path, after);
		else files.delete(path);
	};

	switch (change.type) {
		case 'create': {
			const path = normalizePath(change.path);
			if (files.has(path)) throw new ToolError('WORKSPACE_FILE_EXISTS', `${path} already exists; use workspace_write_file to replace its content.`, { path });
			set(path, makeFile(path, change.content));
			break;
		}
		case 'write': {
			const path = normalizePath(change.path);
			if (!files.has(path) && !change.createIfMissing) throw notFound(path);
			set(path, makeFile(path, change.content));
			break;
		}
		case 'patch': {
			const path = normalizePath(change.path);
			const file = files.get(path);
			if (!file) throw notFound(path);
			const text = requireText(file);
			const { search, replace } = inLineBreaksOf(text, change.search, change.replace);
			const count = text.split(search).length - 1;
			if (count === 0) {
				throw new ToolError('WORKSPACE_PATCH_NOT_FOUND', `The search text was not found in ${path}. Read the file again and copy the exact text, whitespace included.`, {
					path,
					searchPreview: change.search.slice(0, 120)
				});
			}
			// split/join and indexOf are literal: `$&` or `$1` in the replacement are not special here.
			const next =
				change.occurrence === 'all' ? text.split(search).join(replace) : text.slice(0, text.indexOf(search)) + replace + text.slice(text.indexOf(search) + search.length);
			replacements = change.occurrence === 'all' ? count : 1;
			set(path, makeFile(path, next));
			break;
		}
		case 'rename': {
			const from = normalizePath(change.from);
			const to = normalizePath(change.to);
			const file = files.get(from);
			if (!file) throw notFound(from);
			if (from === to) break;
			if (files.has(to)) throw new ToolError('WORKSPACE_FILE_EXISTS', `${to} already exists.`, { path: to });
			const moved = makeFile(to, file.kind === 'text' ? file.content! : file.bytes!);
			set(from, null);
			set(to, moved);
			if (!inBatch) requireEntry(workspace, files, from);
			break;
		}
		case 'delete': {
			const path = normalizePath(change.path);
			if (!files.has(path)) throw notFound(path);
			set(path, null);
			if (!inBatch) requireEntry(workspace, files, path);
			break;
		}
		case 'batch': {
			const after = applyBatch(workspace, change.operations);
			replacements = after.replacements;
			for (const path of after.touched) set(path, after.workspace.files.get(path) ?? null);
			const removedHtml = after.touched.find((path) => isHtml(path) && !files.has(path));
			if (removedHtml) requireEntry(workspace, files, removedHtml);
			break;
		}
		case 'replace': {
			const next = new Map(change.files.map((file) => [normalizePath(file.path), file]));
			for (const path of [...files.keys()]) if (!next.has(path)) set(path, null);
			for (const [path, file] of next) set(path, file.path === path ? file : { ...file, path });
			break;
		}
		case 'revert':
		case 'reapply': {
			const forward = change.type === 'reapply';
			for (const item of forward ? change.diff.changes : [...change.diff.changes].reverse()) set(item.path, forward ? item.after : item.before);
			break;
		}
	}

	if (changes.length === 0) {
		return { workspace, diff: { fromRevision: workspace.revision, toRevision: workspace.revision, changes: [] }, replacements };
	}
	if (files.size === 0) throw new ToolError('WORKSPACE_ENTRY_REQUIRED', 'A workspace needs at least one file.', {});
	if (files.size > WORKSPACE_MAX_FILES && files.size > workspace.files.size) {
		throw new ToolError('WORKSPACE_SOURCE_LIMIT', `A workspace can hold at most ${WORKSPACE_MAX_FILES} files.`, { limit: 'files', max: WORKSPACE_MAX_FILES, actual: files.size });
	}
	const bytes = totalBytes(files.values());
	if (bytes > WORKSPACE_MAX_BYTES && bytes > totalBytes(workspace.files.values())) {
		throw new ToolError('WORKSPACE_SOURCE_LIMIT', `The workspace would use ${bytes} bytes; the limit is ${WORKSPACE_MAX_BYTES}.`, {
			limit: 'workspaceBytes',
			max: WORKSPACE_MAX_BYTES,
			actual: bytes
		});
	}

	const activePath = nextActivePath(workspace.activePath, files, change);
	const revision = workspace.revision + 1;
	const diff: Diff = { fromRevision: workspace.revision, toRevision: revision, changes };
	if (activePath !== workspace.activePath) diff.activePath = { before: workspace.activePath, after: activePath };
	return { workspace: { ...workspace, revision, activePath, files }, diff, replacements };
}

/** While any other file remains, the last HTML document cannot go. */
function requireEntry(before: Workspace, after: Map<string, FileRecord>, removed: string) {
	if (!isHtml(removed) || after.size === 0) return;
	const hadHtml = [...before.files.keys()].some(isHtml);
	const hasHtml = [...after.keys()].some(isHtml);
	if (hadHtml && !hasHtml) {
		throw new ToolError('WORKSPACE_ENTRY_REQUIRED', `${removed} is the last HTML page; the site needs one. Create another HTML file first.`, { path: removed });
	}
}

/**
 * Runs a batch's operations in order on scratch snapshots. A failing operation throws its own
 * canonical error, prefixed with which operation it was; nothing of the batch applies then.
 */
function applyBatch(workspace: Workspace, operations: readonly FileOperation[]) {
	if (operations.length === 0) throw new ToolError('TOOL_VALIDATION_FAILED', 'A batch needs at least one operation.', { issues: [{ path: 'operations', message: 'empty' }] });
	if (operations.length > BATCH_MAX_OPERATIONS) {
		throw new ToolError('TOOL_VALIDATION_FAILED', `A batch can hold at most ${BATCH_MAX_OPERATIONS} operations; split the work.`, { issues: [{ path: 'operations', message: 'too many' }] });
	}
	let current = workspace;
	let replacements = 0;
	const touched: string[] = [];
	const touch = (path: string) => {
		if (!touched.includes(path)) touched.push(path);
	};
	operations.forEach((operation, index) => {
		let step: ApplyResult;
		try {
			step = applyChange(current, operation, true);
		} catch (error) {
			if (!(error instanceof ToolError)) throw error;
			const what = operation.type === 'rename' ? `rename ${operation.from} → ${operation.to}` : `${operation.type} ${operation.path}`;
			throw new ToolError(error.code, `Operation ${index + 1} of ${operations.length} (${what}) failed, so nothing was changed: ${error.message}`, { ...error.details, operation: index }, error.retryable);
		}
		for (const item of step.diff.changes) touch(item.path);
		replacements += step.replacements ?? 0;
		current = step.workspace;
	});
	return { workspace: current, touched, replacements };
}

function nextActivePath(current: string | null, files: Map<string, FileRecord>, change: Change): string | null {
	if (change.type === 'batch') {
		// The person's open file stays open; one moved by the batch is followed to its new path.
		if (current && files.has(current)) return current;
		const moved = change.operations.reduce<string | null>((path, op) => (op.type === 'rename' && path === normalizePathSafe(op.from) ? normalizePathSafe(op.to) : path), current);
		if (moved && files.has(moved)) return moved;
		return fallbackActive(files);
	}
	if (change.type === 'rename' && current === normalizePathSafe(change.from)) return normalizePathSafe(change.to);
	if (change.type === 'create') return normalizePathSafe(change.path);
	if (current && files.has(current)) return current;
	if (change.type === 'revert' && change.diff.activePath) return files.has(change.diff.activePath.before ?? '') ? change.diff.activePath.before : fallbackActive(files);
	return fallbackActive(files);
}

function fallbackActive(files: Map<string, FileRecord>): string | null {
	const paths = [...files.keys()].sort();
	return paths.find(isHtml) ?? paths[0] ?? null;
}

function normalizePathSafe(path: string): string | null {
	try {
		return normalizePath(path);
	} catch {
		return null;
	}
}

/** Replays a diff forward (sets every `after`) without checks: used to rebuild state from history. */
export function replay(workspace: Workspace, diff: Diff): Workspace {
	const files = new Map(workspace.files);
	for (const change of diff.changes) {
		if (change.after) files.set(change.path, change.after);
		else files.delete(change.path);
	}
	return { ...workspace, files, revision: diff.toRevision, activePath: diff.activePath ? diff.activePath.after : workspace.activePath };
}

/** Rewinds a diff (sets every `before`): the state before that revision. */
export function rewind(workspace: Workspace, diff: Diff): Workspace {
	const files = new Map(workspace.files);
	for (const change of [...diff.changes].reverse()) {
		if (change.before) files.set(change.path, change.before);
		else files.delete(change.path);
	}
	return { ...workspace, files, revision: diff.fromRevision, activePath: diff.activePath ? diff.activePath.before : workspace.activePath };
}
