// Keys typed while the palette's code loads (client/typed-ahead.ts), in real Chromium: they leave the
// field that had focus untouched and come back in order, Backspace included; Enter ends them; shortcuts
// pass; Escape, a pointer press and take() stop the holding.
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { holdTyping } from '../../src/lib/client/typed-ahead';

afterEach(() => document.body.replaceChildren());

function field(): HTMLTextAreaElement {
	const area = document.createElement('textarea');
	document.body.append(area);
	area.focus();
	return area;
}

describe('typing held for a view on its way', () => {
	it('keeps what is typed from the field that had focus, and gives it back once', async () => {
		const area = field();
		const held = holdTyping(() => undefined);
		expect(document.activeElement).not.toBe(area);
		await userEvent.keyboard('mhx{Backspace}chem');
		expect(area.value).toBe('');
		expect(held.take()).toEqual({ text: 'mhchem', entered: false });
		// Holding stopped: typing reaches the page again.
		area.focus();
		await userEvent.keyboard('ok');
		expect(area.value).toBe('ok');
		expect(held.take()).toEqual({ text: 'mhchem', entered: false });
	});

	it('ends at Enter: the first match is asked for, and what comes after is the page’s', async () => {
		const area = field();
		const held = holdTyping(() => undefined);
		await userEvent.keyboard('undo{Enter}');
		area.focus();
		await userEvent.keyboard('z');
		expect(area.value).toBe('z');
		expect(held.take()).toEqual({ text: 'undo', entered: true });
	});

	it('lets shortcuts through, and Escape cancels the view', async () => {
		let cancelled = 0;
		const seen: string[] = [];
		const listen = (event: KeyboardEvent) => seen.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}`);
		addEventListener('keydown', listen);
		const held = holdTyping(() => cancelled++);
		await userEvent.keyboard('{Control>}z{/Control}a');
		expect(seen).toContain('Ctrl+z');
		expect(seen).not.toContain('a');
		await userEvent.keyboard('{Escape}b');
		expect(cancelled).toBe(1);
		expect(seen).toContain('b');
		expect(held.take().text).toBe('a');
		removeEventListener('keydown', listen);
	});

	it('stops at a pointer press (the person went elsewhere)', async () => {
		const area = field();
		const held = holdTyping(() => undefined);
		await userEvent.keyboard('x');
		area.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
		area.focus();
		await userEvent.keyboard('y');
		expect(area.value).toBe('y');
		expect(held.take().text).toBe('x');
	});
});
