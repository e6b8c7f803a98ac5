// New versions on the person's word: a new build's service worker waits until someone chooses
// Reload in any tab; then every tab flushes its saves and all reload together. Nothing reloads by
// itself (registerType "prompt"), so an update never lands mid-typing, mid-approval or mid-run. The
// registration's code (client/update-check.ts) loads with it, once the start is over.
type Flush = () => Promise<void> | void;

/** Whether a new version waits, and the reload that applies it. */
export class UpdateStore {
	/** A new version is installed and waits for the person. */
	ready = $state(false);
	#apply: ((reloadPage?: boolean) => Promise<void>) | null = null;
	readonly #flushes = new Set<Flush>();
	#channel: BroadcastChannel | null = null;
	#reloading = false;
	/** Someone (this tab or another) chose Reload: the next controller change is the new version. */
	#applying = false;

	/** Registers the service worker in prompt mode (call once per page; its code loads now). */
	async start(): Promise<void> {
		const { registerUpdates } = await import('./update-check');
		const registered = registerUpdates({
			appliedElsewhere: () => {
				this.#applying = true;
				void this.#flush();
			},
			controllerChanged: () => {
				if (this.#applying || this.ready) void this.#reload();
			},
			waiting: () => (this.ready = true),
			needsReload: () => void this.#reload()
		});
		this.#channel = registered.channel;
		this.#apply = registered.apply;
	}

	/** Work to finish before this tab reloads (the editor's pending saves). */
	beforeReload(flush: Flush): () => void {
		this.#flushes.add(flush);
		return () => this.#flushes.delete(flush);
	}

	async #flush(): Promise<void> {
		await Promise.allSettled([...this.#flushes].map((flush) => flush()));
	}

	async #reload(): Promise<void> {
		if (this.#reloading) return;
		this.#reloading = true;
		await this.#flush();
		location.reload();
	}

	/** Applies the waiting version in every tab: each saves, then all reload together. */
	async apply(): Promise<void> {
		this.#applying = true;
		await this.#flush();
		this.#channel?.postMessage({ kind: 'apply' });
		if (this.#apply) await this.#apply(true);
		else await this.#reload();
	}
}

/** The page's update state (one per page: the service worker is the page's). */
export const updates = new UpdateStore();
