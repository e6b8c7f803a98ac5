// What the preview's page kept (scroll, route, fragment, entries) in the tab's sessionStorage, in
// real Chromium: read back for its own workspace only, and anything malformed is no place at all.
import { afterEach, describe, expect, it } from 'vitest';
import { KeptSlot, storedKept, writeKept } from '../../src/lib/preview/kept-session';
import { parseKept } from '../../src/lib/preview/kept-read';

const KEY = 'studio:preview-kept';
const readKept = (scope: string) => parseKept(sessionStorage.getItem(KEY), scope);

describe('kept session', () => {
	afterEach(() => sessionStorage.clear());

	it('keeps the last place per tab for its workspace: a slot with a scope starts from it, one without never stores', async () => {
		const kept: StudioKept = { scroll: [0, 1200], route: '/app/settings?tab=2', state: '{"k":1}', hash: '#/two', entries: [{ address: '/', hash: '' }] };
		new KeptSlot('ws-a').value = { place: 'index.html', kept };
		expect(readKept('ws-a')).toEqual({ place: 'index.html', kept });
		expect(new KeptSlot('ws-a', await storedKept('ws-a')).value).toEqual({ place: 'index.html', kept });
		// A render of that page starts from it; a render of another page starts afresh and drops it.
		const slot = new KeptSlot('ws-a', await storedKept('ws-a'));
		expect(slot.start('index.html')).toEqual(kept);
		expect(slot.start('about.html')).toBeUndefined();
		expect(slot.start('index.html')).toBeUndefined();
		expect(readKept('ws-a')).toEqual({ place: 'index.html' });
		new KeptSlot('ws-a').value = { place: 'index.html', kept };
		// Another workspace opened in this tab starts afresh.
		expect(readKept('ws-b')).toBeNull();
		expect(new KeptSlot('ws-b', await storedKept('ws-b')).value).toEqual({ place: '' });
		// Nothing kept in the tab: nothing to read, and the reading code is not loaded for it.
		sessionStorage.clear();
		expect(await storedKept('ws-a')).toBeNull();
		new KeptSlot('ws-a').value = { place: 'index.html', kept };
		// A host without a scope (the screenshot tool's) neither reads nor writes it.
		const bare = new KeptSlot();
		expect(bare.value).toEqual({ place: '' });
		bare.value = { place: 'about.html' };
		expect(readKept('ws-a')?.place).toBe('index.html');
	});

	it('reads nothing from a malformed entry: not JSON, a wrong shape, a scroll that is no pair of numbers', () => {
		for (const raw of ['{', '[]', JSON.stringify({ scope: 'ws-a', place: 3 }), JSON.stringify({ scope: 'ws-a', place: 'index.html', kept: { scroll: ['x', 2] } })]) {
			sessionStorage.setItem(KEY, raw);
			expect(readKept('ws-a'), raw).toBeNull();
		}
		writeKept('ws-a', { place: 'about.html' });
		expect(readKept('ws-a')).toEqual({ place: 'about.html' });
	});
});
