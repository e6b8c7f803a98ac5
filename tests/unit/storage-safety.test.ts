// Nothing stored is lost: the quota guard refuses a write that would not fit before it is tried; a
// storage that cannot be used serves nothing, writes nothing and still yields a backup.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import { StorageMonitor } from '../../src/lib/worker/storage-monitor';
import { WorkspaceService } from '../../src/lib/runtime/workspace-service';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { IdbRepository } from '../../src/lib/storage/repository';
import { UnavailableRepository, describeStorageFailure } from '../../src/lib/storage/unavailable';
import { readBackup } from '../../src/lib/storage/backup';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { zipFiles } from '../../src/lib/runtime/zip';
import { makeFile } from '../../src/lib/domain/model';

describe('quota', () => {
	it('a write that would not fit is refused with WORKSPACE_QUOTA_EXCEEDED before anything is written', async () => {
		const monitor = new StorageMonitor({ estimate: async () => ({ usage: 900_000, quota: 1_000_000 }), persisted: async () => false }, () => undefined);
		await monitor.refresh(true);
		expect(monitor.use).toEqual({ persisted: false, usage: 900_000, quota: 1_000_000 });
		const repository = new MemoryRepository();
		const service = await WorkspaceService.open({ repository, quota: monitor });
		const before = service.revision;
		await expect(service.mutate({ tool: 'workspace_write_file', context: { source: 'editor', mode: 'direct' }, approved: false }, () => ({ type: 'write', path: 'index.html', content: 'x'.repeat(200_000) }))).rejects.toMatchObject({
			code: 'WORKSPACE_QUOTA_EXCEEDED',
			details: { usage: 900_000, quota: 1_000_000 }
		});
		expect(service.revision).toBe(before);
		expect(await repository.history('default', 10)).toEqual([]);
		// A small write still fits.
		await service.mutate({ tool: 'workspace_write_file', context: { source: 'editor', mode: 'direct' }, approved: false }, () => ({ type: 'write', path: 'index.html', content: 'small' }));
		expect(service.revision).toBe(before + 1);
	});
});

describe('storage that cannot be used', () => {
	it('IndexedDB at a newer version is reported as newer-schema; the hub serves no files, refuses every write and says why', async () => {
		const factory = new IDBFactory();
		const name = 'studio-newer';
		const seeded = await makeStudio(await IdbRepository.open({ indexedDB: factory, name }));
		ok(await seeded.direct('workspace_write_file', { path: 'index.html', content: '<h1>precious</h1>' }));
		seeded.service.repository.close();
		await new Promise<void>((resolve) => {
			const bump = factory.open(name, 5); // a newer build upgraded the database
			bump.onsuccess = () => {
				bump.result.close();
				resolve();
			};
		});
		const error = await IdbRepository.open({ indexedDB: factory, name }).catch((e: unknown) => e);
		const failure = describeStorageFailure(error);
		expect(failure.reason).toBe('newer-schema');

		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new UnavailableRepository(failure), publish: () => undefined, storage: { failure, readBackup: () => readBackup(factory, name) } });
		const facade = createFacade(hub);
		const snapshot = await facade.snapshot();
		expect(snapshot.workspace.files).toEqual([]); // no starter over the person's data
		expect(snapshot.status.state).toBe('failed');
		expect(snapshot.storage).toMatchObject({ health: 'failed', failure: { reason: 'newer-schema' } });
		const refused = await facade.callTool('workspace_write_file', { path: 'index.html', content: 'x', createIfMissing: true }, { tabId: 't', source: 'editor' });
		expect(errorCode(refused)).toBe('TOOL_POLICY_DENIED');

		const backup = await facade.downloadBackup();
		const files = unzipSync(new Uint8Array(await backup.blob.arrayBuffer()));
		// One folder per workspace id (the names are unreadable when storage failed), with a manifest.
		expect(strFromU8(files['default/index.html']!)).toBe('<h1>precious</h1>');
		expect(Object.keys(files)).toContain('default/styles.css');
		expect(JSON.parse(strFromU8(files['manifest.json']!)).workspaces).toEqual([{ id: 'default', name: 'default', revision: 0, folder: 'default', files: 7 }]);
	});

	it('a zip of the same files is the same bytes (paths sorted, one fixed date)', () => {
		const a = zipFiles([makeFile('b.css', 'b{}'), makeFile('a.html', '<p>a</p>'), makeFile('img/x.png', new Uint8Array([1, 2, 3]))]);
		const b = zipFiles([makeFile('img/x.png', new Uint8Array([1, 2, 3])), makeFile('a.html', '<p>a</p>'), makeFile('b.css', 'b{}')]);
		expect(a).toEqual(b);
		expect(Object.keys(unzipSync(a))).toEqual(['a.html', 'b.css', 'img/x.png']);
	});
});
