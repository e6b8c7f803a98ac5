// The zip code (runtime/zip-import.ts and runtime/zip.ts, over fflate), loaded with the first archive
// read or written: fflate builds its inflate and deflate tables when its module runs, and in the hub's
// boot that cost about 30 ms of every start (the hub's scripts ran in a median 71 ms without it and
// 103 ms with it, over 25 offline starts each).
import { loadedOnce, onceUntilFailed } from '../core/once';

/** The archive reader: `load()` before an import, `get()` in the synchronous change builder. */
export const zipReader = loadedOnce('zip reader', () => import('./zip-import'));

/** The archive writer (downloads and backups). */
export const loadZipWriter = onceUntilFailed(() => import('./zip'));
