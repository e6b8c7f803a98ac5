// The preview's render queue in the hub: at most one render in flight, and only the newest waits
// behind it. Under a burst of writes the ones between are superseded at once, so hosts render two
// documents, not one per write. Framework-neutral.

/** A render as the queue sees it: sent when its turn comes, or told it lost its place. */
export interface QueuedRender {
	/** Sends the render (its turn); false if it had already settled, so it holds no turn. */
	publish(): boolean;
	/** A newer render took its place in the queue. */
	supersede(): void;
}

/** One render in flight, at most one waiting. */
export class RenderQueue {
	#inflight: string | null = null;
	#queued: { id: string; render: QueuedRender } | null = null;

	/** Sends `render` now if none is in flight; else it waits, and the one that waited is superseded. */
	enqueue(id: string, render: QueuedRender): void {
		if (this.#inflight === null) {
			this.#send(id, render);
			return;
		}
		const older = this.#queued;
		this.#queued = { id, render };
		older?.render.supersede();
	}

	/** The render `id` settled (answered, timed out, cancelled or superseded): the one waiting goes next. */
	settled(id: string): void {
		if (this.#queued?.id === id) this.#queued = null;
		if (this.#inflight !== id) return;
		this.#inflight = null;
		const next = this.#queued;
		this.#queued = null;
		if (next) this.#send(next.id, next.render);
	}

	#send(id: string, render: QueuedRender): void {
		this.#inflight = id;
		if (!render.publish()) this.#inflight = null;
	}
}
