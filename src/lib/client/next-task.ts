// Yielding to the event loop: work split in pieces runs a piece per task, so input, rendering and
// the hub's messages go between them (a phone-class CPU turns each piece into a four times longer one).

/**
 * Resolves in a task of its own. `scheduler.yield()` where there is one (its continuation goes before
 * other queued work), else a message to ourselves: unlike `setTimeout(0)`, not clamped to 4 ms once
 * nested.
 */
export function nextTask(): Promise<void> {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === 'function') return scheduler.yield();
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}
