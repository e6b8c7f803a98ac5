// The zip code (runtime/zip-import.ts and runtime/zip.ts, over fflate), loaded with the first archive
// read or written: fflate builds its inflate and deflate tables when its module runs, and in the hub's
// boot that cost about 30 ms of every start (the hub's scripts ran in a median 74 ms without it and
// 104 ms with it, over 25 offline starts each).
import type { ZipContents } from './zip-import';

let reader: typeof import('./zip-import') | null = null;

/** Loads the zip reader (once); every path that reads an archive awaits this first. */
export async function loadZipReader(): Promise<typeof import('./zip-import')> {
	return (reader ??= await import('./zip-import'));
}

/** Loads the zip writer (downloads and backups). */
export function loadZipWriter(): Promise<typeof import('./zip')> {
	return import('./zip');
}

/** Reads an archive with the reader loaded before (`loadZipReader`): a change builder is synchronous. */
export function readLoadedZip(bytes: Uint8Array): ZipContents {
	if (!reader) throw new Error('The zip reader was not loaded before the archive was read.');
	return reader.readZip(bytes);
}
