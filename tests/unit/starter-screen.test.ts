// What a first visit paints before any script runs: the starter's picture in the app shell is the
// workspace a new browser's hub creates, and it goes into the page as JSON nothing can break out of.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbRepository } from '../../src/lib/storage/repository';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { parseFirstScreen } from '../../src/lib/client/first-screen';
import { starterScreen, starterScreenJson } from '../../src/lib/client/starter-screen';

describe('the starter’s first screen', () => {
	it('is the workspace a new browser’s hub creates: its name, revision, files and index.html', async () => {
		const repository = await IdbRepository.open({ indexedDB: new IDBFactory(), name: 'first-visit' });
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository, workspaceId: 'default', publish: () => undefined });
		const snapshot = await createFacade(hub).snapshot();
		const picture = starterScreen();
		expect(picture).toMatchObject({ workspaceId: 'default', name: snapshot.workspace.name, revision: snapshot.workspace.revision, activePath: snapshot.workspace.activePath });
		expect(picture.files).toEqual(snapshot.workspace.files);
		const read = (await createFacade(hub).callTool('workspace_read_file', { path: 'index.html' }, { tabId: 't', source: 'palette' })).structuredContent as { content: string; revision: number };
		expect(picture.open).toEqual({ path: 'index.html', text: read.content, language: 'html', revision: read.revision });
	});

	it('goes into the app shell as JSON no markup can end early, and reads back as a valid picture', () => {
		const json = starterScreenJson();
		expect(json).not.toContain('<');
		expect(json).toContain('\\u003c/script>');
		// The whole of index.html: the outline shows all of a file this short.
		const picture = starterScreen();
		expect(parseFirstScreen(json, 'default')).toEqual({ ...picture, open: { ...picture.open, shown: picture.open!.text.length } });
		// Another workspace's tab never takes it.
		expect(parseFirstScreen(json, 'other')).toBeNull();
	});
});
