// The editor's look: text size and line wrapping, kept as a preference and applied to every file.
type CM = typeof import('./codemirror');

/** Text size in CSS pixels and line wrapping. */
export class EditorLook {
	fontSize = $state(13);
	wrap = $state(true);

	/** Takes a new look (the size bounded to 10–24 px) and applies it to the view, if one is mounted. */
	set(look: { fontSize?: number; wrap?: boolean }, cm: CM | null, view: import('./codemirror').EditorView | null): void {
		if (look.fontSize !== undefined) this.fontSize = Math.min(24, Math.max(10, Math.round(look.fontSize)));
		if (look.wrap !== undefined) this.wrap = look.wrap;
		document.documentElement.style.setProperty('--editor-font-size', `${this.fontSize}px`);
		cm?.setWrap(view, this.wrap);
		view?.requestMeasure();
	}
}
