// How the editor starts: the first screen's file before the hub answers, on a phone the open file as
// plain text until it is touched, then CodeMirror mounted with the file it shows first — what was
// typed meanwhile (in the first paint's outline or the plain text) and where the caret was carried
// over — and the first screen's file handed over to the live runtime once the hub answers.
import type { StudioClient } from '../studio.svelte';
import type { StartedEditor } from './first-file';
import type { ConflictBar } from './conflict.svelte';
import type { FirstScreenFile } from '../first-screen';
import { mountEditor } from './mount';
import { PlainView } from './plain';
import { paintedText, removeFirstPaint, type PaintedText } from '../first-paint';
import { startSettled } from '../after-start';
import { editorMayLoad } from '../first-preview';

/** CodeMirror and what comes with it (with-codemirror.ts). */
type CM = typeof import('./with-codemirror');

/** Longest CodeMirror waits for the start's first preview while the outline shows the file (client/first-preview). */
const LONGEST_EDITOR_WAIT_MS = 4000;

/** What the start needs of the editor controller (the hand-over's part: first-file.ts). */
export interface StartHost extends StartedEditor {
	readonly studio: StudioClient;
	/** The conflict bar, once CodeMirror is there (a hand-over runs only then). */
	conflicts(): ConflictBar | null;
	/** Makes `path` the active file, with a tab. */
	activate(path: string): void;
	wrap(): boolean;
	/** CodeMirror is loading (false: it is there, or the plain text stands in for it). */
	loading(on: boolean): void;
	/** CodeMirror is here: files can be opened with it (the view may not be made yet). */
	useCm(cm: CM): void;
	/** The view is mounted (whatever waited for the editor can go on). */
	loaded(): void;
	focus(focused: boolean): void;
	leaving(): void;
	/** CodeMirror's code could not be loaded (null: it is, or it is loading again); `retry` tries again. */
	failed(message: string | null, retry: () => void): void;
}

/** The editor's start, from its first text to the live runtime. */
export class EditorStart {
	/** The first screen's open file (or the plain text's), shown before CodeMirror and the hub. */
	#first: FirstScreenFile | null = null;
	/** The hub has answered: files open from it (before, only the first screen's file opens). */
	#live = false;
	/** The open file as plain text, before CodeMirror (a phone's start); null once CodeMirror took over. */
	#plain: PlainView | null = null;
	/** Mounts CodeMirror in the plain text's place (null: mounted, or not waiting). */
	#wakeTo: (() => void) | null = null;
	/** A desktop's CodeMirror, waiting for the first preview, loads at once (the plain text was touched). */
	#wanted: (() => void) | null = null;
	#cm: CM | null = null;
	readonly #host: StartHost;

	constructor(host: StartHost) {
		this.#host = host;
	}

	/** The hub has answered. */
	get live(): boolean {
		return this.#live;
	}

	/** The plain text stands in for CodeMirror (it mounts with the first touch). */
	get waiting(): boolean {
		return this.#wakeTo !== null;
	}

	/** The file shown before the hub answered, or as plain text (null: none). */
	get first(): FirstScreenFile | null {
		return this.#first;
	}

	/** Shows the first screen's file (from this device) until the hub answers; typing into it is kept. */
	showFirst(file: FirstScreenFile): void {
		this.#first = file;
		this.#host.activate(file.path);
	}

	/**
	 * Mounts the editor into `container`: CodeMirror (loaded on demand). Before it, the open file shows
	 * as plain text: with `plainFirst` (a phone's start) until the person touches it; else (a desktop)
	 * while CodeMirror waits for the first preview, when the first paint's outline showed the file. The
	 * outline goes then, and the studio's own screen shows — the preview with it: the outline covers
	 * the whole window, so a desktop kept it over the first preview until CodeMirror was there.
	 */
	attach(container: HTMLElement, plainFirst: boolean): () => void {
		const outline = paintedText(this.#first);
		if (!plainFirst && !outline) {
			removeFirstPaint(); // one without the file's text (a phone's outline, the window widened since)
			return this.#mount(container, null);
		}
		let unmount: (() => void) | null = null;
		const wanted = new Promise<void>((resolve) => (this.#wanted = resolve));
		const plain = new PlainView(container, this.#first?.text ?? '', this.#host.wrap(), () => this.want());
		this.#plain = plain;
		// Before the outline's focus comes over: it is a touch.
		if (plainFirst) this.#wakeTo = () => (unmount = this.#mount(container, null));
		// The outline's text is here now (and what was typed into it, and its focus): it can go.
		if (outline && (outline.focused || outline.text !== this.#first?.text)) plain.adopt(outline);
		removeFirstPaint();
		// A phone's start is over once the plain text shows the hub's text (refreshPlain).
		if (plainFirst && this.#live) void this.#refreshPlain();
		if (!plainFirst) unmount = this.#mount(container, wanted);
		return () => {
			if (this.#plain === plain) this.#plain = null;
			this.#wakeTo = null;
			plain.destroy();
			unmount?.();
		};
	}

	/** CodeMirror is wanted now (a touch, a key, another file): it loads and takes over from the plain text. */
	wake(): void {
		const mount = this.#wakeTo;
		this.#wakeTo = null;
		mount?.();
	}

	/** The plain text is shown (CodeMirror is not there yet). */
	get plainShown(): boolean {
		return this.#plain !== null;
	}

	/** CodeMirror is wanted now: a phone's plain text wakes it; a desktop's, loading already, stops waiting for the first preview. */
	want(): void {
		if (this.#wakeTo) this.wake();
		else this.#wanted?.();
	}

	/** Line wrapping changed (the plain text follows it too). */
	setWrap(wrap: boolean): void {
		this.#plain?.setWrap(wrap);
	}

	/**
	 * The hub answered: the first screen's file is handed over to it (what was typed meanwhile kept),
	 * then files open from the hub; the plain text shows the hub's text.
	 */
	async goLive(): Promise<void> {
		this.#live = true;
		if (this.#wakeTo) return this.#refreshPlain();
		// No CodeMirror yet, no session of the first screen: it is handed over when it mounts.
		if (this.#cm) await this.#cm.handOverAll(this.#cm, this.#host);
	}

	/** Files changed elsewhere: the plain text shows the open one's new text (unless typed into). */
	changed(paths: string[]): void {
		if (this.#wakeTo && this.#first && paths.includes(this.#first.path)) void this.#refreshPlain();
	}

	/**
	 * `path` as the start shows it before CodeMirror has it (the plain text's, or the first screen's
	 * while CodeMirror loads), as last agreed with the hub; null when typed into, or not this file.
	 */
	firstStored(path: string): FirstScreenFile | null {
		return this.#first?.path === path && !this.#plain?.typed ? this.#first : null;
	}

	/** What was typed into the plain text (null: nothing): the journal keeps it if the page hides before CodeMirror takes it. */
	typedPlain(): { file: FirstScreenFile; text: string } | null {
		return this.#plain?.typed && this.#first ? { file: this.#first, text: this.#plain.read().text } : null;
	}

	/** The plain text's whole text, if it shows `path`. */
	plainText(path: string): string | null {
		return this.#plain && this.#first?.path === path ? this.#plain.read().text : null;
	}

	/** The plain text shows the hub's text of the open file (unless typed into: then it is merged when CodeMirror comes). */
	async #refreshPlain(): Promise<void> {
		const { studio } = this.#host;
		const plain = this.#plain;
		const path = this.#host.active() ?? studio.workspace.activePath;
		if (!plain || !this.#wakeTo || !path || plain.typed) return startSettled();
		const file = await studio.api.readFile(path).catch(() => null);
		if (!file || this.#plain !== plain || !this.#wakeTo || plain.typed) return startSettled();
		// A binary file: CodeMirror's read-only view says what it is.
		if (file.content === null) return this.wake();
		const language = studio.workspace.files.find((f) => f.path === path)?.language ?? 'plaintext';
		this.#first = { path, text: file.content, language, revision: file.revision };
		this.#host.activate(path);
		plain.show(file.content);
		startSettled();
	}

	/** `touched`: the text shown meanwhile was touched (CodeMirror loads at once); null: nothing shows it. */
	#mount(container: HTMLElement, touched: Promise<void> | null): () => void {
		const host = this.#host;
		const { sessions } = host;
		// The plain text stays in place while CodeMirror loads: no "loading" line then.
		host.loading(!this.#plain);
		let painted: PaintedText | null = null;
		let first: FirstScreenFile | null = null;
		return mountEditor(container, sessions, {
			// Devtools' performance panel and the e2e tests read why it went ahead.
			before: () => editorMayLoad(LONGEST_EDITOR_WAIT_MS, touched).then((why) => performance.mark('studio:editor-load', { detail: why })),
			prepare: async (cm) => {
				cm.setWrap(null, host.wrap());
				first = this.#first;
				this.#first = null;
				// What was typed into the plain text or the outline comes along, even when the hub answered first.
				painted = this.#plain?.read() ?? paintedText(first);
				const typedEarly = !!first && !!painted && painted.text !== first.text;
				const early = first;
				if (early && (!this.#live || typedEarly) && !sessions.has(early.path)) sessions.set(early.path, cm.firstSession(cm, early, () => host.typed(early.path), painted));
				if (early && typedEarly) host.typed(early.path);
				// The hub answered already: the open file comes from it, and the view is made with it (one draw).
				const active = host.active();
				if (active && this.#live && !sessions.has(active)) {
					host.useCm(cm); // the file's state is made with it
					// A hub that does not answer leaves the view empty for now (ready() opens the file again).
					const loaded = await host.load(active).catch(() => null);
					if (loaded && !sessions.has(active)) {
						// The caret stays where the person put it in the plain text (or the outline).
						if (painted && first?.path === active) loaded.state = cm.withCaret(loaded.state, painted);
						sessions.set(active, loaded);
						if (loaded.shared) host.pull(active);
					}
				}
				return active && sessions.has(active) && host.active() === active ? active : null;
			},
			ready: async (cm) => {
				this.#cm = cm;
				host.useCm(cm);
				host.loading(false);
				host.loaded();
				// The outline goes once the editor shows the file (from the hub, or the first screen's), or
				// could not: the editor is there either way.
				const active = host.active();
				if (active) await host.open(active).catch(() => undefined);
				// A key typed into the plain text after its text was taken (while the view was made) comes along.
				const late = this.#plain?.read();
				if (late && painted && first) cm.carryLate(cm, sessions, first.path, painted.text, late);
				this.#plain?.destroy();
				this.#plain = null;
				removeFirstPaint();
				startSettled();
				const view = sessions.view;
				if ((late ?? painted)?.focused && view) {
					view.focus();
					cm.revealCursor(view);
				}
				// The open file's text is on screen (devtools, bench B6); the hub may still be starting.
				if (first && sessions.isShown(first.path)) performance.mark('studio:first-text', { detail: { live: this.#live } });
				if (this.#live) void cm.handOverAll(cm, host);
			},
			focus: (focused) => host.focus(focused),
			leaving: () => host.leaving(),
			failed: (message, retry) => {
				// The page must stay usable: the outline goes (it would cover every control), and the
				// plain text, which nothing saves, stops taking typing until the editor is there.
				removeFirstPaint();
				startSettled();
				this.#plain?.freeze();
				host.loading(false);
				host.failed(message, () => {
					host.failed(null, retry);
					host.loading(!this.#plain);
					retry();
				});
			},
			language: () => {
				const active = host.active();
				return this.#first?.language ?? (active ? (host.studio.workspace.files.find((file) => file.path === active)?.language ?? null) : null);
			}
		});
	}
}
