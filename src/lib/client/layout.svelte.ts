// Presentation state of the workbench: panel sizes, collapsed panels, the active dock and phone tab.
// This never enters tool calls or history; persistence in the `preferences` store comes with storage.

/** Dock tabs along the bottom of the desktop layout. */
export type DockTab = 'agent' | 'tools' | 'trace';
/** Panels shown one at a time on a phone. */
export type PhoneTab = 'files' | 'editor' | 'preview' | 'agent' | 'tools' | 'trace';

/** Bounds keep every panel usable whatever was persisted or dragged. */
export const LAYOUT_BOUNDS = {
	files: { min: 160, max: 480 },
	preview: { min: 240, max: 1200 },
	dock: { min: 120, max: 600 }
} as const;

/** Width below which the phone layout applies (DESIGN.md §10). */
export const PHONE_MAX_WIDTH = 767;

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
	Math.round(Math.min(max, Math.max(min, value)));

/** Rune-backed layout state with clamped setters. */
export class LayoutStore {
	filesWidth = $state(240);
	previewWidth = $state(480);
	dockHeight = $state(240);
	dockOpen = $state(true);
	dockTab = $state<DockTab>('agent');
	phoneTab = $state<PhoneTab>('editor');

	setFilesWidth(value: number) {
		this.filesWidth = clamp(value, LAYOUT_BOUNDS.files);
	}
	setPreviewWidth(value: number) {
		this.previewWidth = clamp(value, LAYOUT_BOUNDS.preview);
	}
	setDockHeight(value: number) {
		this.dockHeight = clamp(value, LAYOUT_BOUNDS.dock);
	}
}
