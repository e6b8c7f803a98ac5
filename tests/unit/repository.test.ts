// The IndexedDB repository on fake-indexeddb: CAS across instances, quota, history bounds,
// quarantine, blocked/blocking handling and the version-1 fixture.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { IdbRepository, type StorageHealth } from '../../src/lib/storage/repository';
import { DB_VERSION, STORES } from '../../src/lib/storage/names';
import { WorkspaceService } from '../../src/lib/runtime/workspace-service';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';

// fake-indexeddb keeps databases per process: every test uses its own database name.
let dbCounter = 0;
const fresh = () => ({ indexedDB: new IDBFactory(), name: `studio-test-${++dbCounter}` });

describe('IndexedDB repository', () => {
	it('creates the starter workspace once and reloads it from storage', async () => {
		const db = fresh();
		const a = await IdbRepository.open(db);
		const { direct } = await makeStudio(a);
		ok(await direct('workspace_write_file', { path: 'styles.css', content: 'body{}', expectedRevision: 1 }));
		a.close();
		const b = await IdbRepository.open(db);
		const service = await WorkspaceService.open({ repository: b });
		expect(service.revision).toBe(2);
		expect(service.workspace.files.get('styles.css')?.content).toBe('body{}');
		expect((await b.history('default', 10)).map((e) => e.tool)).toEqual(['workspace_write_file']);
	});

	it('a commit below the history bounds reads no history entry (an old import of megabytes must not slow every write)', async () => {
		const db = fresh();
		const repository = await IdbRepository.open(db);
		const { direct } = await makeStudio(repository);
		ok(await direct('workspace_create_file', { path: 'big.txt', content: 'x'.repeat(100_000) }));
		const opened: string[] = [];
		const original = IDBObjectStore.prototype.openCursor;
		IDBObjectStore.prototype.openCursor = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['openCursor']>) {
			opened.push(this.name);
			return original.apply(this, args);
		};
		try {
			for (let i = 0; i < 3; i++) ok(await direct('workspace_write_file', { path: 'big.txt', content: `small ${i}` }));
		} finally {
			IDBObjectStore.prototype.openCursor = original;
		}
		expect(opened.filter((store) => store === STORES.revisions)).toEqual([]);
		expect((await repository.history('default', 10)).map((e) => e.revision)).toEqual([5, 4, 3, 2]);
	});

	it('two repository instances on one database (two tabs or builds): one commit wins, the other gets a retryable conflict, nothing interleaves', async () => {
		const db = fresh();
		const first = await makeStudio(await IdbRepository.open(db));
		const second = await makeStudio(await IdbRepository.open(db));
		const [r1, r2] = await Promise.all([
			first.direct('workspace_write_file', { path: 'app.js', content: 'one', expectedRevision: 1 }),
			second.direct('workspace_write_file', { path: 'app.js', content: 'two', expectedRevision: 1 })
		]);
		const results = [r1, r2];
		expect(results.filter((r) => !r.isError)).toHaveLength(1);
		const loser = results.find((r) => r.isError)!;
		expect(loser.structuredContent.error).toMatchObject({ code: 'WORKSPACE_REVISION_CONFLICT', retryable: true, details: { expectedRevision: 1, currentRevision: 2 } });
		const check = await IdbRepository.open(db);
		const stored = await WorkspaceService.open({ repository: check });
		expect(stored.revision).toBe(2);
		const winner = results.indexOf(results.find((r) => !r.isError)!) === 0 ? 'one' : 'two';
		expect(stored.workspace.files.get('app.js')?.content).toBe(winner);
		expect(await check.history('default', 10)).toHaveLength(1);
	});

	it('without expectedRevision, a commit that loses to another instance is rebuilt on fresh state, not lost', async () => {
		const db = fresh();
		const first = await makeStudio(await IdbRepository.open(db));
		const second = await makeStudio(await IdbRepository.open(db));
		ok(await first.direct('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Warm bread' }));
		const r = ok<{ revision: number }>(await second.direct('workspace_apply_patch', { path: 'index.html', search: 'every morning', replace: 'all day' }));
		expect(r.revision).toBe(3);
		const html = second.service.workspace.files.get('index.html')!.content!;
		expect(html).toContain('Warm bread, all day');
	});

	it('a quota error inside the transaction is WORKSPACE_QUOTA_EXCEEDED and leaves the stored workspace unchanged', async () => {
		const db = fresh();
		const repository = await IdbRepository.open(db);
		const { direct, service } = await makeStudio(repository);
		const store = Object.getPrototypeOf((repository.database.transaction(STORES.files, 'readwrite') as { store: object }).store);
		const put = store.put;
		store.put = function (this: { name: string }, ...args: unknown[]) {
			if (this.name === STORES.files) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
			return put.apply(this, args);
		};
		try {
			const result = await direct('workspace_write_file', { path: 'index.html', content: 'lost?', expectedRevision: 1 });
			expect(result.structuredContent.error).toMatchObject({ code: 'WORKSPACE_QUOTA_EXCEEDED', retryable: false });
		} finally {
			store.put = put;
		}
		expect(service.revision).toBe(1);
		const reopened = await WorkspaceService.open({ repository: await IdbRepository.open(db) });
		expect(reopened.revision).toBe(1);
		expect(reopened.workspace.files.get('index.html')!.content).toContain('Bright Bakery');
		expect(await repository.history('default', 5)).toEqual([]);
	});

	it('history is bounded by revision count and by bytes, oldest dropped first, and undo stacks follow', async () => {
		const db = fresh();
		const repository = await IdbRepository.open({ ...db, maxRevisions: 5, maxHistoryBytes: 1_000_000 });
		const { direct, service } = await makeStudio(repository);
		for (let i = 0; i < 12; i++) ok(await direct('workspace_write_file', { path: 'README.md', content: `v${i}` }));
		const history = await repository.history('default', 100);
		expect(history.map((e) => e.revision)).toEqual([13, 12, 11, 10, 9]);
		expect(service.undoState.undo.length).toBeLessThanOrEqual(12);
		const reopened = await WorkspaceService.open({ repository: await IdbRepository.open({ ...db, maxRevisions: 5 }) });
		expect(reopened.undoState.undo).toEqual([9, 10, 11, 12, 13]);
		expect(errorCode(await direct('workspace_restore_revision', { revision: 3 }))).toBe('WORKSPACE_HISTORY_EMPTY');

		const small = await IdbRepository.open({ ...fresh(), maxRevisions: 500, maxHistoryBytes: 3000 });
		const s = await makeStudio(small);
		for (let i = 0; i < 10; i++) ok(await s.direct('workspace_write_file', { path: 'README.md', content: `${i}`.repeat(400) }));
		const kept = await small.history('default', 100);
		expect(kept.reduce((sum, e) => sum + e.bytes, 0)).toBeLessThanOrEqual(3000);
		expect(kept[0]!.revision).toBe(11);
		expect(kept.length).toBeLessThan(10);
	});

	it('a record that fails validation on load is quarantined and reported, not dropped silently', async () => {
		const db = fresh();
		const repository = await IdbRepository.open(db);
		await WorkspaceService.open({ repository });
		await repository.database.put(STORES.files, { workspaceId: 'default', path: 'broken.css', kind: 'text', size: 'many' });
		const { direct } = await makeStudio(await IdbRepository.open(db));
		const status = ok<{ quarantined: { store: string; key: string }[]; fileCount: number }>(await direct('workspace_get_status'));
		expect(status.quarantined).toEqual([expect.objectContaining({ store: 'files', key: 'default/broken.css' })]);
		expect(status.fileCount).toBe(7);
		const kept = await repository.database.getAll(STORES.quarantine);
		expect(kept[0]).toMatchObject({ record: { path: 'broken.css', size: 'many' } });
	});

	it('blocking: an upgrade from a newer version closes this connection and later commits say so; blocked opens do not hang', async () => {
		const db = fresh();
		const { indexedDB } = db;
		const seen: StorageHealth[] = [];
		const repository = await IdbRepository.open({ ...db, onHealth: (h) => seen.push(h) });
		const { direct } = await makeStudio(repository);
		const newer = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open(db.name, 99);
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		expect(seen).toContain('closed-for-upgrade');
		const result = await direct('workspace_write_file', { path: 'app.js', content: 'x' });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED', details: { reason: 'closed-for-upgrade' } });
		newer.close();

		const holder = await new Promise<IDBDatabase>((resolve) => {
			const request = indexedDB.open(`${db.name}-blocked`, 1);
			request.onsuccess = () => resolve(request.result);
		});
		holder.onversionchange = () => undefined; // an old tab that never lets go
		await expect(IdbRepository.open({ indexedDB, name: `${db.name}-blocked`, version: 2, blockedTimeoutMs: 200 })).rejects.toMatchObject({ code: 'TOOL_EXECUTION_FAILED', details: { reason: 'blocked' } });
		holder.close();
	});

	it('schema version 1 fixture upgrades to the current version (transcripts store added), loads, and commits on top of it', async () => {
		const fixture = JSON.parse(readFileSync(new URL('../fixtures/idb-v1.json', import.meta.url), 'utf8')) as Record<string, unknown[]>;
		const db = fresh();
		const { indexedDB } = db;
		(await IdbRepository.open({ ...db, version: 1 })).close();
		const raw = await new Promise<IDBDatabase>((resolve) => {
			const request = indexedDB.open(db.name, 1);
			request.onsuccess = () => resolve(request.result);
		});
		const tx = raw.transaction(Object.keys(fixture), 'readwrite');
		for (const [store, rows] of Object.entries(fixture)) for (const row of rows) tx.objectStore(store).put(row);
		await new Promise((resolve) => (tx.oncomplete = resolve));
		raw.close();
		const upgraded = await IdbRepository.open(db);
		expect(upgraded.database.version).toBe(DB_VERSION);
		expect([...upgraded.database.objectStoreNames]).toContain(STORES.transcripts);
		const { service, direct } = await makeStudio(upgraded);
		expect(service.revision).toBe(4);
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>Fixture</h1>\n');
		expect(service.undoState).toEqual({ undo: [4], redo: [] });
		const history = ok<{ entries: { revision: number; tool: string; approved: boolean }[] }>(await direct('workspace_history'));
		expect(history.entries[0]).toMatchObject({ revision: 4, tool: 'workspace_write_file', approved: true });
		ok(await direct('workspace_undo', { expectedRevision: 4 }));
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>Before</h1>\n');
	});
});

describe('corruption is repaired, never papered over', () => {
	it('a corrupt workspace record with files present is quarantined and rebuilt from the files: nothing lost, no starter', async () => {
		const db = fresh();
		const first = await makeStudio(await IdbRepository.open(db));
		ok(await first.direct('workspace_write_file', { path: 'index.html', content: '<h1>Mine</h1>' }));
		ok(await first.direct('workspace_create_file', { path: 'notes.txt', content: 'keep me' }));
		const revision = first.service.revision;
		await first.service.repository.close();
		const raw = await IdbRepository.open(db);
		await raw.database.put(STORES.workspaces, { id: 'default', name: 42, revision: 'garbage' });
		raw.close();

		const repository = await IdbRepository.open(db);
		const { service, direct } = await makeStudio(repository);
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>Mine</h1>');
		expect(service.workspace.files.get('notes.txt')?.content).toBe('keep me');
		expect(service.workspace.files.has('styles.css')).toBe(true); // the starter's other files were kept too, not rewritten
		expect(service.revision).toBe(revision); // continues after the newest history entry
		const status = ok<{ quarantined: { store: string; reason: string }[] }>(await direct('workspace_get_status'));
		expect(status.quarantined).toEqual([expect.objectContaining({ store: 'workspaces', reason: expect.stringContaining('rebuilt') })]);
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'still works', expectedRevision: revision }));
		expect((await repository.history('default', 10)).map((e) => e.revision)[0]).toBe(revision + 1);
	});

	it('files whose workspace record is missing are adopted, not replaced by the starter', async () => {
		const db = fresh();
		const first = await makeStudio(await IdbRepository.open(db));
		ok(await first.direct('workspace_write_file', { path: 'index.html', content: '<h1>Only mine</h1>' }));
		first.service.repository.close();
		const raw = await IdbRepository.open(db);
		await raw.database.delete(STORES.workspaces, 'default');
		raw.close();
		const { service } = await makeStudio(await IdbRepository.open(db));
		expect(service.workspace.files.get('index.html')?.content).toBe('<h1>Only mine</h1>');
	});
});
