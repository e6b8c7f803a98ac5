// The virtual keyboard on a phone: how much of the window the visual viewport lost to it. Chrome on
// Android shrinks the layout itself (`interactive-widget=resizes-content`); Safari does not, so the
// shell subtracts `--keyboard-inset` and the editor scrolls the line being typed back into sight.

/** Below this, a shrink is browser chrome (a collapsing address bar), not a keyboard. */
const KEYBOARD_MIN_PX = 80;

/** The keyboard's height over the page, as a rune and a CSS variable on the document. */
export class KeyboardInset {
	inset = $state(0);
	/**
	 * The keyboard is up. Also true where the browser shrinks the layout for it (inset 0 there): the
	 * visible height fell well below the tallest seen at this width.
	 */
	up = $state(false);

	/** Starts following the visual viewport; `changed` runs after each change. Returns the cleanup. */
	start(changed: (inset: number) => void): () => void {
		const viewport = window.visualViewport;
		if (!viewport) return () => undefined;
		let width = -1;
		let tallest = 0;
		const update = () => {
			if (innerWidth !== width) {
				// A rotation (or a resized window): heights start over.
				width = innerWidth;
				tallest = 0;
			}
			tallest = Math.max(tallest, innerHeight, viewport.height);
			this.up = tallest - viewport.height >= KEYBOARD_MIN_PX;
			const lost = Math.round(innerHeight - viewport.height - viewport.offsetTop);
			const inset = lost >= KEYBOARD_MIN_PX ? lost : 0;
			if (inset === this.inset) return;
			this.inset = inset;
			document.documentElement.style.setProperty('--keyboard-inset', `${inset}px`);
			// After the layout took the new height, so the editor measures the smaller area.
			requestAnimationFrame(() => changed(inset));
		};
		viewport.addEventListener('resize', update);
		viewport.addEventListener('scroll', update);
		addEventListener('resize', update);
		// The first reading waits for the first paint: read during the page's mount, the window's
		// sizes forced a layout of the whole new page inside that task (a long task at start).
		let first: ReturnType<typeof setTimeout> | undefined;
		const frame = requestAnimationFrame(() => (first = setTimeout(update, 0)));
		return () => {
			cancelAnimationFrame(frame);
			clearTimeout(first);
			removeEventListener('resize', update);
			viewport.removeEventListener('resize', update);
			viewport.removeEventListener('scroll', update);
		};
	}
}
