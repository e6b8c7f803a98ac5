// The first screen: what is kept of a workspace for the next start (checked when read back, trimmed
// to its caps, smaller when the quota is short), and the hand-over of what was typed into it before
// the hub answered — on top of the hub's text when nothing changed since, with the conflict bar when
// something did, and never lost when the file is gone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditorSelection, EditorState } from '@codemirror/state';
import { FIRST_SCREEN_LIMITS, parseFirstScreen, readFirstScreen, shownEnd, forgetFirstScreen, type FirstScreen } from '../../src/lib/client/first-screen';
import { storedFirstScreen, trimFirstScreen, writeFirstScreen } from '../../src/lib/client/first-screen-write';
import { handOver, type HandOverHost } from '../../src/lib/client/editor/first-file';
import { journalWrite } from '../../src/lib/client/editor/journal';
import type { FileSession } from '../../src/lib/client/editor/sessions';
import { minimalChange } from '../../src/lib/client/editor/codemirror';

/** `picture` as read back: its open file knows how much of it the outline was given. */
const readBack = (picture: FirstScreen): FirstScreen => ({ ...picture, open: picture.open && { ...picture.open, shown: shownEnd(picture.open.text) } });

const screen = (over: Partial<FirstScreen> = {}): FirstScreen => ({
	v: 2,
	workspaceId: 'w1',
	name: 'My site',
	revision: 4,
	files: [{ path: 'index.html', kind: 'text', language: 'html', mimeType: 'text/html', size: 20, hash: 'h' }],
	activePath: 'index.html',
	open: { path: 'index.html', text: '<h1>Hi</h1>', language: 'html', revision: 4 },
	preview: { revision: 4, html: '<!doctype html><h1>Hi</h1>', page: 'index.html', local: { theme: 'dark' }, network: false },
	layout: { filesWidth: 220 },
	at: 1,
	...over
});

/** A localStorage that refuses values longer than `room` characters, or past `total` in all (a full quota). */
class TightStorage {
	items = new Map<string, string>();
	total = Infinity;
	constructor(public room = Infinity) {}
	get length() {
		return this.items.size;
	}
	get used() {
		return [...this.items].reduce((n, [k, v]) => n + k.length + v.length, 0);
	}
	key(index: number) {
		return [...this.items.keys()][index] ?? null;
	}
	getItem(key: string) {
		return this.items.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		const after = this.used - (this.items.has(key) ? key.length + this.items.get(key)!.length : 0) + key.length + value.length;
		if (value.length > this.room || after > this.total) throw new DOMException('full', 'QuotaExceededError');
		this.items.set(key, value);
	}
	removeItem(key: string) {
		this.items.delete(key);
	}
}

describe('the kept picture', () => {
	let store: TightStorage;
	beforeEach(() => {
		store = new TightStorage();
		(globalThis as { localStorage?: unknown }).localStorage = store;
	});
	afterEach(() => delete (globalThis as { localStorage?: unknown }).localStorage);

	it('reads back what was written, for its workspace only', () => {
		writeFirstScreen(screen());
		expect(readFirstScreen('w1')).toEqual(readBack(screen()));
		expect(readFirstScreen('w2')).toBeNull();
		forgetFirstScreen('w1');
		expect(readFirstScreen('w1')).toBeNull();
	});

	it('ignores a torn, foreign or malformed picture', () => {
		expect(parseFirstScreen('{"v":1', 'w1')).toBeNull();
		// Version 1 kept the whole text where this one keeps the outline's head: neither reads the other's.
		expect(parseFirstScreen(JSON.stringify({ ...storedFirstScreen(screen()), v: 1 }), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify(screen()), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify({ ...screen(), workspaceId: 'w2' }), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify({ ...screen(), files: [{ path: 'a' }] }), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify({ ...screen(), open: { path: 'a', text: 3 } }), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify({ ...screen(), preview: { ...screen().preview, local: { a: 1 } } }), 'w1')).toBeNull();
		expect(parseFirstScreen(JSON.stringify({ ...screen(), layout: [1] }), 'w1')).toBeNull();
		expect(parseFirstScreen('null', 'w1')).toBeNull();
	});

	it('keeps a long file as the head the outline shows and the rest, and reads the whole text back', () => {
		const lines = Array.from({ length: 4000 }, (_, i) => `.rule-${i} { margin: ${i}px; }\r\n`).join('');
		writeFirstScreen(screen({ open: { ...screen().open!, path: 'big.css', text: lines } }));
		const kept = JSON.parse(store.getItem('studio:first-screen:w1')!) as { open: { text: string; rest: string } };
		// The outline's part ends at a line's end past 8 K characters, well short of the whole.
		expect(kept.open.text.length).toBeGreaterThanOrEqual(8192);
		expect(kept.open.text.length).toBeLessThan(8192 + 40);
		expect(kept.open.text.endsWith('\r\n')).toBe(true);
		expect(kept.open.text + kept.open.rest).toBe(lines);
		expect(readFirstScreen('w1')!.open).toEqual({ path: 'big.css', text: lines, language: 'html', revision: 4, shown: kept.open.text.length });
	});

	it('cuts the shown part at a line end, within a long line, past a caret, never inside a character', () => {
		expect(shownEnd('short\nfile')).toBe(10);
		const line = 'x'.repeat(100) + '\n';
		expect(shownEnd(line.repeat(200))).toBe(line.length * 82);
		// A minified file: one line, cut 8 K characters past the first 8 K.
		expect(shownEnd('y'.repeat(50_000))).toBe(16_384);
		// A caret further down keeps its line shown.
		expect(shownEnd(line.repeat(200), 12_000)).toBe(line.length * 119);
		// An emoji across the cut stays whole on the rest's side.
		const emoji = 'y'.repeat(16_383) + '😀' + 'z';
		expect(shownEnd(emoji)).toBe(16_383);
	});

	it('leaves out a text or a page past its cap, and keeps the file list within its own', () => {
		const files = Array.from({ length: FIRST_SCREEN_LIMITS.files + 5 }, (_, i) => ({ ...screen().files[0]!, path: `f${i}.html` }));
		const trimmed = trimFirstScreen(screen({ files, open: { ...screen().open!, text: 'x'.repeat(FIRST_SCREEN_LIMITS.text + 1) }, preview: { ...screen().preview!, html: 'y'.repeat(FIRST_SCREEN_LIMITS.html + 1) } }));
		expect(trimmed.open).toBeNull();
		expect(trimmed.preview).toBeNull();
		expect(trimmed.files).toHaveLength(FIRST_SCREEN_LIMITS.files);
		expect(trimFirstScreen(screen())).toEqual(screen());
	});

	it('over the quota, drops the page first, then the text, then itself', () => {
		const big = screen({ preview: { ...screen().preview!, html: 'p'.repeat(5000) }, open: { ...screen().open!, text: 't'.repeat(2000) } });
		store.room = 4000;
		writeFirstScreen(big);
		expect(readFirstScreen('w1')).toMatchObject({ preview: null, open: { text: 't'.repeat(2000) } });
		store.room = 1000;
		writeFirstScreen(big);
		expect(readFirstScreen('w1')).toMatchObject({ preview: null, open: null, files: big.files });
		store.room = 10;
		writeFirstScreen(big);
		expect(readFirstScreen('w1')).toBeNull();
	});

	it('over the quota, other workspaces\' pictures go before any part of the one in use', () => {
		const page = (mark: string) => ({ ...screen().preview!, html: mark.repeat(3000) });
		writeFirstScreen(screen({ workspaceId: 'w2', preview: page('o') }));
		const mine = screen({ preview: page('m') });
		// Room for one picture, not two.
		store.total = Math.round(store.used * 1.5);
		writeFirstScreen(mine);
		expect(readFirstScreen('w1')).toEqual(readBack(mine));
		expect(readFirstScreen('w2')).toBeNull();
	});

	it('the typing journal gets room before any picture: other workspaces\' first, then every one; still full, it throws nothing', () => {
		const page = (mark: string) => ({ ...screen().preview!, html: mark.repeat(3000) });
		writeFirstScreen(screen({ workspaceId: 'w2', preview: page('o') }));
		writeFirstScreen(screen({ preview: page('m') }));
		store.total = store.used + 100;
		const entry = (text: string) => ({ tabId: 'tab-1', workspaceId: 'w1', path: 'index.html', text, baseRevision: 4, baseHash: 'h', at: 1 });
		journalWrite(entry('typed '.repeat(100)));
		expect(JSON.parse(store.getItem('studio:unsaved:tab-1:index.html')!).text).toBe('typed '.repeat(100));
		expect(readFirstScreen('w2')).toBeNull();
		expect(readFirstScreen('w1')).not.toBeNull();
		// More than the other workspace's picture freed: the one in use goes too.
		journalWrite(entry('more '.repeat(1000)));
		expect(JSON.parse(store.getItem('studio:unsaved:tab-1:index.html')!).text).toBe('more '.repeat(1000));
		expect(readFirstScreen('w1')).toBeNull();
		// Nothing left to free.
		expect(() => journalWrite(entry('x'.repeat(store.total)))).not.toThrow();
		expect(JSON.parse(store.getItem('studio:unsaved:tab-1:index.html')!).text).toBe('more '.repeat(1000));
	});
});

/** A session as the editor holds it. */
const session = (text: string, base = text, extra: Partial<FileSession> = {}): FileSession => ({ state: EditorState.create({ doc: text }), base, revision: 4, saving: null, language: 'html', readOnly: false, shared: false, ...extra });

/** The editor as the hand-over sees it, recording what happens. */
function editor(held: FileSession, live: FileSession | null) {
	const log: string[] = [];
	const sessions = new Map<string, FileSession>([['index.html', held]]);
	const host: HandOverHost = {
		cm: { minimalChange } as HandOverHost['cm'],
		load: async () => live,
		current: (path) => sessions.get(path),
		swap: (path, next) => {
			log.push('swap');
			sessions.set(path, next);
		},
		dispatch: (path, build) => {
			const s = sessions.get(path)!;
			s.state = build(s.state).state;
		},
		typed: (path) => log.push(`typed ${path}`),
		conflict: (path, theirs) => log.push(`conflict ${path} ${JSON.stringify(theirs)}`),
		drop: (path) => log.push(`drop ${path}`),
		view: () => null
	};
	return { host, log, text: () => sessions.get('index.html')!.state.doc.toString(), state: () => sessions.get('index.html')!.state };
}

describe('handing the first file over to the hub', () => {
	it('puts what was typed on top of the same text, the caret where it was', async () => {
		const held = session('<h1>Hi</h1>', '<h1>Hi</h1>', { first: true });
		held.state = held.state.update({ changes: { from: 4, insert: 'Oh, ' }, selection: EditorSelection.cursor(8) }).state;
		const live = session('<h1>Hi</h1>', '<h1>Hi</h1>', { shared: true, revision: 5 });
		const e = editor(held, live);
		await handOver('index.html', held, e.host);
		expect(e.text()).toBe('<h1>Oh, Hi</h1>');
		expect(e.state().selection.main.head).toBe(8);
		expect(e.log).toEqual(['swap', 'typed index.html']);
	});

	it('a file written with \\r\\n: untouched, nothing counts as typed; typed, the typing lands where it was typed', async () => {
		const windows = 'a {\r\n  b: c;\r\n}\r\n';
		const untouched = session('a {\n  b: c;\n}\n', windows, { first: true });
		const a = editor(untouched, session('a {\n  b: c;\n}\n', windows, { shared: true, revision: 5 }));
		await handOver('index.html', untouched, a.host);
		expect(a.log).toEqual(['swap']);
		const typed = session('a {\n  b: c;\n}\n', windows, { first: true });
		typed.state = typed.state.update({ changes: { from: 11, insert: ' /* X */' }, selection: EditorSelection.cursor(19) }).state;
		// The hub's co-editing text holds the lines as the editor does: the same file, no conflict.
		const b = editor(typed, session('a {\n  b: c;\n}\n', 'a {\n  b: c;\n}\n', { shared: true, revision: 5 }));
		await handOver('index.html', typed, b.host);
		expect(b.text()).toBe('a {\n  b: c; /* X */\n}\n');
		expect(b.state().selection.main.head).toBe(19);
		expect(b.log).toEqual(['swap', 'typed index.html']);
	});

	it('takes the hub text as it is when nothing was typed', async () => {
		const held = session('<h1>Hi</h1>', '<h1>Hi</h1>', { first: true });
		const e = editor(held, session('<h1>Hello</h1>'));
		await handOver('index.html', held, e.host);
		expect(e.text()).toBe('<h1>Hello</h1>');
		expect(e.log).toEqual(['swap']);
	});

	it('raises the conflict bar when the file changed since and something was typed: both texts stay', async () => {
		const held = session('<h1>Hi</h1>!', '<h1>Hi</h1>', { first: true });
		const e = editor(held, session('<h1>Changed elsewhere</h1>'));
		await handOver('index.html', held, e.host);
		expect(e.text()).toBe('<h1>Hi</h1>!');
		expect(e.log).toEqual(['swap', 'conflict index.html "<h1>Changed elsewhere</h1>"', 'typed index.html']);
	});

	it('keeps typing for a file deleted since (keep mine writes it back), and closes an untouched one', async () => {
		const typed = session('<h1>Hi</h1>!', '<h1>Hi</h1>', { first: true });
		const a = editor(typed, null);
		await handOver('index.html', typed, a.host);
		expect(a.text()).toBe('<h1>Hi</h1>!');
		expect(a.log).toEqual(['conflict index.html ""']);
		expect(typed.first).toBeUndefined();
		const untouched = session('<h1>Hi</h1>', '<h1>Hi</h1>', { first: true });
		const b = editor(untouched, null);
		await handOver('index.html', untouched, b.host);
		expect(b.log).toEqual(['drop index.html']);
	});

	it('leaves alone a file closed or reopened while the hub answered', async () => {
		const held = session('<h1>Hi</h1>!', '<h1>Hi</h1>', { first: true });
		const e = editor(held, session('<h1>Hi</h1>'));
		e.host.current = () => undefined;
		await handOver('index.html', held, e.host);
		expect(e.log).toEqual([]);
	});
});
