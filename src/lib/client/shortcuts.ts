// The workbench's keyboard shortcuts: Ctrl/Cmd+K opens the palette (keys pressed outside a field
// while it loads are kept for it: client/typed-ahead.ts); outside the code editor and form fields,
// Ctrl/Cmd+Z and Shift+Z (or Y) walk the workspace history (the editor keeps its own undo).

import { takesTyping } from './typed-ahead';

/** What the shortcuts do. */
export interface ShortcutActions {
	palette(): void;
	/** A key pressed outside a field: true when the palette on its way keeps it. */
	typed?(key: string): boolean;
	undo(): void;
	redo(): void;
}

/** Installs the shortcuts on the window; returns their removal. */
export function installShortcuts(actions: ShortcutActions): () => void {
	const onKey = (event: KeyboardEvent) => {
		const mod = event.metaKey || event.ctrlKey;
		if (!mod && !event.altKey && !event.isComposing && !takesTyping(document.activeElement) && actions.typed?.(event.key)) return void event.preventDefault();
		if (!mod) return;
		const key = event.key.toLowerCase();
		if (key === 'k') {
			event.preventDefault();
			actions.palette();
			return;
		}
		if ((event.target as HTMLElement | null)?.closest?.('.cm-editor, input, textarea')) return;
		if (key === 'z' && !event.shiftKey) {
			event.preventDefault();
			actions.undo();
		} else if ((key === 'z' && event.shiftKey) || key === 'y') {
			event.preventDefault();
			actions.redo();
		}
	};
	addEventListener('keydown', onKey);
	return () => removeEventListener('keydown', onKey);
}
