// The preview's Web Storage shims (preview/frame/storage.js) in real Chromium, in a frame of their
// own: string values, length and key(), property access, Object.keys, a quota, one batched message
// per task to the host, storage events for another preview's changes.
import { describe, expect, it } from 'vitest';
import storageSource from '../../src/lib/preview/frame/storage.js?raw';

type Sent = { type: string; area: string; changes: [string, string | null][]; clear: boolean };

/** A frame with the shim installed over a fake bridge; returns its window and what it sent. */
async function shimmed(seed: { local?: Record<string, string>; session?: Record<string, string> } = {}) {
	const frame = document.createElement('iframe');
	document.body.append(frame);
	await new Promise((resolve) => setTimeout(resolve, 0));
	const win = frame.contentWindow as Window & typeof globalThis & { eval(code: string): unknown; __api: unknown; __handlers: Record<string, (m: Record<string, unknown>, frame?: unknown) => void> };
	const sent: Sent[] = [];
	win.__handlers = {};
	const toFrames: { message: Record<string, unknown>; except: unknown }[] = [];
	win.__api = {
		origin: 'https://site.invalid',
		host: seed,
		send: (m: Sent) => sent.push(m),
		request: async () => ({}),
		beforeReady: () => undefined,
		onChild: (type: string, fn: (m: Record<string, unknown>, frame: unknown) => void) => (win.__handlers[`child:${type}`] = fn as (m: Record<string, unknown>) => void),
		toFrames: (message: Record<string, unknown>, except: unknown) => toFrames.push({ message, except }),
		on: (type: string, fn: (m: Record<string, unknown>) => void) => (win.__handlers[type] = fn),
		caller: () => ({ source: '', line: 0 })
	};
	win.eval(`${storageSource}\nstudioStorage(window.__api);`);
	const tick = () => new Promise((resolve) => win.setTimeout(resolve, 5));
	return { win, sent, tick, frame, toFrames };
}

describe('the preview storage shim', () => {
	it('behaves like Web Storage: strings, length, key(), property access, delete, Object.keys, clear', async () => {
		const { win, sent, tick, frame } = await shimmed({ local: { seeded: 'yes' } });
		const ls = win.localStorage;
		expect(ls.getItem('seeded')).toBe('yes');
		ls.setItem('n', 42 as unknown as string);
		expect(ls.getItem('n')).toBe('42');
		(ls as unknown as Record<string, unknown>).todos = [1, 2];
		expect(ls.getItem('todos')).toBe('1,2');
		expect((ls as unknown as Record<string, unknown>).todos).toBe('1,2');
		expect(ls.length).toBe(3);
		expect([0, 1, 2].map((i) => ls.key(i))).toEqual(['seeded', 'n', 'todos']);
		expect(ls.key(3)).toBeNull();
		expect(Object.keys(ls)).toEqual(['seeded', 'n', 'todos']);
		expect('n' in ls).toBe(true);
		delete (ls as unknown as Record<string, unknown>).n;
		expect(ls.getItem('n')).toBeNull();
		expect(ls.getItem('never')).toBeNull();
		expect(String(ls)).toBe('[object Storage]');
		await tick();
		// One message for the whole task, in order.
		expect(sent).toEqual([{ type: 'storage', area: 'local', changes: [['n', '42'], ['todos', '1,2'], ['n', null]], clear: false }]);
		ls.clear();
		expect(ls.length).toBe(0);
		await tick();
		expect(sent.at(-1)).toMatchObject({ area: 'local', changes: [], clear: true });
		frame.remove();
	});

	it('sessionStorage is its own area; the quota throws QuotaExceededError and keeps the old value', async () => {
		const { win, sent, tick, frame } = await shimmed({ session: { visits: '2' } });
		expect(win.sessionStorage.getItem('visits')).toBe('2');
		win.sessionStorage.setItem('visits', '3');
		expect(win.localStorage.getItem('visits')).toBeNull();
		win.localStorage.setItem('big', 'x'.repeat(1000));
		expect(() => win.localStorage.setItem('big', 'y'.repeat(5 * 1024 * 1024))).toThrow(/quota/);
		try {
			win.localStorage.setItem('big', 'y'.repeat(5 * 1024 * 1024));
		} catch (error) {
			expect((error as DOMException).name).toBe('QuotaExceededError');
		}
		expect(win.localStorage.getItem('big')).toBe('x'.repeat(1000));
		await tick();
		expect(sent.map((m) => m.area).sort()).toEqual(['local', 'session']);
		frame.remove();
	});

	it('another preview\'s change applies and fires a storage event; a cookie change is none of storage\'s', async () => {
		const { win, frame } = await shimmed({ local: { todos: '[]' } });
		const events: { key: string | null; oldValue: string | null; newValue: string | null }[] = [];
		win.addEventListener('storage', (event) => events.push({ key: event.key, oldValue: event.oldValue, newValue: event.newValue }));
		win.__handlers['storage-event']!({ area: 'local', changes: [['todos', '[1]']], clear: false });
		expect(win.localStorage.getItem('todos')).toBe('[1]');
		expect(events).toEqual([{ key: 'todos', oldValue: '[]', newValue: '[1]' }]);
		// A change the page already has (it loaded after it) fires nothing, as in browsers; nor does clearing an empty area.
		win.__handlers['storage-event']!({ area: 'local', changes: [['todos', '[1]'], ['gone', null]], clear: false });
		win.__handlers['storage-event']!({ area: 'session', changes: [], clear: true });
		expect(events).toHaveLength(1);
		// Cookies are cookies.js's: neither another tab's nor a framed page's reaches localStorage.
		win.__handlers['storage-event']!({ area: 'cookie', changes: [['seen; path=/', '1']], clear: false });
		win.__handlers['child:storage']!({ area: 'cookie', changes: [['theme; path=/', 'dark']], clear: false }, {});
		expect(Object.keys(win.localStorage)).toEqual(['todos']);
		expect(events).toHaveLength(1);
		frame.remove();
	});

	it('a framed page\'s change is the page\'s own (kept, sent on, an event here); every change goes to the frames but the one that made it', async () => {
		const { win, sent, tick, frame, toFrames } = await shimmed({ local: { a: '1' } });
		const events: (string | null)[] = [];
		win.addEventListener('storage', (event) => events.push(`${event.key}=${event.newValue}`));
		const child = { name: 'framed page' };
		win.__handlers['child:storage']!({ area: 'local', changes: [['b', '2']], clear: false }, child);
		expect(win.localStorage.getItem('b')).toBe('2');
		expect(events).toEqual(['b=2']);
		// The other frames hear of it at once; the one that made it does not.
		expect(toFrames).toEqual([{ message: { type: 'storage-event', area: 'local', changes: [['b', '2']], clear: false }, except: child }]);
		win.localStorage.setItem('c', '3');
		await tick();
		// Both go to the host; the page's own change goes to every frame.
		expect(sent).toEqual([{ type: 'storage', area: 'local', changes: [['b', '2'], ['c', '3']], clear: false }]);
		expect(toFrames.at(-1)).toEqual({ message: { type: 'storage-event', area: 'local', changes: [['c', '3']], clear: false }, except: null });
		// Another tab's change is applied and passed on to every frame.
		win.__handlers['storage-event']!({ area: 'local', changes: [['a', '9']], clear: false });
		expect(toFrames.at(-1)).toEqual({ message: { type: 'storage-event', area: 'local', changes: [['a', '9']], clear: false }, except: null });
		frame.remove();
	});
});
