// Keys typed while the palette's code loads, in real Chromium (client/shortcuts.ts with
// client/typed-ahead.ts, wired as the workbench wires them): Ctrl+K leaves the field that had focus
// untouched, the keys pressed meanwhile come back in order with Backspace applied and Enter ending
// them, shortcuts still pass, a focused button keeps the focus, and a field focused again gets its own typing.
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { installShortcuts } from '../../src/lib/client/shortcuts';
import { takesTyping, typeAhead, type Typed } from '../../src/lib/client/typed-ahead';

let remove: (() => void) | null = null;
afterEach(() => {
	remove?.();
	document.body.replaceChildren();
});

/** The shortcuts with a palette that never arrives until `take()`; what undo saw. */
function workbench() {
	let typed: Typed | null = null;
	let undos = 0;
	remove = installShortcuts({
		palette: () => {
			if (takesTyping(document.activeElement)) (document.activeElement as HTMLElement).blur();
			typed = { text: '', entered: false };
		},
		typed: (key) => (typed ? typeAhead(typed, key) : false),
		undo: () => undos++,
		redo: () => undefined
	});
	return {
		take: () => {
			const kept = typed;
			typed = null;
			return kept;
		},
		undos: () => undos
	};
}

function field(): HTMLTextAreaElement {
	const area = document.createElement('textarea');
	document.body.append(area);
	area.focus();
	return area;
}

describe('typing held for the palette on its way', () => {
	it('keeps what is typed after Ctrl+K out of the field that had focus, and gives it back once', async () => {
		const studio = workbench();
		const area = field();
		await userEvent.keyboard('a{Control>}k{/Control}mhx{Backspace}chem');
		expect(area.value).toBe('a');
		expect(studio.take()).toEqual({ text: 'mhchem', entered: false });
		// Given back: typing on the page is the page's again, and a focused field gets its own.
		area.focus();
		await userEvent.keyboard('ok');
		expect(area.value).toBe('aok');
		expect(studio.take()).toBeNull();
	});

	it('ends at Enter, lets shortcuts through, and holds nothing typed into a field focused meanwhile', async () => {
		const studio = workbench();
		await userEvent.keyboard('{Control>}k{/Control}undo{Enter}xyz');
		expect(studio.take()).toEqual({ text: 'undo', entered: true });
		await userEvent.keyboard('{Control>}k{/Control}a{Control>}z{/Control}');
		expect(studio.undos()).toBe(1);
		const area = field();
		await userEvent.keyboard('b');
		expect(area.value).toBe('b');
		expect(studio.take()).toEqual({ text: 'a', entered: false });
	});

	it('holds the keys for the palette opened from a button, which keeps the focus (and presses nothing)', async () => {
		const studio = workbench();
		let clicks = 0;
		const button = Object.assign(document.createElement('button'), { textContent: 'Commands', onclick: () => clicks++ });
		document.body.append(button);
		button.focus();
		await userEvent.keyboard('{Control>}k{/Control}go to{Enter}');
		expect(document.activeElement).toBe(button);
		expect(clicks).toBe(0);
		expect(studio.take()).toEqual({ text: 'go to', entered: true });
	});
});
