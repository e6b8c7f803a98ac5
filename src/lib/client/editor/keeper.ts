// What the editor keeps of typing the store does not hold yet: each file's entry in the recovery
// journal (journal.ts), written within a second of a keystroke and at once when the page hides,
// followed when the hub stores a co-edited file, and forgotten once a saved file is clean.
import { journalHas, journalRemove, journalWrite, TypingJournal, unsavedEntry, unstoredEntry, type JournalEntry } from './journal';
import type { StudioClient } from '../studio.svelte';
import type { EditorSessions } from './sessions';
import type { FirstScreenFile } from '../first-screen';

/** What the keeper reads of the editor. */
export interface KeeperParts {
	studio: StudioClient;
	sessions: EditorSessions;
	/** Paths whose typing is not saved (or, co-edited, not confirmed by the hub). */
	dirty: () => readonly string[];
	/** A co-edited file's updates the hub has not confirmed (collab-sync.ts). */
	unconfirmed: (path: string) => JournalEntry['collab'];
	/** What was typed into the plain text before CodeMirror took it (editor/start.ts), over the file as it showed. */
	plain: () => { file: FirstScreenFile; text: string } | null;
}

/** The journal's side of one tab's editor. */
export class TypingKeeper {
	readonly #parts: KeeperParts;
	readonly #journal: TypingJournal;

	constructor(parts: KeeperParts) {
		this.#parts = parts;
		// A co-edited file is journalled until the store holds its text (not only until the hub does).
		this.#journal = new TypingJournal(
			(path) => this.#entry(path),
			(path) => parts.dirty().includes(path) || !!parts.sessions.get(path)?.shared
		);
	}

	/** A keystroke in `path`: its entry is written within a second. */
	typed(path: string): void {
		this.#journal.typed(path);
	}

	/**
	 * The page hides: every file with unsaved typing, and every co-edited one, is journalled now —
	 * synchronously, before the saves that follow, since the page may be gone before they reach the hub.
	 */
	writeAll(): void {
		const { sessions, dirty } = this.#parts;
		const shared = sessions.entries().filter(([, session]) => session.shared).map(([path]) => path);
		for (const path of new Set([...dirty(), ...shared])) this.#journal.write(path);
		// Typed before CodeMirror came (a phone's plain text, or a desktop's while CodeMirror loads):
		// no session holds it yet, and the tab may be closing.
		const plain = this.#parts.plain();
		if (!plain || sessions.get(plain.file.path)) return;
		const { studio } = this.#parts;
		const entry = unsavedEntry({ tabId: studio.tabId, workspaceId: studio.workspaceId, path: plain.file.path }, { base: plain.file.text, revision: plain.file.revision, saving: null, readOnly: false }, plain.text);
		if (entry) journalWrite(entry);
	}

	/** `path` is clean: a saved file's entry goes (a co-edited one's goes once the store holds it: `stored`). */
	clean(path: string): void {
		const tabId = this.#parts.studio.tabId;
		if (tabId && !this.#parts.sessions.get(path)?.shared) journalRemove(tabId, path);
	}

	/** A co-edited file was stored: its entry follows (and goes once the stored text is this tab's). */
	stored(path: string): void {
		const tabId = this.#parts.studio.tabId;
		if (!tabId || !journalHas(tabId, path)) return;
		const entry = this.#entry(path);
		if (entry) journalWrite(entry);
		else journalRemove(tabId, path);
	}

	/** What the journal keeps of `path` now (null: nothing unsaved). */
	#entry(path: string): JournalEntry | null {
		const { studio, sessions } = this.#parts;
		const where = { tabId: studio.tabId, workspaceId: studio.workspaceId, path };
		const session = sessions.get(path);
		if (!session?.shared) return unsavedEntry(where, session, sessions.text(path));
		const file = studio.workspace.files.find((f) => f.path === path && f.kind === 'text');
		return unstoredEntry(where, sessions.text(path), file ? { hash: file.hash, revision: studio.workspace.revision } : null, studio.hubId, this.#parts.unconfirmed(path));
	}
}
