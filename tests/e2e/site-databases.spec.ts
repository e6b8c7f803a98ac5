// A site's IndexedDB behaves as on a host: a page using `idb` and Dexie (the npm packages' own
// builds) opens, upgrades, writes and queries its databases (indexes, key ranges, Dates, Maps,
// bytes), and finds
// them again after a render, a reload of the studio and a new start, with its key generators going
// on past deleted records; an agent reads them with preview_get_storage. A database the studio cannot
// keep (a Blob in it) lasts for the page and the console says so; the preview's Site data lists them;
// clearing the site's storage clears them too.
import { readFileSync } from 'node:fs';
import { test, expect, previewFrame, waitForHub } from './fixtures';
import { call, openSite, previewStatus } from './helpers/open-site';


const files = {
	'lib/idb/index.js': readFileSync('node_modules/idb/build/index.js', 'utf8'),
	'lib/dexie.min.js': readFileSync('node_modules/dexie/dist/dexie.min.js', 'utf8'),
	'js/todos.js': `var db = new Dexie('todos');
db.version(1).stores({ todos: '++id, done, *tags' });
db.todos.add({ title: 'visit', done: 0, tags: ['home'] })
  .then(function () { return Promise.all([db.todos.count(), db.todos.where('tags').equals('home').count(), db.todos.orderBy('id').last()]); })
  .then(function (r) { document.getElementById('todos').textContent = 'todos: ' + r[0] + ' tagged ' + r[1] + ' last ' + r[2].id; })
  .catch(function (e) { document.getElementById('todos').textContent = 'todos error: ' + e; });
`,
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Notes</title></head><body>
<p id="notes">notes?</p><p id="files">files?</p><p id="todos">todos?</p>
<script src="lib/dexie.min.js"></script>
<script src="js/todos.js"></script>
<script type="module">
import { openDB } from './lib/idb/index.js';
const out = (id, text) => { document.getElementById(id).textContent = text; };
try {
  const db = await openDB('notes', 2, {
    upgrade(db, old) {
      if (old < 1) db.createObjectStore('notes', { keyPath: 'id', autoIncrement: true }).createIndex('by-tag', 'tags', { multiEntry: true });
      if (old < 2) db.createObjectStore('meta');
    }
  });
  await db.add('notes', { text: 'visit', when: new Date(), tags: ['a', 'b'], seen: new Map([[1, 'x']]), bytes: new Uint8Array([1, 2, 3]) });
  // A record added and deleted: the next visit's key still goes past it.
  await db.delete('notes', await db.add('notes', { text: 'draft', tags: [] }));
  const all = await db.getAll('notes');
  const last = all.at(-1);
  const tagged = await db.countFromIndex('notes', 'by-tag', 'a');
  const first = await db.count('notes', IDBKeyRange.bound(1, 2));
  out('notes', 'notes: ids ' + all.map((n) => n.id).join(',') + ' tagged ' + tagged + ' first ' + first + ' ' + (last.when instanceof Date) + ' ' + last.seen.get(1) + ' ' + last.bytes.join('') + ' ' + (db instanceof IDBDatabase));
  const kept = await openDB('files', 1, { upgrade: (db) => db.createObjectStore('files') });
  const count = (await kept.count('files')) + 1;
  await kept.put('files', new Blob(['picture']), 'picture-' + count);
  out('files', 'files: ' + count);
} catch (error) {
  out('notes', 'error: ' + error);
}
</script>
</body></html>`
};

test('a site’s IndexedDB works as on a host and keeps its databases across renders and studio reloads until the site’s storage is cleared', async ({ page }) => {
	test.setTimeout(90_000);
	await openSite(page, files);
	const site = previewFrame(page);
	await expect(site.locator('#notes')).toHaveText('notes: ids 1 tagged 1 first 1 true x 123 true', { timeout: 15_000 });
	await expect(site.locator('#files')).toHaveText('files: 1');
	await expect(site.locator('#todos')).toHaveText('todos: 1 tagged 1 last 1');

	await call(page, 'preview_refresh');
	await expect(site.locator('#notes')).toHaveText('notes: ids 1,3 tagged 2 first 1 true x 123 true', { timeout: 15_000 });
	// The Blob's database lasted for its page only, and the console said why.
	await expect(site.locator('#files')).toHaveText('files: 1');
	await expect(site.locator('#todos')).toHaveText('todos: 2 tagged 2 last 2');
	const status = await previewStatus(page);
	expect(status.errors).toEqual([]);
	expect(status.console.map((line) => line.text)).toContainEqual(expect.stringContaining('IndexedDB database "files" holds a value the preview cannot keep'));

	// An agent reads them as the hub keeps them.
	const stored = (await call(page, 'preview_get_storage')).structuredContent as unknown as { indexedDB: { name: string; version: number; stores: { name: string; indexes: string[]; count: number; records: { key: string; value: string }[] }[] }[] };
	expect(stored.indexedDB.map((database) => [database.name, database.version, database.stores.map((store) => [store.name, store.count])])).toEqual([
		['files', 1, [['files', 0]]],
		['notes', 2, [['notes', 2], ['meta', 0]]],
		['todos', 10, [['todos', 2]]]
	]);
	expect(stored.indexedDB[1]!.stores[0]!.indexes).toEqual(['by-tag']);
	expect(stored.indexedDB[1]!.stores[0]!.records[1]).toEqual({ key: '3', value: expect.stringMatching(/^\{"text":"visit","when":"\d{4}-.+","tags":\["a","b"\],"seen":\{"Map":\[\[1,"x"\]\]\},"bytes":\{"Uint8Array":\[1,2,3\]\},"id":3\}$/) });

	await page.reload();
	await waitForHub(page);
	await expect(site.locator('#notes')).toHaveText('notes: ids 1,3,5 tagged 3 first 1 true x 123 true', { timeout: 15_000 });
	await expect(site.locator('#todos')).toHaveText('todos: 3 tagged 3 last 3');

	// A person sees them in the preview's Site data, beside localStorage.
	const preview = page.getByTestId('preview-panel');
	await preview.getByRole('button', { name: 'Site data' }).click();
	const table = preview.getByRole('table', { name: "The site's storage" });
	await expect(table.getByRole('row', { name: /IndexedDB “todos”/ })).toContainText('version 10 · todos: 3 records');
	await expect(table.getByRole('row', { name: /IndexedDB “notes”/ })).toContainText('version 2 · notes: 3 records, meta: 0 records');

	const cleared = await call(page, 'preview_clear_storage');
	// The Blob's database is kept as it was before the Blob: created, empty.
	expect(cleared.structuredContent.preview?.message).toBe('0 items and 3 databases cleared.');
	await expect(site.locator('#notes')).toHaveText('notes: ids 1 tagged 1 first 1 true x 123 true', { timeout: 15_000 });
	await expect(site.locator('#todos')).toHaveText('todos: 1 tagged 1 last 1');
});

test('an IndexedDB write a page starts as it leaves (a draft saved on pagehide) is in the next render after an edit or a refresh, as after a host\'s reload', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	const draftPage = (title: string) => `<!doctype html><title>${title}</title><h1>${title}</h1><textarea id="draft"></textarea><p id="got">?</p>
<script>
var open = indexedDB.open('drafts', 1);
open.onupgradeneeded = function () { open.result.createObjectStore('drafts'); };
open.onsuccess = function () {
  var db = open.result;
  db.transaction('drafts').objectStore('drafts').get('note').onsuccess = function (e) {
    var kept = e.target.result || '';
    document.getElementById('draft').value = kept;
    document.getElementById('got').textContent = '[' + kept + ']';
  };
  addEventListener('pagehide', function () {
    db.transaction('drafts', 'readwrite').objectStore('drafts').put(document.getElementById('draft').value, 'note');
  });
};
</script>`;
	await call(page, 'workspace_apply_changes', { operations: [{ op: 'write', path: 'index.html', content: draftPage('Draft'), createIfMissing: true }] });
	const site = previewFrame(page);
	await expect(site.locator('#got')).toHaveText('[]');
	await site.locator('#draft').fill('kept across an edit');
	await call(page, 'workspace_apply_changes', { operations: [{ op: 'write', path: 'index.html', content: draftPage('Draft 2') }] });
	await expect(site.locator('h1')).toHaveText('Draft 2');
	await expect(site.locator('#got')).toHaveText('[kept across an edit]');
	await site.locator('#draft').fill('kept across a refresh');
	await page.getByRole('button', { name: 'Refresh preview' }).click();
	await expect(site.locator('#got')).toHaveText('[kept across a refresh]');
	// The hub keeps it too: a studio reloaded finds it.
	await page.reload();
	await waitForHub(page);
	await expect(previewFrame(page).locator('#got')).toHaveText('[kept across a refresh]', { timeout: 15_000 });
});
