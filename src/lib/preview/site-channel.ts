// What the frame programs ask of the page that hosts a site's frame — another page, a storage change,
// one of its files — read and answered the same way for the preview panel (host.ts) and for the
// preview in a new window. Every message was already checked for the frame's window and nonce.
import { applyStorageChange } from './storage-change';
import { onceUntilFailed } from '$lib/core/once';
import type { HostToFrameMessage, PreviewBridgeMessage, SiteNavigation, SiteStorageChange } from './messages';
import type { SiteRequestHandler } from './site-requests';

/** What a page hosting a site's frame does with the frame's requests. */
export interface SiteChannelOptions {
	/** The site went to another page of itself (a link, a form, window.open). */
	onNavigate?(target: SiteNavigation): void;
	/** The site routed with history.pushState/replaceState (the address field shows it). */
	onRoute?(path: string): void;
	/** The site changed its localStorage, IndexedDB or cookies (its sessionStorage stays with the host). */
	onStorage?(change: SiteStorageChange): void;
	/** The site asked for one of its files (fetch, XHR, an image or worker from script). */
	onRequest?: SiteRequestHandler;
}

/** A field of the frame's message as text, at most `max` characters (a path, query or fragment: 2048, as the hub's schemas take them). */
const text = (value: unknown, max = 2048) => String(value ?? '').slice(0, max);

/**
 * A storage message of the frame as a change (malformed entries dropped). Its area is the hub's to
 * check (SiteStorageChangeSchema refuses any but its own); 'session' stays with the host.
 */
export function storageChangeOf(message: Extract<PreviewBridgeMessage, { type: 'storage' }>): SiteStorageChange {
	const changes = (Array.isArray(message.changes) ? message.changes : []).filter((c): c is [string, string | null] => Array.isArray(c) && typeof c[0] === 'string' && (typeof c[1] === 'string' || c[1] === null));
	return { area: message.area, changes, clear: message.clear === true };
}

/** Other previews' storage changes kept for a page still loading (a burst past this drops the oldest). */
const HELD_STORAGE_CHANGES = 500;

/**
 * One frame's channel: answers its requests (bounded), passes on its navigations and storage
 * changes, and brings it the storage changes of the workspace's other previews.
 */
export class SiteChannel {
	/** The frame's requests under way (site-requests.ts bounds them). */
	readonly #flight = { count: 0 };
	readonly #requests = onceUntilFailed(() => import('./site-requests'));
	/** This frame's sessionStorage for the site (the host keeps it across its renders). */
	session: Record<string, string> = {};
	/**
	 * Other previews' storage changes that came while no page was ready to hear them (a render loading,
	 * tried again, or only a picture shown): a message posted to a frame mid-navigation reaches the
	 * document it leaves. The page gets them once it has loaded; the bridge drops those it already has.
	 */
	#held: SiteStorageChange[] = [];

	constructor(
		private readonly options: SiteChannelOptions,
		private readonly post: (message: HostToFrameMessage, transfer: Transferable[]) => void,
		private readonly nonce: () => string
	) {}

	/** Handles a navigation, route, storage or request message; false for any other type. */
	handle(message: PreviewBridgeMessage, revision: number): boolean {
		switch (message.type) {
			case 'navigate':
				// Every navigate message carries the key (the bridge posts one shape): its value decides.
				if ('direction' in message && (message.direction === 'back' || message.direction === 'forward')) this.options.onNavigate?.({ direction: message.direction });
				// The page it was asked from ("" none): what the next page reads as document.referrer.
				else if ('path' in message) this.options.onNavigate?.({ path: text(message.path), search: text(message.search), fragment: text(message.fragment), ...(message.replace === true ? { replace: true } : {}), referrer: text(message.referrer, 4096) });
				return true;
			case 'route':
				this.options.onRoute?.(text(message.path) + text(message.search) + text(message.fragment));
				return true;
			case 'storage': {
				const { area, ...change } = storageChangeOf(message);
				if (area === 'session') this.session = applyStorageChange(this.session, change);
				else this.options.onStorage?.({ area, ...change });
				return true;
			}
			case 'request':
				void this.#answer(message, revision);
				return true;
			default:
				return false;
		}
	}

	/** Another preview changed the site's storage: the page hears it as a `storage` event now (`ready`), else once it is. */
	storageEvent(change: SiteStorageChange, ready: boolean): void {
		// Only the site's data cleared clears a tab's sessionStorage (coordinator.clearStorage).
		if (change.area === 'session' && change.clear) this.session = {};
		if (ready) this.#postStorage(change);
		else if (this.#held.push(change) > HELD_STORAGE_CHANGES) this.#held.shift();
	}

	/** The page shown is ready: the changes held for it go to it. */
	release(): void {
		const held = this.#held;
		this.#held = [];
		for (const change of held) this.#postStorage(change);
	}

	#postStorage(change: SiteStorageChange) {
		this.post({ studioFrame: this.nonce(), type: 'storage-event', area: change.area, changes: change.changes, clear: change.clear === true }, []);
	}

	/** A page's request for a site file: its code loads with the first one (site-requests.ts); one that cannot load is answered 503. */
	async #answer(message: Extract<PreviewBridgeMessage, { type: 'request' }>, revision: number) {
		const to = { onRequest: this.options.onRequest, post: this.post, nonce: this.nonce(), flight: this.#flight };
		try {
			await (await this.#requests()).answerRequest(message, revision, to);
		} catch {
			to.post({ studioFrame: to.nonce, type: 'response', id: Number(message.id), status: 503, statusText: 'The studio did not answer', mimeType: 'text/plain', body: '' }, []);
		}
	}
}
