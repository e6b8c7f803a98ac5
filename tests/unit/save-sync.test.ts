// The editor's saves for files kept on their own: guarded by the revision their text agreed with,
// never over a change made elsewhere; changes made elsewhere update clean text or raise a conflict.
import { describe, expect, it, vi } from 'vitest';
import { SaveSync, type SavedText, type SaveSyncHost } from '../../src/lib/client/editor/save-sync';
import type { StudioClient } from '../../src/lib/client/studio.svelte';
import type { ToastStore } from '../../src/lib/client/toasts.svelte';

/** A store of one file at a revision, answering writes guarded by expectedRevision as the hub does. */
function fakeStudio(stored: { content: string | null; revision: number }) {
	const writes: { content: string; expectedRevision: number }[] = [];
	const studio = {
		workspace: { revision: stored.revision },
		api: { readFile: async () => (stored.content === null ? null : { content: stored.content, revision: stored.revision }) },
		callTool: async (_name: string, args: { content: string; expectedRevision: number }) => {
			if (args.expectedRevision !== stored.revision) return { isError: true, structuredContent: { error: { code: 'WORKSPACE_REVISION_CONFLICT', message: 'moved' } } };
			writes.push(args);
			stored.content = args.content;
			stored.revision++;
			return { isError: false, structuredContent: { revision: stored.revision } };
		}
	};
	return { studio: studio as unknown as StudioClient, writes, stored };
}

function setup(initial: string, typed: string, store = { content: initial as string | null, revision: 3 }) {
	const { studio, writes, stored } = fakeStudio(store);
	const file: SavedText = { base: initial, revision: store.revision, saving: null, readOnly: false };
	const editor = { text: typed, held: false };
	const log: string[] = [];
	const host: SaveSyncHost = {
		file: () => file,
		text: () => editor.text,
		held: () => editor.held,
		clean: (path) => log.push(`clean ${path}`),
		conflict: (path, theirs, revision) => log.push(`conflict ${path} ${JSON.stringify(theirs)} @${revision}`),
		apply: (path, theirs, revision) => {
			editor.text = theirs;
			log.push(`apply ${path} ${JSON.stringify(theirs)} @${revision}`);
		},
		gone: (path) => log.push(`gone ${path}`),
		status: (status) => log.push(`status ${status}`),
		flush: async () => undefined
	};
	const toasts = { error: vi.fn() } as unknown as ToastStore;
	return { sync: new SaveSync(studio, toasts, host), file, editor, log, writes, stored };
}

describe('SaveSync', () => {
	it('saves typed text guarded by the revision it was based on, then agrees with the store', async () => {
		const { sync, file, log, writes } = setup('a', 'ab');
		await sync.save('notes.txt');
		expect(writes).toEqual([{ path: 'notes.txt', content: 'ab', expectedRevision: 3 }]);
		expect(file).toMatchObject({ base: 'ab', revision: 4, saving: null });
		expect(log).toEqual(['status saving', 'clean notes.txt', 'status saved']);
	});

	it('never writes over a change made elsewhere: the save becomes a conflict naming their text', async () => {
		const { sync, log, writes, stored } = setup('a', 'mine');
		stored.content = 'theirs';
		stored.revision = 9;
		await sync.save('notes.txt');
		expect(writes).toEqual([]);
		expect(log).toEqual(['status saving', 'conflict notes.txt "theirs" @9', 'status idle']);
	});

	it('text equal to the store is clean without a write; a held file waits for the person', async () => {
		const same = setup('a', 'a');
		await same.sync.save('notes.txt');
		expect(same.writes).toEqual([]);
		expect(same.log).toEqual(['clean notes.txt']);
		const held = setup('a', 'ab');
		held.editor.held = true;
		await held.sync.save('notes.txt');
		expect(held.writes).toEqual([]);
	});

	it('a file written with \\r\\n is clean as the editor reads it (its lines joined by \\n): no write, and a change elsewhere updates it', async () => {
		const untouched = setup('a\r\nb\r\n', 'a\nb\n');
		await untouched.sync.save('win.txt');
		expect(untouched.writes).toEqual([]);
		expect(untouched.log).toEqual(['clean win.txt']);
		const changed = setup('a\r\nb\r\n', 'a\nb\n');
		changed.stored.content = 'a\r\nb\r\nc\r\n';
		changed.stored.revision = 5;
		await changed.sync.changed('win.txt');
		expect(changed.log).toEqual(['apply win.txt "a\\r\\nb\\r\\nc\\r\\n" @5']);
	});

	it('a file written with \\r\\n is saved with \\r\\n: an edit of one line does not rewrite every line', async () => {
		const { sync, file, log, writes, editor } = setup('a\r\nb\r\n', 'a\nb typed\nc\n');
		await sync.save('win.txt');
		expect(writes).toEqual([{ path: 'win.txt', content: 'a\r\nb typed\r\nc\r\n', expectedRevision: 3 }]);
		expect(file.base).toBe('a\r\nb typed\r\nc\r\n');
		expect(log).toEqual(['status saving', 'clean win.txt', 'status saved']);
		// Its own save coming back is no change; typing on goes on saving with \r\n.
		await sync.changed('win.txt');
		expect(log).toHaveLength(3);
		editor.text = 'a\nb typed\nc\nd';
		await sync.save('win.txt');
		expect(writes[1]!.content).toBe('a\r\nb typed\r\nc\r\nd');
	});

	it('a change elsewhere updates clean text, raises a conflict over typing, and recognises our own save', async () => {
		const clean = setup('a', 'a');
		clean.stored.content = 'b';
		clean.stored.revision = 5;
		await clean.sync.changed('notes.txt');
		expect(clean.log).toEqual(['apply notes.txt "b" @5']);

		const typing = setup('a', 'a + mine');
		typing.stored.content = 'b';
		typing.stored.revision = 5;
		await typing.sync.changed('notes.txt');
		expect(typing.log).toEqual(['conflict notes.txt "b" @5']);

		const own = setup('a', 'ab');
		own.file.saving = 'ab';
		own.stored.content = 'ab';
		own.stored.revision = 4;
		await own.sync.changed('notes.txt');
		expect(own.log).toEqual([]);
		expect(own.file).toMatchObject({ base: 'ab', revision: 4 });
	});

	it('a file deleted elsewhere closes, unless the conflict bar holds typing for it', async () => {
		const gone = setup('a', 'a', { content: null, revision: 3 });
		await gone.sync.changed('notes.txt');
		expect(gone.log).toEqual(['gone notes.txt']);
		const held = setup('a', 'ab', { content: null, revision: 3 });
		held.editor.held = true;
		await held.sync.changed('notes.txt');
		expect(held.log).toEqual([]);
	});
});
