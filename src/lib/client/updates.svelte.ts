// New versions on the person's word: a new build's service worker waits until someone chooses
// Reload in any tab; then every tab flushes its saves and all reload together. Nothing reloads by
// itself (registerType "prompt"), so an update never lands mid-typing, mid-approval or mid-run.
import { scoped } from '$lib/core/base';

/** Checks for a new build this often while a tab is open (and whenever a tab becomes visible). */
const CHECK_EVERY_MS = 60 * 60_000;

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

	/** Registers the service worker in prompt mode (call once per page). */
	async start(): Promise<void> {
		const { registerSW } = await import('virtual:pwa-register');
		this.#channel = new BroadcastChannel(scoped('studio:update'));
		// Another tab chose Reload: save what this tab holds now, before the new worker takes over.
		this.#channel.onmessage = (event: MessageEvent<{ kind?: string }>) => {
			if (event.data?.kind !== 'apply') return;
			this.#applying = true;
			void this.#flush();
		};
		// The new worker took control of this tab. That happens only after someone chose Reload (a
		// waiting worker cannot take over tabs by itself); the first install's claim is not an update.
		navigator.serviceWorker?.addEventListener('controllerchange', () => {
			if (this.#applying || this.ready) void this.#reload();
		});
		this.#apply = registerSW({
			immediate: true,
			onNeedRefresh: () => (this.ready = true),
			// The new worker controls this tab now (someone chose Reload): flush, then reload.
			onNeedReload: () => void this.#reload(),
			onRegisteredSW: (_url, registration) => {
				if (!registration) return;
				const check = () => void registration.update().catch(() => undefined);
				setInterval(check, CHECK_EVERY_MS);
				document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
			}
		});
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
