// The outline src/first-paint.js draws before the studio's code loads (from the first screen this
// device kept): the editor takes what was typed into it, then it goes. Its id is the one contract
// between the two.
const ID = 'studio-first-paint';

/** What the outline's text area holds when the editor takes over. */
export interface PaintedText {
	text: string;
	anchor: number;
	head: number;
	focused: boolean;
}

/** The outline's text, caret and focus (null: no outline was painted). */
export function paintedText(): PaintedText | null {
	if (typeof document === 'undefined') return null;
	const area = document.querySelector<HTMLTextAreaElement>(`#${ID} textarea`);
	if (!area) return null;
	const backwards = area.selectionDirection === 'backward';
	// Focused once, and nothing else has the focus since (the start may have moved it to the page).
	const active = document.activeElement;
	const focused = active === area || (area.closest(`#${ID}`)!.hasAttribute('data-focused') && (active === null || active === document.body));
	return { text: area.value, anchor: backwards ? area.selectionEnd : area.selectionStart, head: backwards ? area.selectionStart : area.selectionEnd, focused };
}

/** Takes the outline away (the studio shows the same things now). */
export function removeFirstPaint(): void {
	if (typeof document !== 'undefined') document.getElementById(ID)?.remove();
}
