// The service worker's registration in prompt mode and the checks for a new build: loaded with the
// registration itself, once the start is over (client/updates.svelte.ts owns the state and the reload).
import { registerSW } from 'virtual:pwa-register';
import { scoped } from '$lib/core/base';

/** Checks for a new build this often while a tab is open (and whenever a tab becomes visible). */
const CHECK_EVERY_MS = 60 * 60_000;

/** What the registration tells the page's update state. */
export interface UpdateEvents {
	/** Another tab chose Reload: save what this tab holds now, before the new worker takes over. */
	appliedElsewhere(): void;
	/** The page's controlling worker changed. */
	controllerChanged(): void;
	/** A new version is installed and waits. */
	waiting(): void;
	/** The new worker controls this tab now (someone chose Reload). */
	needsReload(): void;
}

/** Registers the service worker; returns how to tell the other tabs and apply the waiting version. */
export function registerUpdates(events: UpdateEvents): { channel: BroadcastChannel; apply: (reloadPage?: boolean) => Promise<void> } {
	const channel = new BroadcastChannel(scoped('studio:update'));
	channel.onmessage = (event: MessageEvent<{ kind?: string }>) => {
		if (event.data?.kind === 'apply') events.appliedElsewhere();
	};
	// A waiting worker cannot take over tabs by itself: a change of controller follows someone's Reload
	// (the first install's claim is not an update; the page's state tells them apart).
	navigator.serviceWorker?.addEventListener('controllerchange', () => events.controllerChanged());
	const apply = registerSW({
		immediate: true,
		onNeedRefresh: () => events.waiting(),
		onNeedReload: () => events.needsReload(),
		onRegisteredSW: (_url, registration) => {
			if (!registration) return;
			const check = () => void registration.update().catch(() => undefined);
			setInterval(check, CHECK_EVERY_MS);
			document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
		}
	});
	return { channel, apply };
}
