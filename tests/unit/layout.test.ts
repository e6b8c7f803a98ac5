// The workbench's layout: sizes kept within bounds, and the phone's panel kept with this device's
// first screen only (the hub's copy, which every tab and window shares, never moves it).
import { describe, expect, it } from 'vitest';
import { LAYOUT_BOUNDS, LayoutStore } from '$lib/client/layout.svelte';

describe('LayoutStore', () => {
	it('takes sizes within their bounds and a known dock tab; ignores what is malformed', () => {
		const layout = new LayoutStore();
		layout.apply({ filesWidth: 10_000, previewWidth: 10, dockTab: 'history', chatWidth: 'wide' });
		expect(layout.snapshot()).toEqual({ filesWidth: LAYOUT_BOUNDS.files.max, previewWidth: LAYOUT_BOUNDS.preview.min, dockHeight: 240, chatWidth: 340, dockTab: 'history' });
		layout.apply({ dockTab: 'nowhere' });
		layout.apply(null);
		expect(layout.dockTab).toBe('history');
	});

	it('keeps the phone’s panel with the first screen, and takes it back only from there', () => {
		const layout = new LayoutStore();
		layout.reveal('preview');
		expect(layout.screen()).toMatchObject({ phoneTab: 'preview' });
		// The hub's copy has no phone panel.
		expect(layout.snapshot()).not.toHaveProperty('phoneTab');

		const next = new LayoutStore();
		next.apply(layout.screen());
		expect(next.phoneTab).toBe('editor');
		next.apply(layout.screen(), true);
		expect(next.phoneTab).toBe('preview');
		next.apply({ phoneTab: 'settings' }, true);
		expect(next.phoneTab).toBe('preview');
	});

	it('restores from the hub without moving the phone’s panel, and saves there what a change left', async () => {
		const layout = new LayoutStore();
		layout.apply({ phoneTab: 'agent' }, true);
		const saved: unknown[] = [];
		await layout.restore({ load: async () => ({ filesWidth: 300, phoneTab: 'files' }), save: async (value) => void saved.push(value) });
		expect(layout.filesWidth).toBe(300);
		expect(layout.phoneTab).toBe('agent');
		layout.setDockTab('trace');
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(saved.at(-1)).toEqual({ filesWidth: 300, previewWidth: 420, dockHeight: 240, chatWidth: 340, dockTab: 'trace' });
	});
});
