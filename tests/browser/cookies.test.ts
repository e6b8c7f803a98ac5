// The preview's cookie jar (preview/frame/cookies.js) in real Chromium, in a frame of its own: a
// cookie per name and path, read by the pages under its path, expiry by Max-Age or Expires, what a
// browser refuses from a script (HttpOnly, a bad prefix, a control character, over 4 KB), each change
// sent to the host at once, another preview's and a framed page's applied, and the hub's form; the
// Cookie Store API over the same jar (preview/frame/cookie-store.js).
import { describe, expect, it } from 'vitest';
import cookiesSource from '../../src/lib/preview/frame/cookies.js?raw';
import cookieStoreSource from '../../src/lib/preview/frame/cookie-store.js?raw';
import { parseCookie } from '../../src/lib/preview/site-cookies';

type Sent = { type: string; area: string; changes: [string, string | null][]; clear: boolean };
type Handler = (message: Record<string, unknown>, frame?: unknown) => void;
type Item = { name: string; value?: string; path: string; expires?: number | null };
/** The Cookie Store API as a page calls it (TypeScript's DOM library does not have it yet). */
interface CookieJarStore extends EventTarget {
	get(arg?: unknown): Promise<Item | null>;
	getAll(arg?: unknown): Promise<Item[]>;
	set(first: unknown, value?: string): Promise<void>;
	delete(arg: unknown): Promise<void>;
	onchange: ((event: Event & { changed: Item[]; deleted: Item[] }) => void) | null;
}

/** A frame with the jar installed over a fake bridge, its page at `path`; returns its window and what it sent. */
async function jarred(cookies: Record<string, string> = {}, path = '/') {
	const frame = document.createElement('iframe');
	document.body.append(frame);
	await new Promise((resolve) => setTimeout(resolve, 0));
	const win = frame.contentWindow as Window & typeof globalThis & { eval(code: string): unknown; __api: { cookies?(): Record<string, string> }; __handlers: Record<string, Handler> };
	const sent: Sent[] = [];
	const toFrames: { message: Record<string, unknown>; except: unknown }[] = [];
	const at = { url: new URL(path, 'https://site.invalid/') };
	win.__handlers = {};
	win.__api = {
		host: { cookies },
		send: (m: Sent) => sent.push(m),
		address: () => at.url,
		on: (type: string, fn: Handler) => (win.__handlers[type] = fn),
		onChild: (type: string, fn: Handler) => (win.__handlers[`child:${type}`] = fn),
		toFrames: (message: Record<string, unknown>, except: unknown) => toFrames.push({ message, except })
	} as never;
	win.eval(`${cookiesSource}\n${cookieStoreSource}\nstudioCookies(window.__api);\nstudioCookieStore(window.__api);`);
	const go = (next: string) => (at.url = new URL(next, 'https://site.invalid/'));
	return { win, sent, toFrames, frame, go };
}

describe('the preview cookie jar', () => {
	it('keeps a cookie per name and path: each page reads those its path is under, the longest path first', async () => {
		const { win, frame, go, sent } = await jarred({}, '/shop/cart.html');
		const doc = win.document;
		doc.cookie = 'theme=dark; path=/';
		doc.cookie = 'cart=3'; // the page's folder: /shop
		doc.cookie = 'theme=light; path=/shop';
		expect(doc.cookie).toBe('cart=3; theme=light; theme=dark');
		go('/shop/');
		expect(doc.cookie).toBe('cart=3; theme=light; theme=dark');
		go('/shopping.html');
		expect(doc.cookie).toBe('theme=dark');
		go('/');
		expect(doc.cookie).toBe('theme=dark');
		// The same name on the same path replaces it, in its place.
		doc.cookie = 'theme=blue; path=/';
		expect(doc.cookie).toBe('theme=blue');
		// Each change went to the host at once, in the hub's form.
		expect(sent.map((m) => m.changes)).toEqual([[['theme; path=/', 'dark']], [['cart; path=/shop', '3']], [['theme; path=/shop', 'light']], [['theme; path=/', 'blue']]]);
		expect(sent.every((m) => m.type === 'storage' && m.area === 'cookie' && m.clear === false)).toBe(true);
		frame.remove();
	});

	it('expires by Max-Age, which wins over Expires, or by Expires; a cookie set in the past deletes its own', async () => {
		const { win, frame, sent } = await jarred();
		const doc = win.document;
		let now = Date.parse('2026-12-06T12:00:00Z');
		win.Date.now = () => now;
		doc.cookie = 'banner=closed; max-age=60; expires=Thu, 01 Jan 1970 00:00:00 GMT';
		doc.cookie = 'promo=1; expires=Sun, 06 Dec 2026 12:00:30 GMT';
		doc.cookie = 'sid=abc';
		expect(doc.cookie).toBe('banner=closed; promo=1; sid=abc');
		expect(sent.map((m) => m.changes[0])).toEqual([
			['banner; path=/', 'closed; expires=2026-12-06T12:01:00.000Z'],
			['promo; path=/', '1; expires=2026-12-06T12:00:30.000Z'],
			['sid; path=/', 'abc']
		]);
		now += 31_000;
		expect(doc.cookie).toBe('banner=closed; sid=abc');
		now += 30_000;
		expect(doc.cookie).toBe('sid=abc');
		doc.cookie = 'sid=; max-age=0';
		expect(doc.cookie).toBe('');
		expect(sent.at(-1)!.changes).toEqual([['sid; path=/', null]]);
		// Deleting what is not there sends nothing.
		doc.cookie = 'never=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
		expect(sent).toHaveLength(4);
		frame.remove();
	});

	it('refuses what a browser refuses from a script: HttpOnly, a __Secure- or __Host- cookie without its conditions, a control character, over 4 KB', async () => {
		const { win, frame, sent } = await jarred({}, '/app/index.html');
		const doc = win.document;
		doc.cookie = 'session=1; HttpOnly; path=/';
		doc.cookie = '__Secure-id=1; path=/';
		doc.cookie = '__Host-id=1; Secure; path=/app';
		doc.cookie = '__Host-id=2; Secure; path=/; domain=example.com';
		doc.cookie = 'bad=a\u0001b';
		doc.cookie = `big=${'x'.repeat(4094)}`;
		doc.cookie = '=';
		expect(doc.cookie).toBe('');
		expect(sent).toEqual([]);
		doc.cookie = '__Secure-id=1; Secure; path=/';
		doc.cookie = '__Host-id=1; Secure; path=/';
		doc.cookie = 'flag'; // a value without a name
		doc.cookie = `fits=${'x'.repeat(4091)}`;
		// Those two on the page's folder, /app, before those on /.
		expect(doc.cookie.split('; ').map((c) => c.slice(0, 16))).toEqual(['flag', `fits=${'x'.repeat(11)}`, '__Secure-id=1', '__Host-id=1']);
		frame.remove();
	});

	it('starts from the hub\'s jar, takes another preview\'s and a framed page\'s changes without an event, and hands its jar to a framed page', async () => {
		let now = Date.parse('2026-12-06T12:00:00Z');
		const { win, frame, sent, toFrames } = await jarred({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'gone; path=/': 'x; expires=2026-01-01T00:00:00.000Z', 'sid; path=/': 'abc', 'broken': 'x' });
		win.Date.now = () => now;
		const doc = win.document;
		expect(doc.cookie).toBe('consent=yes; sid=abc');
		const events: string[] = [];
		win.addEventListener('storage', () => events.push('storage'));
		win.__handlers['storage-event']!({ area: 'cookie', changes: [['theme; path=/', 'dark'], ['sid; path=/', null]], clear: false });
		expect(doc.cookie).toBe('consent=yes; theme=dark');
		// Not a framed page's storage: passed on to the page's frames, not to the host.
		expect(toFrames.at(-1)).toEqual({ message: { area: 'cookie', changes: [['theme; path=/', 'dark'], ['sid; path=/', null]], clear: false }, except: null });
		expect(sent).toEqual([]);
		const child = { name: 'framed page' };
		win.__handlers['child:storage']!({ area: 'cookie', changes: [['cart; path=/', '2']], clear: false }, child);
		expect(doc.cookie).toBe('consent=yes; theme=dark; cart=2');
		// A framed page's change is this page's: to the host, and to the other frames.
		expect(sent).toEqual([{ type: 'storage', area: 'cookie', changes: [['cart; path=/', '2']], clear: false }]);
		expect(toFrames.at(-1)).toEqual({ message: { type: 'storage-event', area: 'cookie', changes: [['cart; path=/', '2']], clear: false }, except: child });
		expect(events).toEqual([]);
		// Web Storage's messages are none of the jar's.
		win.__handlers['storage-event']!({ area: 'local', changes: [['theme; path=/', 'x']], clear: false });
		expect(doc.cookie).toBe('consent=yes; theme=dark; cart=2');
		expect(win.__api.cookies!()).toEqual({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'theme; path=/': 'dark', 'cart; path=/': '2' });
		now = Date.parse('2028-01-01T00:00:00Z');
		expect(Object.keys(win.__api.cookies!())).toEqual(['theme; path=/', 'cart; path=/']);
		// The site's data cleared.
		win.__handlers['storage-event']!({ area: 'cookie', changes: [], clear: true });
		expect(doc.cookie).toBe('');
		frame.remove();
	});

	it('writes the form the hub reads', async () => {
		const { win, frame, sent } = await jarred({}, '/blog/post.html');
		win.document.cookie = 'seen=a=b; max-age=3600; path=/blog';
		win.document.cookie = 'flag';
		const [[key, text]] = sent[0]!.changes as [[string, string]];
		expect(parseCookie(key, text)).toMatchObject({ name: 'seen', path: '/blog', value: 'a=b' });
		expect(parseCookie(key, text)!.expires! - Date.now()).toBeGreaterThan(3_500_000);
		const [[key2, text2]] = sent[1]!.changes as [[string, string]];
		expect(parseCookie(key2, text2)).toEqual({ name: '', path: '/blog', value: 'flag', expires: null });
		frame.remove();
	});

	it('answers the Cookie Store API from the same jar: get, getAll, set and delete as the specification takes them, and a change event for what the page can see', async () => {
		const { win, frame, sent } = await jarred({ 'consent; path=/': 'yes' }, '/shop/cart.html');
		const store = win.cookieStore as unknown as CookieJarStore;
		expect(store).toBeInstanceOf((win as unknown as { CookieStore: new () => unknown }).CookieStore);
		const events: { changed: [string, string | undefined][]; deleted: string[] }[] = [];
		store.onchange = (event) => events.push({ changed: event.changed.map((c) => [c.name, c.value]), deleted: event.deleted.map((c) => c.name) });
		expect(await store.get('consent')).toMatchObject({ name: 'consent', value: 'yes', path: '/', expires: null });
		expect(await store.get('none')).toBeNull();
		// A session cookie on /, unless a path is given; an empty path is the page's folder.
		await store.set('theme', 'dark');
		await store.set({ name: 'cart', value: '3', path: '' });
		await store.set({ name: 'promo', value: '1', path: '/deals', expires: Date.now() + 60_000 });
		expect(win.document.cookie).toBe('cart=3; consent=yes; theme=dark');
		expect((await store.getAll()).map((c) => `${c.name}@${c.path}`)).toEqual(['cart@/shop', 'consent@/', 'theme@/']);
		expect(sent.map((m) => m.changes[0]![0])).toEqual(['theme; path=/', 'cart; path=/shop', 'promo; path=/deals']);
		// What a browser refuses rejects with a TypeError, and changes nothing.
		for (const bad of [[{ name: 'a', value: 'x;y' }], [{ name: 'a=b', value: '1' }], [{ name: '', value: '' }], [{ name: 'a', value: '1', path: 'rel' }], [{ name: '__Host-id', value: '1', path: '/shop' }], [{ name: 'big', value: 'x'.repeat(4094) }]])
			await expect(store.set(bad[0])).rejects.toBeInstanceOf(win.TypeError);
		await expect(store.get()).rejects.toBeInstanceOf(win.TypeError);
		expect(sent).toHaveLength(3);
		// Changes the page sees come a task later, whoever made them; one under another path does not.
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(events).toEqual([{ changed: [['theme', 'dark']], deleted: [] }, { changed: [['cart', '3']], deleted: [] }]);
		win.document.cookie = 'seen=1; path=/';
		win.__handlers['storage-event']!({ area: 'cookie', changes: [['consent; path=/', null], ['other; path=/blog', 'x']], clear: false });
		await store.delete('theme');
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(events.slice(2)).toEqual([{ changed: [['seen', '1']], deleted: [] }, { changed: [], deleted: ['consent'] }, { changed: [], deleted: ['theme'] }]);
		expect(win.document.cookie).toBe('cart=3; seen=1');
		frame.remove();
	});
});
