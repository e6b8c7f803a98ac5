// A Node file-system repository: the workspace is a local folder (for the MCP stdio server). Same
// port as IndexedDB, and the disk rule of disk-rule.ts: it writes or deletes only what it last synced,
// sees edits made outside (sync), never follows links out of the folder, and never writes the
// starter over a folder that has anything in it. Revision and fingerprints live in `.web-studio/`.
import { ToolError } from '../core/errors';
import { requireRevision, trimHistory, type HistoryEntry } from '../domain/history';
import { HISTORY_MAX_BYTES, HISTORY_MAX_REVISIONS, TEXT_FILE_MAX_BYTES, ASSET_MAX_BYTES, WORKSPACE_MAX_FILES } from '../core/limits';
import { makeFile, type FileChange, type FileRecord, type Workspace } from '../domain/model';
import { kindOf } from '../domain/kinds';
import type { CommitRequest, LoadedWorkspace, QuarantinedRecord, RepositoryPort } from '../runtime/ports';
import { ContainedFolder, STATE_DIR } from './fs-disk';
import { diskVerdict, unmanagedReason, type DiskConflict, type DiskFingerprint } from '../domain/disk-rule';

export { STATE_DIR };

const META = 'meta.json';

/** What `.web-studio/meta.json` holds: the revision and the fingerprint of every synced file. */
interface Meta {
	revision: number;
	files: Record<string, DiskFingerprint>;
}

/** What a sync found on disk. */
export type DiskSync = { kind: 'none' } | { kind: 'reload' } | { kind: 'external'; changes: FileChange[] };

interface Scan {
	files: FileRecord[];
	fingerprints: Record<string, DiskFingerprint>;
	skipped: QuarantinedRecord[];
	empty: boolean;
}

/** The workspace in a directory on disk. */
export class FsRepository implements RepositoryPort {
	readonly kind = 'filesystem' as const;
	readonly #dir: string;
	#folder: ContainedFolder | null = null;
	#history: HistoryEntry[] = [];
	#meta: Meta = { revision: 0, files: {} };

	constructor(dir: string) {
		this.#dir = dir;
	}

	/** The folder's real path (after load). */
	get root(): string {
		return this.#folder?.root ?? this.#dir;
	}

	async #open(): Promise<ContainedFolder> {
		if (!this.#folder) {
			this.#folder = await ContainedFolder.open(this.#dir);
			await this.#folder.cleanTemps();
		}
		return this.#folder;
	}

	async #readMeta(): Promise<Meta | null> {
		const text = await this.#folder!.readState(META);
		try {
			const meta = JSON.parse(text ?? 'null') as Partial<Meta> | null;
			return meta && Number.isInteger(meta.revision) ? { revision: meta.revision!, files: meta.files && typeof meta.files === 'object' ? meta.files : {} } : null;
		} catch {
			return null;
		}
	}

	async #writeMeta(meta: Meta): Promise<void> {
		this.#meta = meta;
		await this.#folder!.writeState(META, JSON.stringify(meta));
	}

	/**
	 * Every file the studio can hold, with its fingerprint; everything else reported with a reason.
	 * With `known`, a file whose size and mtime match its last fingerprint is taken from `known`
	 * unread (as git's index does), so a sync before every call stays cheap.
	 */
	async #scan(known?: { fingerprints: Record<string, DiskFingerprint>; files: ReadonlyMap<string, FileRecord> }): Promise<Scan> {
		const folder = this.#folder!;
		const listing = await folder.list();
		const files: FileRecord[] = [];
		const fingerprints: Record<string, DiskFingerprint> = {};
		const skipped: QuarantinedRecord[] = listing.links.map((path) => ({ store: 'folder', key: path, reason: 'a symbolic link (the studio does not follow links)' }));
		for (const entry of listing.files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
			const why = unmanagedReason(entry.path);
			if (why) {
				skipped.push({ store: 'folder', key: entry.path, reason: why });
				continue;
			}
			const max = kindOf(entry.path)!.kind === 'text' ? TEXT_FILE_MAX_BYTES : ASSET_MAX_BYTES;
			if (entry.size > max) {
				skipped.push({ store: 'folder', key: entry.path, reason: `too large (${entry.size} bytes; the limit is ${max})` });
				continue;
			}
			if (files.length >= WORKSPACE_MAX_FILES) {
				skipped.push({ store: 'folder', key: entry.path, reason: 'too many files' });
				continue;
			}
			const seen = known?.fingerprints[entry.path];
			const same = seen && seen.size === entry.size && seen.mtime === entry.mtime ? known!.files.get(entry.path) : undefined;
			if (same) {
				files.push(same);
				fingerprints[entry.path] = seen!;
				continue;
			}
			try {
				const bytes = await folder.read(entry.path);
				const file = makeFile(entry.path, kindOf(entry.path)!.kind === 'text' ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : new Uint8Array(bytes));
				files.push(file);
				fingerprints[entry.path] = { size: entry.size, mtime: entry.mtime, hash: file.hash };
			} catch (error) {
				skipped.push({ store: 'folder', key: entry.path, reason: error instanceof ToolError ? error.message : 'unreadable (not UTF-8 text?)' });
			}
		}
		return { files, fingerprints, skipped, empty: listing.empty };
	}

	async load(workspaceId: string, initial: () => Workspace): Promise<LoadedWorkspace> {
		const folder = await this.#open();
		return folder.locked(async () => {
			let scan = await this.#scan();
			if (scan.empty) {
				// Only a folder with nothing in it gets the starter site.
				for (const file of initial().files.values()) await folder.write(file.path, file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array()));
				scan = await this.#scan();
			}
			const stored = await this.#readMeta();
			const changedMeanwhile = stored !== null && !sameFingerprints(stored.files, scan.fingerprints);
			const revision = (stored?.revision ?? 0) + (stored === null || changedMeanwhile ? 1 : 0);
			if (revision !== this.#meta.revision) {
				// History is kept for the life of a server; it no longer lines up with this revision.
				this.#history = [];
			}
			await this.#writeMeta({ revision, files: scan.fingerprints });
			const active = scan.files.find((f) => f.path === 'index.html')?.path ?? scan.files.find((f) => /\.html?$/.test(f.path))?.path ?? scan.files[0]?.path ?? null;
			const name = folder.root.split(/[\\/]/).pop() || 'folder';
			return {
				workspace: { id: workspaceId, name, revision, activePath: active, files: new Map(scan.files.map((f) => [f.path, f])) },
				undo: { undo: [], redo: [] },
				quarantined: scan.skipped
			};
		});
	}

	/**
	 * Compares the disk with `current`: another server moved the revision (reload), files were edited
	 * outside the studio (their changes, to fold in as a `disk` revision), or nothing happened.
	 */
	async sync(current: Workspace): Promise<DiskSync> {
		await this.#open();
		const stored = await this.#readMeta();
		if (stored && stored.revision !== current.revision) return { kind: 'reload' };
		const scan = await this.#scan({ fingerprints: stored?.files ?? this.#meta.files, files: current.files });
		const changes: FileChange[] = [];
		const onDisk = new Map(scan.files.map((file) => [file.path, file]));
		for (const [path, after] of onDisk) {
			const before = current.files.get(path) ?? null;
			if (before?.hash !== after.hash) changes.push({ path, before, after });
		}
		for (const [path, before] of current.files) if (!onDisk.has(path)) changes.push({ path, before, after: null });
		return changes.length ? { kind: 'external', changes } : { kind: 'none' };
	}

	async commit(request: CommitRequest): Promise<void> {
		const folder = await this.#open();
		await folder.locked(async () => {
			// Another server on the same folder moves the revision on disk: compare with it, not our memory.
			const stored = (await this.#readMeta()) ?? this.#meta;
			requireRevision(stored.revision, request.expectedRevision);
			const files = { ...stored.files };
			if (request.external) {
				// Edits made on disk: record what is there now; write nothing.
				for (const change of request.diff.changes) {
					const now = await folder.fingerprint(change.path);
					if (now) files[change.path] = now;
					else delete files[change.path];
				}
			} else {
				const verdicts = await this.#check(request.diff.changes, files);
				const done: FileChange[] = [];
				for (const { change, verdict } of verdicts) {
					try {
						if (verdict === 'write') files[change.path] = await folder.write(change.path, bytesOf(change.after!));
						else if (verdict === 'delete') {
							await folder.remove(change.path);
							delete files[change.path];
						} else if (change.after) files[change.path] = (await folder.fingerprint(change.path))!;
						else delete files[change.path];
						done.push(change);
					} catch (error) {
						// Each file is written atomically; a revision of several files is not. Put back what this
						// commit already wrote, then say per path what happened (nothing is recorded as committed).
						throw await partialWrite(folder, change.path, error, done);
					}
				}
			}
			await this.#writeMeta({ revision: request.diff.toRevision, files });
		});
		this.#history = trimHistory([...this.#history, request.entry], { maxRevisions: HISTORY_MAX_REVISIONS, maxBytes: HISTORY_MAX_BYTES }).kept;
	}

	/**
	 * Applies the disk rule to every path first (nothing is written unless every path may be):
	 * unmanaged paths are refused, and a file that changed on disk since it was synced is a conflict.
	 */
	async #check(changes: readonly FileChange[], synced: Record<string, DiskFingerprint>) {
		const out: { change: FileChange; verdict: 'write' | 'delete' | 'in-sync' }[] = [];
		const conflicts: DiskConflict[] = [];
		for (const change of changes) {
			const why = unmanagedReason(change.path);
			if (why) throw new ToolError('WORKSPACE_PATH_INVALID', `Refusing to write ${change.path}: ${why}.`, { reason: 'not-managed', path: change.path });
			const verdict = diskVerdict(change.after, synced[change.path], await this.#folder!.fingerprint(change.path));
			if (verdict.kind === 'conflict') conflicts.push({ path: change.path, reason: verdict.reason });
			else out.push({ change, verdict: verdict.kind });
		}
		if (conflicts.length) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `${conflicts.map((c) => c.path).join(', ')} changed on disk while this call ran; nothing was written. Read again, then retry.`, {
				reason: 'changed-on-disk',
				conflicts
			});
		}
		return out;
	}

	async history(_workspaceId: string, limit: number): Promise<HistoryEntry[]> {
		return [...this.#history].reverse().slice(0, limit);
	}

	async entriesAfter(_workspaceId: string, after: number): Promise<HistoryEntry[]> {
		return this.#history.filter((entry) => entry.revision > after);
	}

	async entry(_workspaceId: string, revision: number): Promise<HistoryEntry | undefined> {
		return this.#history.find((entry) => entry.revision === revision);
	}

	async setActivePath(): Promise<void> {}

	close(): void {}
}

function sameFingerprints(a: Record<string, DiskFingerprint>, b: Record<string, DiskFingerprint>): boolean {
	const keys = Object.keys(a);
	return keys.length === Object.keys(b).length && keys.every((key) => b[key]?.hash === a[key]!.hash);
}

const bytesOf = (file: FileRecord) => (file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array()));

/**
 * The error of a multi-file commit the disk refused part-way: the paths already written are put back
 * (best effort, newest first) and every path's state is listed, so a person or agent knows exactly
 * what is on disk.
 */
async function partialWrite(folder: ContainedFolder, failedPath: string, error: unknown, done: readonly FileChange[]): Promise<ToolError> {
	const paths: { path: string; state: 'refused' | 'restored' | 'left-changed' }[] = [{ path: failedPath, state: 'refused' }];
	for (const change of [...done].reverse()) {
		try {
			if (change.before) await folder.write(change.path, bytesOf(change.before));
			else await folder.remove(change.path);
			paths.push({ path: change.path, state: 'restored' });
		} catch {
			paths.push({ path: change.path, state: 'left-changed' });
		}
	}
	const reason = (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));
	const left = paths.filter((p) => p.state === 'left-changed').map((p) => p.path);
	const message = `The disk refused to write ${failedPath} (${reason}); nothing was applied${done.length ? `, and ${done.length - left.length} file${done.length - left.length === 1 ? '' : 's'} already written ${done.length - left.length === 1 ? 'was' : 'were'} put back` : ''}.${left.length ? ` Could not put back: ${left.join(', ')}.` : ''}`;
	return new ToolError('TOOL_EXECUTION_FAILED', message, { reason: 'disk-refused', paths });
}
