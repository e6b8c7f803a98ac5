// Keeps this tab's first screen for the next start: written a moment after the workspace, the open
// file or the preview's render settles (off the typing path), and at once as the page hides. Loaded
// once the start is over (client/boot.ts): a page that hides before then leaves the picture before.
import type { FirstScreen } from './first-screen';
import { writeFirstScreen } from './first-screen-write';

/** How long after the last change the picture is taken (a burst of saves writes once). */
const WRITE_DELAY_MS = 1500;
/** Changes that keep coming (a busy tab) never hold the picture back longer than this. */
const MAX_WAIT_MS = 4000;

/** Takes the picture (null: nothing worth keeping now, e.g. not connected). */
export type FirstScreenSource = () => FirstScreen | null;

/**
 * Follows `watch` (read inside an effect: what it reads is what triggers a write) and writes
 * `source()`; returns the way to stop.
 */
export function keepFirstScreen(watch: () => unknown, source: FirstScreenSource, onHide: Set<() => void>): () => void {
	let timer: ReturnType<typeof setTimeout> | null = null;
	let pendingSince = 0;
	const write = () => {
		if (timer !== null) clearTimeout(timer);
		timer = null;
		pendingSince = 0;
		const screen = source();
		if (screen) writeFirstScreen(screen);
	};
	const stopEffect = $effect.root(() => {
		$effect(() => {
			watch();
			const now = Date.now();
			if (timer !== null && now - pendingSince >= MAX_WAIT_MS) return; // the write due soon takes this change too
			if (timer !== null) clearTimeout(timer);
			else pendingSince = now;
			timer = setTimeout(write, Math.min(WRITE_DELAY_MS, Math.max(0, pendingSince + MAX_WAIT_MS - now)));
		});
	});
	onHide.add(write);
	return () => {
		stopEffect();
		onHide.delete(write);
		if (timer !== null) clearTimeout(timer);
	};
}
