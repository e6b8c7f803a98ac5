// Presentation state of the workbench: panel sizes, the conversation column, the active dock and phone tab.
// Persisted in the hub's `preferences` store — never in tool calls or history.

import { DOCK_TABS, PHONE_TABS, type DockTab, type PhoneTab } from '$lib/shared/types';
export type { DockTab, PhoneTab };

/** Bounds keep every panel usable whatever was persisted or dragged. */
export const LAYOUT_BOUNDS = {
	files: { min: 160, max: 480 },
	preview: { min: 240, max: 1200 },
	dock: { min: 120, max: 600 },
	chat: { min: 280, max: 720 }
} as const;

/** Width up to which the phone layout applies (docs/ARCHITECTURE.md, "Layout"). */
export const PHONE_MAX_WIDTH = 767;
/**
 * Width from which the conversation gets its own full-height column beside the editor and preview
 * (below it, it is a dock tab): at 1280×800 a bottom dock left the transcript one line tall.
 */
export const CHAT_COLUMN_MIN_WIDTH = 1024;

/** Preference key of the layout. */
export const LAYOUT_KEY = 'layout';

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.round(Math.min(max, Math.max(min, value)));

/** Where layout preferences are kept. */
export interface LayoutPersistence {
	load(): Promise<unknown>;
	save(value: unknown): Promise<void>;
}

/** Rune-backed layout state with clamped setters and debounced persistence. */
export class LayoutStore {
	filesWidth = $state(200);
	previewWidth = $state(420);
	dockHeight = $state(240);
	chatWidth = $state(340);
	dockTab = $state<DockTab>('agent');
	phoneTab = $state<PhoneTab>('editor');
	#persistence: LayoutPersistence | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;

	/** Restores saved sizes (ignoring anything malformed) and saves later changes. */
	async restore(persistence: LayoutPersistence): Promise<void> {
		this.#persistence = persistence;
		this.apply(await persistence.load().catch(() => null));
	}

	/**
	 * Takes the sizes and dock tab of `value` (what is malformed is ignored), and with `phoneTab` the
	 * phone's tab: the one this device showed last comes back with its first screen (a phone reloads a
	 * page it left in the background), never from the hub, which every tab and window shares.
	 */
	apply(value: unknown, phoneTab = false): void {
		const saved = value as Partial<Record<string, unknown>> | null;
		if (!saved || typeof saved !== 'object') return;
		if (typeof saved.filesWidth === 'number') this.filesWidth = clamp(saved.filesWidth, LAYOUT_BOUNDS.files);
		if (typeof saved.previewWidth === 'number') this.previewWidth = clamp(saved.previewWidth, LAYOUT_BOUNDS.preview);
		if (typeof saved.dockHeight === 'number') this.dockHeight = clamp(saved.dockHeight, LAYOUT_BOUNDS.dock);
		if (typeof saved.chatWidth === 'number') this.chatWidth = clamp(saved.chatWidth, LAYOUT_BOUNDS.chat);
		if ((DOCK_TABS as readonly unknown[]).includes(saved.dockTab)) this.dockTab = saved.dockTab as DockTab;
		if (phoneTab && (PHONE_TABS as readonly unknown[]).includes(saved.phoneTab)) this.phoneTab = saved.phoneTab as PhoneTab;
	}

	/** The sizes and dock tab as they are kept. */
	snapshot(): Record<string, unknown> {
		return { filesWidth: this.filesWidth, previewWidth: this.previewWidth, dockHeight: this.dockHeight, chatWidth: this.chatWidth, dockTab: this.dockTab };
	}

	/** What the next start's first screen restores: the sizes, the dock tab and the phone's tab. */
	screen(): Record<string, unknown> {
		return { ...this.snapshot(), phoneTab: this.phoneTab };
	}

	#save() {
		if (this.#timer) clearTimeout(this.#timer);
		// Dragging fires many sizes per second: persist the last one.
		this.#timer = setTimeout(() => void this.#persistence?.save(this.snapshot()), 250);
	}

	/** Sets one panel's size, within its bounds. */
	setSize(panel: keyof typeof LAYOUT_BOUNDS, value: number) {
		const size = clamp(value, LAYOUT_BOUNDS[panel]);
		if (panel === 'files') this.filesWidth = size;
		else if (panel === 'preview') this.previewWidth = size;
		else if (panel === 'dock') this.dockHeight = size;
		else this.chatWidth = size;
		this.#save();
	}
	setDockTab(tab: DockTab) {
		this.dockTab = tab;
		this.#save();
	}
	/** Brings a panel on screen: its dock tab on a desktop, its tab on a phone. */
	reveal(tab: PhoneTab) {
		if (tab === 'agent' || tab === 'tools' || tab === 'trace' || tab === 'history' || tab === 'packages') this.setDockTab(tab);
		this.phoneTab = tab;
	}
}
