// Workspace files as a .zip (fflate): entries in path order with one fixed date, so the same files
// always give the same bytes.
import { zipSync, type Zippable } from 'fflate';
import type { FileRecord } from '../domain/model';

/** The date stamped on every entry (zip dates start in 1980; a fixed one keeps output reproducible). */
export const ZIP_EPOCH = new Date('1980-01-01T00:00:00Z');

/** Zips `files` (text as UTF-8, assets as bytes), in path order, optionally under a folder `prefix`. */
export function zipFiles(files: Iterable<FileRecord>, extra: Record<string, string | Uint8Array> = {}, prefix = ''): Uint8Array {
	const encoder = new TextEncoder();
	const entries: [string, Uint8Array][] = [];
	for (const file of files) entries.push([prefix + file.path, file.kind === 'text' ? encoder.encode(file.content ?? '') : (file.bytes ?? new Uint8Array())]);
	for (const [path, data] of Object.entries(extra)) entries.push([path, typeof data === 'string' ? encoder.encode(data) : data]);
	entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	const zippable: Zippable = {};
	for (const [path, data] of entries) zippable[path] = [data, { mtime: ZIP_EPOCH, level: 6 }];
	return zipSync(zippable);
}
