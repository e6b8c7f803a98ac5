// One write at a time, each with the state as it is when it starts: a change made while a write runs
// goes in the next one, and a failed write is left for the next change to make good.

/** A `persist()` that runs `write` now, or once more after the write under way; never two at once. */
export function latestWriter(write: () => Promise<unknown>): () => void {
	let writing = false;
	let again = false;
	const persist = (): void => {
		if (writing) {
			again = true;
			return;
		}
		writing = true;
		void write()
			.catch(() => undefined)
			.finally(() => {
				writing = false;
				if (again) {
					again = false;
					persist();
				}
			});
	};
	return persist;
}
