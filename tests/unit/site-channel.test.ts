// A frame's channel in the host: how a page's navigation messages become the hub's site navigations
// (a page to show, or a step back or forward through the site's pages), and how its requests ask for a file.
import { describe, expect, it } from 'vitest';
import { SiteChannel } from '../../src/lib/preview/site-channel';
import type { PreviewBridgeMessage, SiteNavigation } from '../../src/lib/preview/messages';

function channel() {
	const asked: SiteNavigation[] = [];
	const site = new SiteChannel({ onNavigate: (target) => asked.push(target) }, () => undefined, () => 'n');
	const send = (message: Record<string, unknown>) => site.handle({ type: 'navigate', revision: 1, nonce: 'n', ...message } as PreviewBridgeMessage, 1);
	return { asked, send };
}

describe('SiteChannel navigations', () => {
	it('passes a page on with its query, fragment and replace, and a history step as a direction', () => {
		const { asked, send } = channel();
		// The bridge posts one shape: every message carries every key, most of them undefined.
		expect(send({ path: '/about.html', search: '?id=3', fragment: '#team', replace: true, direction: undefined })).toBe(true);
		expect(send({ path: undefined, search: undefined, fragment: undefined, direction: 'back' })).toBe(true);
		send({ direction: 'forward' });
		expect(asked).toEqual([{ path: '/about.html', search: '?id=3', fragment: '#team', replace: true, referrer: '' }, { direction: 'back' }, { direction: 'forward' }]);
	});

	it('passes on the page it was asked from, as the next page reads it (document.referrer), cut to size', () => {
		const { asked, send } = channel();
		send({ path: '/about.html', referrer: 'https://site.invalid/index.html?x=1' });
		send({ path: '/about.html', referrer: '' });
		send({ path: '/about.html', referrer: 'x'.repeat(5000) });
		expect(asked[0]).toEqual({ path: '/about.html', search: '', fragment: '', referrer: 'https://site.invalid/index.html?x=1' });
		expect(asked[1]).toEqual({ path: '/about.html', search: '', fragment: '', referrer: '' });
		expect(asked[2]?.referrer).toHaveLength(4096);
	});

	it('takes a direction it does not know for no step, and a message with neither for nothing', () => {
		const { asked, send } = channel();
		send({ path: '/a.html', direction: 'sideways' });
		send({ direction: 'up' });
		expect(asked).toEqual([{ path: '/a.html', search: '', fragment: '', referrer: '' }]);
	});
});

describe('SiteChannel requests', () => {
	it('asks for a file as it is, as a page for a frame, as a script the page runs or as a file it fetched, its fields cut to size', async () => {
		const asked: unknown[] = [];
		const posted: unknown[] = [];
		const site = new SiteChannel(
			{
				onRequest: async (request) => {
					asked.push(request);
					return { status: 200, statusText: 'OK', mimeType: 'text/javascript', body: 'ok' };
				}
			},
			(message) => posted.push(message),
			() => 'n'
		);
		const request = (fields: Record<string, unknown>, id: number) => site.handle({ type: 'request', revision: 4, nonce: 'n', id, method: 'GET', source: 'index.html', line: 3, ...fields } as PreviewBridgeMessage, 4);
		request({ path: '/data.json' }, 1);
		request({ path: '/part.html', frame: true, search: '?x=1', fragment: '#a' }, 2);
		request({ path: '/js/menu.js', as: 'script' }, 3);
		request({ path: '/' + 'p'.repeat(3000), as: 'eval' }, 4);
		request({ path: '/next.html', as: 'fetched' }, 5);
		await expect.poll(() => posted.length).toBe(5);
		expect(asked).toEqual([
			{ revision: 4, path: '/data.json', method: 'GET', source: 'index.html', line: 3 },
			{ revision: 4, path: '/part.html', method: 'GET', source: 'index.html', line: 3, as: { search: '?x=1', fragment: '#a' } },
			{ revision: 4, path: '/js/menu.js', method: 'GET', source: 'index.html', line: 3, as: 'script' },
			// A path is cut at 2048 characters; a way the hub does not know is its schema's to refuse.
			{ revision: 4, path: '/' + 'p'.repeat(2047), method: 'GET', source: 'index.html', line: 3, as: 'eval' },
			{ revision: 4, path: '/next.html', method: 'GET', source: 'index.html', line: 3, as: 'fetched' }
		]);
		expect(posted[2]).toMatchObject({ studioFrame: 'n', type: 'response', id: 3, status: 200, body: 'ok' });
	});
});

describe('SiteChannel storage', () => {
	it('keeps the tab\'s sessionStorage itself, passes localStorage and cookies on to the hub, and clears the sessionStorage when the site\'s data is cleared', () => {
		const passed: [string, [string, string | null][]][] = [];
		const posted: unknown[] = [];
		const site = new SiteChannel({ onStorage: (change) => passed.push([change.area, change.changes]) }, (message) => posted.push(message), () => 'n');
		const store = (area: string, changes: [string, string | null][], clear = false) => site.handle({ type: 'storage', revision: 1, nonce: 'n', area, changes, clear } as PreviewBridgeMessage, 1);
		store('cookie', [['consent; path=/', 'yes']]);
		store('session', [['visits', '1']]);
		store('local', [['todos', '[]']]);
		expect(site.session).toEqual({ visits: '1' });
		expect(passed).toEqual([
			['cookie', [['consent; path=/', 'yes']]],
			['local', [['todos', '[]']]]
		]);
		// The site's data cleared (its sessionStorage cleared by the hub); the hub's cookie clear reaches the page too.
		site.storageEvent({ area: 'session', changes: [], clear: true }, true);
		site.storageEvent({ area: 'cookie', changes: [], clear: true }, true);
		expect(site.session).toEqual({});
		expect(posted).toEqual([
			{ studioFrame: 'n', type: 'storage-event', area: 'session', changes: [], clear: true },
			{ studioFrame: 'n', type: 'storage-event', area: 'cookie', changes: [], clear: true }
		]);
	});
});
