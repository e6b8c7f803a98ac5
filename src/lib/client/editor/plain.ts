// The open file as plain, editable text before CodeMirror: a phone shows it this way until the person
// touches it. CodeMirror's first view costs a phone-class CPU about a quarter of a second of main
// thread (module evaluation, the first parse, the first draw and its measure), which no start needs
// when the person came to read the code or look at the preview. The first touch, key or focus asks
// for CodeMirror; it takes the text, the caret and the focus from here (as from the first paint's
// outline), and this goes. It shows the file's head only (client/first-screen.ts shownEnd: a text area
// lays out all it holds at once); what it reads back is the whole text.
import type { PaintedText } from '../first-paint';
import { shownEnd } from '../first-screen';

/** A text area in the editor's place, showing one file until CodeMirror takes over (its look: views/EditorPanel.svelte). */
export class PlainView {
	readonly area: HTMLTextAreaElement;
	/** The text it was given (the hub's, or the first screen's): what it shows unless typed into. */
	#base: string;
	/** The head it shows, as the text area reads it back (lines' ends as \n), and the rest of the text. */
	#shown = '';
	#rest = '';
	/** It took over text typed into the outline. */
	#adopted = false;
	#focused = false;
	readonly #wake: () => void;
	readonly #onWake = () => this.#wake();

	/** Shows `text` in `container`; `wake` runs at the first touch, key or focus (once is enough). */
	constructor(container: HTMLElement, text: string, wrap: boolean, wake: () => void) {
		this.#base = text;
		this.#wake = wake;
		const area = document.createElement('textarea');
		area.spellcheck = false;
		area.setAttribute('autocapitalize', 'off');
		area.setAttribute('autocomplete', 'off');
		area.setAttribute('aria-label', 'Code editor');
		area.dataset.testid = 'plain-editor';
		this.area = area;
		this.#put(text);
		this.setWrap(wrap);
		// Focused, it is the page's autofocus element: the router's start focuses that instead of the
		// body (a key typed meanwhile went nowhere).
		area.addEventListener('focus', () => (this.#focused = area.autofocus = true));
		area.addEventListener('blur', () => (this.#focused = area.autofocus = false));
		for (const type of ['pointerdown', 'touchstart', 'focus', 'keydown', 'input'] as const) area.addEventListener(type, this.#onWake, { passive: true });
		container.append(area);
	}

	/** Shows `text`'s head, past `atLeast` (a caret there), and keeps its rest. */
	#put(text: string, atLeast = 0): void {
		const end = shownEnd(text, atLeast);
		this.area.value = text.slice(0, end);
		this.#shown = this.area.value;
		this.#rest = text.slice(end);
	}

	/** Text was typed here (it differs from what it was given). */
	get typed(): boolean {
		return this.#adopted || this.area.value !== this.#shown;
	}

	/** Shows a newer text of the file, unless the person typed here (then theirs stays, to be merged). */
	show(text: string): void {
		if (this.typed || text === this.#base) return;
		this.#base = text;
		this.#put(text);
	}

	/** Takes over what was typed into the first paint's outline: its text, caret and focus. */
	adopt(painted: PaintedText): void {
		this.#adopted = painted.text !== this.#base;
		this.#put(painted.text, Math.max(painted.anchor, painted.head));
		this.area.setSelectionRange(Math.min(painted.anchor, painted.head), Math.max(painted.anchor, painted.head), painted.anchor > painted.head ? 'backward' : 'forward');
		if (painted.focused) this.area.focus({ preventScroll: true });
	}

	/** Line wrapping, as the editor's setting says. */
	setWrap(wrap: boolean): void {
		this.area.style.whiteSpace = wrap ? 'pre-wrap' : 'pre';
		this.area.style.overflowWrap = wrap ? 'anywhere' : 'normal';
	}

	/** The text, caret and focus, for CodeMirror to take over. */
	read(): PaintedText {
		const { area } = this;
		const backwards = area.selectionDirection === 'backward';
		// Untouched, the text as it was given (a text area gives its lines' ends as \n).
		return { text: this.typed ? area.value + this.#rest : this.#base, anchor: backwards ? area.selectionEnd : area.selectionStart, head: backwards ? area.selectionStart : area.selectionEnd, focused: this.#focused || document.activeElement === area };
	}

	/** Read-only from now on (CodeMirror, which saves, could not come). */
	freeze(): void {
		this.area.readOnly = true;
	}

	destroy(): void {
		this.area.remove();
	}
}
