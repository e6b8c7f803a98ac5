// The one CodeMirror view of a tab: loaded on demand (the editor's code is its own chunk, so the
// studio's first paint does not wait for it) and mounted into the panel's container.
import type { EditorSessions } from './sessions';

type CM = typeof import('./codemirror');

/** What the mount tells the editor. */
export interface MountHooks {
	/** CodeMirror is loaded and the view is in the page. */
	ready(cm: CM): void;
	/** The view gained or lost the keyboard focus. */
	focus(focused: boolean): void;
	/** The view is about to go (save what is pending). */
	leaving(): void;
}

/** Mounts the view into `container` once CodeMirror loaded; returns the unmount. */
export function mountEditor(container: HTMLElement, sessions: EditorSessions, hooks: MountHooks): () => void {
	let disposed = false;
	void import('./codemirror').then((cm) => {
		if (disposed) return;
		const view = new cm.EditorView({ parent: container });
		sessions.setView(view);
		view.contentDOM.addEventListener('blur', () => hooks.focus(false));
		view.contentDOM.addEventListener('focus', () => hooks.focus(true));
		// A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
		view.scrollDOM.tabIndex = 0;
		hooks.ready(cm);
	});
	return () => {
		disposed = true;
		hooks.leaving();
		const view = sessions.view;
		sessions.setView(null);
		view?.destroy();
	};
}
