// The outline src/first-paint.js draws before the studio's code loads (from the first screen this
// device kept): the editor takes what was typed into it, then it goes, and the shell's unseen font
// sizes (app.html's studio-fonts) with it. Its id is the one contract between the two.
import type { FirstScreenFile } from './first-screen';
import { docText } from '$lib/domain/doc-text';

const ID = 'studio-first-paint';

/** What the outline's text area holds when the editor takes over. */
export interface PaintedText {
	text: string;
	anchor: number;
	head: number;
	focused: boolean;
}

/**
 * The outline's text, caret and focus (null: no outline was painted). It was given the head of
 * `first`'s text (`shown`, client/first-screen.ts): the whole text is what was typed there and the
 * rest; untouched, it is `first`'s (another tab may have kept a newer picture since the outline read it).
 */
export function paintedText(first: FirstScreenFile | null): PaintedText | null {
	if (typeof document === 'undefined') return null;
	const area = document.querySelector<HTMLTextAreaElement>(`#${ID} textarea`);
	if (!area) return null;
	const backwards = area.selectionDirection === 'backward';
	// Focused once, and nothing else has the focus since (the start may have moved it to the page).
	const active = document.activeElement;
	const focused = active === area || (area.closest(`#${ID}`)!.hasAttribute('data-focused') && (active === null || active === document.body));
	// A text area reads its lines' ends as \n whatever it was given, as an editor's document does.
	const typed = area.value !== docText(area.defaultValue);
	const text = first && !typed ? first.text : area.value + (first ? first.text.slice(first.shown ?? first.text.length) : '');
	return { text, anchor: backwards ? area.selectionEnd : area.selectionStart, head: backwards ? area.selectionStart : area.selectionEnd, focused };
}

/** A file picked in the outline's list, and who opens it: it opens once both are known. */
let picked: string | null = null;
let opener: ((path: string) => void) | null = null;
/** A file was picked in the outline's list (opened, or to open once the outline goes). */
let pickMade = false;

/**
 * Whether the person picked a file in the outline's list: it is the file the studio opens, not the
 * one the hub had open (which the runtime, once live, would otherwise open after the pick).
 */
export function pickedInOutline(): boolean {
	return pickMade || (typeof document !== 'undefined' && !!document.getElementById(ID)?.getAttribute('data-open'));
}

function deliver() {
	const path = picked;
	const open = opener;
	if (!path || !open) return;
	picked = null;
	// Not inside the mount that took the outline away: the studio's state changes after it.
	queueMicrotask(() => open(path));
}

/** Opens the file picked in the outline's list (if any) once the outline goes. */
export function openPickedWith(open: (path: string) => void): void {
	opener = open;
	deliver();
}

/** Takes the outline away (the studio shows the same things now); a file picked in it opens. */
export function removeFirstPaint(): void {
	if (typeof document === 'undefined') return;
	const outline = document.getElementById(ID);
	picked = outline?.getAttribute('data-open') ?? picked;
	if (picked) pickMade = true;
	outline?.remove();
	document.getElementById('studio-fonts')?.remove();
	deliver();
}
