// The editor's files: one EditorState per open file (undo survives switching files) and the one view
// that shows one of them. A session read here is always current — the visible file's state is the
// view's — and a change goes through the view when its file is the one shown, so no caller has to
// remember either.
import type { EditorState, Transaction } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { SavedText } from './save-sync';

/** One open file. */
export interface FileSession extends SavedText {
	state: EditorState;
	language: string;
	/** Co-edited through the hub (false: saved on its own, the fallback in save-sync.ts). */
	shared: boolean;
	/** Opened from the first screen before the hub answered: nothing is saved until it is handed over. */
	first?: boolean;
}

/** The open files and the view. */
export class EditorSessions {
	readonly #sessions = new Map<string, FileSession>();
	#view: EditorView | null = null;
	/** The file whose state the view shows (not the active tab while a newly active file is loading). */
	#shown: string | null = null;

	get view(): EditorView | null {
		return this.#view;
	}

	/** The view mounted (or gone: null), showing `shown`'s state (it was made with it) or nothing yet. */
	setView(view: EditorView | null, shown: string | null = null): void {
		this.#keep();
		this.#view = view;
		this.#shown = view && shown !== null && this.#sessions.has(shown) ? shown : null;
	}

	/** The file shown in the view now. */
	isShown(path: string): boolean {
		return this.#view !== null && this.#shown === path;
	}

	/** `path`'s session, its state current. */
	get(path: string): FileSession | undefined {
		if (this.#shown === path) this.#keep();
		return this.#sessions.get(path);
	}

	has(path: string): boolean {
		return this.#sessions.has(path);
	}

	set(path: string, session: FileSession): void {
		this.#sessions.set(path, session);
	}

	delete(path: string): void {
		if (this.#shown === path) this.#shown = null;
		this.#sessions.delete(path);
	}

	/** Every session, states current. */
	entries(): [string, FileSession][] {
		this.#keep();
		return [...this.#sessions.entries()];
	}

	/** The whole text of `path` (null when it is not open). */
	text(path: string): string | null {
		return this.get(path)?.state.doc.toString() ?? null;
	}

	/** Shows `path` in the view (its state, with its undo history). */
	show(path: string): EditorView | null {
		const session = this.#sessions.get(path);
		if (!this.#view || !session) return null;
		this.#keep();
		this.#view.setState(session.state);
		this.#shown = path;
		return this.#view;
	}

	/** Puts another session in place of `path`'s (the view shows its state when `path` is shown). */
	swap(path: string, session: FileSession): void {
		this.#keep();
		this.#sessions.set(path, session);
		if (this.isShown(path)) this.#view!.setState(session.state);
	}

	/** Replaces `path`'s state (a fresh start from the hub's text), in the view too when shown. */
	replace(path: string, state: EditorState): void {
		const session = this.#sessions.get(path);
		if (!session) return;
		session.state = state;
		if (this.isShown(path)) this.#view!.setState(state);
	}

	/** Applies a transaction to `path`'s state, through the view when it is the file shown. */
	dispatch(path: string, build: (state: EditorState) => Transaction): void {
		const session = this.#sessions.get(path);
		if (!session) return;
		if (this.isShown(path)) {
			this.#view!.dispatch(build(this.#view!.state));
			session.state = this.#view!.state;
		} else session.state = build(session.state).state;
	}

	/** The view's state back into the shown file's session (view.setState replaces it otherwise). */
	#keep(): void {
		if (this.#view && this.#shown && this.#sessions.has(this.#shown)) this.#sessions.get(this.#shown)!.state = this.#view.state;
	}
}
