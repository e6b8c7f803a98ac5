// The per-tab relay: a non-writer forwards calls to the writer; a new writer finishes waiting calls.
import { afterEach, describe, expect, it } from 'vitest';
import { relayBackend, serveRelay, type RelayPort } from '../../src/lib/worker/relay';
import type { HubBackend } from '../../src/lib/worker/protocol';

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
});
