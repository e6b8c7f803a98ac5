// The one CodeMirror view of a tab: loaded on demand (the editor's code is its own chunk, so the
// studio's first paint does not wait for it) and mounted into the panel's container.
import type { EditorSessions } from './sessions';
import { loadCodeMirror } from './load';
import { nextTask } from '../next-task';
import { retryByReload } from '../code-retry';

/** CodeMirror and what comes with it (with-codemirror.ts). */
type CM = typeof import('./with-codemirror');

/** What the mount tells the editor. */
export interface MountHooks {
	/** CodeMirror is loaded; the file the view first shows is made ready (its path, or null: none yet). */
	prepare(cm: CM): Promise<string | null>;
	/** CodeMirror is loaded and the view is in the page. */
	ready(cm: CM): void | Promise<void>;
	/** The view gained or lost the keyboard focus. */
	focus(focused: boolean): void;
	/** The view is about to go (save what is pending). */
	leaving(): void;
	/** What CodeMirror's first load waits for (the start's first preview: client/first-preview). */
	before?(): Promise<unknown>;
	/** The language of the file the view shows first (loaded with CodeMirror). */
	language(): string | null;
	/**
	 * CodeMirror's code could not be fetched (offline before it was cached, or a replaced build's file):
	 * `retry` tries again.
	 */
	failed(message: string, retry: () => void): void;
}

/** Mounts the view into `container` once CodeMirror loaded; returns the unmount. */
export function mountEditor(container: HTMLElement, sessions: EditorSessions, hooks: MountHooks): () => void {
	let disposed = false;
	// A browser that keeps a failed fetch needs a new document for a Retry (client/code-retry).
	const codemirror = retryByReload(loadCodeMirror);
	const waited = hooks.before?.() ?? Promise.resolve();
	const load = (): void =>
		void waited
			.then(() => codemirror())
			.then((cm) => show(cm))
			.catch((error: unknown) => {
				if (!disposed) hooks.failed(error instanceof Error ? error.message : String(error), load);
			});
	const show = async (cm: CM) => {
		// The first file's language too, before its state is made: it shows highlighted at once.
		const language = hooks.language();
		if (language) await cm.loadLanguage(language);
		await nextTask();
		if (disposed) return;
		const shown = await hooks.prepare(cm);
		await nextTask();
		if (disposed) return;
		// Made with the file's state: a view made empty and given the file after drew twice, and its
		// gutter's arrival moved the text sideways (a layout shift).
		const state = shown === null ? undefined : sessions.get(shown)?.state;
		const view = new cm.EditorView({ parent: container, state });
		sessions.setView(view, state ? shown : null);
		view.contentDOM.addEventListener('blur', () => hooks.focus(false));
		view.contentDOM.addEventListener('focus', () => hooks.focus(true));
		// A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
		view.scrollDOM.tabIndex = 0;
		void hooks.ready(cm);
	};
	load();
	return () => {
		disposed = true;
		hooks.leaving();
		const view = sessions.view;
		sessions.setView(null);
		view?.destroy();
	};
}
