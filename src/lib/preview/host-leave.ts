// A page's leaving as the host asks for it before a render the studio wants replaces the page (an
// edit, its Refresh, Back or address): as in a host's reload, the page hears `beforeunload`,
// `pagehide`, `visibilitychange` and `unload` (frame/leaving.js), and what its handlers store is in
// the next render. Asked only of a page that said it is to be asked (it listens for them, or has entries
// of its own in the tab's history), and loaded by the host when a page first says so; one that does
// not answer in time (its thread stuck in a loop) is replaced all the same.
import type { HostToFrameMessage, PreviewBridgeMessage, SiteStorageChange } from './messages';
import type { HostRender } from './host-render';
import { isBridgeMessage } from './frame-document';
import { storageChangeOf } from './site-channel';
import { applyStorageChange } from './storage-change';

/**
 * How long a page gets to hear it is leaving and send what it stored. Its answer is one message
 * from an idle frame (a few ms); a second covers a page busy drawing on a busy phone.
 */
export const LEAVE_WAIT_MS = 1000;

/** The storage areas the hub gives each render, which a page leaving may change after it did. */
type Seed = { local?: Record<string, string>; cookies?: Record<string, string> };

/**
 * How a page left: `seed` gives the storage the next render starts from, the hub's as it compiled it
 * (`local`, `cookies`) with what the page stored as it left, which came after (its localStorage and
 * cookie changes, and the IndexedDB databases it wrote, each one's text by name, null: deleted);
 * `answered` false: it did not say it had left in time.
 */
export type LeaveOutcome = { answered: boolean; seed(start: Seed): Seed & { databases?: Record<string, string | null> } };

/** A page asked to leave. */
export interface Leaving {
	readonly render: HostRender;
	/** The page's window: only its messages with its render's nonce are this leaving's. */
	readonly window: Window;
	/** Once the page has left, or after LEAVE_WAIT_MS. */
	readonly done: Promise<LeaveOutcome>;
	/** A message of the leaving page: its storage goes to `handle` (the site's channel), `left` ends the wait. */
	hear(message: PreviewBridgeMessage, handle: (message: PreviewBridgeMessage) => void): void;
}

/** Whether a render replacing `render`'s page asks it to leave first. */
const asksToLeave = (render: HostRender | null): render is HostRender => !!render && render.ready && render.listens && !render.left;

/** A host's leavings: one at a time (a render asked meanwhile waits for the same one). */
export class Leavings {
	#leaving: Leaving | null = null;

	/** Asks `previous`'s page, in `window`, to leave when it listens for that; null: it is not asked. */
	ask(previous: HostRender | null, window: Window | null | undefined): Promise<LeaveOutcome> | null {
		if (this.#leaving) return this.#leaving.done;
		if (!asksToLeave(previous) || !window) return null;
		const leaving = askToLeave(previous, window);
		this.#leaving = leaving;
		void leaving.done.then(() => {
			if (this.#leaving === leaving) this.#leaving = null;
		});
		return leaving.done;
	}

	/** Takes a message of the page leaving (its storage goes to `handle`); false: it is none of its. */
	hear(event: MessageEvent, handle: (message: PreviewBridgeMessage, revision: number) => void): boolean {
		const leaving = this.#leaving;
		if (!leaving || event.source !== leaving.window || !isBridgeMessage(event.data) || event.data.nonce !== leaving.render.nonce) return false;
		leaving.hear(event.data, (message) => handle(message, leaving.render.revision));
		return true;
	}
}

/** Asks `render`'s page, in `window`, to leave. */
function askToLeave(render: HostRender, window: Window): Leaving {
	const stored: SiteStorageChange[] = [];
	let databases: Record<string, string | null> | undefined;
	let finish!: () => void;
	const after = (area: 'local' | 'cookie', start: Record<string, string> | undefined) => {
		const changes = stored.filter((change) => change.area === area);
		return changes.length ? changes.reduce(applyStorageChange, start ?? {}) : start;
	};
	const seed = (start: Seed) => ({ local: after('local', start.local), cookies: after('cookie', start.cookies), databases });
	const done = new Promise<LeaveOutcome>((resolve) => {
		const timer = setTimeout(() => resolve({ answered: false, seed }), LEAVE_WAIT_MS);
		finish = () => {
			clearTimeout(timer);
			render.left = true;
			resolve({ answered: true, seed });
		};
	});
	// Posted to the page's window itself: by now the next render is the host's current one.
	try {
		window.postMessage({ studioFrame: render.nonce, type: 'leave' } satisfies HostToFrameMessage, '*');
	} catch {
		// The frame is gone: the wait ends by its own deadline.
	}
	return {
		render,
		window,
		done,
		hear(message, handle) {
			if (message.type === 'left') return finish();
			if (message.type !== 'storage') return;
			handle(message);
			const { area, ...change } = storageChangeOf(message);
			if (area === 'local' || area === 'cookie') stored.push({ area, ...change });
			if (area === 'indexeddb') for (const [name, text] of change.changes) (databases ??= {})[name] = text;
		}
	};
}
