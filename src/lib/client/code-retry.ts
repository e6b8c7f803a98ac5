// A Retry of the studio's own code after fetching it failed. Some browsers keep a module whose fetch
// failed in the document's module map (Chromium 150 did; 156 fetches it again): import() of it, or
// of any module importing it, then fails at once without asking the network, so in this document
// that code never loads. A new document does.

/**
 * Wraps `load` (an import of the studio's code) for a Retry button: the first call only loads; a later
 * one that fails too reloads the studio when the studio's document can be fetched (every edit is kept
 * as it is made, so a reload loses nothing, and it opens the same workspace, file and panel), else it
 * fails as before: offline without a cached studio, a reload would show the browser's error page.
 */
export function retryByReload<T>(load: () => Promise<T>, reload: () => void = () => location.reload()): () => Promise<T> {
	let tried = false;
	return async () => {
		const again = tried;
		tried = true;
		try {
			return await load();
		} catch (error) {
			if (again && (await reachable())) {
				reload();
				// The page goes: nothing waits on this any more.
				return new Promise<T>(() => undefined);
			}
			throw error;
		}
	};
}

/** The studio's document answers (from its server, or from the service worker's cache). */
async function reachable(): Promise<boolean> {
	try {
		return (await fetch(location.href, { method: 'HEAD', cache: 'no-store' })).ok;
	} catch {
		return false;
	}
}
