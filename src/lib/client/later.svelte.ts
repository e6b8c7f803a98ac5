// A controller whose code is not the first screen's: it loads the first time something needs it.
import { onceUntilFailed } from '$lib/core/once';

/**
 * One lazily made controller: `current` is null until it is made (reactive, so a view can show what
 * it holds once it is there); `get()` makes it once for every caller, and a failed fetch of its code
 * is tried again at the next call.
 */
export class Later<T> {
	current = $state.raw<T | null>(null);

	constructor(
		private readonly make: () => Promise<T>,
		/** Told when the code could not be loaded (the person's action then did nothing). */
		private readonly failed: (error: unknown) => void = () => undefined
	) {}

	readonly get: () => Promise<T> = onceUntilFailed(() => this.make().then((value) => (this.current = value)));

	/** Runs `work` with the controller once it is there. */
	run(work: (value: T) => unknown): void {
		void this.get().then(work, this.failed);
	}
}
