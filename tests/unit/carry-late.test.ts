// A key typed into a phone's plain text after CodeMirror took its text, while the view was being made,
// goes into the file shown with the plain text's caret — also when the file changed elsewhere meanwhile.
import { describe, expect, it } from 'vitest';
import * as cm from '../../src/lib/client/editor/codemirror';
import { carryLate } from '../../src/lib/client/editor/first-file';
import type { EditorState, Transaction } from '@codemirror/state';

/** The shown file's session, as the editor's sessions hold it. */
function shown(text: string) {
	let state: EditorState = cm.createState(text, 'plaintext', () => undefined);
	const sessions = {
		isShown: (path: string) => path === 'index.html',
		dispatch: (_path: string, build: (state: EditorState) => Transaction) => void (state = build(state).state)
	};
	return { sessions, get state() { return state; } };
}

describe('carryLate', () => {
	it('puts what was typed after the text was taken into the file, with the plain text’s caret', () => {
		const file = shown('<title>Bakery</title>');
		carryLate(cm, file.sessions, 'index.html', '<title>Bakery</title>', { text: '<title>Bakery!</title>', anchor: 14, head: 14, focused: true });
		expect(file.state.doc.toString()).toBe('<title>Bakery!</title>');
		expect(file.state.selection.main.head).toBe(14);
	});

	it('keeps a deletion, and a selection typed over', () => {
		const file = shown('abcdef');
		carryLate(cm, file.sessions, 'index.html', 'abcdef', { text: 'abXf', anchor: 3, head: 3, focused: true });
		expect(file.state.doc.toString()).toBe('abXf');
	});

	it('goes where the text around it still is when the file changed before or after it meanwhile', () => {
		const before = shown('<!-- new --><p>hello</p>');
		carryLate(cm, before.sessions, 'index.html', '<p>hello</p>', { text: '<p>hello!</p>', anchor: 9, head: 9, focused: true });
		expect(before.state.doc.toString()).toBe('<!-- new --><p>hello!</p>');
		expect(before.state.selection.main.head).toBe(21);
		const after = shown('<p>hello</p><!-- new -->');
		carryLate(cm, after.sessions, 'index.html', '<p>hello</p>', { text: '<p>hello!</p>', anchor: 9, head: 9, focused: true });
		expect(after.state.doc.toString()).toBe('<p>hello!</p><!-- new -->');
	});

	it('loses no letter when the text around it changed too: it goes in at the same offset', () => {
		const file = shown('xyz');
		carryLate(cm, file.sessions, 'index.html', 'abc', { text: 'abQc', anchor: 3, head: 3, focused: true });
		expect(file.state.doc.toString()).toBe('xyQz');
	});

	it('changes nothing when nothing more was typed, or another file is shown', () => {
		const file = shown('abc');
		carryLate(cm, file.sessions, 'index.html', 'abc', { text: 'abc', anchor: 1, head: 1, focused: true });
		carryLate(cm, file.sessions, 'other.html', 'abc', { text: 'abcd', anchor: 4, head: 4, focused: true });
		expect(file.state.doc.toString()).toBe('abc');
	});
});
