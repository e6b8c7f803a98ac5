// What the screen and the network are now: the phone layout, the conversation's own column, the
// on-screen keyboard, online.
import { CHAT_COLUMN_MIN_WIDTH, PHONE_MAX_WIDTH } from './layout.svelte';
import type { KeyboardInset } from './keyboard.svelte';
import { afterStart } from './after-start';

const matches = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches;

/** Rune-backed media, keyboard and network state; `start()` follows them and returns a stop. */
export class Viewport {
	// Read at once (a media query needs no layout): starting from false, a wide screen mounted the
	// conversation in the dock and then again in its own column.
	phone = $state(matches(`(max-width: ${PHONE_MAX_WIDTH}px)`));
	wide = $state(matches(`(min-width: ${CHAT_COLUMN_MIN_WIDTH}px)`));
	online = $state(typeof navigator === 'undefined' ? true : navigator.onLine);
	/**
	 * A virtual keyboard over the page: followed on touch screens only, where there is one, from the
	 * end of the start (its code is one more file a phone's first screen need not wait for).
	 */
	keyboard = $state.raw<KeyboardInset | null>(null);

	/** Follows the screen; `keyboardMoved` runs after the keyboard's inset changed. */
	start(keyboardMoved: (inset: number) => void): () => void {
		let stopKeyboard = () => undefined as void;
		let stopped = false;
		if (typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0)
			afterStart(() => void import('./keyboard.svelte').then(
				({ KeyboardInset }) => {
					if (stopped) return;
					const keyboard = new KeyboardInset();
					stopKeyboard = keyboard.start(keyboardMoved);
					this.keyboard = keyboard;
				},
				() => undefined
			));
		const phone = matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`);
		const wide = matchMedia(`(min-width: ${CHAT_COLUMN_MIN_WIDTH}px)`);
		const update = () => {
			this.phone = phone.matches;
			this.wide = wide.matches;
		};
		const onNetwork = () => (this.online = navigator.onLine);
		// Read again now: the state may have changed between this object's making and its start.
		update();
		onNetwork();
		phone.addEventListener('change', update);
		wide.addEventListener('change', update);
		addEventListener('online', onNetwork);
		addEventListener('offline', onNetwork);
		return () => {
			stopped = true;
			stopKeyboard();
			phone.removeEventListener('change', update);
			wide.removeEventListener('change', update);
			removeEventListener('online', onNetwork);
			removeEventListener('offline', onNetwork);
		};
	}
}
