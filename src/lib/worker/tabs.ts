// Tab leases: which tabs are alive (each holds the Web Lock studio:tab:<id> for its lifetime; the hub
// is granted the same lock the moment a tab is gone) and which calls each tab has in flight.
import { tabLockName } from './protocol';

interface OwnedCall {
	controller: AbortController;
	/** Survives its tab: a save of what the person typed is finished, never cancelled. */
	survives: boolean;
	settled: Promise<unknown>;
}

/** Dead tabs remembered, so a late message from one does not resurrect it. */
const GONE_CAPACITY = 1000;

/** Live tabs and their calls. */
export class TabLeases {
	readonly #tabs = new Map<string, Map<string, OwnedCall>>();
	readonly #gone = new Set<string>();

	constructor(
		private readonly locks: Pick<LockManager, 'request'> | null | undefined,
		/** Called when the set of live tabs changes, and after a tab's cleanup. */
		private readonly onChange: (event: { type: 'added' | 'gone'; tabId: string }) => void
	) {}

	get count(): number {
		return this.#tabs.size;
	}

	/** Starts watching a tab's lease (once). */
	track(tabId: string): void {
		if (this.#tabs.has(tabId) || this.#gone.has(tabId)) return;
		this.#tabs.set(tabId, new Map());
		this.onChange({ type: 'added', tabId });
		void this.locks?.request(tabLockName(tabId), async () => this.forget(tabId));
	}

	/**
	 * A tab is gone: its saves in flight are finished first, then its other calls are aborted (their
	 * approval cards are withdrawn), then `onChange` cleans up after it.
	 */
	async forget(tabId: string): Promise<void> {
		const calls = this.#tabs.get(tabId);
		if (!calls) return;
		this.#tabs.delete(tabId);
		this.#gone.add(tabId);
		if (this.#gone.size > GONE_CAPACITY) this.#gone.delete(this.#gone.values().next().value!);
		const saves = [...calls.values()].filter((call) => call.survives);
		await Promise.allSettled(saves.map((call) => call.settled));
		for (const call of calls.values()) if (!call.survives) call.controller.abort();
		this.onChange({ type: 'gone', tabId });
	}

	/**
	 * Runs `task` as a call of `tabId`, abortable by the tab's death (unless it `survives`) or by
	 * {@link cancel}. A call arriving from a tab already gone runs only if it survives.
	 */
	async own<T>(tabId: string, requestId: string | undefined, survives: boolean, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
		this.track(tabId);
		const controller = new AbortController();
		const calls = this.#tabs.get(tabId);
		if (!calls && !survives) controller.abort(); // a late call from a dead tab: nobody waits for it
		const key = requestId ?? `anonymous-${Math.random().toString(36).slice(2)}`;
		const running = task(controller.signal);
		calls?.set(key, { controller, survives, settled: running.catch(() => undefined) });
		try {
			return await running;
		} finally {
			calls?.delete(key);
		}
	}

	/** The tab gave up on one of its calls. */
	cancel(tabId: string, requestId: string): boolean {
		const call = this.#tabs.get(tabId)?.get(requestId);
		call?.controller.abort();
		return call !== undefined;
	}
}
