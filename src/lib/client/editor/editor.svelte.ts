// The code editor of this tab: one EditorState per file (undo survives switching files), debounced
// saves through workspace_write_file (source editor, direct, expectedRevision), flushes on blur and
// hide, and live updates from other tabs or agents — with a conflict bar when both sides edited.
import { lineDiff, type DiffLine } from '$lib/domain/diff';
import { hashText } from '$lib/domain/hash';
import { journalRemove, journalWrite } from './journal';
import { recoverUnsaved } from './recovery';
import { saveText } from './save';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

import { SAVE_DELAY_MS } from './timing';

type CM = typeof import('./codemirror');

interface FileSession {
	state: import('@codemirror/state').EditorState;
	/** The content last known to be stored (our last save or the last remote read). */
	base: string;
	/** The workspace revision at which `base` was the stored text: saves are guarded by it. */
	revision: number;
	/** Text of the save in flight, if any: its own change event may arrive before its result. */
	saving: string | null;
	language: string;
	readOnly: boolean;
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
	loading = $state(false);
	#cm: CM | null = null;
	#view: import('./codemirror').EditorView | null = null;
	#sessions = new Map<string, FileSession>();
	#timers = new Map<string, ReturnType<typeof setTimeout>>();
	#studio: StudioClient;
	#toasts: ToastStore;
	#loaded!: () => void;
	/** Resolves once CodeMirror is loaded and mounted. */
	readonly whenLoaded = new Promise<void>((resolve) => (this.#loaded = resolve));

	constructor(studio: StudioClient, toasts: ToastStore) {
		this.#studio = studio;
		this.#toasts = toasts;
		studio.onChange.add((paths) => void this.#onRemoteChange(paths));
		studio.onHide.add(() => {
			// Synchronously first: the page may be gone before the saves below reach the hub.
			this.#journalAll();
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
			this.#view = new cm.EditorView({ parent: container });
			this.#view.contentDOM.addEventListener('blur', () => void this.flushAll());
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
		};
	}

	/** Opens `path` (a tab per file), optionally revealing a line. */
	async open(path: string, line?: number): Promise<void> {
		this.#capture(); // keep the file we leave, with its undo history
		if (!this.tabs.includes(path)) this.tabs = [...this.tabs, path];
		this.active = path;
		if (!this.#cm || !this.#view) return;
		let session = this.#sessions.get(path);
		if (!session) {
			const file = await this.#studio.api.readFile(path);
			if (!file) return this.close(path);
			const readOnly = file.content === null;
			const content = file.content ?? `This is a binary file (${file.mimeType}, ${file.size} bytes); it cannot be edited as text.`;
			const language = this.#studio.workspace.files.find((f) => f.path === path)?.language ?? 'plaintext';
			session = { state: this.#cm.createState(content, language, () => this.#onLocalEdit(path), readOnly), base: content, revision: file.revision, saving: null, language, readOnly };
			this.#sessions.set(path, session);
		}
		if (this.active !== path) return; // another open() won meanwhile
		this.#view.setState(session.state);
		if (line) {
			const doc = this.#view.state.doc;
			const at = doc.line(Math.min(Math.max(1, line), doc.lines)).from;
			this.#view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
		}
	}

	/** Closes a tab (saving first). */
	async close(path: string): Promise<void> {
		await this.flush(path);
		this.tabs = this.tabs.filter((p) => p !== path);
		if (this.active === path) {
			this.active = this.tabs.at(-1) ?? null;
			if (this.active) await this.open(this.active);
		}
	}

	/** The view's current text of `path` (or the cached state's when not visible). */
	#text(path: string): string | null {
		this.#capture();
		return this.#sessions.get(path)?.state.doc.toString() ?? null;
	}

	/** Keeps the cached state of the visible file current (view.setState replaces it otherwise). */
	#capture() {
		if (this.#view && this.active && this.#sessions.has(this.active)) this.#sessions.get(this.active)!.state = this.#view.state;
	}

	#journalTimers = new Map<string, ReturnType<typeof setTimeout>>();

	/** Keeps unsaved text of `path` in the recovery journal (see journal.ts). */
	#journal(path: string) {
		const session = this.#sessions.get(path);
		const tabId = this.#studio.tabId;
		const text = this.#text(path);
		if (!session || !tabId || text === null || text === session.base) return;
		journalWrite({ tabId, workspaceId: this.#studio.workspaceId, path, text, baseRevision: session.revision, baseHash: hashText(session.base), savingHash: session.saving === null ? undefined : hashText(session.saving), at: Date.now() });
	}

	#journalAll() {
		for (const path of this.dirty) this.#journal(path);
	}

	#onLocalEdit(path: string) {
		// Journalled at most once a second while typing: a crash loses no more than that.
		if (!this.#journalTimers.has(path)) {
			this.#journalTimers.set(
				path,
				setTimeout(() => {
					this.#journalTimers.delete(path);
					if (this.dirty.includes(path)) this.#journal(path);
				}, 1000)
			);
		}
		if (!this.dirty.includes(path)) this.dirty = [...this.dirty, path];
		clearTimeout(this.#timers.get(path));
		this.#timers.set(path, setTimeout(() => void this.flush(path), SAVE_DELAY_MS));
	}

	/** Saves every file with unsaved edits now. */
	async flushAll(): Promise<void> {
		await Promise.all(this.dirty.map((path) => this.flush(path)));
	}

	/** Saves `path` now if it has unsaved edits. */
	async flush(path: string, force = false): Promise<void> {
		clearTimeout(this.#timers.get(path));
		const session = this.#sessions.get(path);
		const content = this.#text(path);
		if (!session || content === null || session.readOnly) return;
		if (content === session.base && !force) return this.#markClean(path);
		if (this.conflict?.path === path && !force) return;
		this.status = 'saving';
		// Guarded by the revision the text last agreed with, never by "whatever is current" (save.ts).
		session.saving = content;
		const outcome = await saveText(this.#studio, { path, content, base: session.base, baseRevision: session.revision, force }).finally(() => (session.saving = null));
		if (outcome.kind === 'saved') {
			session.base = content;
			session.revision = outcome.revision;
			if (this.#text(path) === content) this.#markClean(path);
			this.status = 'saved';
		} else if (outcome.kind === 'conflict') {
			this.#raiseConflict(path, outcome.theirs, outcome.revision);
			this.status = 'idle';
		} else {
			this.status = 'error';
			if (outcome.kind === 'failed') this.#toasts.error(outcome.error, { retry: () => void this.flush(path) });
		}
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
		if (this.#view && this.active === path && change) this.#view.dispatch({ changes: change });
		this.#capture();
		return true;
	}

	#raiseConflict(path: string, theirs: string, revision: number) {
		this.conflict = { path, theirs, revision, diff: null };
		if (this.active !== path) void this.open(path);
	}

	/** Files changed elsewhere: apply to clean files (cursor kept), raise a conflict on dirty ones. */
	async #onRemoteChange(paths: string[]): Promise<void> {
		for (const path of paths) {
			const session = this.#sessions.get(path);
			if (!session) continue;
			const stored = await this.#studio.api.readFile(path);
			if (!stored) {
				this.#sessions.delete(path);
				this.tabs = this.tabs.filter((p) => p !== path);
				if (this.active === path) this.active = this.tabs.at(-1) ?? null;
				continue;
			}
			const theirs = stored.content ?? '';
			if (theirs === session.saving && theirs !== session.base) {
				// Our own save, committed; its result (waiting for the preview) has not arrived yet.
				session.base = theirs;
				session.revision = Math.max(session.revision, stored.revision);
				continue;
			}
			if (theirs === session.base) {
				session.revision = Math.max(session.revision, stored.revision); // our own save coming back, or nothing new
				continue;
			}
			const mine = this.#text(path) ?? '';
			if (mine === session.base || mine === theirs) this.#applyRemote(path, theirs, stored.revision);
			else this.#raiseConflict(path, theirs, stored.revision);
		}
	}

	#applyRemote(path: string, theirs: string, revision: number) {
		const session = this.#sessions.get(path);
		if (!session || !this.#cm) return;
		this.#capture();
		const change = this.#cm.minimalChange(session.state.doc.toString(), theirs);
		const spec = change ? { changes: change, annotations: this.#cm.remote.of(true) } : { annotations: this.#cm.remote.of(true) };
		if (this.#view && this.active === path) {
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
		this.#applyRemote(conflict.path, conflict.theirs, conflict.revision);
	}

	/** Conflict bar: show what differs between theirs and mine. */
	showDiff(): void {
		const conflict = this.conflict;
		if (!conflict) return;
		this.conflict = { ...conflict, diff: conflict.diff ? null : lineDiff(conflict.theirs, this.#text(conflict.path) ?? '', 2, 200) };
	}

}
