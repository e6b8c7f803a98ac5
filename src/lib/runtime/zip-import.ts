// Reading a .zip into workspace files without trusting it: every entry goes through the domain's
// path, type and size rules; zip-slip and absolute paths, oversize files, too many entries and
// compression bombs, and entries longer, shorter or other than they declare (size and CRC-32) are
// skipped with their name and a reason, and the rest imports.
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { centralDirectory, inflateEntry, type ZipRecord } from './zip-entries';
import { ToolError } from '../core/errors';
import { ASSET_MAX_BYTES, TEXT_FILE_MAX_BYTES, WORKSPACE_MAX_BYTES, WORKSPACE_MAX_FILES } from '../core/limits';
import { ARCHIVE_MAX_BYTES, archiveTooLarge } from '../core/archive-limit';
import { unmanagedReason } from '../domain/disk-rule';
import { kindOf } from '../domain/kinds';
import { makeFile, type FileRecord } from '../domain/model';
import { normalizePath } from '../domain/paths';

/** Bounds of one import. */
export const ZIP_IMPORT_LIMITS = {
	/** Largest archive accepted at all, in bytes. */
	archiveBytes: ARCHIVE_MAX_BYTES,
	/** Most files taken from one archive. */
	entries: WORKSPACE_MAX_FILES,
	/** Deflate cannot exceed ~1032:1; a higher declared ratio is a crafted entry. */
	maxRatio: 1032,
	/** All files together, inflated. */
	totalBytes: WORKSPACE_MAX_BYTES
} as const;

/** An entry left out, and why. */
export type SkippedEntry = { path: string; reason: string };

/** What an archive yields. */
export interface ZipContents {
	files: FileRecord[];
	skipped: SkippedEntry[];
}

interface Candidate {
	name: string;
	path: string;
}

/** Why `name` cannot be a workspace path (or its normalised path). */
function admit(name: string): { path: string } | { reason: string } {
	if (/^([a-zA-Z]:)?[\\/]/.test(name)) return { reason: 'absolute path' };
	let path: string;
	try {
		path = normalizePath(name.replace(/\\/g, '/'));
	} catch (error) {
		return { reason: error instanceof ToolError ? error.message : 'invalid path' };
	}
	const unmanaged = unmanagedReason(path);
	return unmanaged ? { reason: unmanaged } : { path };
}

/** The common top folder of every path (a zip of "site/…"), or '' when there is none. */
function commonFolder(paths: readonly string[]): string {
	const first = paths[0]?.split('/')[0];
	if (!first || paths.some((path) => !path.includes('/') || path.split('/')[0] !== first)) return '';
	return `${first}/`;
}

/**
 * Reads an archive. Sizes are checked from the central directory before anything is inflated; each
 * entry is then inflated into at most its declared size + 1 and its CRC-32 checked. Rejects only when the bytes are
 * not a zip at all (or the archive is over the size limit).
 */
export async function readZip(bytes: Uint8Array): Promise<ZipContents> {
	const tooLarge = archiveTooLarge(bytes.length);
	if (tooLarge) throw new ToolError('WORKSPACE_SOURCE_LIMIT', tooLarge, { limit: 'archiveBytes', max: ZIP_IMPORT_LIMITS.archiveBytes, actual: bytes.length });
	// Pass 1: the central directory only (nothing is inflated).
	const entries: UnzipFileInfo[] = [];
	try {
		unzipSync(bytes, {
			filter: (entry) => {
				entries.push(entry);
				return false;
			}
		});
	} catch (error) {
		throw new ToolError('TOOL_VALIDATION_FAILED', `This is not a readable .zip file (${error instanceof Error ? error.message : String(error)}).`, { reason: 'not-a-zip' });
	}
	const skipped: SkippedEntry[] = [];
	const accepted = new Map<string, Candidate & { declared: number }>();
	const paths = new Set<string>();
	let declaredTotal = 0;
	for (const entry of entries) {
		if (entry.name.endsWith('/')) continue; // a folder record
		const reason = refuse(entry, accepted.size, declaredTotal, paths);
		if (typeof reason === 'string') {
			skipped.push({ path: entry.name, reason });
			continue;
		}
		declaredTotal += entry.originalSize;
		paths.add(reason.path);
		accepted.set(entry.name, { name: entry.name, path: reason.path, declared: entry.originalSize });
	}
	// Pass 2: inflate what was accepted, each entry on its own, bounded and CRC-checked; an entry that
	// fails alone is skipped with its reason, the rest still import.
	let records: Map<string, ZipRecord>;
	try {
		records = centralDirectory(bytes);
	} catch (error) {
		throw new ToolError('TOOL_VALIDATION_FAILED', `This is not a readable .zip file (${error instanceof Error ? error.message : String(error)}).`, { reason: 'not-a-zip' });
	}
	const prefix = commonFolder([...accepted.values()].map((c) => c.path));
	const files: FileRecord[] = [];
	for (const candidate of accepted.values()) {
		const record = records.get(candidate.name);
		const data = record ? await inflateEntry(bytes, record) : { reason: 'it is not in the central directory' };
		if (!(data instanceof Uint8Array)) {
			skipped.push({ path: candidate.name, reason: data.reason });
			continue;
		}
		try {
			files.push(makeFile(candidate.path.slice(prefix.length), data));
		} catch (error) {
			skipped.push({ path: candidate.name, reason: error instanceof Error ? error.message : String(error) });
		}
	}
	files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	return { files, skipped };
}

/** Why an entry is left out, or its workspace path. */
function refuse(entry: UnzipFileInfo, count: number, declaredTotal: number, paths: ReadonlySet<string>): string | { path: string } {
	const verdict = admit(entry.name);
	if ('reason' in verdict) return verdict.reason;
	const max = kindOf(verdict.path)!.kind === 'text' ? TEXT_FILE_MAX_BYTES : ASSET_MAX_BYTES;
	if (entry.originalSize > max) return `too large (${entry.originalSize} bytes; the limit is ${max})`;
	const ratio = entry.originalSize / Math.max(1, entry.size);
	if (entry.originalSize > 1024 && ratio > ZIP_IMPORT_LIMITS.maxRatio) return `compression ratio ${Math.round(ratio)}:1 is not a real file (a zip bomb?)`;
	if (count >= ZIP_IMPORT_LIMITS.entries) return `too many entries (at most ${ZIP_IMPORT_LIMITS.entries} files)`;
	if (declaredTotal + entry.originalSize > ZIP_IMPORT_LIMITS.totalBytes) return `the files together would exceed ${ZIP_IMPORT_LIMITS.totalBytes} bytes`;
	if (paths.has(verdict.path)) return 'the same path appears twice';
	return verdict;
}
