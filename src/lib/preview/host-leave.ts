// A page's leaving as the host asks for it before a render the studio wants replaces the page (an
// edit, its Refresh, Back or address): as in a host's reload, the page hears `beforeunload`,
// `pagehide`, `visibilitychange` and `unload` (frame/leaving.js), and what its handlers store is in
// the next render. Asked only of a page that said it listens for them; one that does not answer in
// time (its thread stuck in a loop) is replaced all the same.
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

/** How a page left: the localStorage changes it sent meanwhile; `answered` false: it did not say it had left in time. */
export type LeaveOutcome = { local: SiteStorageChange[]; answered: boolean };

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

	/** Asks `previous`'s page, in `window`, to leave when it listens for that (`post` reaches it); null: it is not asked. */
	ask(previous: HostRender | null, window: Window | null | undefined, post: (message: HostToFrameMessage) => void): Promise<LeaveOutcome> | null {
		if (this.#leaving) return this.#leaving.done;
		if (!asksToLeave(previous) || !window) return null;
		const leaving = askToLeave(previous, window, post);
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

/** The localStorage a render starts from: the hub's as it compiled it, with what the page before stored as it left. */
export const localAfter = (left: LeaveOutcome | null, local: Record<string, string> | undefined) => (left?.local.length ? left.local.reduce(applyStorageChange, local ?? {}) : local);

/** Asks `render`'s page, in `window`, to leave (`post` reaches it). */
function askToLeave(render: HostRender, window: Window, post: (message: HostToFrameMessage) => void): Leaving {
	const local: SiteStorageChange[] = [];
	let finish!: () => void;
	const done = new Promise<LeaveOutcome>((resolve) => {
		const timer = setTimeout(() => resolve({ local, answered: false }), LEAVE_WAIT_MS);
		finish = () => {
			clearTimeout(timer);
			render.left = true;
			resolve({ local, answered: true });
		};
	});
	post({ studioFrame: render.nonce, type: 'leave' });
	return {
		render,
		window,
		done,
		hear(message, handle) {
			if (message.type === 'left') return finish();
			if (message.type !== 'storage') return;
			handle(message);
			const change = storageChangeOf(message);
			if (change.area === 'local') local.push(change);
		}
	};
}
