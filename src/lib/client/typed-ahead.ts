// Keys typed while the palette's code still loads (its first opening: Ctrl+K, then a command's name
// at once). Without this they went to the code editor that had focus, which wrote them into the open
// file, and the palette opened empty. The shortcut leaves the focused field; keys pressed meanwhile
// outside any field are kept here for the palette's input (client/shortcuts.ts). A focused button
// (the top bar's Commands) keeps the focus, for the palette to give it back when it closes.

/** What was typed ahead: the text, and whether Enter ended it (the person asked for the first match). */
export interface Typed {
	text: string;
	entered: boolean;
}

/** Whether `element` takes typing (the code editor, a field): typed ahead there, keys are its own. */
export function takesTyping(element: Element | null): boolean {
	return element instanceof HTMLElement && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

/** Applies a key to what was typed ahead; false for a key it does not keep (the page has it). */
export function typeAhead(typed: Typed, key: string): boolean {
	if (typed.entered) return false;
	if (key === 'Enter') typed.entered = true;
	else if (key === 'Backspace') typed.text = typed.text.slice(0, -1);
	else if (key.length === 1) typed.text += key;
	else return false;
	return true;
}
