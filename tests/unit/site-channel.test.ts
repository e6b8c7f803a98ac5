// A frame's channel in the host: how a page's navigation messages become the hub's site navigations
// (a page to show, or a step back or forward through the site's pages).
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
		expect(asked).toEqual([{ path: '/about.html', search: '?id=3', fragment: '#team', replace: true }, { direction: 'back' }, { direction: 'forward' }]);
	});

	it('takes a direction it does not know for no step, and a message with neither for nothing', () => {
		const { asked, send } = channel();
		send({ path: '/a.html', direction: 'sideways' });
		send({ direction: 'up' });
		expect(asked).toEqual([{ path: '/a.html', search: '', fragment: '' }]);
	});
});
