// Work that no first screen needs (registering the service worker, which then fetches the whole
// precache) waits until the page's start is over: the editor has shown its file, or ten seconds have
// passed. It then runs in an idle moment, so a phone's start has the CPU and the network to itself.

/** Longest a start may hold the work back (an editor that never loads must not keep it waiting forever). */
const LONGEST_START_MS = 10_000;

let settle!: () => void;
const settled = new Promise<void>((resolve) => (settle = resolve));
setTimeout(() => startSettled(), LONGEST_START_MS);

let settledOnce = false;

/** The start is over (called once the editor shows its file). */
export function startSettled(): void {
	if (settledOnce) return;
	settledOnce = true;
	// Devtools' performance panel and the bench (B7) read it.
	if (typeof performance !== 'undefined' && performance.mark) performance.mark('studio:start-settled');
	settle();
}

/** Runs `work` once the start is over, when the page is idle (or after `wait` ms at most). */
export function afterStart(work: () => void, wait = 2000): void {
	void settled.then(() => {
		if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: wait });
		else setTimeout(work, 0);
	});
}
