// The hello handshake and the hub's event stream: compatibility, snapshots and sequence numbers.
import { describe, expect, it, vi } from 'vitest';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { PROTOCOL_VERSION, compareHello, type HubEvent } from '../../src/lib/worker/protocol';
import { MemoryRepository } from '../../src/lib/storage/memory';

async function makeHub(build = 'b1') {
	const events: HubEvent[] = [];
	const hub = await composeHub({ mode: 'shared-worker', build, repository: new MemoryRepository(), publish: (event) => events.push(event), now: () => 42 });
	return { hub, events, facade: createFacade(hub) };
}

describe('hello handshake', () => {
	it('a tab of the same protocol and build is compatible and counted', async () => {
		const { hub, facade } = await makeHub();
		const answer = await facade.hello({ protocolVersion: PROTOCOL_VERSION, build: 'b1', tabId: 't1' });
		expect(answer).toMatchObject({ protocolVersion: PROTOCOL_VERSION, build: 'b1', mode: 'shared-worker', compatible: true, hubStartedAt: 42, tabs: 1, eventsChannel: 'studio:events:b1:default' });
		await facade.hello({ protocolVersion: PROTOCOL_VERSION, build: 'b1', tabId: 't2' });
		expect(hub.tabCount).toBe(2);
		hub.forgetTab('t1');
		expect(hub.tabCount).toBe(1);
	});

	it('a tab of another build or protocol is told to reload, naming why', () => {
		expect(compareHello({ protocolVersion: PROTOCOL_VERSION, build: 'old' }, { protocolVersion: PROTOCOL_VERSION, build: 'new' })).toEqual({ compatible: false, reason: 'build-mismatch' });
		expect(compareHello({ protocolVersion: PROTOCOL_VERSION - 1, build: 'x' }, { protocolVersion: PROTOCOL_VERSION, build: 'x' })).toEqual({ compatible: false, reason: 'protocol-mismatch' });
	});

	it('a malformed hello is refused before it reaches the hub', async () => {
		const { hub, facade } = await makeHub();
		await expect(facade.hello({ protocolVersion: 'one', build: 'b', tabId: '' } as never)).rejects.toThrow(/malformed/);
		expect(hub.tabCount).toBe(0);
	});
});

describe('hub events and snapshot', () => {
	it('a snapshot names the last event folded in; later events continue the sequence with no gap', async () => {
		const { facade, events } = await makeHub();
		await facade.callTool('workspace_write_file', { path: 'app.js', content: 'a' }, { tabId: 't', source: 'palette' });
		const snapshot = await facade.snapshot();
		expect(snapshot.workspace.revision).toBe(2);
		expect(snapshot.seq).toBe(events.at(-1)!.seq);
		await facade.callTool('workspace_write_file', { path: 'app.js', content: 'b' }, { tabId: 't', source: 'palette' });
		const after = events.filter((event) => event.seq > snapshot.seq);
		expect(after.map((event) => event.seq)).toEqual(after.map((_, i) => snapshot.seq + 1 + i));
		const change = after.find((event) => event.type === 'workspace.changed');
		expect(change).toMatchObject({ revision: 3, source: 'palette', tool: 'workspace_write_file', tabId: 't', changed: [{ path: 'app.js', file: { path: 'app.js', size: 1 } }] });
		// Trace entries travel in batches (the last one a moment after the call): both of the call's arrive, in order.
		const traced = () => events.filter((event) => event.seq > snapshot.seq).flatMap((event) => (event.type === 'trace.appended' ? event.entries : []));
		await vi.waitFor(() => expect(traced().map((entry) => entry.phase)).toEqual(['started', 'completed']));
		const all = events.filter((event) => event.seq > snapshot.seq);
		expect(all.map((event) => event.seq)).toEqual(all.map((_, i) => snapshot.seq + 1 + i));
	});

	it('a malformed call context is refused without reaching the registry', async () => {
		const { facade, hub } = await makeHub();
		const result = await facade.callTool('workspace_write_file', { path: 'a.js', content: '' }, { source: 'palette' } as never);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED' });
		expect(hub.registry.trace.snapshot()).toEqual([]);
	});

	it('when a tab goes away its calls in flight are cancelled and their approvals leave the queue', async () => {
		const { facade, hub } = await makeHub();
		const pending = facade.executeAgentCall({ id: 'w1', name: 'workspace_write_file', arguments: { path: 'app.js', content: 'x' } }, { tabId: 'gone', source: 'webmcp' });
		while (hub.registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		hub.forgetTab('gone');
		expect((await pending).structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED' });
		expect(hub.registry.policy.snapshot()).toEqual([]);
	});

	it('a superseded hub refuses every write and says why', async () => {
		const { facade, hub, events } = await makeHub();
		hub.supersede({ by: 'newer-build', build: 'b2' });
		const result = await facade.callTool('workspace_write_file', { path: 'app.js', content: 'x' }, { tabId: 't', source: 'palette' });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_POLICY_DENIED' });
		expect(events.filter((event) => event.type === 'hub.status').at(-1)).toMatchObject({ status: { state: 'superseded', supersededBy: 'newer-build', newerBuild: 'b2' } });
		expect((await facade.callTool('workspace_list_files', {}, { tabId: 't', source: 'palette' })).isError).toBe(false);
	});
});

describe('a closing tab loses nothing', () => {
	it("its in-flight editor save is finished before its other calls are cancelled", async () => {
		const events: HubEvent[] = [];
		const repository = new MemoryRepository();
		const commit = repository.commit.bind(repository);
		let release!: () => void;
		const gate = new Promise<void>((resolve) => (release = resolve));
		repository.commit = async (request) => {
			await gate; // the save is being written while the tab goes away
			return commit(request);
		};
		const hub = await composeHub({ mode: 'shared-worker', build: 'b1', repository, publish: (event) => events.push(event) });
		const facade = createFacade(hub);
		const save = facade.callTool('workspace_write_file', { path: 'index.html', content: '<p>last keystrokes</p>', expectedRevision: 1 }, { tabId: 'closing', source: 'editor', requestId: 'r1' });
		const agentCall = facade.executeAgentCall({ id: 'a', name: 'workspace_create_file', arguments: { path: 'x.txt', content: 'x' } }, { tabId: 'closing', source: 'webmcp', requestId: 'r2' });
		while (hub.registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		const gone = hub.forgetTab('closing');
		expect(hub.registry.policy.snapshot()).toHaveLength(1); // other calls wait until the save is done
		release();
		await gone;
		expect((await save).isError).toBe(false);
		expect(hub.service.workspace.files.get('index.html')?.content).toBe('<p>last keystrokes</p>');
		expect((await agentCall).structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED' });
	});

	it('a save that arrives after its tab is gone still runs; other late calls do not', async () => {
		const { hub, facade } = await makeHub();
		await facade.hello({ protocolVersion: PROTOCOL_VERSION, build: 'b1', tabId: 'late' });
		await hub.forgetTab('late');
		const save = await facade.callTool('workspace_write_file', { path: 'index.html', content: 'typed', expectedRevision: 1 }, { tabId: 'late', source: 'editor' });
		expect(save.isError).toBe(false);
		const other = await facade.callTool('workspace_write_file', { path: 'index.html', content: 'not from a person', expectedRevision: 2 }, { tabId: 'late', source: 'palette' });
		expect(other.structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED' });
		expect(hub.tabCount).toBe(0);
	});
});
