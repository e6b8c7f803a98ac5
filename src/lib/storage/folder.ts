// Folder sync over the File System Access API: a FileSystemDirectoryHandle from the picker (or OPFS)
// held by the hub. The disk rule of disk-rule.ts: a save writes or deletes only what the studio last
// synced and the disk still holds, everything else is a conflict listing the paths; files the
// studio does not manage are never touched; a case-only rename is safe on case-insensitive disks.
import { ToolError } from '../core/errors';
import { kindOf } from '../domain/kinds';
import { ASSET_MAX_BYTES, TEXT_FILE_MAX_BYTES, WORKSPACE_MAX_FILES } from '../core/limits';
import { diffFingerprint, makeFile, type FileChange, type FileRecord, type Workspace } from '../domain/model';
import { directoryFor, fingerprintFrom, fingerprintOf, namesIn, permission, readFile, recordOf, type Entries } from './folder-io';
import { tryNormalizePath } from '../domain/paths';
import type { DiskPlan, FolderPort, FolderState, SkippedPath } from '../runtime/ports';
import { conflictMessage, diskVerdict, unmanagedReason, type DiskConflict, type DiskFingerprint } from '../domain/disk-rule';

/** What is persisted about a connected folder (the handle is structured-cloneable). */
export interface FolderRecord {
	workspaceId: string;
	handle: FileSystemDirectoryHandle;
	/** Each path as last written to, or read from, the folder. (Older records kept only the hash.) */
	saved: Record<string, DiskFingerprint | string>;
	lastSavedAt?: number;
}

/** A connected folder. `persist` stores the record after every save or read. */
export class BrowserFolder implements FolderPort {
	#record: FolderRecord;
	#permission: PermissionState = 'granted';
	#skipped: SkippedPath[] = [];

	constructor(
		record: FolderRecord,
		private readonly persist: (record: FolderRecord | null) => Promise<void>
	) {
		this.#record = record;
	}

	/** Checks whether the folder may still be written (call after restoring a persisted handle). */
	async refreshPermission(): Promise<PermissionState> {
		this.#permission = await permission(this.#record.handle);
		return this.#permission;
	}

	#synced(path: string): DiskFingerprint | undefined {
		return fingerprintFrom(this.#record.saved[path]);
	}

	state(workspace: Workspace): FolderState {
		if (this.#permission !== 'granted') return { status: 'permission-required', name: this.#record.handle.name };
		const dirty = [...workspace.files.values()].filter((file) => this.#synced(file.path)?.hash !== file.hash && !unmanagedReason(file.path)).map((file) => file.path);
		for (const path of Object.keys(this.#record.saved)) if (!workspace.files.has(path)) dirty.push(path);
		return { status: 'connected', name: this.#record.handle.name, dirtyPaths: dirty.sort(), lastSavedAt: this.#record.lastSavedAt };
	}

	#requireAccess() {
		if (this.#permission !== 'granted') {
			throw new ToolError('WORKSPACE_FOLDER_PERMISSION_DENIED', `The browser needs your permission again to write to “${this.#record.handle.name}”. Reconnect the folder.`, {
				folder: { status: 'permission-required', name: this.#record.handle.name }
			});
		}
	}

	/**
	 * What a save would do, read from disk now: per path the disk file (`before`) and the workspace
	 * file (`after`); the conflicts the disk rule finds (except paths in `overwrite`, which the
	 * person chose to overwrite); and workspace files the studio does not write to disk.
	 */
	async plan(workspace: Workspace, overwrite: readonly string[] = []): Promise<DiskPlan> {
		await this.refreshPermission();
		this.#requireAccess();
		const root = this.#record.handle;
		const skipped: SkippedPath[] = [];
		const candidates = new Set<string>();
		for (const file of workspace.files.values()) {
			const why = unmanagedReason(file.path);
			if (why) skipped.push({ path: file.path, reason: why });
			else if (this.#synced(file.path)?.hash !== file.hash) candidates.add(file.path);
		}
		for (const path of Object.keys(this.#record.saved)) if (!workspace.files.has(path)) candidates.add(path);
		const changes: FileChange[] = [];
		const conflicts: DiskConflict[] = [];
		const caseRenames = this.#caseRenames(workspace, candidates);
		const lower = new Map<string, string>();
		for (const path of workspace.files.keys()) {
			const key = path.toLowerCase();
			if (lower.has(key)) conflicts.push({ path, reason: `it differs from ${lower.get(key)} only in letter case; on most disks they would be one file` });
			else lower.set(key, path);
		}
		for (const path of [...candidates].sort()) {
			const after = workspace.files.get(path) ?? null;
			if (caseRenames.has(path)) {
				// The disk may see the old name when asked for the new one: written after the old is removed.
				changes.push({ path, before: null, after });
				continue;
			}
			const file = await readFile(root, path);
			const disk = file ? await fingerprintOf(path, file) : null;
			const verdict = diskVerdict(after, this.#synced(path), disk);
			if (verdict.kind === 'in-sync') continue;
			if (verdict.kind === 'conflict' && !overwrite.includes(path)) {
				conflicts.push({ path, reason: verdict.reason });
				continue;
			}
			if (after && !file) {
				const clash = (await namesIn(root, path.slice(0, Math.max(0, path.lastIndexOf('/'))))).find((name) => name !== after.path.split('/').pop() && name.toLowerCase() === after.path.split('/').pop()!.toLowerCase());
				if (clash && !overwrite.includes(path)) {
					conflicts.push({ path, reason: `${clash} is already on disk and differs only in letter case` });
					continue;
				}
			}
			changes.push({ path, before: file ? await recordOf(path, file) : null, after });
		}
		return { folder: root.name, changes, conflicts, skipped };
	}

	/** Case-only renames in the plan (Logo.png deleted, logo.png written): target paths. */
	#caseRenames(workspace: Workspace, candidates: ReadonlySet<string>): Set<string> {
		const removed = [...candidates].filter((path) => !workspace.files.has(path));
		const targets = new Set<string>();
		for (const path of candidates) {
			if (!workspace.files.has(path)) continue;
			if (removed.some((old) => old !== path && old.toLowerCase() === path.toLowerCase())) targets.add(path);
		}
		return targets;
	}

	/**
	 * Writes what {@link plan} says. Refuses (nothing written) when the disk rule finds conflicts the
	 * person did not choose to overwrite, or when the plan no longer matches an approved one.
	 */
	async save(workspace: Workspace, options: { approvedFingerprint?: string; overwrite?: readonly string[] } = {}): Promise<{ saved: string[]; skipped: SkippedPath[] }> {
		const plan = await this.plan(workspace, options.overwrite);
		if (plan.conflicts.length) {
			throw new ToolError('WORKSPACE_FOLDER_STALE', conflictMessage(plan.conflicts), { conflicts: plan.conflicts });
		}
		if (options.approvedFingerprint !== undefined && diffFingerprint(plan.changes) !== options.approvedFingerprint) {
			throw new ToolError('TOOL_APPROVAL_CHANGED', 'The folder or the workspace changed after this save was shown for approval; nothing was written.', {});
		}
		const root = this.#record.handle;
		const saved = { ...this.#record.saved };
		// Deletes first: a case-only rename must remove Logo.png before writing logo.png.
		const ordered = [...plan.changes].sort((a, b) => Number(!!a.after) - Number(!!b.after));
		try {
			for (const change of ordered) {
				if (!change.after) {
					const { dir, name } = await directoryFor(root, change.path, false).catch(() => ({ dir: null, name: '' }));
					await dir?.removeEntry(name).catch(() => undefined);
					delete saved[change.path];
					continue;
				}
				const file = change.after;
				const { dir, name } = await directoryFor(root, file.path, true);
				const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
				await writable.write(file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array()));
				await writable.close();
				const written = await readFile(root, file.path);
				saved[file.path] = written ? await fingerprintOf(file.path, written) : { size: file.size, mtime: Date.now(), hash: file.hash };
			}
			// Paths the plan found already in sync: remember them as synced.
			for (const file of workspace.files.values()) {
				if (!saved[file.path] && !unmanagedReason(file.path) && !plan.conflicts.some((c) => c.path === file.path)) {
					const onDisk = await readFile(root, file.path);
					if (onDisk) {
						const fingerprint = await fingerprintOf(file.path, onDisk);
						if (fingerprint.hash === file.hash) saved[file.path] = fingerprint;
					}
				}
			}
		} catch (error) {
			if (error instanceof ToolError) throw error;
			if ((error as { name?: string })?.name === 'NotAllowedError') {
				this.#permission = 'prompt';
				this.#requireAccess();
			}
			throw new ToolError('WORKSPACE_FOLDER_STALE', `Writing to the folder failed (${(error as Error)?.message ?? 'unknown error'}). Reconnect it and retry.`, {});
		} finally {
			this.#record = { ...this.#record, saved, lastSavedAt: Date.now() };
			await this.persist(this.#record);
		}
		return { saved: plan.changes.map((c) => c.path).sort(), skipped: plan.skipped };
	}

	/** True when the folder has any entry besides dot files (an oversize or unreadable file counts). */
	async hasEntries(): Promise<boolean> {
		for await (const [name] of (this.#record.handle as unknown as Entries).entries()) if (!name.startsWith('.')) return true;
		return false;
	}

	/** Reads every file the studio can hold; the others are listed in {@link skipped} with a reason. */
	async read(): Promise<FileRecord[]> {
		await this.refreshPermission();
		this.#requireAccess();
		const files: FileRecord[] = [];
		const saved: Record<string, DiskFingerprint> = {};
		const skipped: SkippedPath[] = [];
		const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
			for await (const [name, entry] of (dir as unknown as Entries).entries()) {
				const path = prefix ? `${prefix}/${name}` : name;
				if (entry.kind === 'directory') {
					if (name.startsWith('.') || name === 'node_modules') skipped.push({ path: `${path}/`, reason: unmanagedReason(`${path}/x.txt`) ?? 'not managed' });
					else await walk(entry as FileSystemDirectoryHandle, path);
					continue;
				}
				const why = tryNormalizePath(path) ? unmanagedReason(path) : 'the name is not a valid workspace path';
				if (why) {
					skipped.push({ path, reason: why });
					continue;
				}
				const file = await (entry as FileSystemFileHandle).getFile();
				const max = kindOf(path)!.kind === 'text' ? TEXT_FILE_MAX_BYTES : ASSET_MAX_BYTES;
				if (file.size > max) skipped.push({ path, reason: `too large (${file.size} bytes; the limit is ${max})` });
				else if (files.length >= WORKSPACE_MAX_FILES) skipped.push({ path, reason: 'too many files' });
				else {
					try {
						const bytes = new Uint8Array(await file.arrayBuffer());
						const record = makeFile(path, kindOf(path)!.kind === 'text' ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : bytes);
						files.push(record);
						saved[path] = { size: file.size, mtime: file.lastModified, hash: record.hash };
					} catch (error) {
						skipped.push({ path, reason: error instanceof ToolError ? error.message : 'not valid UTF-8 text' });
					}
				}
			}
		};
		await walk(this.#record.handle, '');
		this.#skipped = skipped;
		this.#record = { ...this.#record, saved };
		await this.persist(this.#record);
		return files;
	}

	/** What the last {@link read} left out, with reasons. */
	skipped(): SkippedPath[] {
		return [...this.#skipped];
	}

	async disconnect(): Promise<void> {
		await this.persist(null);
	}

	get name(): string {
		return this.#record.handle.name;
	}
}
