// The workbench's keyboard shortcuts: Ctrl/Cmd+K opens the palette (keys pressed with nothing
// focused while it loads are kept for it: client/typed-ahead.ts); outside the code editor and form
// fields, Ctrl/Cmd+Z and Shift+Z (or Y) walk the workspace history (the editor keeps its own undo).

/** What the shortcuts do. */
export interface ShortcutActions {
	palette(): void;
	/** A key pressed with nothing focused: true when the palette on its way keeps it. */
	typed?(key: string): boolean;
	undo(): void;
	redo(): void;
}

/** Installs the shortcuts on the window; returns their removal. */
export function installShortcuts(actions: ShortcutActions): () => void {
	const onKey = (event: KeyboardEvent) => {
		const mod = event.metaKey || event.ctrlKey;
		const unfocused = document.activeElement === document.body || document.activeElement === null;
		if (!mod && !event.altKey && !event.isComposing && unfocused && actions.typed?.(event.key)) return void event.preventDefault();
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
