// Keys typed while a view's code is still loading (the palette's first opening: Ctrl+K, then the
// command's name at once). Without this, they went to whatever had focus — the code editor, which
// wrote them into the open file — and the palette opened empty. They are held for the view's input.

/** What was typed ahead: the text, and whether Enter ended it (the person asked for the first match). */
export interface Typed {
	text: string;
	entered: boolean;
}

/** Typing held for a view that is on its way. */
export interface TypedAhead {
	/** What was typed so far; holding stops. */
	take(): Typed;
	/** Stops holding (what was typed is dropped). */
	stop(): void;
}

/** Past this, a view that never came (its chunk failed offline) gives the keyboard back. */
const HOLD_LIMIT_MS = 10_000;

/**
 * Holds the keyboard for a view about to open: focus leaves the field that had it, and printable
 * keys and Backspace are kept until `take()`; Enter ends the typing (and is kept). Keys with Ctrl,
 * Cmd or Alt pass (shortcuts still work); Escape, a pointer press or the time limit stop holding,
 * Escape calling `onCancel`.
 */
export function holdTyping(onCancel: () => void, target: Window = window): TypedAhead {
	let typed = '';
	let entered = false;
	let held = true;
	const active = target.document.activeElement;
	if (active instanceof HTMLElement && active !== target.document.body) active.blur();
	const onKey = (event: KeyboardEvent) => {
		if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
		if (event.key === 'Escape') {
			stop();
			onCancel();
		} else if (event.key === 'Enter') {
			entered = true;
			stop();
		} else if (event.key === 'Backspace') typed = typed.slice(0, -1);
		else if (event.key.length === 1) typed += event.key;
		else return;
		event.preventDefault();
		event.stopPropagation();
	};
	const timer = setTimeout(() => stop(), HOLD_LIMIT_MS);
	function stop() {
		if (!held) return;
		held = false;
		clearTimeout(timer);
		target.removeEventListener('keydown', onKey, true);
		target.removeEventListener('pointerdown', stop, true);
	}
	// Captured on the window: ahead of any field's own handling.
	target.addEventListener('keydown', onKey, true);
	target.addEventListener('pointerdown', stop, true);
	return {
		take() {
			stop();
			return { text: typed, entered };
		},
		stop
	};
}
