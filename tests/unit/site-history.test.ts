// The site's history in the hub: each page keeps the page it was reached from (document.referrer)
// through Back, Forward and a reload of the studio, as a browser's history keeps it; the address
// field reaches a page from nowhere.
import { describe, expect, it } from 'vitest';
import { SiteHistory, type SitePlace } from '../../src/lib/preview/site-state';
import { makeFile, type Workspace } from '../../src/lib/domain/model';

const site: Workspace = { id: 'w', name: 'w', revision: 1, activePath: null, files: new Map(['index.html', 'about.html', 'team.html'].map((path) => [path, makeFile(path, `<h1>${path}</h1>`)])) };

describe('SiteHistory referrers', () => {
	it('keeps the page each was reached from through Back and Forward; a replacing navigation carries its own; the address field none', () => {
		const history = new SiteHistory();
		expect(history.referrer).toBe('');
		history.go(site, { path: 'about.html', referrer: 'https://site.invalid/' });
		expect(history.referrer).toBe('https://site.invalid/');
		history.go(site, { path: 'team.html', referrer: 'https://site.invalid/about.html' });
		history.go(site, { direction: 'back' });
		expect(history.referrer).toBe('https://site.invalid/');
		history.go(site, { direction: 'forward' });
		expect(history.referrer).toBe('https://site.invalid/about.html');
		history.go(site, { path: 'team.html', replace: true, referrer: 'https://site.invalid/about.html' });
		expect(history.referrer).toBe('https://site.invalid/about.html');
		history.go(site, { path: 'about.html' });
		expect(history.referrer).toBe('');
	});

	it('persists it with the page shown, so a studio reloaded gives the page the same referrer; one too long is not taken', async () => {
		let stored: SitePlace | null = null;
		const store = { get: async () => stored, set: async (place: SitePlace) => void (stored = place) };
		const first = new SiteHistory(store);
		first.go(site, { path: 'about.html', referrer: 'https://site.invalid/' });
		const again = new SiteHistory(store);
		await again.load();
		expect([again.pageOf(site), again.referrer]).toEqual(['about.html', 'https://site.invalid/']);
		stored = { page: 'about.html', search: '', referrer: 'x'.repeat(5000) };
		const refused = new SiteHistory(store);
		await refused.load();
		expect([refused.pageOf(site), refused.referrer]).toEqual(['index.html', '']);
	});
});
