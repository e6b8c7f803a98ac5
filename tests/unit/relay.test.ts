// The per-tab relay: a non-writer forwards calls to the writer; a new writer finishes waiting calls.
import { afterEach, describe, expect, it } from 'vitest';
import { relayBackend, serveRelay, type RelayPort } from '../../src/lib/worker/relay';
import { HUB_METHODS, HUB_METHOD_NAMES, type HubBackend } from '../../src/lib/worker/protocol';

const channels: BroadcastChannel[] = [];
const port = (name: string) => {
	const channel = new BroadcastChannel(name);
	channels.push(channel);
	return channel as unknown as RelayPort;
};
afterEach(() => channels.splice(0).forEach((channel) => channel.close()));

const backend = (label: string): HubBackend =>
	({
		readFile: async (path: string) => ({ revision: 1, path: `${label}:${path}`, content: null, size: 0, mimeType: 'text/plain' }),
		resolveApproval: async () => {
			throw new Error('nope');
		}
	}) as unknown as HubBackend;

describe('relay', () => {
	it('forwards calls to the serving hub and carries errors back', async () => {
		const name = `relay-${Math.random()}`;
		const stop = serveRelay(port(name), backend('writer'));
		const client = relayBackend(port(name));
		expect(await client.readFile('a.html')).toMatchObject({ path: 'writer:a.html' });
		await expect(client.resolveApproval('x', 'deny')).rejects.toThrow('nope');
		stop();
	});

	it('calls waiting on a writer that vanished are run by the hub that takes over', async () => {
		const client = relayBackend(port(`relay-${Math.random()}`), 60_000);
		const waiting = client.readFile('b.html');
		await new Promise((resolve) => setTimeout(resolve, 20));
		client.handOver(backend('new-writer'));
		expect(await waiting).toMatchObject({ path: 'new-writer:b.html' });
	});

	it('a call nobody answers fails after its deadline instead of hanging', async () => {
		const client = relayBackend(port(`relay-${Math.random()}`), 50);
		await expect(client.readFile('c.html')).rejects.toThrow(/did not answer/);
	});

	it('each replay rule: always re-runs, never settles interrupted, if-guarded re-runs only read-only or revision-guarded tool calls', async () => {
		const ran: string[] = [];
		const local = Object.fromEntries(HUB_METHOD_NAMES.map((method) => [method, async (...args: unknown[]) => (ran.push(`${method}:${JSON.stringify(args[0])}`), 'ran')])) as unknown as HubBackend;
		const client = relayBackend(port(`relay-${Math.random()}`), 60_000);
		const tab = { tabId: 't', source: 'palette' as const };
		const calls = {
			always: client.readFile('a.html'),
			never: client.startAgent('make it teal'),
			readOnly: client.callTool('workspace_read_file', { path: 'a.html' }, tab),
			guarded: client.callTool('workspace_write_file', { path: 'a.html', content: 'x', expectedRevision: 3 }, tab),
			unguarded: client.callTool('workspace_write_file', { path: 'a.html', content: 'x' }, tab),
			agentUnguarded: client.executeAgentCall({ name: 'workspace_delete_file', arguments: '{"path":"a.html"}' }, tab),
			agentGuarded: client.executeAgentCall({ name: 'workspace_delete_file', arguments: '{"path":"a.html","expectedRevision":2}' }, tab)
		};
		await new Promise((resolve) => setTimeout(resolve, 20));
		client.handOver(local);
		expect(await calls.always).toBe('ran');
		await expect(calls.never).rejects.toThrow(/may or may not have been applied/);
		expect(await calls.readOnly).toBe('ran');
		expect(await calls.guarded).toBe('ran');
		expect(await calls.agentGuarded).toBe('ran');
		for (const interrupted of [await calls.unguarded, await calls.agentUnguarded]) expect(interrupted).toMatchObject({ isError: true, structuredContent: { error: { code: 'TOOL_INTERRUPTED', retryable: true } } });
		expect(ran.sort()).toEqual(['callTool:"workspace_read_file"', 'callTool:"workspace_write_file"', 'executeAgentCall:{"name":"workspace_delete_file","arguments":"{\\"path\\":\\"a.html\\",\\"expectedRevision\\":2}"}', 'readFile:"a.html"']);
		// Every rule of the table is one of these three, and each was exercised above.
		expect(new Set(Object.values(HUB_METHODS).map((spec) => spec.replay))).toEqual(new Set(['always', 'never', 'if-guarded']));
	});
});
