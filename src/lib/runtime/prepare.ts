// The dry run behind every approval card: what a mutating call would change, computed by the same
// plan its handler commits, plus the fingerprint the commit must still match (the change a person
// approves is the change that is written). A call that would fail throws here, before anyone is asked.
import { fileDiff, type DiffLine } from '../domain/diff';
import { diffFingerprint, type FileChange } from '../domain/model';
import type { ToolInput, ToolName } from '../tools/schema';
import { renameChange } from './handlers/changes';
import { danglingAfterDelete } from '../domain/references';
import { tryNormalizePath } from '../domain/paths';
import { ToolError } from '../core/errors';
import { conflictMessage } from '../domain/disk-rule';
import type { FolderPort, GitPort } from './ports';
import { pullPlan, requireGit } from './handlers/git';
import type { WorkspaceService } from './workspace-service';
import { workspacePlan } from './handlers/plans';
import { requireFolder } from './handlers/folder-errors';

/** One path's predicted change. Counts are exact even when the diff lines are cut. */
export interface FileImpact {
	path: string;
	change: 'created' | 'deleted' | 'modified' | 'renamed';
	/** For a rename: the old path. */
	from?: string;
	added: number;
	removed: number;
	/** For assets: a line such as "image/png, 2,048 → 4,096 bytes" instead of a text diff. */
	binary?: string;
	diff: DiffLine[];
	/** Diff lines left out of `diff` (a very large change); the card says so. */
	truncated: number;
}

/** What a call would change, as an approval card shows it. */
export interface Impact {
	/** One sentence: what happens where. */
	summary: string;
	target: 'workspace' | 'folder';
	/** The revision the diff was computed on. */
	revision: number;
	files: FileImpact[];
	added: number;
	removed: number;
}

/** The dry run's result: the card's content and the fingerprint the commit must match. */
export interface Prepared {
	impact: Impact;
	/** Undefined when the call changes no content (e.g. disconnecting a folder). */
	fingerprint?: string;
}

/** Diff lines kept per file and per card: far beyond a screen, bounded so a card stays sendable. */
const MAX_LINES_PER_FILE = 4000;
const MAX_LINES_PER_CARD = 20_000;

const bytes = (n: number | undefined) => `${(n ?? 0).toLocaleString('en-US')} bytes`;

/**
 * Per-path impacts of a set of changes. An unchanged move shows as one rename without a diff; a move
 * the call named (`moves`: new path → old path) shows as one rename with the diff of what changed.
 */
export function describeChanges(changes: readonly FileChange[], moves: ReadonlyMap<string, string> = new Map()): FileImpact[] {
	const created = new Map(changes.filter((c) => !c.before && c.after).map((c) => [c.after!.hash, c]));
	const renamedTo = new Map<string, FileChange>();
	for (const change of changes) {
		if (change.before && !change.after) {
			const named = [...moves].find(([, from]) => from === change.path)?.[0];
			const target = named && changes.some((c) => c.path === named && !c.before && c.after) ? changes.find((c) => c.path === named)! : created.get(change.before.hash);
			if (target && !renamedTo.has(target.path)) renamedTo.set(target.path, change);
		}
	}
	const renamedFrom = new Set([...renamedTo.values()].map((c) => c.path));
	let budget = MAX_LINES_PER_CARD;
	const out: FileImpact[] = [];
	for (const { path, before, after } of changes) {
		if (renamedFrom.has(path)) continue;
		const from = renamedTo.get(path);
		if (from && (from.before!.hash === after?.hash || from.before!.content === undefined || after?.content === undefined)) {
			out.push({ path, change: 'renamed', from: from.path, added: 0, removed: 0, diff: [], truncated: 0 });
			continue;
		}
		if (from) {
			// Moved and edited (its own relative links rewritten, say): one entry, the edit as its diff.
			const moved = fileDiff(from.before!.content ?? '', after!.content ?? '', 3, Math.max(1, Math.min(MAX_LINES_PER_FILE, budget)));
			budget -= moved.lines.length;
			out.push({ path, change: 'renamed', from: from.path, added: moved.added, removed: moved.removed, diff: moved.lines, truncated: moved.truncated });
			continue;
		}
		const change = !before ? 'created' : !after ? 'deleted' : 'modified';
		if ((before && before.content === undefined) || (after && after.content === undefined)) {
			const mime = (after ?? before)!.mimeType;
			const binary = change === 'modified' ? `${mime}, ${bytes(before?.size)} → ${bytes(after?.size)}` : `${mime}, ${bytes((after ?? before)?.size)}`;
			out.push({ path, change, added: 0, removed: 0, binary, diff: [], truncated: 0 });
			continue;
		}
		const diff = fileDiff(before?.content ?? '', after?.content ?? '', 3, Math.max(1, Math.min(MAX_LINES_PER_FILE, budget)));
		budget -= diff.lines.length;
		out.push({ path, change, added: diff.added, removed: diff.removed, diff: diff.lines, truncated: diff.truncated });
	}
	return out;
}

function impactOf(summary: string, target: Impact['target'], revision: number, changes: readonly FileChange[], moves?: ReadonlyMap<string, string>): Impact {
	const files = describeChanges(changes, moves);
	return { summary, target, revision, files, added: files.reduce((n, f) => n + f.added, 0), removed: files.reduce((n, f) => n + f.removed, 0) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The moves a call names (new path → old path), so the card shows each as one rename. */
function movesOf(name: ToolName, input: unknown): Map<string, string> {
	const pairs: [unknown, unknown][] =
		name === 'workspace_rename_file'
			? [[(input as { to?: unknown }).to, (input as { from?: unknown }).from]]
			: name === 'workspace_apply_changes'
				? ((input as { operations?: { op: string; from?: unknown; to?: unknown }[] }).operations ?? []).filter((op) => op.op === 'rename').map((op) => [op.to, op.from])
				: [];
	const moves = new Map<string, string>();
	for (const [to, from] of pairs) {
		const a = tryNormalizePath(to);
		const b = tryNormalizePath(from);
		if (a && b) moves.set(a, b);
	}
	return moves;
}

/** What a rename rewrites or a delete leaves dangling, said on the card (file:line). */
function referenceNote(name: ToolName, input: unknown, service: WorkspaceService): string {
	const places = (list: { path: string; line: number }[]) => {
		const shown = list.slice(0, 3).map((r) => `${r.path}:${r.line}`).join(', ');
		return list.length > 3 ? `${shown} and ${list.length - 3} more` : shown;
	};
	if (name === 'workspace_rename_file') {
		const { rewritten } = renameChange(input as ToolInput<'workspace_rename_file'>, service.workspace);
		return rewritten.length ? ` Updates ${plural(rewritten.length, 'link')}: ${places(rewritten)}.` : '';
	}
	if (name === 'workspace_delete_file') {
		const path = tryNormalizePath((input as { path?: unknown }).path);
		const dangling = path ? danglingAfterDelete(service.workspace.files, path) : [];
		return dangling.length ? ` ${plural(dangling.length, 'link')} will point at nothing: ${places(dangling)}.` : '';
	}
	return '';
}

/**
 * Builds the dry run of a mutating call with validated `input`. Undefined for tools without one.
 * Throws the canonical error the call itself would fail with (a limit, a missing file, no folder).
 */
export function createPreparer(service: WorkspaceService, folder: () => FolderPort | null = () => null, git: () => GitPort | null = () => null) {
	return async (name: ToolName, input: unknown): Promise<Prepared | undefined> => {
		const revision = service.revision;
		const plan = name === 'git_pull' ? pullPlan(git, input) : workspacePlan(name, input, service, folder);
		if (plan) {
			const { diff } = await service.dryRun(plan);
			const summary =
				diff.changes.length === 0 ? 'Changes nothing: the workspace already looks like this.' : `Changes ${plural(diff.changes.length, 'file')} in the workspace.${referenceNote(name, input, service)}`;
			return { impact: impactOf(summary, 'workspace', revision, diff.changes, movesOf(name, input)), fingerprint: diffFingerprint(diff.changes) };
		}
		if (name === 'workspace_save_all') {
			const disk = await requireFolder(folder).plan(service.workspace, (input as { overwrite?: string[] }).overwrite);
			if (disk.conflicts.length) throw new ToolError('WORKSPACE_FOLDER_STALE', conflictMessage(disk.conflicts), { conflicts: disk.conflicts });
			const writes = disk.changes.filter((c) => c.after).length;
			const deletes = disk.changes.length - writes;
			const summary = disk.changes.length === 0 ? `Writes nothing: “${disk.folder}” is up to date.` : `Writes ${plural(writes, 'file')} and deletes ${plural(deletes, 'file')} in the folder “${disk.folder}” on your disk.`;
			return { impact: impactOf(summary, 'folder', revision, disk.changes), fingerprint: diffFingerprint(disk.changes) };
		}
		if (name === 'git_commit') {
			const status = await requireGit(git).status(service.workspace);
			const list = status.changes.map((c) => `${c.change} ${c.path}`).join(', ');
			return { impact: impactOf(status.changes.length ? `Commits ${plural(status.changes.length, 'file')} on this device (${list.slice(0, 400)}); nothing is sent until a push.` : 'Commits nothing: no file changed since the last commit.', 'workspace', revision, []) };
		}
		if (name === 'git_push') {
			const status = await requireGit(git).status(service.workspace);
			return { impact: impactOf(`Sends this device's commits of ${status.branch ?? 'the branch'} to ${status.url ?? 'the remote'}.`, 'workspace', revision, []) };
		}
		if (name === 'workspace_disconnect_folder') {
			requireFolder(folder);
			return { impact: impactOf('Forgets the connected folder; every file stays in the browser workspace.', 'folder', revision, []) };
		}
		return undefined;
	};
}
