// Several workspaces in one browser: each hub serves one, with its own files, history and trace;
// create (starter, empty, .zip, duplicate), rename, delete, a workspace deleted meanwhile is never
// recreated, and the downloads (a streamed .zip, a backup of every workspace with a manifest).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { IdbRepository } from '../../src/lib/storage/repository';
import { TraceStore } from '../../src/lib/storage/trace-store';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import type { HubAnnouncement, HubEvent } from '../../src/lib/worker/protocol';
import { readZip } from '../../src/lib/runtime/zip-import';
import { zipBlob, zipEntries, zipFiles } from '../../src/lib/runtime/zip';
import { makeFile } from '../../src/lib/domain/model';
import { starterWorkspace } from '../../src/lib/domain/template';

let dbCounter = 0;

/** Hubs on one shared database, wired like browser hubs: announcements reach every other hub. */
async function browser() {
	const db = { indexedDB: new IDBFactory(), name: `workspaces-${++dbCounter}` };
	const hubs: Awaited<ReturnType<typeof composeHub>>[] = [];
	const open = async (workspaceId = 'default') => {
		const repository = await IdbRepository.open(db);
		const traces = new TraceStore(repository.database);
		const events: HubEvent[] = [];
		const hub = await composeHub({
			mode: 'shared-worker',
			build: 'b',
			repository,
			workspaceId,
			publish: (event) => events.push(event),
			tracePersistence: { load: () => traces.load(workspaceId), append: (entry) => traces.append(entry), clear: () => traces.clear(workspaceId) },
			announce: (announcement: HubAnnouncement) => {
				for (const other of hubs) if (other !== hub && (announcement.kind === 'workspace-renamed' || announcement.kind === 'workspace-deleted')) other.onWorkspaceAnnounced(announcement);
			}
		});
		hubs.push(hub);
		return { hub, facade: createFacade(hub), events, traces };
	};
	return { open };
}

const tab = { tabId: 'tab-1', source: 'palette' as const };

describe('several workspaces', () => {
	it('a second workspace keeps its own files, history and trace; both survive a restart', async () => {
		const { open } = await browser();
		const first = await open();
		const created = await first.facade.createWorkspace('  Portfolio  ', { kind: 'starter', starter: 'blank' });
		expect(created).toMatchObject({ name: 'Portfolio', files: 1, skipped: [] });
		expect(created.id).toMatch(/^ws-[0-9a-f]{8}$/);

		const second = await open(created.id);
		const status = (await second.facade.callTool('workspace_get_status', {}, tab)).structuredContent as { workspaceId: string; name: string };
		expect(status).toMatchObject({ workspaceId: created.id, name: 'Portfolio' });
		await second.facade.callTool('workspace_create_file', { path: 'only-here.md', content: '# mine' }, tab);
		await first.facade.callTool('workspace_create_file', { path: 'only-there.md', content: '# theirs' }, tab);

		const files = async (facade: typeof first.facade) => (await facade.snapshot()).workspace.files.map((f) => f.path);
		expect(await files(second.facade)).toEqual(['index.html', 'only-here.md']);
		expect(await files(first.facade)).toContain('only-there.md');
		expect(await files(first.facade)).not.toContain('only-here.md');
		expect((await second.hub.service.history(10)).map((e) => e.tool)).toEqual(['workspace_create_file']);
		// Each call's trace entry names the workspace it touched.
		const traced = (await second.facade.snapshot()).trace.filter((e) => e.name === 'workspace_create_file');
		expect(traced.every((e) => e.workspaceId === created.id)).toBe(true);

		await first.traces.flush();
		await second.traces.flush();
		const listing = await first.facade.listWorkspaces();
		expect(listing.map((w) => [w.name, w.current])).toEqual(expect.arrayContaining([['My site', true], ['Portfolio', false]]));
		expect(listing.find((w) => w.id === created.id)).toMatchObject({ files: 2, revision: 2, historyCount: 1 });

		// A restart (new hubs on the same storage) finds each workspace as it was, trace included.
		const again = await open(created.id);
		expect(await files(again.facade)).toEqual(['index.html', 'only-here.md']);
		const restored = (await again.facade.snapshot()).trace;
		expect(restored.some((e) => e.name === 'workspace_create_file')).toBe(true);
		expect(restored.every((e) => e.workspaceId === created.id)).toBe(true);
		// Clearing one workspace's trace leaves the other's.
		await again.facade.clearTrace();
		expect((await first.traces.load('default')).length).toBeGreaterThan(0);
		expect(await again.traces.load(created.id)).toEqual([]);
	});

	it('a workspace made from a .zip names, in its own preview, what the import left out when a page references it', async () => {
		const db = { indexedDB: new IDBFactory(), name: `workspaces-${++dbCounter}` };
		const kept = new Map<string, unknown>();
		const preferences = { get: async (key: string) => kept.get(key), set: async (key: string, value: unknown) => void kept.set(key, value) };
		const hubOf = async (workspaceId: string) => composeHub({ mode: 'shared-worker', build: 'b', repository: await IdbRepository.open(db), workspaceId, publish: () => undefined, preferences });
		const first = await hubOf('default');
		const zip = zipFiles([makeFile('index.html', '<!doctype html>\n<link rel="stylesheet" href="theme.css">')], { 'theme.css': 'x'.repeat(4_200_000) });
		const created = await createFacade(first).createWorkspace('Theme', { kind: 'zip', data: zip });
		expect(created.skipped).toEqual([expect.objectContaining({ path: 'theme.css', reason: expect.stringMatching(/too large/) })]);
		// The tab that opens it runs another hub: the reason comes with the workspace.
		const second = await hubOf(created.id);
		const status = await createFacade(second).callTool('preview_refresh', {}, tab);
		const diagnostics = (status.structuredContent as { preview: { diagnostics: { message: string }[] } }).preview.diagnostics;
		expect(diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^index\.html:2 refers to theme\.css, which the import left out: too large \(4200000 bytes/)]);
	});

	it('creates from every starter, from nothing, from a .zip (reporting what it left out) and as a duplicate', async () => {
		const { open } = await browser();
		const { facade } = await open();
		expect((await facade.createWorkspace('Empty', { kind: 'starter', starter: 'empty' })).files).toBe(0);
		expect((await facade.createWorkspace('Pages', { kind: 'starter', starter: 'multi-page' })).files).toBeGreaterThanOrEqual(5);
		const zip = zipFiles([makeFile('a.html', '<p>a</p>'), makeFile('img/x.png', new Uint8Array([1, 2, 3]))], { '../../evil.txt': 'x' });
		const imported = await facade.createWorkspace('Zipped', { kind: 'zip', data: zip });
		expect(imported.files).toBe(2);
		expect(imported.skipped.map((s) => s.path)).toEqual(['../../evil.txt']);
		const zipped = await open(imported.id);
		expect(zipped.hub.service.workspace.activePath).toBe('a.html');
		expect([...zipped.hub.service.workspace.files.get('img/x.png')!.bytes!]).toEqual([1, 2, 3]);
		await expect(facade.createWorkspace('Nothing', { kind: 'zip', data: zipFiles([], { '/etc/passwd': 'x' }) })).rejects.toThrow(/no file a workspace can keep/);

		await facade.callTool('workspace_create_file', { path: 'notes.md', content: 'kept in the copy' }, tab);
		const copy = await facade.createWorkspace('My site copy', { kind: 'duplicate', workspaceId: 'default' });
		const copied = await open(copy.id);
		expect(copied.hub.service.workspace.files.get('notes.md')?.content).toBe('kept in the copy');
		expect(await copied.hub.service.history(10)).toEqual([]); // a copy of the files, not of the history
		await expect(facade.createWorkspace('', { kind: 'starter', starter: 'blank' })).rejects.toThrow(/needs a name/);
	});

	it('a rename reaches the hub serving that workspace; a delete stops it and removes files and history', async () => {
		const { open } = await browser();
		const first = await open();
		const { id } = await first.facade.createWorkspace('Draft', { kind: 'starter', starter: 'blank' });
		const other = await open(id);
		await other.facade.callTool('workspace_create_file', { path: 'x.md', content: 'x' }, tab);

		await first.facade.renameWorkspace(id, 'Final');
		expect((await other.facade.snapshot()).workspace.name).toBe('Final');
		expect(other.events.some((e) => e.type === 'workspace.renamed' && e.name === 'Final')).toBe(true);

		await first.facade.deleteWorkspace(id);
		expect((await first.facade.listWorkspaces()).map((w) => w.id)).toEqual(['default']);
		const status = (await other.facade.snapshot()).status;
		expect(status).toMatchObject({ state: 'superseded', supersededBy: 'workspace-deleted' });
		expect(status.newerBuild).toBeUndefined();
		const refused = await other.facade.callTool('workspace_create_file', { path: 'y.md', content: 'y' }, tab);
		expect(refused.isError).toBe(true);

		// Reopened (a stale tab, a link from elsewhere): nothing is recreated, the tab is told.
		const stale = await open(id);
		const snapshot = await stale.facade.snapshot();
		expect(snapshot.workspace).toMatchObject({ missing: true, files: [] });
		expect((await stale.facade.listWorkspaces()).map((w) => w.id)).toEqual(['default']);
		expect(await stale.hub.service.repository.history(id, 10)).toEqual([]);
		await expect(first.facade.deleteWorkspace('default')).rejects.toThrow(/only workspace/);
	});
});

describe('downloads', () => {
	it('a streamed .zip reads back byte for byte and is the same for the same files', async () => {
		const png = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
		const files = [...starterWorkspace().files.values(), makeFile('images/noise.png', png)];
		const a = new Uint8Array(await (await zipBlob(zipEntries(files))).arrayBuffer());
		const b = new Uint8Array(await (await zipBlob(zipEntries([...files].reverse()))).arrayBuffer());
		expect(a).toEqual(b);
		const back = await readZip(a);
		expect(back.skipped).toEqual([]);
		expect(back.files.map((f) => [f.path, f.hash])).toEqual([...files].sort((x, y) => (x.path < y.path ? -1 : 1)).map((f) => [f.path, f.hash]));
	});

	it('the backup holds every workspace in its own folder, with a manifest of names and revisions', async () => {
		const { open } = await browser();
		const { facade } = await open();
		await facade.createWorkspace('My site', { kind: 'starter', starter: 'blank' }); // same name: a distinct folder
		await facade.createWorkspace('Blog / 2026', { kind: 'starter', starter: 'multi-page' });
		const backup = await facade.downloadBackup();
		expect(backup.name).toMatch(/^web-studio-backup-\d{4}-\d{2}-\d{2}\.zip$/);
		const entries = unzipSync(new Uint8Array(await backup.blob.arrayBuffer()));
		const manifest = JSON.parse(strFromU8(entries['manifest.json']!));
		expect(manifest.format).toBe('web-studio-backup');
		expect(manifest.workspaces.map((w: { name: string }) => w.name).sort()).toEqual(['Blog / 2026', 'My site', 'My site']);
		const folders = manifest.workspaces.map((w: { folder: string }) => w.folder);
		expect(new Set(folders).size).toBe(3);
		expect(folders).toContain('Blog-2026');
		for (const w of manifest.workspaces) expect(Object.keys(entries).filter((path) => path.startsWith(`${w.folder}/`))).toHaveLength(w.files);

		const current = await facade.downloadZip();
		expect(current.name).toMatch(/^My-site-\d{4}-\d{2}-\d{2}\.zip$/);
		expect(Object.keys(unzipSync(new Uint8Array(await current.blob.arrayBuffer())))).toContain('index.html');
	});
});
