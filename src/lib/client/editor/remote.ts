// What others change under this tab's editor: a file changed elsewhere lands where nothing was typed
// (the cursor kept) and in the conflict bar where something was; a co-edited file the hub resets or
// stops sharing is replaced, or kept with what was typed into it. Loaded with CodeMirror
// (with-codemirror.ts): every open file is a CodeMirror state.
import { createState, minimalChange, remote, sendableUpdates } from './codemirror';
import { STILL_TYPING_MS } from './timing';
import type { CollabSync } from './collab-sync';
import type { ConflictBar } from './conflict.svelte';
import type { SaveSync } from './save-sync';
import type { EditorSessions } from './sessions';
import type { TypingKeeper } from './keeper';

/** What these changes reach of the editor (editor.svelte.ts). */
export interface RemoteHost {
	sessions: EditorSessions;
	keeper: TypingKeeper;
	/** The editor's start (start.ts), told of every change: it holds the first screen's file. */
	start: { changed(paths: string[]): void };
	sync: () => CollabSync | null;
	saves: () => SaveSync | null;
	conflicts: () => ConflictBar | null;
	tabId: () => string | null;
	/** The workspace's revision now. */
	revision: () => number;
	/** Whether `path` holds typing the hub has not taken. */
	dirty: (path: string) => boolean;
	/** Whether the person is typing in `path` now: the editor shows it, has the focus, and a key came within `ms`. */
	typing: (path: string, ms: number) => boolean;
	/** `path` holds typing the hub has not taken. */
	keep: (path: string) => void;
	/** A keystroke in `path` (or what stands for one: typing put back on top). */
	typed: (path: string) => void;
	/** `path` holds nothing the hub lacks. */
	clean: (path: string) => void;
	/** Closes `path`'s tab. */
	drop: (path: string) => void;
	/** The hub stored this tab's typing. */
	saved: () => void;
}

/** Applies to the editor what the hub says others changed. */
export class RemoteChanges {
	readonly #host: RemoteHost;

	constructor(host: RemoteHost) {
		this.#host = host;
	}

	/** Files changed elsewhere: applied to clean files (cursor kept), a conflict raised on typed ones. */
	async changed(paths: string[], source: string): Promise<void> {
		const host = this.#host;
		host.start.changed(paths);
		for (const path of paths) {
			const session = host.sessions.get(path);
			if (!session) continue;
			// The hub merges every change into shared files (collab.updates); its commits are our saves.
			if (!session.shared) await host.saves()?.changed(path);
			else {
				host.keeper.stored(path);
				if (source === 'editor' && !host.dirty(path)) host.saved();
			}
		}
	}

	/** `theirs` at `revision` replaces the file's text, as a change from elsewhere (no typing of ours). */
	apply(path: string, theirs: string, revision: number): void {
		const host = this.#host;
		const session = host.sessions.get(path);
		if (!session) return;
		const change = minimalChange(session.state.doc.toString(), theirs);
		const spec = change ? { changes: change, annotations: remote.of(true) } : { annotations: remote.of(true) };
		host.sessions.dispatch(path, (state) => state.update(spec));
		session.base = theirs;
		session.revision = revision;
		host.clean(path);
	}

	/** The hub's text at `version` replaces the file's; `mine` (unconfirmed typing) is kept on top. */
	reset(path: string, text: string, version: number, mine: string | null): void {
		const host = this.#host;
		const session = host.sessions.get(path);
		const tabId = host.tabId();
		if (!session || !tabId) return;
		host.sessions.replace(path, createState(text, session.language, () => host.typed(path), false, { version, clientID: tabId, onSelection: (selection) => host.sync()?.presence(path, selection) }));
		session.base = text;
		const change = mine === null ? null : minimalChange(text, mine);
		if (change) {
			host.sessions.dispatch(path, (state) => state.update({ changes: change }));
			host.typed(path);
		} else host.clean(path);
	}

	/** The hub can no longer share the file (deleted or now binary): its tab closes unless it holds typing. */
	closed(path: string, unsaved = false): void {
		const host = this.#host;
		const session = host.sessions.get(path);
		if (!session) return;
		// Typing the hub never confirmed (sent as the file went, or not sent yet) is unsaved too.
		const pending = session.shared && sendableUpdates(session.state).length > 0;
		if (host.dirty(path) || unsaved || pending || host.typing(path, STILL_TYPING_MS)) {
			host.keep(path);
			// What was typed stays (and in the recovery journal); the conflict bar asks: keep mine writes
			// it back (recreating the file), take theirs drops it.
			session.shared = false;
			session.base = '';
			host.conflicts()?.raise(path, '', host.revision());
			return;
		}
		host.drop(path);
	}
}
