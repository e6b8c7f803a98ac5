// The code editor of this tab: one EditorState per file (undo survives switching files). Text files
// are co-edited live through the hub (collab-sync.ts: every keystroke reaches every tab, agents'
// changes merge in); a file the hub cannot share falls back to debounced guarded saves (save-sync.ts). The conflict
// bar remains for what cannot merge (recovered text, a file deleted while typing).
import { EDITOR_MAX_BYTES } from '$lib/core/limits';
import { lineDiff, type DiffLine } from '$lib/domain/diff';
import { hashText } from '$lib/domain/hash';
import { journalRemove, TypingJournal } from './journal';
import { recoverUnsaved } from './recovery';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import { CollabSync } from './collab-sync';
import { SaveSync, type SavedText } from './save-sync';

type CM = typeof import('./codemirror');

interface FileSession extends SavedText {
	state: import('@codemirror/state').EditorState;
	language: string;
	/** Co-edited through the hub (false: saved on its own, the fallback in save-sync.ts). */
	shared: boolean;
}

/** A conflict between local unsaved edits and a change made elsewhere. */
export interface EditorConflict {
	path: string;
	theirs: string;
	/** The revision at which `theirs` is stored. */
	revision: number;
	diff: DiffLine[] | null;
}

/** Editor state for the panel, and the commands behind its buttons. */
export class EditorController {
	tabs = $state.raw<string[]>([]);
	active = $state<string | null>(null);
	dirty = $state.raw<string[]>([]);
	conflict = $state.raw<EditorConflict | null>(null);
	status = $state<'idle' | 'saving' | 'saved' | 'error'>('idle');
	/** The editor has the keyboard focus (a phone shows its accessory row then). */
	focused = $state(false);
	loading = $state(false);
	#cm: CM | null = null;
	#view: import('./codemirror').EditorView | null = null;
	#sessions = new Map<string, FileSession>();
	#studio: StudioClient;
	#toasts: ToastStore;
	#loaded!: () => void;
	readonly #sync: CollabSync;
	readonly #saves: SaveSync;
	readonly #journal: TypingJournal;
	/** The file whose state the view shows (not `active` while a newly active file is loading). */
	#viewPath: string | null = null;
	/** Resolves once CodeMirror is loaded and mounted. */
	readonly whenLoaded = new Promise<void>((resolve) => (this.#loaded = resolve));

	constructor(studio: StudioClient, toasts: ToastStore) {
		this.#studio = studio;
		this.#toasts = toasts;
		this.#saves = new SaveSync(studio, toasts, {
			file: (path) => this.#sessions.get(path),
			text: (path) => this.#text(path),
			held: (path) => this.conflict?.path === path,
			clean: (path) => this.#markClean(path),
			conflict: (path, theirs, revision) => this.#raiseConflict(path, theirs, revision),
			apply: (path, theirs, revision) => this.#applyRemote(path, theirs, revision),
			gone: (path) => void this.#dropTab(path),
			status: (status) => (this.status = status),
			flush: (path) => this.flush(path)
		});
		this.#journal = new TypingJournal(
			(path) => {
				const session = this.#sessions.get(path);
				const tabId = this.#studio.tabId;
				const text = this.#text(path);
				if (!session || !tabId || text === null || text === session.base) return null;
				return { tabId, workspaceId: this.#studio.workspaceId, path, text, baseRevision: session.revision, baseHash: hashText(session.base), savingHash: session.saving === null ? undefined : hashText(session.saving), collab: session.shared ? this.#sync.unconfirmed(path) : undefined, at: Date.now() };
			},
			(path) => this.dirty.includes(path)
		);
		studio.onChange.add((paths, event) => void this.#onRemoteChange(paths, event.source));
		this.#sync = new CollabSync(studio, () => this.#cm, {
			state: (path) => {
				this.#capture();
				const session = this.#sessions.get(path);
				return session?.shared ? session.state : null;
			},
			dispatch: (path, build) => this.#dispatch(path, build),
			reset: (path, text, version, mine) => this.#reset(path, text, version, mine),
			confirmed: (path) => {
				const session = this.#sessions.get(path);
				if (session) session.base = this.#text(path) ?? session.base;
				this.#markClean(path);
			},
			closed: (path) => this.#closedRemotely(path),
			held: (path) => this.conflict?.path === path
		});
		studio.onCollab.add((event) => {
			if (event.type === 'collab.updates') this.#sync.receive(event.path, event.from, event.updates);
			else if (event.type === 'collab.closed') this.#closedRemotely(event.path, event.unsaved);
			else if (event.peer.tabId !== studio.tabId && this.#sessions.get(event.path)?.shared && this.#cm) {
				const cm = this.#cm;
				this.#dispatch(event.path, (state) => state.update({ effects: cm.setPeer.of({ ...event.peer, selection: event.selection }) }));
			}
		});
		studio.onHide.add(() => {
			// Synchronously first: the page may be gone before the saves below reach the hub.
			for (const path of this.dirty) this.#journal.write(path);
			// Shared files: everything the hub has not confirmed goes now, past any push in flight.
			this.#capture();
			for (const [path, session] of this.#sessions) if (session.shared) this.#sync.sendNow(path);
			void this.flushAll();
		});
	}

	/** Mounts CodeMirror (loaded on demand) into `container`. */
	attach(container: HTMLElement): () => void {
		let disposed = false;
		this.loading = true;
		void import('./codemirror').then((cm) => {
			if (disposed) return;
			this.#cm = cm;
			cm.setWrap(null, this.wrap);
			this.#view = new cm.EditorView({ parent: container });
			this.#view.contentDOM.addEventListener('blur', () => {
				this.focused = false;
				void this.flushAll();
			});
			this.#view.contentDOM.addEventListener('focus', () => (this.focused = true));
			// A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
			this.#view.scrollDOM.tabIndex = 0;
			this.loading = false;
			this.#loaded();
			if (this.active) void this.open(this.active);
		});
		return () => {
			disposed = true;
			void this.flushAll();
			this.#view?.destroy();
			this.#view = null;
			this.#viewPath = null;
		};
	}

	/** A key of the phone's accessory row, on the open file. */
	async accessory(key: import('./codemirror').AccessoryKey): Promise<void> {
		if (this.#cm && this.#view) await this.#cm.accessory(this.#view, key);
	}

	/** Editor text size in CSS pixels and line wrapping: settings kept as preferences. */
	fontSize = $state(13);
	wrap = $state(true);

	/** Applies the text size and wrapping to the editor (and to every file opened later). */
	setLook(look: { fontSize?: number; wrap?: boolean }): void {
		if (look.fontSize !== undefined) this.fontSize = Math.min(24, Math.max(10, Math.round(look.fontSize)));
		if (look.wrap !== undefined) this.wrap = look.wrap;
		document.documentElement.style.setProperty('--editor-font-size', `${this.fontSize}px`);
		this.#cm?.setWrap(this.#view, this.wrap);
		this.#view?.requestMeasure();
	}

	/** Scrolls the cursor line back into sight (the visible area shrank under a virtual keyboard). */
	revealCursor(): void {
		if (this.#cm && this.#view?.hasFocus) this.#cm.revealCursor(this.#view);
	}

	/** Opens `path` (a tab per file), optionally revealing a line. */
	async open(path: string, line?: number): Promise<void> {
		this.#capture(); // keep the file we leave, with its undo history
		if (!this.tabs.includes(path)) this.tabs = [...this.tabs, path];
		this.active = path;
		if (!this.#cm || !this.#view) return;
		let session = this.#sessions.get(path);
		if (!session) {
			// A text file past the editor's limit opens read-only on its own: typing into 4 MB of CSS is no
			// way to edit it, and co-editing it would ship it through every keystroke's merge.
			const size = this.#studio.workspace.files.find((f) => f.path === path)?.size ?? 0;
			session = (size > EDITOR_MAX_BYTES ? null : await this.#openShared(path)) ?? (await this.#openAlone(path, size > EDITOR_MAX_BYTES)) ?? undefined;
			if (!session) return this.close(path);
			if (this.#sessions.has(path)) session = this.#sessions.get(path)!; // a concurrent open() won
			else this.#sessions.set(path, session);
			if (session.shared) void this.#sync.pull(path); // updates published while it opened
		}
		if (this.active !== path) return; // another open() won meanwhile
		this.#view.setState(session.state);
		this.#cm.setWrap(this.#view, this.wrap); // a file's state may predate the current choice
		this.#viewPath = path;
		if (line) {
			const doc = this.#view.state.doc;
			const at = doc.line(Math.min(Math.max(1, line), doc.lines)).from;
			this.#view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
		}
	}

	/** Opens `path` co-edited through the hub (null: the hub cannot share it). */
	async #openShared(path: string): Promise<FileSession | null> {
		const tabId = this.#studio.tabId;
		const cm = this.#cm;
		const opened = tabId && cm ? await this.#studio.api.collabOpen(path, tabId).catch(() => null) : null;
		if (!opened || !cm || !tabId) return null;
		const language = this.#studio.workspace.files.find((f) => f.path === path)?.language ?? 'plaintext';
		let state = cm.createState(opened.text, language, () => this.#onLocalEdit(path), false, {
			version: opened.version,
			clientID: tabId,
			onSelection: (selection) => this.#sync.presence(path, selection)
		});
		state = state.update({ effects: opened.peers.map(({ peer, selection }) => cm.setPeer.of({ ...peer, selection })) }).state;
		return { state, base: opened.text, revision: this.#studio.workspace.revision, saving: null, language, readOnly: false, shared: true };
	}

	/** Opens `path` on its own (binary files, read-only; or a hub that cannot share it). */
	async #openAlone(path: string, tooLarge = false): Promise<FileSession | null> {
		const file = await this.#studio.api.readFile(path);
		if (!file || !this.#cm) return null;
		const readOnly = file.content === null || tooLarge;
		if (tooLarge && file.content !== null)
			this.#toasts.show({ tone: 'info', message: `${path} is ${Math.round(file.size / 1024)} KB, more than the editor edits (${EDITOR_MAX_BYTES / 1024} KB): it opens read-only. The preview, search and tools use all of it.` });
		const content = file.content ?? `This is a binary file (${file.mimeType}, ${file.size} bytes); it cannot be edited as text.`;
		const language = this.#studio.workspace.files.find((f) => f.path === path)?.language ?? 'plaintext';
		return { state: this.#cm.createState(content, language, () => this.#onLocalEdit(path), readOnly), base: content, revision: file.revision, saving: null, language, readOnly, shared: false };
	}

	/** Applies a transaction to `path`'s state, through the view when it is the visible file. */
	#dispatch(path: string, build: (state: import('@codemirror/state').EditorState) => import('@codemirror/state').Transaction) {
		const session = this.#sessions.get(path);
		if (!session) return;
		if (this.#view && this.#viewPath === path) {
			this.#view.dispatch(build(this.#view.state));
			session.state = this.#view.state;
		} else session.state = build(session.state).state;
	}

	/** The hub's text at `version` replaces the file's; `mine` (unconfirmed typing) is kept on top. */
	#reset(path: string, text: string, version: number, mine: string | null) {
		const session = this.#sessions.get(path);
		const cm = this.#cm;
		const tabId = this.#studio.tabId;
		if (!session || !cm || !tabId) return;
		session.state = cm.createState(text, session.language, () => this.#onLocalEdit(path), false, { version, clientID: tabId, onSelection: (selection) => this.#sync.presence(path, selection) });
		session.base = text;
		if (this.#view && this.#viewPath === path) this.#view.setState(session.state);
		const change = mine === null ? null : cm.minimalChange(text, mine);
		if (change) {
			this.#dispatch(path, (state) => state.update({ changes: change }));
			this.#onLocalEdit(path);
		} else this.#markClean(path);
	}

	/** The hub can no longer share the file (deleted or now binary): its tab closes unless it holds typing. */
	#closedRemotely(path: string, unsaved = false) {
		const session = this.#sessions.get(path);
		if (!session) return;
		// Typing the hub never confirmed (sent as the file went, or not sent yet) is unsaved too.
		const state = this.#view && this.#viewPath === path ? this.#view.state : session.state;
		const pending = session.shared && !!this.#cm && this.#cm.sendableUpdates(state).length > 0;
		if (this.dirty.includes(path) || unsaved || pending) {
			if (!this.dirty.includes(path)) this.dirty = [...this.dirty, path];
			// What was typed stays (and in the recovery journal); the conflict bar asks: keep mine writes
			// it back (recreating the file), take theirs drops it.
			session.shared = false;
			session.base = '';
			this.#raiseConflict(path, '', this.#studio.workspace.revision);
			return;
		}
		void this.#dropTab(path);
	}

	/** Forgets `path` and its tab; the last tab left becomes the active one. */
	async #dropTab(path: string, keepSession = false): Promise<void> {
		if (!keepSession) this.#sessions.delete(path);
		this.tabs = this.tabs.filter((p) => p !== path);
		if (this.active === path) {
			this.active = this.tabs.at(-1) ?? null;
			if (this.active) await this.open(this.active);
		}
	}

	/** Closes a tab (saving first). */
	async close(path: string): Promise<void> {
		if (this.#sessions.get(path)?.shared) {
			const session = this.#sessions.get(path)!;
			await this.#sync.close(path);
			if (this.#sessions.get(path) === session) this.#sessions.delete(path); // reopened fresh: the hub may drop it
		} else await this.flush(path);
		await this.#dropTab(path, true);
	}

	/** The whole text this editor holds for `path` (null when it is not open). */
	textOf(path: string): string | null {
		return this.#text(path);
	}

	/** The view's current text of `path` (or the cached state's when not visible). */
	#text(path: string): string | null {
		this.#capture();
		return this.#sessions.get(path)?.state.doc.toString() ?? null;
	}

	/** Keeps the cached state of the visible file current (view.setState replaces it otherwise). */
	#capture() {
		if (this.#view && this.#viewPath && this.#sessions.has(this.#viewPath)) this.#sessions.get(this.#viewPath)!.state = this.#view.state;
	}

	#onLocalEdit(path: string) {
		this.#journal.typed(path);
		if (!this.dirty.includes(path)) this.dirty = [...this.dirty, path];
		if (this.#sessions.get(path)?.shared) void this.#sync.push(path); // at once: every keystroke reaches the other tabs
		else this.#saves.schedule(path);
	}

	/** Saves every file with unsaved edits now (shared files: the hub commits them now). */
	async flushAll(): Promise<void> {
		const shared = [...this.#sessions.entries()].filter(([path, session]) => session.shared && this.tabs.includes(path)).map(([path]) => path);
		await Promise.all([...new Set([...this.dirty, ...shared])].map((path) => this.flush(path)));
	}

	/** Saves `path` now if it has unsaved edits. */
	async flush(path: string, force = false): Promise<void> {
		this.#saves.cancel(path);
		if (this.#sessions.get(path)?.shared && !force) return this.#sync.flush(path);
		return this.#saves.save(path, force);
	}

	#markClean(path: string) {
		if (this.dirty.includes(path)) this.dirty = this.dirty.filter((p) => p !== path);
		const tabId = this.#studio.tabId;
		if (tabId) journalRemove(tabId, path);
	}

	/** Text that closed or crashed tabs typed but never saved comes back (see recovery.ts). */
	recover(): Promise<void> {
		return recoverUnsaved(this.#studio, this.#toasts, (path, theirs, revision, mine) => this.#showRecovered(path, theirs, revision, mine));
	}

	/** Opens `path` holding recovered text `mine`, with the conflict bar against what is stored. */
	async #showRecovered(path: string, theirs: string, revision: number, mine: string): Promise<boolean> {
		await this.open(path);
		const session = this.#sessions.get(path);
		if (!session || !this.#cm) return false;
		this.#raiseConflict(path, theirs, revision);
		const change = this.#cm.minimalChange(session.state.doc.toString(), mine);
		if (this.#view && this.#viewPath === path && change) this.#view.dispatch({ changes: change });
		this.#capture();
		return true;
	}

	#raiseConflict(path: string, theirs: string, revision: number) {
		this.conflict = { path, theirs, revision, diff: null };
		if (this.active !== path) void this.open(path);
	}

	/** Files changed elsewhere: apply to clean files (cursor kept), raise a conflict on dirty ones. */
	async #onRemoteChange(paths: string[], source: string): Promise<void> {
		for (const path of paths) {
			const session = this.#sessions.get(path);
			if (!session) continue;
			// The hub merges every change into shared files (collab.updates); its commits are our saves.
			if (!session.shared) await this.#saves.changed(path);
			else if (source === 'editor' && !this.dirty.includes(path)) this.status = 'saved';
		}
	}

	#applyRemote(path: string, theirs: string, revision: number) {
		const session = this.#sessions.get(path);
		if (!session || !this.#cm) return;
		this.#capture();
		const change = this.#cm.minimalChange(session.state.doc.toString(), theirs);
		const spec = change ? { changes: change, annotations: this.#cm.remote.of(true) } : { annotations: this.#cm.remote.of(true) };
		if (this.#view && this.#viewPath === path) {
			this.#view.dispatch(spec);
			session.state = this.#view.state;
		} else session.state = session.state.update(spec).state;
		session.base = theirs;
		session.revision = revision;
		this.#markClean(path);
	}

	/** Conflict bar: keep my text and save it over theirs. */
	async keepMine(): Promise<void> {
		const conflict = this.conflict;
		if (!conflict) return;
		this.conflict = null;
		const session = this.#sessions.get(conflict.path);
		if (session?.shared) return this.#sync.push(conflict.path); // my text is in the editor: send it
		if (session) {
			session.base = conflict.theirs;
			session.revision = conflict.revision;
		}
		await this.flush(conflict.path, true);
	}

	/** Conflict bar: drop my edits and take the stored text. */
	takeTheirs(): void {
		const conflict = this.conflict;
		if (!conflict) return;
		this.conflict = null;
		const session = this.#sessions.get(conflict.path);
		if (!this.#studio.workspace.files.some((file) => file.path === conflict.path)) {
			// Theirs is "deleted": the tab goes, as the file did.
			this.#markClean(conflict.path);
			void this.#dropTab(conflict.path);
			return;
		}
		if (session?.shared && this.#cm) {
			// A local change back to theirs, sent like any typing (the hub holds the live text).
			const change = this.#cm.minimalChange(this.#text(conflict.path) ?? '', conflict.theirs);
			if (change) this.#dispatch(conflict.path, (state) => state.update({ changes: change }));
			this.#onLocalEdit(conflict.path);
			return;
		}
		this.#applyRemote(conflict.path, conflict.theirs, conflict.revision);
	}

	/** Conflict bar: show what differs between theirs and mine. */
	showDiff(): void {
		const conflict = this.conflict;
		if (!conflict) return;
		this.conflict = { ...conflict, diff: conflict.diff ? null : lineDiff(conflict.theirs, this.#text(conflict.path) ?? '', 2, 200) };
	}

}
