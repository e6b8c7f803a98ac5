// The disk rule, one definition for both folder adapters (the browser's File System Access folder
// and the Node folder behind MCP stdio): what the studio manages on disk, and when it may write or
// delete a file there — only over what it last synced, never over an edit it has not seen.
import { hashBytes, hashText } from './hash';
import { kindOf } from './kinds';
import type { FileRecord } from './model';

/** A file on disk as last seen: size, modification time (ms) and content hash. */
export interface DiskFingerprint {
	size: number;
	mtime: number;
	hash: string;
}

/** Folders the studio never reads or writes (besides every dot folder). */
const UNMANAGED_DIRS = new Set(['node_modules']);

/** Why the studio does not manage `path` on disk, or null when it does. */
export function unmanagedReason(path: string): string | null {
	const segments = path.split('/');
	if (segments.some((segment) => segment.startsWith('.'))) return 'dot files and folders (such as .vscode/ or .env) are not managed by the studio';
	if (segments.some((segment) => UNMANAGED_DIRS.has(segment))) return 'node_modules is not managed by the studio: a page\'s files there come from the package store, for the packages package.json names';
	if (!kindOf(path)) return 'the studio does not hold files of this type';
	return null;
}

/** What may happen to one path when the workspace is saved to disk. */
export type DiskVerdict =
	| { kind: 'write' }
	| { kind: 'delete' }
	/** The disk already holds the workspace's content (or neither has the file): only the fingerprint is recorded. */
	| { kind: 'in-sync' }
	| { kind: 'conflict'; reason: string };

/**
 * The rule: a file may be written or deleted only if it does not exist on disk, or the disk still
 * holds exactly what the studio last synced there. Anything else is a conflict.
 */
export function diskVerdict(after: FileRecord | null, synced: DiskFingerprint | undefined, disk: DiskFingerprint | null): DiskVerdict {
	if (disk === null) return after ? { kind: 'write' } : { kind: 'in-sync' };
	if (after && disk.hash === after.hash) return { kind: 'in-sync' };
	if (synced && disk.hash === synced.hash) return after ? { kind: 'write' } : { kind: 'delete' };
	return {
		kind: 'conflict',
		reason: synced ? 'it was changed on disk since the studio last saved or read it' : 'it exists on disk but the studio never read or saved it'
	};
}

/** One path the disk rule refused, for the conflict report. */
export interface DiskConflict {
	path: string;
	reason: string;
}

/** The message of a refused save or write, naming the paths. */
export function conflictMessage(conflicts: readonly DiskConflict[]): string {
	const listed = conflicts.slice(0, 5).map((c) => `${c.path} (${c.reason})`).join('; ');
	const more = conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : '';
	return `Nothing was written: ${listed}${more}. Reload from the folder to take the disk's version, or choose to overwrite those files.`;
}

/**
 * The hash a file on disk has in the workspace's terms: a text path hashes its decoded string (what
 * the workspace stores), so a file unchanged since the last sync compares equal.
 */
export function diskHash(path: string, bytes: Uint8Array): string {
	if (kindOf(path)?.kind === 'text') {
		try {
			return hashText(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
		} catch {
			// Not UTF-8: the bytes' hash, which never equals a text file's.
		}
	}
	return hashBytes(bytes);
}
