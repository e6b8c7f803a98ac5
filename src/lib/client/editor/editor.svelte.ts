// The code editor of this tab: one EditorState per file (undo survives switching files). Text files
// are co-edited live through the hub (collab-sync.ts: every keystroke reaches every tab, agents'
// changes merge in); a file the hub cannot share falls back to debounced guarded saves (save-sync.ts). The conflict
// bar remains for what cannot merge (recovered text, a file deleted while typing).
import { orphanedEntries } from './journal';
import { TypingKeeper } from './keeper';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { CollabHost, CollabSync } from './collab-sync';
import type { SaveSync, SaveSyncHost } from './save-sync';
import { EditorSessions } from './sessions';
import type { ConflictBar, ConflictHost } from './conflict.svelte';
import { EditorLook } from './look.svelte';
import { EditorStart } from './start';
import { FileOpener } from './opening';
import type { RemoteChanges, RemoteHost } from './remote';
import type { FirstScreenFile } from '../first-screen';
export type { EditorConflict } from './conflict.svelte';

/** CodeMirror and what comes with it (with-codemirror.ts). */
type CM = typeof import('./with-codemirror');

/** Editor state for the panel, and the commands behind its buttons. */
export class EditorController {
	tabs = $state.raw<string[]>([]);
	active = $state<string | null>(null);
	dirty = $state.raw<string[]>([]);
	status = $state<'idle' | 'saving' | 'saved' | 'error'>('idle');
	/** The editor has the keyboard focus (a phone shows its accessory row then). */
	focused = $state(false);
	loading = $state(false);
	/** CodeMirror's code could not be loaded: why, and the retry (null: it is there, or loading). */
	failed = $state.raw<{ message: string; retry: () => void } | null>(null);
	#cm: CM | null = null;
	readonly #sessions = new EditorSessions();
	readonly #look = new EditorLook();
	/**
	 * The conflict bar: what it shows and the commands behind its buttons. Made when CodeMirror
	 * arrives (its code comes with it): only a file open there can hold typing against a change.
	 */
	conflicts = $state.raw<ConflictBar | null>(null);
	#studio: StudioClient;
	#toasts: ToastStore;
	#loaded!: () => void;
	/** The start: the first screen's file, a phone's plain text, CodeMirror's mount, the hand-over. */
	readonly #start: EditorStart;
	/**
	 * The co-editing loop, made when CodeMirror arrives (its code comes with it): a file is shared
	 * only in CodeMirror's state, so until then there is nothing to push, pull or hear about.
	 */
	#sync: CollabSync | null = null;
	/** The guarded saves of files the hub does not co-edit, made when CodeMirror arrives (as #sync). */
	#saves: SaveSync | null = null;
	readonly #keeper: TypingKeeper;
	/** When the person last typed in each file (performance.now()). */
	readonly #typedAt = new Map<string, number>();
	readonly #opener: FileOpener;
	/**
	 * What others change under the open files (the hub's changes, resets and files it stops sharing),
	 * made when CodeMirror arrives (as #sync): every open file is a CodeMirror state.
	 */
	#remote: RemoteChanges | null = null;
	/** Resolves once CodeMirror is loaded and mounted. */
	readonly whenLoaded = new Promise<void>((resolve) => (this.#loaded = resolve));

	constructor(studio: StudioClient, toasts: ToastStore) {
		this.#studio = studio;
		this.#toasts = toasts;
		const sessions = this.#sessions;
		const conflicting: ConflictHost = {
			sessions,
			cm: () => this.#cm,
			active: () => this.active,
			open: (path) => this.open(path),
			exists: (path) => this.#studio.workspace.files.some((file) => file.path === path),
			push: async (path) => this.#sync?.push(path),
			flush: (path, force) => this.flush(path, force),
			applyRemote: (path, theirs, revision) => this.#remote?.apply(path, theirs, revision),
			dropTab: (path) => this.#dropTab(path),
			markClean: (path) => this.#markClean(path),
			typed: (path) => this.#onLocalEdit(path)
		};
		const saving: SaveSyncHost = {
			file: (path) => sessions.get(path),
			text: (path) => sessions.text(path),
			held: (path) => this.conflicts?.holds(path) ?? false,
			clean: (path) => this.#markClean(path),
			conflict: (path, theirs, revision) => this.conflicts?.raise(path, theirs, revision),
			apply: (path, theirs, revision) => this.#remote?.apply(path, theirs, revision),
			gone: (path) => void this.#dropTab(path),
			status: (status) => (this.status = status),
			flush: (path) => this.flush(path)
		};
		this.#keeper = new TypingKeeper({ studio, sessions, dirty: () => this.dirty, unconfirmed: (path) => this.#sync?.unconfirmed(path), plain: () => this.#start.typedPlain() });
		studio.onChange.add((paths, event) => void (this.#remote ? this.#remote.changed(paths, event.source) : this.#start.changed(paths)));
		const collab: CollabHost = {
			state: (path) => {
				const session = sessions.get(path);
				return session?.shared ? session.state : null;
			},
			dispatch: (path, build) => sessions.dispatch(path, build),
			reset: (path, text, version, mine) => this.#remote?.reset(path, text, version, mine),
			confirmed: (path) => {
				const session = sessions.get(path);
				if (session) session.base = session.state.doc.toString();
				this.#markClean(path);
			},
			closed: (path, unsaved) => this.#remote?.closed(path, unsaved),
			peer: (path, peer) => {
				const cm = this.#cm;
				if (cm && sessions.get(path)?.shared) sessions.dispatch(path, (state) => state.update({ effects: cm.setPeer.of(peer) }));
			},
			held: (path) => this.conflicts?.holds(path) ?? false
		};
		this.#start = new EditorStart({
			studio,
			sessions,
			conflicts: () => this.conflicts,
			active: () => this.active,
			activate: (path) => {
				if (!this.tabs.includes(path)) this.tabs = [...this.tabs, path];
				this.active = path;
			},
			wrap: () => this.wrap,
			load: (path) => this.#opener.load(path),
			pull: (path) => void this.#sync?.pull(path),
			typed: (path) => this.#onLocalEdit(path),
			open: (path) => this.open(path),
			drop: (path) => void this.#dropTab(path),
			loading: (on) => (this.loading = on),
			useCm: (cm) => {
				this.#cm = cm;
				this.#sync ??= new cm.CollabSync(studio, () => this.#cm, collab);
				this.#saves ??= new cm.SaveSync(studio, toasts, saving);
				this.conflicts ??= new cm.ConflictBar(conflicting);
				this.#remote ??= new cm.RemoteChanges(remote);
			},
			loaded: () => this.#loaded(),
			focus: (focused) => {
				this.focused = focused;
				if (!focused) void this.flushAll();
			},
			leaving: () => void this.flushAll(),
			failed: (message, retry) => (this.failed = message === null ? null : { message, retry })
		});
		const remote: RemoteHost = {
			sessions,
			keeper: this.#keeper,
			start: this.#start,
			sync: () => this.#sync,
			saves: () => this.#saves,
			conflicts: () => this.conflicts,
			tabId: () => studio.tabId,
			revision: () => studio.workspace.revision,
			dirty: (path) => this.dirty.includes(path),
			typing: (path, ms) => this.focused && this.active === path && performance.now() - (this.#typedAt.get(path) ?? -Infinity) < ms,
			keep: (path) => {
				if (!this.dirty.includes(path)) this.dirty = [...this.dirty, path];
			},
			typed: (path) => this.#onLocalEdit(path),
			clean: (path) => this.#markClean(path),
			drop: (path) => void this.#dropTab(path),
			saved: () => (this.status = 'saved')
		};
		this.#opener = new FileOpener({
			studio,
			toasts,
			sessions,
			start: this.#start,
			cm: () => this.#cm,
			sync: () => this.#sync,
			tabs: { get: () => this.tabs, set: (tabs) => (this.tabs = tabs) },
			active: { get: () => this.active, set: (path) => (this.active = path) },
			wrap: () => this.wrap,
			close: (path) => this.close(path),
			typed: (path) => this.#onLocalEdit(path)
		});
		studio.onHide.add(() => {
			// Synchronously first: the page may be gone before the saves below reach the hub, and the hub
			// (this was its last tab) before it stores what it holds of the co-edited files.
			this.#keeper.writeAll();
			// Shared files: everything the hub has not confirmed goes now, past any push in flight.
			for (const [path, session] of sessions.entries()) if (session.shared) this.#sync?.sendNow(path);
			void this.flushAll();
		});
	}

	/**
	 * Mounts the editor into `container`: CodeMirror (loaded on demand), or with `plainFirst` (a phone's
	 * start) the open file as plain text until the person touches it, then CodeMirror (start.ts).
	 */
	attach(container: HTMLElement, plainFirst = false): () => void {
		return this.#start.attach(container, plainFirst);
	}

	/** A key of the phone's accessory row, on the open file. */
	async accessory(key: import('./codemirror').AccessoryKey): Promise<void> {
		this.#start.wake();
		const view = this.#sessions.view;
		if (this.#cm && view) await this.#cm.accessory(view, key);
	}

	/** Editor text size in CSS pixels (a preference). */
	get fontSize(): number {
		return this.#look.fontSize;
	}
	/** Line wrapping (a preference). */
	get wrap(): boolean {
		return this.#look.wrap;
	}

	/** Applies the text size and wrapping to the editor (and to every file opened later). */
	setLook(look: { fontSize?: number; wrap?: boolean }): void {
		this.#look.set(look, this.#cm, this.#sessions.view);
		this.#start.setWrap(this.#look.wrap);
	}

	/** Scrolls the cursor line back into sight (the visible area shrank under a virtual keyboard). */
	revealCursor(): void {
		const view = this.#sessions.view;
		if (this.#cm && view?.hasFocus) this.#cm.revealCursor(view);
	}

	/** Shows the first screen's file (from this device) until the hub answers; typing into it is kept. */
	showFirst(file: FirstScreenFile): void {
		this.#start.showFirst(file);
	}

	/** The hub answered: the first screen's file is handed over to it, then files open from the hub. */
	goLive(): Promise<void> {
		return this.#start.goLive();
	}

	/** Opens `path` (a tab per file), optionally revealing a line. */
	open(path: string, line?: number): Promise<void> {
		return this.#opener.open(path, line);
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
			await this.#sync?.close(path);
			if (this.#sessions.get(path) === session) this.#sessions.delete(path); // reopened fresh: the hub may drop it
		} else await this.flush(path);
		await this.#dropTab(path, true);
	}

	/** `path`'s text as this editor last agreed it with the hub (null: not open, binary or read-only). */
	storedText(path: string): FirstScreenFile | null {
		const session = this.#sessions.get(path);
		if (!session) return this.#start.firstStored(path);
		if (session.readOnly || session.first) return null;
		return { path, text: session.base, language: session.language, revision: session.revision };
	}

	/** The whole text this editor holds for `path` (null when it is not open). */
	textOf(path: string): string | null {
		return this.#start.plainText(path) ?? this.#sessions.text(path);
	}

	#onLocalEdit(path: string) {
		this.#typedAt.set(path, performance.now());
		this.#keeper.typed(path);
		if (!this.dirty.includes(path)) this.dirty = [...this.dirty, path];
		const session = this.#sessions.get(path);
		if (session?.first) return; // kept (and journalled) until the hub answers
		if (session?.shared) void this.#sync?.push(path); // at once: every keystroke reaches the other tabs
		else this.#saves?.schedule(path);
	}

	/** Saves every file with unsaved edits now (shared files: the hub commits them now). */
	async flushAll(): Promise<void> {
		const shared = this.#sessions.entries().filter(([path, session]) => session.shared && this.tabs.includes(path)).map(([path]) => path);
		await Promise.all([...new Set([...this.dirty, ...shared])].map((path) => this.flush(path)));
	}

	/** Saves `path` now if it has unsaved edits. */
	async flush(path: string, force = false): Promise<void> {
		this.#saves?.cancel(path);
		if (this.#sessions.get(path)?.shared && !force) return this.#sync?.flush(path);
		return this.#saves?.save(path, force);
	}

	#markClean(path: string) {
		if (this.dirty.includes(path)) this.dirty = this.dirty.filter((p) => p !== path);
		// A co-edited file is clean once the hub holds it; its entry goes once the store does.
		this.#keeper.clean(path);
	}

	/**
	 * Text that closed or crashed tabs typed but never saved comes back (see recovery.ts), in
	 * CodeMirror: a plain text start wakes it when there is any.
	 */
	async recoverWhenLoaded(): Promise<void> {
		if (this.#start.waiting && (await orphanedEntries(this.#studio.workspaceId)).length) this.#start.wake();
		await this.whenLoaded;
		await this.recover();
	}

	/**
	 * Text that closed or crashed tabs typed but never saved comes back (see recovery.ts, loaded only
	 * when the journal holds any: most starts find nothing to recover).
	 */
	async recover(): Promise<void> {
		if (!(await orphanedEntries(this.#studio.workspaceId)).length) return;
		const { recoverUnsaved } = await import('./recovery');
		return recoverUnsaved(this.#studio, this.#toasts, (path, theirs, revision, mine) => this.#showRecovered(path, theirs, revision, mine));
	}

	/** Opens `path` holding recovered text `mine`, with the conflict bar against what is stored. */
	async #showRecovered(path: string, theirs: string, revision: number, mine: string): Promise<boolean> {
		await this.open(path);
		const session = this.#sessions.get(path);
		if (!session || !this.#cm) return false;
		this.conflicts?.raise(path, theirs, revision);
		const change = this.#cm.minimalChange(session.state.doc.toString(), mine);
		if (change && this.#sessions.isShown(path)) this.#sessions.dispatch(path, (state) => state.update({ changes: change }));
		return true;
	}
}
