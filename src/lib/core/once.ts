// One asynchronous load shared by every caller, tried again after a failure: a chunk fetched once
// (a lazy region's code, CodeMirror, the inspector) or a list read once (the tool catalog).

/**
 * `load` run at the first call; later calls share its promise. A failed load is forgotten, so the
 * next call tries again (offline before a chunk was cached, a hub that did not answer).
 */
export function onceUntilFailed<T>(load: () => Promise<T>): () => Promise<T> {
	let loading: Promise<T> | null = null;
	return () =>
		(loading ??= load().catch((error: unknown) => {
			loading = null;
			throw error;
		}));
}
