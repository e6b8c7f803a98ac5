// Folder sync over the File System Access API: a FileSystemDirectoryHandle from the picker (or
// OPFS) held by the hub. Saves write only what changed, refuse to overwrite edits made on disk
// meanwhile, and never leave the folder (paths are normalised workspace paths).
import { ToolError } from '../tools/errors';
import { hashBytes, hashText } from '../domain/hash';
import { kindOf } from '../domain/kinds';
import { diffFingerprint, makeFile, type FileChange, type FileRecord, type Workspace } from '../domain/model';
import { tryNormalizePath } from '../domain/paths';
import type { DiskPlan, FolderPort, FolderState } from '../runtime/ports';

/** What is persisted about a connected folder (the handle is structured-cloneable). */
export interface FolderRecord {
	workspaceId: string;
	handle: FileSystemDirectoryHandle;
	/** Content hash of each path as last written to, or read from, the folder. */
	saved: Record<string, string>;
	lastSavedAt?: number;
}

type PermissionHandle = FileSystemDirectoryHandle & { queryPermission?(options: { mode: 'readwrite' }): Promise<PermissionState> };

const SKIP = new Set(['.git', 'node_modules', '.web-studio']);

async function permission(handle: FileSystemDirectoryHandle): Promise<PermissionState> {
	const query = (handle as PermissionHandle).queryPermission;
	// OPFS handles are always writable; picker handles may need the person to grant access again.
	return query ? query.call(handle, { mode: 'readwrite' }).catch(() => 'granted' as PermissionState) : 'granted';
}

async function directoryFor(root: FileSystemDirectoryHandle, path: string, create: boolean): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
	const segments = path.split('/');
	let dir = root;
	for (const segment of segments.slice(0, -1)) dir = await dir.getDirectoryHandle(segment, { create });
	return { dir, name: segments.at(-1)! };
}

async function readFile(root: FileSystemDirectoryHandle, path: string): Promise<File | null> {
	try {
		const { dir, name } = await directoryFor(root, path, false);
		return await (await dir.getFileHandle(name)).getFile();
	} catch {
		return null;
	}
}

async function readHash(root: FileSystemDirectoryHandle, path: string): Promise<string | null> {
	const file = await readFile(root, path);
	if (!file) return null;
	return kindOf(path)?.kind === 'text' ? hashText(await file.text()) : hashBytes(new Uint8Array(await file.arrayBuffer()));
}

/** The file on disk as a record (for diffs); an unreadable or oversize one still gets its size and hash. */
async function readRecord(root: FileSystemDirectoryHandle, path: string): Promise<FileRecord | null> {
	const file = await readFile(root, path);
	if (!file) return null;
	const text = kindOf(path)?.kind === 'text';
	const bytes = new Uint8Array(await file.arrayBuffer());
	try {
		return makeFile(path, text ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : bytes);
	} catch {
		return { path, kind: 'asset', language: 'binary', mimeType: file.type || 'application/octet-stream', size: bytes.byteLength, hash: hashBytes(bytes) };
	}
}

/** A connected folder. `persist` stores the record after every save or read. */
export class BrowserFolder implements FolderPort {
	#record: FolderRecord;
	#permission: PermissionState = 'granted';

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

	state(workspace: Workspace): FolderState {
		if (this.#permission !== 'granted') return { status: 'permission-required', name: this.#record.handle.name };
		const dirty = [...workspace.files.values()].filter((file) => this.#record.saved[file.path] !== file.hash).map((file) => file.path);
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

	async plan(workspace: Workspace): Promise<DiskPlan> {
		await this.refreshPermission();
		this.#requireAccess();
		const root = this.#record.handle;
		const saved = this.#record.saved;
		const paths = [...[...workspace.files.values()].filter((file) => saved[file.path] !== file.hash).map((file) => file.path), ...Object.keys(saved).filter((path) => !workspace.files.has(path))];
		const changes: FileChange[] = [];
		for (const path of paths.sort()) {
			const before = await readRecord(root, path);
			const after = workspace.files.get(path) ?? null;
			if (before?.hash !== after?.hash) changes.push({ path, before, after });
		}
		return { folder: root.name, changes };
	}

	async save(workspace: Workspace, approvedFingerprint?: string): Promise<string[]> {
		if (approvedFingerprint !== undefined && diffFingerprint((await this.plan(workspace)).changes) !== approvedFingerprint) {
			throw new ToolError('TOOL_APPROVAL_CHANGED', 'The folder or the workspace changed after this save was shown for approval; nothing was written.', {});
		}
		await this.refreshPermission();
		this.#requireAccess();
		const root = this.#record.handle;
		const saved = { ...this.#record.saved };
		const changed = [...workspace.files.values()].filter((file) => saved[file.path] !== file.hash);
		const removed = Object.keys(saved).filter((path) => !workspace.files.has(path));
		// Refuse to overwrite edits made on disk since we last synced: the person reloads first.
		for (const path of [...changed.map((f) => f.path), ...removed]) {
			const onDisk = await readHash(root, path);
			if (onDisk !== null && saved[path] !== undefined && onDisk !== saved[path] && onDisk !== workspace.files.get(path)?.hash) {
				throw new ToolError('WORKSPACE_FOLDER_STALE', `${path} was changed on disk since the last save. Reload from the folder (or save elsewhere) before saving over it.`, { path });
			}
		}
		try {
			for (const file of changed) {
				const { dir, name } = await directoryFor(root, file.path, true);
				const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
				await writable.write(file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array()));
				await writable.close();
				saved[file.path] = file.hash;
			}
			for (const path of removed) {
				const { dir, name } = await directoryFor(root, path, false).catch(() => ({ dir: null, name: '' }));
				await dir?.removeEntry(name).catch(() => undefined);
				delete saved[path];
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
		return [...changed.map((f) => f.path), ...removed].sort();
	}

	async read(): Promise<FileRecord[]> {
		await this.refreshPermission();
		this.#requireAccess();
		const files: FileRecord[] = [];
		const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
			for await (const [name, entry] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
				if (SKIP.has(name) || name.startsWith('.')) continue;
				const path = prefix ? `${prefix}/${name}` : name;
				if (entry.kind === 'directory') await walk(entry as FileSystemDirectoryHandle, path);
				else if (tryNormalizePath(path) && kindOf(path)) {
					const file = await (entry as FileSystemFileHandle).getFile();
					try {
						files.push(makeFile(path, kindOf(path)!.kind === 'text' ? await file.text() : new Uint8Array(await file.arrayBuffer())));
					} catch {
						// Too large or not UTF-8: the folder keeps it, the workspace skips it.
					}
				}
			}
		};
		await walk(this.#record.handle, '');
		this.#record = { ...this.#record, saved: Object.fromEntries(files.map((file) => [file.path, file.hash])) };
		await this.persist(this.#record);
		return files;
	}

	async disconnect(): Promise<void> {
		await this.persist(null);
	}

	get name(): string {
		return this.#record.handle.name;
	}
}
