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

/** A module loaded once (and again after a failure) that synchronous code reads once it is there. */
export interface LoadedOnce<T> {
	/** Loads it (shared by every caller); the paths that use it await this first. */
	load(): Promise<T>;
	/** It is there: `get` answers. */
	readonly ready: boolean;
	/** It, loaded before (throws otherwise: a path that forgot to await `load`). */
	get(): T;
}

/** `load` as a {@link LoadedOnce}; `what` names it in the error of a read before the load. */
export function loadedOnce<T>(what: string, load: () => Promise<T>): LoadedOnce<T> {
	let loaded: { value: T } | null = null;
	return {
		load: onceUntilFailed(() => load().then((value) => (loaded = { value }).value)),
		get ready() {
			return loaded !== null;
		},
		get() {
			if (!loaded) throw new Error(`The ${what} was not loaded before it was used.`);
			return loaded.value;
		}
	};
}
