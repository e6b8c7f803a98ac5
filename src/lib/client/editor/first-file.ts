// The open file before the hub answers: its text from the first screen (what this device last showed),
// editable at once, then handed to the live runtime when it answers — what was typed meanwhile goes
// on top of the hub's text with the caret and scroll where they were, or, when the file changed since,
// with the conflict bar so neither text is lost.
import type { EditorView } from '@codemirror/view';
import type { FirstScreenFile } from '../first-screen';
import type { PaintedText } from '../first-paint';
import type { EditorSessions, FileSession } from './sessions';
import { docText } from '$lib/domain/doc-text';

type CM = typeof import('./codemirror');

/**
 * An editable session of the first screen's text (saved nowhere until it is handed over), holding
 * what was typed into the first paint's outline, caret included.
 */
export function firstSession(cm: CM, file: FirstScreenFile, typed: () => void, painted: PaintedText | null = null): FileSession {
	const text = painted?.text ?? file.text;
	let state = cm.createState(text, file.language, typed, false);
	if (painted) state = withCaret(state, painted);
	return { state, base: file.text, revision: file.revision, saving: null, language: file.language, readOnly: false, shared: false, first: true };
}

/** `state` with the caret (and selection) where it was in the plain text, within the document. */
export function withCaret(state: FileSession['state'], painted: PaintedText): FileSession['state'] {
	const length = state.doc.length;
	return state.update({ selection: { anchor: Math.min(painted.anchor, length), head: Math.min(painted.head, length) } }).state;
}

/**
 * What reached the plain text after CodeMirror took its text (`taken`): a key typed while the view was
 * being made, a moment of a phone's start. It goes into the file shown, with the plain text's caret,
 * as typing: the plain text goes next.
 */
export function carryLate(cm: CM, sessions: Pick<EditorSessions, 'isShown' | 'dispatch'>, path: string, taken: string, late: PaintedText): void {
	// Offsets in the document's reading of the texts (domain/doc-text.ts), as `change`'s are.
	const base = docText(taken);
	const change = cm.minimalChange(base, late.text);
	if (!change || !sessions.isShown(path)) return;
	sessions.dispatch(path, (state) => {
		const doc = state.doc.toString();
		// The file may have changed elsewhere meanwhile: the change goes where the text before it (else
		// after it) still is, replacing what it replaced; failing both, it goes in at the same offset.
		const replaced = base.slice(change.from, change.to);
		const after = replaced + base.slice(change.to);
		const from = doc === base || doc.startsWith(base.slice(0, change.to)) ? change.from : doc.endsWith(after) ? doc.length - after.length : Math.min(change.from, doc.length);
		const to = doc.slice(from, from + replaced.length) === replaced ? from + replaced.length : from;
		const selection = doc === base ? { anchor: late.anchor, head: late.head } : { anchor: from + change.insert.length };
		return state.update({ changes: { from, to, insert: change.insert }, selection, userEvent: 'input.type' });
	});
}

/** What the hand-over needs of the editor. */
export interface HandOverHost {
	cm: CM;
	/** The file as the hub has it now (co-edited where it can be); null when it is gone. */
	load(path: string): Promise<FileSession | null>;
	/** The session held for `path` now, its state current. */
	current(path: string): FileSession | undefined;
	/** Puts `session` in place of `path`'s (in the view too when shown). */
	swap(path: string, session: FileSession): void;
	/** A change the person made (the editor saves or co-edits it as typing). */
	dispatch(path: string, build: (state: FileSession['state']) => ReturnType<FileSession['state']['update']>): void;
	conflict(path: string, theirs: string, revision: number): void;
	/** Typing reached `path` (saved or co-edited from now on). */
	typed(path: string): void;
	/** `path` is gone and nothing was typed: its tab closes. */
	drop(path: string): void;
	view(): EditorView | null;
}

/** Hands the first screen's session of `path` over to the live runtime. */
export async function handOver(path: string, first: FileSession, host: HandOverHost): Promise<void> {
	const live = await host.load(path);
	const held = host.current(path);
	if (held !== first) return; // closed (or opened afresh) meanwhile
	const mine = held.state.doc.toString();
	const typed = mine !== docText(held.base);
	if (!live) {
		held.first = undefined;
		if (!typed) return host.drop(path);
		held.base = '';
		return host.conflict(path, '', held.revision); // deleted since: keep mine recreates it
	}
	// The hub's co-editing text holds a file's lines as the editor does (domain/doc-text.ts); the first
	// screen kept the file as stored: the same file either way.
	const same = docText(live.base) === docText(held.base);
	const view = host.view();
	const scroll = view ? { top: view.scrollDOM.scrollTop, left: view.scrollDOM.scrollLeft } : null;
	const focused = view?.hasFocus ?? false;
	const selection = held.state.selection;
	host.swap(path, live);
	if (!same && typed) host.conflict(path, live.base, live.revision);
	const change = typed ? host.cm.minimalChange(live.base, mine) : null;
	// Offsets of a selection given with changes refer to the document after them: mine, where the caret was.
	const keepCaret = same || typed;
	host.dispatch(path, (state) => state.update(change ? { changes: change, ...(keepCaret ? { selection } : {}) } : keepCaret ? { selection } : {}));
	if (change) host.typed(path); // a file not shown has no view to report it
	if (view && scroll) {
		view.scrollDOM.scrollTop = scroll.top;
		view.scrollDOM.scrollLeft = scroll.left;
		if (focused && !view.hasFocus) view.focus();
	}
}

/** What handing every session of the first screen over needs of the editor (part of its start's host). */
export interface StartedEditor {
	readonly sessions: EditorSessions;
	/** `path` as the hub has it (null: gone). */
	load(path: string): Promise<FileSession | null>;
	/** A change the person made to `path`. */
	typed(path: string): void;
	conflicts(): { raise(path: string, theirs: string, revision: number): void } | null;
	drop(path: string): void;
	/** Applies the hub's updates published since `path` was opened. */
	pull(path: string): void;
	/** The active file (null: none). */
	active(): string | null;
	open(path: string): Promise<void>;
}

/** Hands every session of the first screen over to the live runtime, then opens a file chosen while the hub was starting. */
export async function handOverAll(cm: CM, host: StartedEditor): Promise<void> {
	const { sessions } = host;
	for (const [path, session] of sessions.entries()) {
		if (!session.first) continue;
		await handOver(path, session, {
			cm,
			load: (p) => host.load(p),
			current: (p) => sessions.get(p),
			swap: (p, next) => sessions.swap(p, next),
			dispatch: (p, build) => sessions.dispatch(p, build),
			typed: (p) => host.typed(p),
			conflict: (p, theirs, revision) => host.conflicts()?.raise(p, theirs, revision),
			drop: (p) => host.drop(p),
			view: () => (sessions.isShown(path) ? sessions.view : null)
		});
		if (sessions.get(path)?.shared) host.pull(path); // updates published while it was handed over
	}
	const active = host.active();
	if (active && !sessions.has(active)) void host.open(active);
}
