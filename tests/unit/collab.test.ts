// The hub as co-editing authority: updates pushed on an old version are rebased, a tab that missed
// updates gets them (or the whole text when they are no longer kept), simulated editors typing at
// once converge, and tool changes merge into the live text instead of replacing what was typed.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ChangeSet, EditorState } from '@codemirror/state';
import { collab, getSyncedVersion, receiveUpdates, sendableUpdates } from '@codemirror/collab';
import { CollabDoc, changesBetween, type WireUpdate } from '../../src/lib/runtime/collab-doc';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { composeHub } from '../../src/lib/worker/compose';
import type { HubEvent } from '../../src/lib/worker/protocol';

const insert = (at: number, text: string, length: number) => ChangeSet.of({ from: at, insert: text }, length).toJSON();

/** A simulated editor tab: a CodeMirror state with the collab extension. */
class Peer {
	state: EditorState;
	constructor(
		readonly id: string,
		text: string,
		version: number
	) {
		this.state = EditorState.create({ doc: text, extensions: [collab({ startVersion: version, clientID: id })] });
	}
	type(at: number, text: string) {
		const pos = Math.min(at, this.state.doc.length);
		this.state = this.state.update({ changes: { from: pos, insert: text } }).state;
	}
	sendable(): { version: number; updates: WireUpdate[] } {
		return { version: getSyncedVersion(this.state), updates: sendableUpdates(this.state).map((u) => ({ clientID: u.clientID, changes: u.changes.toJSON() })) };
	}
	receive(from: number, updates: readonly WireUpdate[]) {
		const version = getSyncedVersion(this.state);
		if (from > version) throw new Error('gap');
		const fresh = updates.slice(version - from).map((u) => ({ clientID: u.clientID, changes: ChangeSet.fromJSON(u.changes) }));
		if (fresh.length) this.state = receiveUpdates(this.state, fresh).state;
	}
	get text() {
		return this.state.doc.toString();
	}
}

describe('the co-editing authority', () => {
	it('rebases a push made on an old version over what was accepted since', () => {
		const doc = new CollabDoc('hello world');
		const a = doc.push(0, [{ clientID: 'a', changes: insert(0, 'A', 11) }]);
		expect(a).toMatchObject({ ok: true, from: 0 });
		// b typed at the end without having seen a's change.
		const b = doc.push(0, [{ clientID: 'b', changes: insert(11, '!', 11) }]);
		expect(b).toMatchObject({ ok: true, from: 1 });
		expect(doc.text).toBe('Ahello world!');
		expect(doc.version).toBe(2);
		// The same update pushed again (a retry after a lost answer) is not applied twice.
		const again = doc.push(0, [{ clientID: 'a', changes: insert(0, 'A', 11) }]);
		expect(again.ok && again.updates).toEqual([]);
		expect(doc.text).toBe('Ahello world!');
	});

	it('a tab going away resends everything unconfirmed past its push in flight: each update applies once, and the hub says it holds them', () => {
		const doc = new CollabDoc('hello');
		const a = new Peer('a', 'hello', 0);
		const b = new Peer('b', 'hello', 0);
		a.type(5, ' wor');
		const inFlight = a.sendable(); // the push in flight: ' wor'
		a.type(9, 'ld');
		b.type(0, '>> ');
		const fromB = doc.push(b.sendable().version, b.sendable().updates);
		expect(fromB.ok).toBe(true);
		expect(doc.push(inFlight.version, inFlight.updates).ok).toBe(true);
		const pending = a.sendable(); // on pagehide: ' wor' and 'ld', still at version 0
		expect(pending.updates).toHaveLength(2);
		expect(doc.holds('a', pending.version, pending.updates.length)).toBe(false);
		const resent = doc.push(pending.version, pending.updates);
		expect(resent.ok && resent.updates).toHaveLength(1); // ' wor' was skipped: it was already accepted
		expect(doc.text).toBe('>> hello world');
		// A resend of the same updates again changes nothing.
		const again = doc.push(pending.version, pending.updates);
		expect(again.ok && again.updates).toHaveLength(0);
		expect(doc.text).toBe('>> hello world');
		expect(doc.holds('a', pending.version, pending.updates.length)).toBe(true);
		expect(doc.holds('b', 0, 2)).toBe(false);
	});

	it('gives a tab the updates it missed, or asks it to reload when they are gone or do not fit', () => {
		const doc = new CollabDoc('x');
		for (let i = 0; i < 2005; i++) doc.push(i, [{ clientID: 'a', changes: insert(i + 1, 'y', i + 1) }]);
		expect(doc.pull(2000)).toHaveLength(5);
		expect(doc.pull(3)).toBeNull(); // older than the 2,000 updates kept: the tab takes the whole text
		expect(doc.push(3, [{ clientID: 'b', changes: insert(0, 'z', 4) }])).toEqual({ ok: false, reason: 'too-old' });
		expect(doc.push(doc.version, [{ clientID: 'b', changes: insert(0, 'z', 3) }])).toEqual({ ok: false, reason: 'malformed' }); // wrong length
		expect(doc.push(doc.version, [{ clientID: 'b', changes: ['nonsense'] }])).toEqual({ ok: false, reason: 'malformed' });
		expect(doc.pull(doc.version + 1)).toBeNull();
	});

	it('editors typing at once at random places all end with the same text, every character kept (property)', () => {
		fc.assert(
			fc.property(
				fc.array(fc.record({ peer: fc.integer({ min: 0, max: 2 }), at: fc.nat(60), text: fc.string({ minLength: 1, maxLength: 3 }), deliver: fc.boolean() }), { minLength: 1, maxLength: 60 }),
				(ops) => {
					const start = 'shared start\n';
					const doc = new CollabDoc(start);
					const peers = ['a', 'b', 'c'].map((id) => new Peer(id, start, 0));
					const inbox: { from: number; updates: WireUpdate[] }[] = [];
					const delivered = [0, 0, 0];
					const deliver = (i: number) => {
						for (; delivered[i]! < inbox.length; delivered[i]!++) peers[i]!.receive(inbox[delivered[i]!]!.from, inbox[delivered[i]!]!.updates);
					};
					const push = (i: number) => {
						const { version, updates } = peers[i]!.sendable();
						if (!updates.length) return;
						const result = doc.push(version, updates);
						if (!result.ok) throw new Error(result.reason);
						if (result.updates.length) inbox.push({ from: result.from, updates: result.updates });
					};
					let typed = 0;
					for (const op of ops) {
						peers[op.peer]!.type(op.at, op.text);
						typed += op.text.length;
						push(op.peer); // pushed at once, on whatever version the tab has seen
						if (op.deliver) deliver(op.peer);
					}
					for (let round = 0; round < 3; round++)
						for (let i = 0; i < 3; i++) {
							deliver(i);
							push(i);
						}
					for (let i = 0; i < 3; i++) deliver(i);
					for (const peer of peers) expect(peer.text).toBe(doc.text);
					expect(doc.text.length).toBe(start.length + typed);
				}
			),
			{ numRuns: 150 }
		);
	});

	it('a change made elsewhere merges after what tabs typed; the store and the live text stay consistent', () => {
		const stored = 'line one\nline two\nline three\n';
		const doc = new CollabDoc(stored);
		doc.push(0, [{ clientID: 'a', changes: insert(8, ' typed', stored.length) }]); // "line one typed"
		expect(doc.dirty).toBe(true);
		// A tool rewrote line three from the stored text (it never saw the typing).
		const merged = doc.external('line one\nline two\nline 3\n');
		expect(merged?.update.clientID).toBe('studio');
		expect(doc.text).toBe('line one typed\nline two\nline 3\n');
		expect(doc.stored).toBe('line one\nline two\nline 3\n');
		// Committing the live text leaves nothing unstored.
		doc.committed(doc.text, doc.version);
		expect(doc.dirty).toBe(false);
		// Line by line: only the changed line is replaced (2 kept, "b\n" → "B\n", 2 kept).
		expect(changesBetween('a\nb\nc\n', 'a\nB\nc\n').toJSON()).toEqual([2, [2, 'B', ''], 2]);
	});

	it('a file written with \\r\\n reads as the tabs\' editors read it: their typing fits and is kept, and the same text stored again is no change', () => {
		const stored = 'a {\r\n  b: c;\r\n}\r\n';
		const doc = new CollabDoc(stored);
		// A tab's CodeMirror holds the file with its lines joined by \n.
		const tab = new Peer('a', stored, 0);
		expect(tab.text).toBe(doc.text);
		tab.type(11, ' /* typed */');
		const { version, updates } = tab.sendable();
		expect(doc.push(version, updates)).toMatchObject({ ok: true });
		expect(doc.text).toBe('a {\n  b: c; /* typed */\n}\n');
		// The store still holding the file as written is not a change made elsewhere.
		expect(doc.external(stored)).toBeNull();
		// A tool's write of the file with \r\n merges line by line after the typing.
		doc.external('a {\r\n  b: c;\r\n}\r\nd {}\r\n');
		expect(doc.text).toBe('a {\n  b: c; /* typed */\n}\nd {}\n');
	});
});

describe('the hub co-editing a file', () => {
	async function hub() {
		const events: HubEvent[] = [];
		const h = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: (event) => events.push(event) });
		return { hub: h, events };
	}

	it('commits the live text after a pause, merges a tool patch into it and closes a deleted file', async () => {
		const { hub: h, events } = await hub();
		const opened = (await h.collabOpen('README.md', 'tab-a'))!;
		const second = (await h.collabOpen('README.md', 'tab-b'))!;
		expect(second.version).toBe(opened.version);
		expect(second.self.label).toBe('Tab 2');
		const length = opened.text.length;
		expect(await h.collabPush('README.md', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(length, 'from a\n', length) }])).toMatchObject({ status: 'ok', version: 1 });
		expect(await h.collabPush('README.md', 'tab-b', 0, [{ clientID: 'tab-b', changes: insert(0, 'from b\n', length) }])).toMatchObject({ status: 'ok', version: 2 });
		expect(events.filter((e) => e.type === 'collab.updates').map((e) => (e as { from: number }).from)).toEqual([0, 1]);
		const revision = h.service.revision;
		await h.collabFlush('README.md');
		const stored = h.service.workspace.files.get('README.md')!.content!;
		expect(stored.startsWith('from b\n') && stored.endsWith('from a\n')).toBe(true);
		expect(h.service.revision).toBe(revision + 1);
		expect((await h.service.history(1))[0]).toMatchObject({ tool: 'workspace_write_file', source: 'editor' });

		// Typing not yet committed, then an agent patches another line of the stored file.
		const now = (await h.collabPull('README.md', 0)) as { version: number };
		await h.collabPush('README.md', 'tab-a', now.version, [{ clientID: 'tab-a', changes: insert(0, '> ', stored.length) }]);
		const patch = await h.callTool('workspace_apply_patch', { path: 'README.md', search: 'from a', replace: 'FROM A' }, { tabId: 'tab-c', source: 'palette' });
		expect(patch.isError).toBe(false);
		const live = ((await h.collabOpen('README.md', 'tab-a'))!).text;
		expect(live.startsWith('> from b\n')).toBe(true);
		expect(live.endsWith('FROM A\n')).toBe(true);
		await h.collabFlush('README.md');
		expect(h.service.workspace.files.get('README.md')!.content).toBe(live);

		await h.callTool('workspace_delete_file', { path: 'README.md' }, { tabId: 'tab-c', source: 'palette' });
		expect(events.some((e) => e.type === 'collab.closed' && e.path === 'README.md' && e.reason === 'deleted')).toBe(true);
		expect(await h.collabPush('README.md', 'tab-a', 0, [])).toEqual({ status: 'closed' });
	});

	it('a write of exactly the live text (a closed tab\'s journal recovered) is stored once: the typing is not applied twice', async () => {
		const { hub: h } = await hub();
		const opened = (await h.collabOpen('README.md', 'tab-a'))!;
		const length = opened.text.length;
		await h.collabPush('README.md', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(length, 'the very last words\n', length) }]);
		const live = opened.text + 'the very last words\n';
		const written = await h.callTool('workspace_write_file', { path: 'README.md', content: live }, { tabId: 'tab-b', source: 'editor' });
		expect(written.isError).toBe(false);
		expect(((await h.collabOpen('README.md', 'tab-b'))!).text).toBe(live);
		const revision = h.service.revision;
		await h.collabFlush('README.md');
		expect(h.service.workspace.files.get('README.md')!.content).toBe(live);
		expect(h.service.revision).toBe(revision); // nothing was left to store
	});

	it('a closing tab commits what reached the hub; its cursor leaves the others', async () => {
		const { hub: h, events } = await hub();
		const opened = (await h.collabOpen('styles.css', 'tab-a'))!;
		await h.collabOpen('styles.css', 'tab-b');
		await h.collabPresence('styles.css', 'tab-a', { anchor: 3, head: 3 });
		expect(events.some((e) => e.type === 'collab.presence' && e.peer.label === 'Tab 1' && e.selection?.head === 3)).toBe(true);
		await h.collabPush('styles.css', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(0, '/* last burst */\n', opened.text.length) }]);
		await h.forgetTab('tab-a');
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(h.service.workspace.files.get('styles.css')!.content!.startsWith('/* last burst */\n')).toBe(true);
		expect(events.some((e) => e.type === 'collab.presence' && e.peer.tabId === 'tab-a' && e.selection === null)).toBe(true);
		expect((await h.snapshot()).open['styles.css']).toEqual(['tab-b']);
	});

	it('a file written with \\r\\n is committed with \\r\\n: typing in one line changes only that line of the stored file', async () => {
		const { hub: h } = await hub();
		await h.callTool('workspace_write_file', { path: 'styles.css', content: 'a {\r\n  b: c;\r\n}\r\n' }, { tabId: 'tab-c', source: 'palette' });
		const opened = (await h.collabOpen('styles.css', 'tab-a'))!;
		expect(opened.text).toBe('a {\n  b: c;\n}\n');
		await h.collabPush('styles.css', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(11, ' /* typed */', opened.text.length) }]);
		await h.collabFlush('styles.css');
		expect(h.service.workspace.files.get('styles.css')!.content).toBe('a {\r\n  b: c; /* typed */\r\n}\r\n');
		// The commit coming back is ours: nothing merges, and nothing is left to store.
		expect(((await h.collabOpen('styles.css', 'tab-b'))!).text).toBe('a {\n  b: c; /* typed */\n}\n');
		const revision = h.service.revision;
		await h.collabFlush('styles.css');
		expect(h.service.revision).toBe(revision);
		const diff = (await h.service.history(1))[0]!;
		expect(diff).toMatchObject({ tool: 'workspace_write_file', source: 'editor' });
	});

	it('a push from a tab that is gone, arriving late, is stored at once and does not list the tab as having the file open', async () => {
		const { hub: h, events } = await hub();
		const opened = (await h.collabOpen('styles.css', 'tab-a'))!;
		await h.collabOpen('styles.css', 'tab-b');
		await h.forgetTab('tab-a');
		const length = opened.text.length;
		// The push was on its way when the tab's lease ended.
		expect(await h.collabPush('styles.css', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(length, '/* late */', length) }])).toMatchObject({ status: 'ok' });
		await new Promise((resolve) => setTimeout(resolve, 20)); // well under the 250 ms pause
		expect(h.service.workspace.files.get('styles.css')!.content).toBe(opened.text + '/* late */');
		expect((await h.snapshot()).open['styles.css']).toEqual(['tab-b']);
		const lastOpen = events.filter((e) => e.type === 'collab.open').at(-1) as { open: Record<string, string[]> };
		expect(lastOpen.open['styles.css']).toEqual(['tab-b']);
		// The only tab with a file goes, and its last push comes after: the file was kept for it.
		const page = (await h.collabOpen('index.html', 'tab-c'))!;
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		try {
			await h.forgetTab('tab-c');
			const end = page.text.length;
			expect(await h.collabPush('index.html', 'tab-c', 0, [{ clientID: 'tab-c', changes: insert(end, '<!-- late -->', end) }])).toMatchObject({ status: 'ok' });
			await vi.advanceTimersByTimeAsync(20);
			expect(h.service.workspace.files.get('index.html')!.content).toBe(page.text + '<!-- late -->');
			expect((await h.snapshot()).open['index.html']).toEqual([]);
			// A while later, with no tab on it and everything stored, it is let go.
			await vi.advanceTimersByTimeAsync(5000);
			expect((await h.snapshot()).open['index.html']).toBeUndefined();
			expect(await h.collabPush('index.html', 'tab-c', 1, [])).toEqual({ status: 'closed' });
		} finally {
			vi.useRealTimers();
		}
		// A tab coming back with the same id (restored from the back/forward cache) is listed again.
		await h.collabOpen('styles.css', 'tab-a');
		expect((await h.snapshot()).open['styles.css']).toEqual(['tab-b', 'tab-a']);
	});

	it('what reaches the hub while a commit is being written is stored right after it, not a pause later (a tab closing as it typed)', async () => {
		const { hub: h } = await hub();
		const opened = (await h.collabOpen('styles.css', 'tab-a'))!;
		await h.collabOpen('styles.css', 'tab-b');
		const length = opened.text.length;
		await h.collabPush('styles.css', 'tab-a', 0, [{ clientID: 'tab-a', changes: insert(length, '/* half a li', length) }]);
		const writing = h.collabFlush('styles.css');
		// The rest of the line arrives while that write is in flight, and the tab asks for it to be
		// stored as it goes (a close does the same): that is done once the commit after it is stored.
		await h.collabPush('styles.css', 'tab-a', 1, [{ clientID: 'tab-a', changes: insert(length + 12, 'ne */', length + 12) }]);
		await h.collabFlush('styles.css');
		expect(h.service.workspace.files.get('styles.css')!.content).toBe(opened.text + '/* half a line */');
		const history = await h.service.history(3);
		expect(history.filter((e) => e.source === 'editor')).toHaveLength(2);
		await writing;
	});
});
