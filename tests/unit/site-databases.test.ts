// The site's IndexedDB in the preview, as the hub side makes it: a page whose code names `indexedDB`
// (its scripts, modules, packages) gets the bridge with the library and the databases the hub keeps;
// any other page keeps the plain bridge, byte for byte. The library loads on the first such page
// (a compile before it is not used); the databases persist per workspace, are told to no other tab,
// reach the next render (never a trial compiled before the change), and clear with the site's storage.
import { describe, expect, it, vi } from 'vitest';
import { compile } from '../../src/lib/preview/compile';
import { BRIDGE_SOURCE } from '../../src/lib/preview/bridge';
import { PreviewCoordinator } from '../../src/lib/preview/coordinator';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import type { PreviewRender, SiteStorageChange } from '../../src/lib/preview/messages';

function ws(files: Record<string, string>, revision = 3): Workspace {
	return { id: 'w', name: 'w', revision, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) };
}

const CALL = 'studioIndexedDB(api, studioIndexedDBLibrary, ';
const usesIt = ws({ 'index.html': '<!doctype html><p>x</p><script src="app.js"></script>', 'app.js': "const open = indexedDB.open('todos', 1);\n" });
const byModule = ws({ 'index.html': '<script type="module">import "./db.js";</script>', 'db.js': 'export const db = window.indexedDB;\n' });
const plain = ws({ 'index.html': '<script src="app.js"></script>', 'app.js': "localStorage.setItem('a', '1');\n", 'notes.md': 'indexedDB is not used by the page' });

describe('which bridge a page carries', () => {
	it('a page that uses IndexedDB waits for the library (its compile is not used), then carries it with the databases kept', async () => {
		// A hub as it starts: nothing loaded yet (the tests' setup loads the library for every other test).
		vi.resetModules();
		const fresh = { compile: (await import('../../src/lib/preview/compile')).compile, ...(await import('../../src/lib/preview/compiler/indexeddb')) };
		await Promise.all([(await import('../../src/lib/domain/html-parser')).htmlParser.load(), (await import('../../src/lib/preview/compiler/location')).loadLocationParser()]);
		expect(fresh.indexedDBLibrarySettled()).toBe(false);
		expect(fresh.compile(plain).html).not.toContain(CALL);
		expect(fresh.indexedDBLibraryWanted()).toBe(false);
		expect(fresh.compile(usesIt).html).not.toContain(CALL);
		expect(fresh.indexedDBLibraryWanted()).toBe(true);
		await fresh.loadIndexedDBLibrary();
		expect(fresh.indexedDBLibraryWanted()).toBe(false);
		expect(fresh.indexedDBLibrarySettled()).toBe(true);
		const seed = { todos: '[{"version":1,"stores":2},1,[]]', odd: '</script><p>' };
		const html = fresh.compile(usesIt, null, undefined, undefined, seed).html;
		expect(html).toContain('var studioIndexedDBLibrary=');
		expect(html).toContain(`${CALL}${JSON.stringify(seed).replace('</script', '<\\/script')}, ${5 * 1024 * 1024});`);
		// The seed cannot end the bridge's script early: the page's own markup still follows it whole.
		expect(html.match(/<\/script>/g)).toHaveLength(2);
		expect(fresh.compile(byModule).html).toContain(CALL);
	});

	it('any other page keeps the plain bridge: a word in a file it does not run changes nothing', async () => {
		const html = compile(plain, null, undefined, undefined, { todos: 'x' }).html;
		expect(html).not.toContain('studioIndexedDB');
		expect(html).toContain(BRIDGE_SOURCE);
		expect(BRIDGE_SOURCE).not.toContain('studioIndexedDB');
	});

	it('the bridge never ends its own tag early: no frame program, code or comment, holds a closing script tag', () => {
		expect(BRIDGE_SOURCE).not.toMatch(/<\/script/i);
	});
});

describe('the databases the hub keeps', () => {
	const coordinator = (options: Partial<ConstructorParameters<typeof PreviewCoordinator>[0]> = {}) => {
		const sent: PreviewRender[] = [];
		const c = new PreviewCoordinator({ send: (_tab, render) => sent.push(render), ackTimeoutMs: 50, ...options });
		return { c, sent };
	};
	const seedOf = (html: string) => JSON.parse(html.slice(html.indexOf(CALL) + CALL.length, html.indexOf(`, ${5 * 1024 * 1024});`)).replaceAll('<\\/', '</')) as Record<string, string>;

	it('persists each database a page wrote, tells no other tab, and the next render starts from it', async () => {
		const saved: Record<string, string>[] = [];
		const told: [SiteStorageChange, string | null][] = [];
		// With packages, a render takes the trial compile of the step before it (packages-step.ts).
		const packages = { changes: 0, prepare: async () => false, view: () => ({ cdn: { kind: 'esm.sh' as const }, pins: {}, version: () => undefined, file: () => undefined, problem: () => undefined }) };
		const { c } = coordinator({
			packages,
			databaseStore: { get: async () => ({ kept: 'from before', bad: 2 }), set: async (value) => void saved.push(value) },
			onStorage: (change, from) => told.push([change, from])
		});
		await c.loadStorage();
		expect(seedOf(c.registerHost('tab-a', usesIt).html)).toEqual({ kept: 'from before' });
		// A trial compiled before a change is not the next render's.
		await c.prepare(usesIt);
		c.storageChange('tab-a', { area: 'indexeddb', changes: [['todos', 'v1'], ['kept', null]] });
		expect(seedOf(c.registerHost('tab-b', usesIt).html)).toEqual({ todos: 'v1' });
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(saved.at(-1)).toEqual({ todos: 'v1' });
		expect(told).toEqual([]);
		// Past the hub's limit nothing of the change is kept.
		c.storageChange('tab-a', { area: 'indexeddb', changes: [['huge', 'x'.repeat(20 * 1024 * 1024 + 1)]] });
		expect(seedOf(c.registerHost('tab-b', usesIt).html)).toEqual({ todos: 'v1' });
		// localStorage and the databases are apart.
		c.storageChange('tab-a', { area: 'local', changes: [['todos', 'a string']] });
		expect(c.siteStorage().local).toEqual({ todos: 'a string' });
		expect(seedOf(c.registerHost('tab-b', usesIt).html)).toEqual({ todos: 'v1' });
	});

	it('clears with the site\'s storage, and says how many databases went', async () => {
		const { c, sent } = coordinator();
		c.registerHost('tab-a', usesIt);
		c.storageChange('tab-a', { area: 'indexeddb', changes: [['todos', 'v1'], ['notes', 'v2']] });
		c.storageChange('tab-a', { area: 'local', changes: [['a', '1']] });
		sent.length = 0;
		const cleared = c.clearStorage(usesIt);
		await new Promise((resolve) => setTimeout(resolve, 0));
		for (const render of sent) c.ack('tab-a', render.renderId, { revision: render.revision, status: 'ready', durationMs: 1, errors: [] });
		expect((await cleared).message).toBe('1 item and 2 databases cleared.');
		expect(seedOf(sent.at(-1)!.html)).toEqual({});
	});
});

describe('the databases as an agent reads them', () => {
	it('describes each database the preview wrote: stores, indexes, counts and the first records as JSON, cut at a length', async () => {
		const { stringify } = await import('devalue');
		const { describeDatabases } = await import('../../src/lib/runtime/site-databases');
		const records = Array.from({ length: 25 }, (_, i) => [i + 1, { id: i + 1, when: new Date(Date.UTC(2026, 0, 1)), seen: new Map([[1, 'x']]), bytes: new Uint8Array([1, 2]), big: 10n, text: 'y'.repeat(i === 0 ? 50 : 1) }]);
		const kept = {
			notes: stringify({ version: 2, stores: [{ name: 'notes', keyPath: 'id', autoIncrement: true, generator: 25, indexes: [{ name: 'by-tag', keyPath: 'tags', unique: false, multiEntry: true }], records }] }),
			broken: '{"not":"devalue"',
			other: stringify({ version: 'one' })
		};
		const [broken, notes, other] = await describeDatabases(kept, 120);
		expect(broken).toEqual({ name: 'broken', error: 'not a database the preview wrote' });
		expect(other).toEqual({ name: 'other', error: 'not a database the preview wrote' });
		expect(notes).toMatchObject({ name: 'notes', version: 2, stores: [{ name: 'notes', keyPath: 'id', autoIncrement: true, indexes: ['by-tag'], count: 25 }] });
		const shown = notes!.stores![0]!.records;
		expect(shown).toHaveLength(20);
		expect(shown[1]).toEqual({ key: '2', value: '{"id":2,"when":"2026-01-01T00:00:00.000Z","seen":{"Map":[[1,"x"]]},"bytes":{"Uint8Array":[1,2]},"big":"10n","text":"y"}' });
		expect(shown[0]!.value).toMatch(/… \(\d+ chars\)$/);
		expect(await describeDatabases({}, 10)).toEqual([]);
	});
});

describe('a storage message of the frame', () => {
	it('goes to the hub with its area, which the hub checks: IndexedDB and localStorage pass, anything else is refused', async () => {
		const v = await import('valibot');
		const { SiteStorageChangeSchema } = await import('../../src/lib/preview/schemas');
		const { storageChangeOf } = await import('../../src/lib/preview/site-channel');
		const message = (area: string) => ({ type: 'storage' as const, revision: 1, nonce: 'n', area: area as 'local', changes: [['todos', 'v1'], ['bad', 3]] as [string, string][], clear: false });
		expect(storageChangeOf(message('indexeddb'))).toEqual({ area: 'indexeddb', changes: [['todos', 'v1']], clear: false });
		for (const area of ['local', 'session', 'indexeddb']) expect(v.safeParse(SiteStorageChangeSchema, storageChangeOf(message(area))).success, area).toBe(true);
		expect(v.safeParse(SiteStorageChangeSchema, storageChangeOf(message('cookies'))).success).toBe(false);
	});
});
