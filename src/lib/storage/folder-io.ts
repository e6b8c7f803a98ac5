// File System Access helpers for the folder adapter: permission, paths to handles, reading files
// and their fingerprints (hashed the way the workspace hashes them).
import { hashBytes } from '../domain/hash';
import { kindOf } from '../domain/kinds';
import { makeFile, type FileRecord } from '../domain/model';
import { diskHash, type DiskFingerprint } from '../domain/disk-rule';

type PermissionHandle = FileSystemDirectoryHandle & { queryPermission?(options: { mode: 'readwrite' }): Promise<PermissionState> };
export type Entries = { entries(): AsyncIterable<[string, FileSystemHandle]> };

export async function permission(handle: FileSystemDirectoryHandle): Promise<PermissionState> {
	const query = (handle as PermissionHandle).queryPermission;
	// OPFS handles are always writable; picker handles may need the person to grant access again.
	return query ? query.call(handle, { mode: 'readwrite' }).catch(() => 'granted' as PermissionState) : 'granted';
}

export async function directoryFor(root: FileSystemDirectoryHandle, path: string, create: boolean): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
	const segments = path.split('/');
	let dir = root;
	for (const segment of segments.slice(0, -1)) dir = await dir.getDirectoryHandle(segment, { create });
	return { dir, name: segments.at(-1)! };
}

/** The names in a directory (empty when it does not exist). */
export async function namesIn(root: FileSystemDirectoryHandle, path: string): Promise<string[]> {
	try {
		const { dir } = await directoryFor(root, path, false);
		const names: string[] = [];
		for await (const [name] of (dir as unknown as Entries).entries()) names.push(name);
		return names;
	} catch {
		return [];
	}
}

export async function readFile(root: FileSystemDirectoryHandle, path: string): Promise<File | null> {
	try {
		const { dir, name } = await directoryFor(root, path, false);
		return await (await dir.getFileHandle(name)).getFile();
	} catch {
		return null;
	}
}


export async function fingerprintOf(path: string, file: File): Promise<DiskFingerprint> {
	return { size: file.size, mtime: file.lastModified, hash: diskHash(path, new Uint8Array(await file.arrayBuffer())) };
}

/** The file on disk as a record (for diffs); an unreadable or oversize one still gets its size and hash. */
export async function recordOf(path: string, file: File): Promise<FileRecord> {
	const bytes = new Uint8Array(await file.arrayBuffer());
	try {
		return makeFile(path, kindOf(path)?.kind === 'text' ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : bytes);
	} catch {
		return { path, kind: 'asset', language: 'binary', mimeType: file.type || 'application/octet-stream', size: bytes.byteLength, hash: hashBytes(bytes) };
	}
}

export const fingerprintFrom = (value: DiskFingerprint | string | undefined): DiskFingerprint | undefined =>
	typeof value === 'string' ? { size: -1, mtime: 0, hash: value } : value;

