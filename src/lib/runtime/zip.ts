// Workspace files as a .zip (fflate): entries in path order with one fixed date, so the same files
// always give the same bytes. Downloads are streamed into a Blob; share links take bytes.
import { Zip, ZipDeflate, zipSync, type Zippable } from 'fflate';
import type { FileRecord } from '../domain/model';

/** The date stamped on every entry (zip dates start in 1980; a fixed one keeps output reproducible). */
export const ZIP_EPOCH = new Date('1980-01-01T00:00:00Z');
/** Compression level: 6 is fflate's default balance of size and speed. */
const LEVEL = 6;
/** Input bytes between two yields of a streamed zip: other hub calls run in between. */
const YIELD_EVERY_BYTES = 1 << 20;

/** Entries of `files` (text as UTF-8, assets as bytes) and `extra`, sorted by path, under `prefix`. */
export function zipEntries(files: Iterable<FileRecord>, extra: Record<string, string | Uint8Array> = {}, prefix = ''): [string, Uint8Array][] {
	const encoder = new TextEncoder();
	const entries: [string, Uint8Array][] = [];
	for (const file of files) entries.push([prefix + file.path, file.kind === 'text' ? encoder.encode(file.content ?? '') : (file.bytes ?? new Uint8Array())]);
	for (const [path, data] of Object.entries(extra)) entries.push([path, typeof data === 'string' ? encoder.encode(data) : data]);
	return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Zips `files` into one byte array (small archives: share links, tests). */
export function zipFiles(files: Iterable<FileRecord>, extra: Record<string, string | Uint8Array> = {}, prefix = ''): Uint8Array {
	const zippable: Zippable = {};
	for (const [path, data] of zipEntries(files, extra, prefix)) zippable[path] = [data, { mtime: ZIP_EPOCH, level: LEVEL }];
	return zipSync(zippable);
}

/**
 * Zips entries into a Blob, chunk by chunk: the archive is never one contiguous copy, and the page
 * receives a Blob handle (the browser keeps its bytes), not the bytes. Yields every ~1 MB of input
 * so a large workspace does not hold the hub.
 */
export async function zipBlob(entries: readonly [string, Uint8Array][]): Promise<Blob> {
	const chunks: Uint8Array[] = [];
	let failure: Error | null = null;
	const zip = new Zip((error, chunk) => {
		if (error) failure = error;
		else chunks.push(chunk);
	});
	let sinceYield = 0;
	for (const [path, data] of entries) {
		const file = new ZipDeflate(path, { level: LEVEL });
		file.mtime = ZIP_EPOCH;
		zip.add(file);
		file.push(data, true);
		sinceYield += data.length;
		if (sinceYield >= YIELD_EVERY_BYTES) {
			sinceYield = 0;
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
	}
	zip.end();
	if (failure) throw failure;
	return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}
