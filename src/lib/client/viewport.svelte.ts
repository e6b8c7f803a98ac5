// What the screen and the network are now: the phone layout, the conversation's own column, online.
import { CHAT_COLUMN_MIN_WIDTH, PHONE_MAX_WIDTH } from './layout.svelte';

/** Rune-backed media and network state; `start()` follows them and returns a stop. */
export class Viewport {
	phone = $state(false);
	wide = $state(false);
	online = $state(typeof navigator === 'undefined' ? true : navigator.onLine);

	start(): () => void {
		const phone = matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`);
		const wide = matchMedia(`(min-width: ${CHAT_COLUMN_MIN_WIDTH}px)`);
		const update = () => {
			this.phone = phone.matches;
			this.wide = wide.matches;
		};
		const onNetwork = () => (this.online = navigator.onLine);
		update();
		phone.addEventListener('change', update);
		wide.addEventListener('change', update);
		addEventListener('online', onNetwork);
		addEventListener('offline', onNetwork);
		return () => {
			phone.removeEventListener('change', update);
			wide.removeEventListener('change', update);
			removeEventListener('online', onNetwork);
			removeEventListener('offline', onNetwork);
		};
	}
}
