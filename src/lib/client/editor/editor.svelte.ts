// The code editor of this tab: one EditorState per file (undo survives switching files), debounced
// saves through workspace_write_file (source editor, direct, expectedRevision), flushes on blur and
// hide, and live updates from other tabs or agents — with a conflict bar when both sides edited.
import { lineDiff, type DiffLine } from '$lib/domain/diff';
import { hashText } from '$lib/domain/hash';
import { journalRemove, journalWrite, orphanedEntries } from './journal';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

type CM = typeof import('./codemirror');

/** Debounce of saves while typing (the issue asks for at most 300 ms). */
export const SAVE_DELAY_MS = 250;

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
		journalWrite({ tabId, path, text, baseRevision: session.revision, baseHash: hashText(session.base), savingHash: session.saving === null ? undefined : hashText(session.saving), at: Date.now() });
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
		// A save is guarded by the revision its text last agreed with, never by "whatever is current":
		// a change made elsewhere in between is a conflict, not something to write over.
		let expectedRevision = session.revision;
		for (let attempt = 0; attempt < 5; attempt++) {
			session.saving = content;
			const result = await this.#studio.callTool('workspace_write_file', { path, content, expectedRevision }, 'editor').finally(() => (session.saving = null));
			if (!result.isError) {
				session.base = content;
				session.revision = (result.structuredContent as { revision: number }).revision;
				if (this.#text(path) === content) this.#markClean(path);
				this.status = 'saved';
				return;
			}
			const error = result.structuredContent.error as { code: string; message: string; retryable: boolean; details: Record<string, unknown> };
			if (error.code !== 'WORKSPACE_REVISION_CONFLICT') {
				this.status = 'error';
				this.#toasts.error(error as never, { retry: () => void this.flush(path) });
				return;
			}
			// The workspace moved on. If this file still holds the text we started from, only other
			// files changed: saving on the revision that read returned is safe.
			const stored = await this.#studio.api.readFile(path);
			if (!force && stored && stored.content !== session.base) {
				this.#raiseConflict(path, stored.content ?? '', stored.revision);
				this.status = 'idle';
				return;
			}
			if (!stored && !force) {
				this.#raiseConflict(path, '', this.#studio.workspace.revision);
				this.status = 'idle';
				return;
			}
			expectedRevision = stored?.revision ?? this.#studio.workspace.revision;
		}
		this.status = 'error';
	}

	#markClean(path: string) {
		if (this.dirty.includes(path)) this.dirty = this.dirty.filter((p) => p !== path);
		const tabId = this.#studio.tabId;
		if (tabId) journalRemove(tabId, path);
	}

	/**
	 * Recovers text that closed or crashed tabs typed but never saved: saved at once when its file
	 * has not changed since; otherwise opened with the conflict bar, so both texts stay recoverable.
	 */
	async recover(): Promise<void> {
		for (const entry of await orphanedEntries()) {
			const stored = await this.#studio.api.readFile(entry.path);
			const current = stored?.content ?? null;
			const drop = () => journalRemove(entry.tabId, entry.path);
			if (current === entry.text) {
				drop();
				continue;
			}
			// The store still holds what the text was based on (or the save that was on its way): safe.
			if (stored && current !== null && (hashText(current) === entry.baseHash || hashText(current) === entry.savingHash)) {
				const result = await this.#studio.callTool('workspace_write_file', { path: entry.path, content: entry.text, expectedRevision: stored.revision }, 'editor');
				if (!result.isError) {
					drop();
					this.#toasts.show({ tone: 'info', message: `Recovered unsaved changes to ${entry.path}.` });
					continue;
				}
			}
			if (!stored) {
				this.#toasts.show({
					tone: 'info',
					message: `Unsaved text of ${entry.path} was recovered, but the file was deleted since.`,
					action: {
						label: 'Restore it',
						run: () => void this.#studio.callTool('workspace_write_file', { path: entry.path, content: entry.text, createIfMissing: true }, 'editor').then(drop)
					}
				}, 30_000);
				continue;
			}
			// The file changed since that text was typed: show both, let the person choose.
			await this.open(entry.path);
			const session = this.#sessions.get(entry.path);
			if (!session || !this.#cm) continue;
			this.#raiseConflict(entry.path, current ?? '', stored.revision);
			const change = this.#cm.minimalChange(session.state.doc.toString(), entry.text);
			if (this.#view && this.active === entry.path && change) this.#view.dispatch({ changes: change });
			this.#capture();
			drop();
		}
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
