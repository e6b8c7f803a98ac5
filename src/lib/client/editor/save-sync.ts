// Files the hub does not co-edit (binary, read-only, or a hub that cannot share them): debounced saves
// guarded by the revision their text last agreed with, and changes made elsewhere applied to clean
// text or raised as conflicts. The co-edited files go through collab-sync.ts instead.
import { saveText } from './save';
import { SAVE_DELAY_MS } from './timing';
import { docText, fileText } from '$lib/domain/doc-text';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

/** What the saves need to know of a file: its last agreement with the store. */
export interface SavedText {
	/** The content last known to be stored (our last save or the last remote read). */
	base: string;
	/** The workspace revision at which `base` was the stored text: saves are guarded by it. */
	revision: number;
	/** Text of the save in flight, if any: its own change event may arrive before its result. */
	saving: string | null;
	readOnly: boolean;
}

/** The editor, as the saves see it. */
export interface SaveSyncHost {
	file(path: string): SavedText | undefined;
	/** The editor's current text of `path` (null when it is not open). */
	text(path: string): string | null;
	/** The conflict bar holds `path`: no save until the person decides. */
	held(path: string): boolean;
	clean(path: string): void;
	conflict(path: string, theirs: string, revision: number): void;
	/** Replaces the editor's text with `theirs` (stored at `revision`), cursor kept. */
	apply(path: string, theirs: string, revision: number): void;
	/** The file was deleted elsewhere (and nothing typed is held for it). */
	gone(path: string): void;
	status(status: 'saving' | 'saved' | 'idle' | 'error'): void;
	/** Saves `path` the way the editor does (the failure toast's Retry). */
	flush(path: string): Promise<void>;
}

/** Debounced, revision-guarded saves of the files kept on their own. */
export class SaveSync {
	readonly #studio: StudioClient;
	readonly #toasts: ToastStore;
	readonly #host: SaveSyncHost;
	#timers = new Map<string, ReturnType<typeof setTimeout>>();

	constructor(studio: StudioClient, toasts: ToastStore, host: SaveSyncHost) {
		this.#studio = studio;
		this.#toasts = toasts;
		this.#host = host;
	}

	/** Saves `path` once typing pauses (each keystroke restarts the wait). */
	schedule(path: string): void {
		this.cancel(path);
		this.#timers.set(path, setTimeout(() => void this.#host.flush(path), SAVE_DELAY_MS));
	}

	cancel(path: string): void {
		clearTimeout(this.#timers.get(path));
	}

	/** Saves `path` now if its text differs from the store (`force`: even over a conflict). */
	async save(path: string, force = false): Promise<void> {
		this.cancel(path);
		const file = this.#host.file(path);
		const typed = this.#host.text(path);
		if (!file || typed === null || file.readOnly) return;
		// The editor's text reads a file's line breaks as \n: untouched, it is the stored text.
		if (typed === docText(file.base) && !force) return this.#host.clean(path);
		const content = fileText(typed, file.base);
		if (this.#host.held(path) && !force) return;
		this.#host.status('saving');
		// Guarded by the revision the text last agreed with, never by "whatever is current" (save.ts).
		file.saving = content;
		const outcome = await saveText(this.#studio, { path, content, base: file.base, baseRevision: file.revision, force }).finally(() => (file.saving = null));
		if (outcome.kind === 'saved') {
			file.base = content;
			file.revision = outcome.revision;
			if (this.#host.text(path) === typed) this.#host.clean(path);
			this.#host.status('saved');
		} else if (outcome.kind === 'conflict') {
			this.#host.conflict(path, outcome.theirs, outcome.revision);
			this.#host.status('idle');
		} else {
			this.#host.status('error');
			if (outcome.kind === 'failed') this.#toasts.error(outcome.error, { retry: () => void this.#host.flush(path) });
		}
	}

	/** `path` changed elsewhere: our own save coming back, a clean text to update, or a conflict. */
	async changed(path: string): Promise<void> {
		const file = this.#host.file(path);
		if (!file) return;
		const stored = await this.#studio.api.readFile(path);
		if (!stored) {
			if (!this.#host.held(path)) this.#host.gone(path); // the conflict bar holds typing for it
			return;
		}
		const theirs = stored.content ?? '';
		if (theirs === file.saving && theirs !== file.base) {
			// Our own save, committed; its result (waiting for the preview) has not arrived yet.
			file.base = theirs;
			file.revision = Math.max(file.revision, stored.revision);
			return;
		}
		if (theirs === file.base) {
			file.revision = Math.max(file.revision, stored.revision); // our own save coming back, or nothing new
			return;
		}
		const mine = this.#host.text(path) ?? '';
		if (mine === docText(file.base) || mine === docText(theirs)) this.#host.apply(path, theirs, stored.revision);
		else this.#host.conflict(path, theirs, stored.revision);
	}
}
