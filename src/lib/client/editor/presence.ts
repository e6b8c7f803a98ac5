// Other tabs' cursors in a shared file: a coloured caret with the tab's name, and their selection
// tinted. Positions are mapped through every change, so a caret stays on its text as others type.
import type { CollabSelection } from '$lib/worker/protocol';
import { RangeSetBuilder, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

/** Another tab's cursor (null selection: it left the file). */
export interface PeerCursor {
	tabId: string;
	label: string;
	colour: string;
	selection: CollabSelection | null;
}

/** Sets (or, with a null selection, removes) one peer's cursor. */
export const setPeer = StateEffect.define<PeerCursor>();

class Caret extends WidgetType {
	constructor(
		readonly label: string,
		readonly colour: string
	) {
		super();
	}
	override eq(other: Caret) {
		return other.label === this.label && other.colour === this.colour;
	}
	toDOM() {
		const caret = document.createElement('span');
		caret.className = 'cm-peer-caret';
		caret.style.borderLeftColor = this.colour;
		caret.setAttribute('aria-hidden', 'true');
		const name = document.createElement('span');
		name.className = 'cm-peer-name';
		name.style.backgroundColor = this.colour;
		name.textContent = this.label;
		caret.append(name);
		return caret;
	}
	override ignoreEvent() {
		return true;
	}
}

const peers = StateField.define<Map<string, PeerCursor>>({
	create: () => new Map(),
	update(value, tr) {
		let next = value;
		if (tr.docChanged) {
			next = new Map();
			const end = tr.newDoc.length;
			for (const [id, peer] of value) {
				const s = peer.selection;
				next.set(id, s ? { ...peer, selection: { anchor: Math.min(end, tr.changes.mapPos(s.anchor, 1)), head: Math.min(end, tr.changes.mapPos(s.head, 1)) } } : peer);
			}
		}
		for (const effect of tr.effects) {
			if (!effect.is(setPeer)) continue;
			if (next === value) next = new Map(value);
			if (effect.value.selection) {
				const end = tr.newDoc.length;
				next.set(effect.value.tabId, { ...effect.value, selection: { anchor: Math.min(end, effect.value.selection.anchor), head: Math.min(end, effect.value.selection.head) } });
			} else next.delete(effect.value.tabId);
		}
		return next;
	},
	provide: (field) =>
		EditorView.decorations.from(field, (value): DecorationSet => {
			const ranges: { from: number; to: number; deco: Decoration }[] = [];
			for (const peer of value.values()) {
				const s = peer.selection;
				if (!s) continue;
				const from = Math.min(s.anchor, s.head);
				const to = Math.max(s.anchor, s.head);
				if (to > from) ranges.push({ from, to, deco: Decoration.mark({ attributes: { style: `background-color: color-mix(in srgb, ${peer.colour} 22%, transparent)` } }) });
				ranges.push({ from: s.head, to: s.head, deco: Decoration.widget({ widget: new Caret(peer.label, peer.colour), side: 1 }) });
			}
			ranges.sort((a, b) => a.from - b.from || a.to - b.to);
			const builder = new RangeSetBuilder<Decoration>();
			for (const range of ranges) builder.add(range.from, range.to, range.deco);
			return builder.finish();
		})
});

const theme = EditorView.baseTheme({
	'.cm-peer-caret': { position: 'relative', borderLeft: '2px solid', marginLeft: '-1px', marginRight: '-1px' },
	'.cm-peer-name': {
		position: 'absolute',
		top: '-1.25em',
		left: '-2px',
		padding: '0 4px',
		borderRadius: '3px 3px 3px 0',
		color: '#fff',
		fontSize: '10px',
		lineHeight: '1.3',
		fontFamily: 'system-ui, sans-serif',
		whiteSpace: 'nowrap',
		pointerEvents: 'none',
		zIndex: '5'
	}
});

/** The presence extension of a shared file. */
export function presence(): Extension {
	return [peers, theme];
}
