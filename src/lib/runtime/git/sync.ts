// What syncing a workspace with git means, over its repository (repo.ts): which files a commit holds
// (the workspace's, minus what `.gitignore` ignores, plus what the studio does not manage but the
// repository has — dot files, other types — kept as they are), what changed since the last commit,
// and a pull's plan: the remote's changes merged three ways with this device's edits.
import ignore from 'ignore';
import { unmanagedReason } from '../../domain/disk-rule';
import { hashBytes } from '../../domain/hash';
import { mergeFileSets, type FileSet, type MergeContent, type MergeOutcome } from '../../domain/merge3';
import type { FileRecord } from '../../domain/model';
import { lineDiff, type DiffLine } from '../../domain/diff';
import type { GitRepo, GitRemote } from './repo';

/** A link as kept per workspace (the token is kept apart, as a secret). */
export interface GitLink {
	url: string;
	branch: string;
	corsProxy?: string;
	username?: string;
	author: { name: string; email: string };
	/** Minutes of quiet after which the hub commits on its own (absent: never). */
	autoCommitMinutes?: number;
	/** The commit this workspace and the remote last agreed on (the base of the next pull's merge). */
	base: string | null;
	/** Revisions that are commits made here or pulls that landed, newest last (History marks them). */
	marks?: GitMark[];
}

/** A revision of the workspace that is a git commit: made here, or pulled. */
export interface GitMark {
	revision: number;
	oid: string;
	kind: 'commit' | 'pull';
}

/** Marks a link keeps: about as many as the history keeps revisions. */
const MARKS_KEPT = 500;

/** The link with one more mark (the newest for a revision wins). */
export function withMark(link: GitLink, mark: GitMark): GitLink {
	const marks = [...(link.marks ?? []).filter((m) => m.revision !== mark.revision), mark].slice(-MARKS_KEPT);
	return { ...link, marks };
}

/** One path's change since the last commit; a text file's diff (binary: none). */
export interface GitChange {
	path: string;
	change: 'added' | 'modified' | 'deleted';
	diff?: DiffLine[];
}

/** Diff lines a status carries per file and in all (the person reads them before Commit; the rest are counted). */
const STATUS_DIFF_LINES = 200;
const STATUS_DIFF_TOTAL = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A workspace file's bytes. */
export function fileBytes(file: FileRecord): Uint8Array {
	return file.content !== undefined ? encoder.encode(file.content) : (file.bytes ?? new Uint8Array());
}

/** The root `.gitignore` of a commit's files, as a matcher (none: nothing ignored). */
function ignoredBy(files: ReadonlyMap<string, Uint8Array> | null): (path: string) => boolean {
	const rules = files?.get('.gitignore');
	if (!rules) return () => false;
	const matcher = ignore().add(new TextDecoder().decode(rules));
	return (path) => matcher.ignores(path);
}

/** The files a commit of the workspace holds, on top of the commit before it (`parent`). */
export function commitFiles(workspace: Iterable<FileRecord>, parent: ReadonlyMap<string, Uint8Array> | null): { files: Map<string, Uint8Array>; ignored: string[] } {
	const files = new Map<string, Uint8Array>();
	// What the studio does not hold stays in git as it was: a commit never deletes a .gitignore or a .github/ folder.
	for (const [path, bytes] of parent ?? []) if (unmanagedReason(path) !== null) files.set(path, bytes);
	const ignores = ignoredBy(parent);
	const ignored: string[] = [];
	for (const file of workspace) {
		if (ignores(file.path)) ignored.push(file.path);
		else files.set(file.path, fileBytes(file));
	}
	return { files, ignored };
}

/** The part of a commit's files the studio manages (what a workspace made from it holds). */
export function managedFiles(files: ReadonlyMap<string, Uint8Array>): { files: Map<string, Uint8Array>; leftOut: { path: string; reason: string }[] } {
	const kept = new Map<string, Uint8Array>();
	const leftOut: { path: string; reason: string }[] = [];
	for (const [path, bytes] of files) {
		const reason = unmanagedReason(path);
		if (reason) leftOut.push({ path, reason });
		else kept.set(path, bytes);
	}
	return { files: kept, leftOut };
}

/** Bytes as a merge compares them: text when they decode as UTF-8, else by hash. */
export function mergeContent(bytes: Uint8Array, text?: string): MergeContent {
	if (text !== undefined) return { text };
	try {
		return { text: decoder.decode(bytes) };
	} catch {
		return { bytes, hash: hashBytes(bytes) };
	}
}

const asSet = (files: ReadonlyMap<string, Uint8Array>): FileSet => new Map([...files].map(([path, bytes]) => [path, mergeContent(bytes)]));

/** What changed in the workspace since the branch's last commit. */
export async function changesSince(repo: GitRepo, branch: string, workspace: readonly FileRecord[]): Promise<{ head: string | null; changes: GitChange[] }> {
	const head = await repo.head(branch);
	const before = head ? await repo.files(head) : null;
	const { files } = commitFiles(workspace, before);
	const changes: (GitChange & { old?: Uint8Array; now?: Uint8Array })[] = [];
	for (const [path, bytes] of files) {
		const old = before?.get(path);
		if (!old) changes.push({ path, change: 'added', now: bytes });
		else if (hashBytes(old) !== hashBytes(bytes)) changes.push({ path, change: 'modified', old, now: bytes });
	}
	for (const [path, old] of before ?? []) if (!files.has(path)) changes.push({ path, change: 'deleted', old });
	changes.sort((a, b) => (a.path < b.path ? -1 : 1));
	let budget = STATUS_DIFF_TOTAL;
	return {
		head,
		changes: changes.map(({ path, change, old, now }) => {
			const before = old ? mergeContent(old) : { text: '' };
			const after = now ? mergeContent(now) : { text: '' };
			if (!('text' in before) || !('text' in after) || budget <= 0) return { path, change };
			const diff = lineDiff(before.text, after.text, 3, Math.min(STATUS_DIFF_LINES, budget));
			budget -= diff.length;
			return { path, change, diff };
		})
	};
}

/** A pull, worked out before anything is written. */
export interface PullPlan {
	/** The remote's commit (null: the remote branch does not exist yet). */
	remote: string | null;
	/** Already in this workspace: nothing to do. */
	upToDate: boolean;
	outcomes: MergeOutcome[];
	/** Files of the remote the studio does not hold (kept in git, not in the workspace). */
	leftOut: { path: string; reason: string }[];
}

/** Fetches and merges the remote's changes since the base with the workspace's, without writing. */
export async function planPull(repo: GitRepo, remote: GitRemote, link: GitLink, workspace: readonly FileRecord[], signal?: AbortSignal): Promise<PullPlan> {
	const fetched = await repo.fetch(remote, signal);
	if (!fetched || fetched === link.base) return { remote: fetched, upToDate: true, outcomes: [], leftOut: [] };
	const head = await repo.head(remote.branch);
	if (head && (await repo.contains(head, fetched))) return { remote: fetched, upToDate: true, outcomes: [], leftOut: [] };
	const base = link.base ? managedFiles(await repo.files(link.base)).files : new Map<string, Uint8Array>();
	const theirs = managedFiles(await repo.files(fetched));
	const local: FileSet = new Map(workspace.map((file) => [file.path, mergeContent(fileBytes(file), file.content)]));
	const outcomes = mergeFileSets(asSet(base), local, asSet(theirs.files)).filter((outcome) => outcome.kind !== 'unchanged');
	return { remote: fetched, upToDate: false, outcomes, leftOut: theirs.leftOut };
}

/**
 * Records a pull once its changes are in the workspace: the branch moves to the remote's commit, or —
 * when this device had commits the remote does not — to a merge commit of both, so a push is a
 * fast-forward.
 */
export async function finishPull(repo: GitRepo, link: GitLink, remoteOid: string, workspace: readonly FileRecord[], now = Date.now()): Promise<string> {
	const head = await repo.head(link.branch);
	let next = remoteOid;
	if (head && head !== link.base && !(await repo.contains(remoteOid, head))) {
		const { files } = commitFiles(workspace, await repo.files(remoteOid));
		next = await repo.commit(files, `Merge ${link.branch} of ${link.url}`, link.author, [head, remoteOid], now);
	}
	await repo.setHead(link.branch, next);
	link.base = remoteOid;
	return next;
}

/** Turns the workspace into a commit on the branch (null: nothing changed since the last one). */
export async function commitWorkspace(repo: GitRepo, link: GitLink, workspace: readonly FileRecord[], message: string, author: { name: string; email: string }, now = Date.now()): Promise<{ oid: string; ignored: string[] } | null> {
	const head = await repo.head(link.branch);
	const { files, ignored } = commitFiles(workspace, head ? await repo.files(head) : null);
	if (head && (await repo.treeOf(files)) === (await repo.treeAt(head))) return null;
	const oid = await repo.commit(files, message, author, head ? [head] : [], now);
	await repo.setHead(link.branch, oid);
	return { oid, ignored };
}

/** Pushes the branch; the remote and this workspace then agree on its head. */
export async function pushBranch(repo: GitRepo, remote: GitRemote, link: GitLink, signal?: AbortSignal): Promise<string | null> {
	const head = await repo.head(link.branch);
	if (!head) return null;
	await repo.push(remote, signal);
	link.base = head;
	return head;
}
