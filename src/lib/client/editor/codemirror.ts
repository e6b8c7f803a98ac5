// CodeMirror setup, loaded lazily (it is the heaviest part of the page): one EditorState per file,
// languages by file kind, the studio's theme, and a listener for local edits.
import type { CollabSelection } from '$lib/worker/protocol';
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import { Annotation, ChangeSet, Compartment, EditorSelection, EditorState, Transaction, type Extension } from '@codemirror/state';
import { collab, getSyncedVersion, receiveUpdates, sendableUpdates } from '@codemirror/collab';
import { presence, setPeer, type PeerCursor } from './presence';
import { indentWithTab, insertTab, redo, undo } from '@codemirror/commands';
import { openSearchPanel } from '@codemirror/search';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { languageNow, loadLanguage } from './languages';
import { docText } from '$lib/domain/doc-text';

export { EditorView, EditorState, ChangeSet, getSyncedVersion, receiveUpdates, sendableUpdates, setPeer, loadLanguage, type PeerCursor };

/** Marks transactions that bring in someone else's change (they are not local edits). */
export const remote = Annotation.define<boolean>();

const theme = EditorView.theme({
	'&': { height: '100%', fontSize: 'var(--editor-font-size, 13px)', backgroundColor: 'var(--surface)', color: 'var(--text)' },
	'.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.55' },
	'.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
	'.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 6%, transparent)' },
	'.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 10%, transparent)' },
	'&.cm-focused': { outline: 'none' },
	'.cm-cursor': { borderLeftColor: 'var(--text)' },
	'.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--accent) 25%, transparent) !important' },
	'.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' }
});

/**
 * Syntax colours from CSS variables (defined for light and dark in the layout), so the editor
 * follows the system theme with readable contrast in both.
 */
const highlight = HighlightStyle.define([
	{ tag: [t.keyword, t.modifier, t.operatorKeyword, t.controlKeyword], color: 'var(--hl-keyword)' },
	{ tag: [t.tagName, t.heading], color: 'var(--hl-tag)', fontWeight: '600' },
	{ tag: [t.attributeName, t.propertyName], color: 'var(--hl-attr)' },
	{ tag: [t.string, t.special(t.string), t.attributeValue, t.regexp], color: 'var(--hl-string)' },
	{ tag: [t.number, t.bool, t.null, t.atom, t.unit], color: 'var(--hl-number)' },
	{ tag: [t.comment, t.meta, t.documentMeta], color: 'var(--hl-comment)', fontStyle: 'italic' },
	{ tag: [t.function(t.variableName), t.definition(t.variableName), t.className, t.typeName], color: 'var(--hl-def)' },
	{ tag: [t.angleBracket, t.punctuation, t.bracket], color: 'var(--hl-punct)' },
	{ tag: t.link, textDecoration: 'underline' },
	{ tag: t.emphasis, fontStyle: 'italic' },
	{ tag: t.strong, fontWeight: '700' },
	{ tag: t.invalid, color: 'var(--danger)' }
]);

/** How a shared file is kept in step with the hub (see client/editor/collab). */
export interface SharedOptions {
	version: number;
	clientID: string;
	/** This tab's cursor moved (for the other tabs' presence). */
	onSelection: (selection: CollabSelection) => void;
}

/** The extensions of a file co-edited through the hub: collab (its own typing only in its undo) and presence. */
function shared(options: SharedOptions): Extension {
	return [
		collab({ startVersion: options.version, clientID: options.clientID }),
		presence(),
		EditorView.updateListener.of((update) => {
			if (update.selectionSet && update.view.hasFocus) {
				const main = update.state.selection.main;
				options.onSelection({ anchor: main.anchor, head: main.head });
			}
		})
	];
}

/** Line wrapping, a setting: new states take the current choice, the open one is reconfigured. */
const wrapping = new Compartment();
let wrapLines = true;

/** Turns line wrapping on or off for the view's state and every state created from now on. */
export function setWrap(view: EditorView | null, on: boolean): void {
	wrapLines = on;
	const current = view ? wrapping.get(view.state) : undefined;
	if (view && current !== undefined && (current === EditorView.lineWrapping) !== on) view.dispatch({ effects: wrapping.reconfigure(on ? EditorView.lineWrapping : []) });
}

/**
 * A fresh state for one file. `onLocalEdit` runs for every user change (not for remote ones). Its
 * language is highlighted if loaded (`loadLanguage` first), else it shows plain.
 */
export function createState(content: string, lang: string, onLocalEdit: () => void, readOnly = false, share?: SharedOptions): EditorState {
	return EditorState.create({
		doc: content,
		extensions: [
			basicSetup,
			keymap.of([indentWithTab]),
			languageNow(lang),
			syntaxHighlighting(highlight),
			theme,
			wrapping.of(wrapLines ? EditorView.lineWrapping : []),
			EditorState.readOnly.of(readOnly),
			EditorView.contentAttributes.of({ 'aria-label': 'Code editor' }),
			EditorView.updateListener.of((update) => {
				if (update.docChanged && !update.transactions.some((tr) => tr.annotation(remote) || tr.annotation(Transaction.remote))) onLocalEdit();
			}),
			share ? shared(share) : []
		]
	});
}

/**
 * The smallest single replacement turning `from` into `to` (so cursors map through it), in the
 * positions of a document holding `from` (both read as a document holds them: domain/doc-text.ts).
 */
export function minimalChange(fromText: string, toText: string): { from: number; to: number; insert: string } | null {
	const from = docText(fromText);
	const to = docText(toText);
	if (from === to) return null;
	let start = 0;
	while (start < from.length && start < to.length && from[start] === to[start]) start++;
	let endFrom = from.length;
	let endTo = to.length;
	while (endFrom > start && endTo > start && from[endFrom - 1] === to[endTo - 1]) {
		endFrom--;
		endTo--;
	}
	return { from: start, to: endFrom, insert: to.slice(start, endTo) };
}

/** Keys of the phone's accessory row: what the virtual keyboard makes hard to type. */
export type AccessoryKey = 'tab' | '()' | '{}' | '[]' | '""' | "''" | '<' | '>' | '/' | 'undo' | 'redo' | 'find';

/**
 * Runs one accessory key on the view. Pairs wrap the selection (or put the cursor between them);
 * Tab indents like the hardware key; find opens CodeMirror's search panel.
 */
export async function accessory(view: EditorView, key: AccessoryKey): Promise<void> {
	// Characters go in synchronously, within the tap: typing that follows must land after them.
	if (key.length === 2) {
		const [open, close] = [key[0]!, key[1]!];
		view.dispatch(
			view.state.changeByRange((range) => ({
				changes: [
					{ from: range.from, insert: open },
					{ from: range.to, insert: close }
				],
				range: range.empty ? EditorSelection.cursor(range.from + 1) : EditorSelection.range(range.from + 1, range.to + 1)
			}))
		);
	} else if (key.length === 1) view.dispatch(view.state.replaceSelection(key));
	else {
		// Static imports: basicSetup already bundles both modules into this chunk.
		if (key === 'undo') undo(view);
		else if (key === 'redo') redo(view);
		else if (key === 'tab') insertTab(view); // like the hardware key: a tab, or indent a selection
		else if (key === 'find') openSearchPanel(view);
	}
	view.focus();
}

/** Keeps the line being typed in sight after the visible area shrank (the virtual keyboard came up). */
export function revealCursor(view: EditorView): void {
	view.dispatch({ effects: EditorView.scrollIntoView(view.state.selection.main.head, { y: 'nearest', yMargin: 64 }) });
}
