// Opening a file in this tab's editor: a tab per file, its text loaded from the hub once (co-edited
// where it can be), and shown unless a later open, another active file or a closed tab overtook it.
import type { CollabSelection } from '$lib/worker/protocol';
import { EDITOR_MAX_BYTES } from '$lib/core/limits';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { CollabSync } from './collab-sync';
import type { EditorSessions, FileSession } from './sessions';
import type { EditorStart } from './start';

/** CodeMirror and what comes with it (with-codemirror.ts). */
type CM = typeof import('./with-codemirror');

/** What opening a file reaches of the editor (editor.svelte.ts). */
export interface OpenHost {
	studio: StudioClient;
	toasts: ToastStore;
	sessions: EditorSessions;
	start: EditorStart;
	cm: () => CM | null;
	sync: () => CollabSync | null;
	/** The open tabs' paths (read and replaced). */
	tabs: { get: () => string[]; set: (tabs: string[]) => void };
	/** The file shown (read and replaced). */
	active: { get: () => string | null; set: (path: string | null) => void };
	wrap: () => boolean;
	close: (path: string) => Promise<void>;
	/** A keystroke in `path`. */
	typed: (path: string) => void;
}

/** Opens files in the editor. */
export class FileOpener {
	readonly #host: OpenHost;
	/** A line to reveal once `path` shows (asked for while CodeMirror loaded). */
	#wantedLine: { path: string; line: number } | null = null;
	/** Loads under way, by path: opens of one file at once (the start asks from several places) share one. */
	readonly #loading = new Map<string, Promise<FileSession | null>>();
	/** Counts opens: one whose file loaded after a later open began leaves the editor to that one. */
	#opens = 0;

	constructor(host: OpenHost) {
		this.#host = host;
	}

	/** `path` as the hub has it: co-edited where it can be, else on its own (null: gone). */
	load(path: string): Promise<FileSession | null> {
		let loading = this.#loading.get(path);
		if (!loading) {
			loading = this.#loadNow(path).finally(() => this.#loading.delete(path));
			this.#loading.set(path, loading);
		}
		return loading;
	}

	async #loadNow(path: string): Promise<FileSession | null> {
		const { studio, toasts } = this.#host;
		// A text file past the editor's limit opens read-only on its own: typing into 4 MB of CSS is no
		// way to edit it, and co-editing it would ship it through every keystroke's merge.
		const size = studio.workspace.files.find((f) => f.path === path)?.size ?? 0;
		const cm = this.#host.cm();
		if (!cm) return null; // a file opens in CodeMirror (opening it comes with it)
		const how = { studio, toasts, cm, typed: () => this.#host.typed(path), presence: (selection: CollabSelection) => this.#host.sync()?.presence(path, selection) };
		return (size > EDITOR_MAX_BYTES ? null : await cm.openShared(path, how)) ?? (await cm.openAlone(path, how, size > EDITOR_MAX_BYTES));
	}

	/** Opens `path` (a tab per file), optionally revealing a line. */
	async open(path: string, line?: number): Promise<void> {
		const { sessions, start, tabs, active } = this.#host;
		const open = ++this.#opens;
		// Another file, or a line to show: CodeMirror (the plain text shows one file, from its top).
		if (start.plainShown && (path !== start.first?.path || line)) start.want();
		if (!tabs.get().includes(path)) tabs.set([...tabs.get(), path]);
		// A file still to load becomes the open one when it shows: until then the editor shows the one
		// before, and what is typed goes there, so that one stays marked open. (Marked at once, a file
		// that took a while to load, its language pack on a busy phone, took typing meant for it into
		// the file shown before it, and the rest at its top.)
		const loads = !!this.#host.cm() && !!sessions.view && start.live && !sessions.has(path);
		if (!loads) active.set(path);
		const before = active.get();
		// A line asked for before CodeMirror is there is shown when the file opens in it.
		if (line) this.#wantedLine = { path, line };
		if (!this.#host.cm() || !sessions.view) return;
		if (this.#wantedLine?.path === path) line = this.#wantedLine.line;
		this.#wantedLine = null;
		if (!sessions.has(path)) {
			if (!start.live) return; // opened once the hub answers (goLive)
			const loaded = await this.load(path);
			if (!loaded) return this.#host.close(path);
			// A concurrent open() may have set it meanwhile: that one stays.
			if (!sessions.has(path)) {
				sessions.set(path, loaded);
				if (loaded.shared) void this.#host.sync()?.pull(path); // updates published while it opened
			}
		}
		// Another open() won meanwhile, another file was made the open one, or its tab was closed.
		if (open !== this.#opens || active.get() !== before || !tabs.get().includes(path)) return;
		active.set(path);
		// Shown already (a concurrent open() of the same file): showing it again would redraw the view.
		if (sessions.isShown(path) && !line) return;
		const view = sessions.show(path);
		const cm = this.#host.cm();
		if (!view || !cm) return;
		cm.setWrap(view, this.#host.wrap()); // a file's state may predate the current choice
		if (line) {
			const doc = view.state.doc;
			const at = doc.line(Math.min(Math.max(1, line), doc.lines)).from;
			view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
		}
	}
}
