// What is typed ahead for the palette (client/typed-ahead.ts): printable keys in order, Backspace,
// Enter ending it, other keys not kept.
import { describe, expect, it } from 'vitest';
import { typeAhead, type Typed } from '../../src/lib/client/typed-ahead';

describe('typed ahead', () => {
	it('keeps printable keys and Backspace, ends at Enter, and leaves other keys to the page', () => {
		const typed: Typed = { text: '', entered: false };
		const kept = ['l', 'i', 's', 'x', 'Backspace', 't', ' ', 'f', 'Tab', 'ArrowLeft', 'Enter', 'z'].map((key) => typeAhead(typed, key));
		expect(kept).toEqual([true, true, true, true, true, true, true, true, false, false, true, false]);
		expect(typed).toEqual({ text: 'list f', entered: true });
	});
});
