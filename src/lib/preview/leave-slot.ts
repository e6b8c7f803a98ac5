// The preview host's leave handshake (host-leave.ts), loaded when a page first says it is to be asked
// before a render replaces it (it listens for leaving, or has entries of its own in the tab's
// history): most pages never do, and the first screen goes without it.
import type { LeaveOutcome, Leavings } from './host-leave';
import type { HostRender } from './host-render';
import type { PreviewBridgeMessage } from './messages';
import { onceUntilFailed } from '$lib/core/once';

/** One host's leavings, made the first time a page says it is to be asked. */
export class LeaveSlot {
	#leavings: Leavings | null = null;
	readonly #load = onceUntilFailed(() => import('./host-leave').then((module) => (this.#leavings = new module.Leavings())));

	/** A page said it is to be asked: its code loads now, before a render replaces the page. */
	prepare(): void {
		this.#load().catch(() => undefined);
	}

	/** Asks `previous`'s page, in `window`, to leave first when it said it is to be asked; null: it is not (or its code cannot load). */
	ask(previous: HostRender | null, window: Window | null | undefined): Promise<LeaveOutcome | null> | null {
		if (!previous?.listens || !window) return null;
		return this.#load().then(
			(leavings) => leavings.ask(previous, window),
			() => null
		);
	}

	/** Takes a message of the page leaving (its storage goes to `handle`); false: it is none of its. */
	hear(event: MessageEvent, handle: (message: PreviewBridgeMessage, revision: number) => void): boolean {
		return this.#leavings?.hear(event, handle) ?? false;
	}
}
