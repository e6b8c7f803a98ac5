// The install offer: Chromium's `beforeinstallprompt` (kept until the person clicks Install), the
// iOS way (Share → Add to Home Screen, which no script can trigger), and whether we run installed.
// The offer shows once the start is over: its view is one more file a first screen need not wait for.
import { afterStart } from './after-start';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
	prompt(): Promise<void>;
	userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** How this browser can install the studio: its own prompt, the iOS Share sheet, or not at all (yet). */
export type InstallWay = 'prompt' | 'ios' | null;

/** Tracks whether and how the studio can be installed here. */
export class InstallOffer {
	/** How it can be installed, shown once the start is over (null until then). */
	get way(): InstallWay {
		return this.#started ? this.#way : null;
	}
	/** Running as the installed app (standalone window or home-screen launch). */
	installed = $state(false);
	#way = $state<InstallWay>(null);
	#started = $state(false);
	#event: BeforeInstallPromptEvent | null = null;

	/** Starts listening; returns the cleanup. */
	start(): () => void {
		const standalone = matchMedia('(display-mode: standalone), (display-mode: window-controls-overlay)');
		const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
		this.installed = standalone.matches || iosStandalone;
		// iOS Safari has no install event; an iPhone or iPad that is not already installed gets the hint.
		const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
		if (ios && !this.installed) this.#way = 'ios';
		afterStart(() => (this.#started = true));
		const offered = (event: Event) => {
			event.preventDefault(); // no mini-infobar: the studio offers it in its own top bar
			this.#event = event as BeforeInstallPromptEvent;
			if (!this.installed) this.#way = 'prompt';
		};
		const done = () => {
			this.installed = true;
			this.#way = null;
			this.#event = null;
		};
		const mode = () => (this.installed = standalone.matches || iosStandalone);
		addEventListener('beforeinstallprompt', offered);
		addEventListener('appinstalled', done);
		standalone.addEventListener('change', mode);
		return () => {
			removeEventListener('beforeinstallprompt', offered);
			removeEventListener('appinstalled', done);
			standalone.removeEventListener('change', mode);
		};
	}

	/** Shows the browser's install dialog (only with a kept prompt event). */
	async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
		const event = this.#event;
		if (!event) return 'unavailable';
		await event.prompt();
		const { outcome } = await event.userChoice;
		// A prompt event can be used once; Chromium fires a new one if installing is still possible.
		this.#event = null;
		if (outcome === 'accepted') this.#way = null;
		return outcome;
	}
}
