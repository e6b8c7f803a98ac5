// The studio's MCP server (runtime/mcp.ts) and the official SDK Client over the SDK's in-memory
// transport: the same factory stdio uses, so the tested path is the shipped path.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../../../src/lib/runtime/mcp';
import type { ToolRegistry } from '../../../src/lib/runtime/registry';

/** A connected client, the messages it sent, and the raw client transport (for malformed messages). */
export async function connectClient(registry: ToolRegistry) {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await createMcpServer({ registry }).connect(serverSide);
	const sent: JSONRPCMessage[] = [];
	const send = clientSide.send.bind(clientSide);
	clientSide.send = async (message, options) => {
		sent.push(message);
		return send(message, options);
	};
	const client = new Client({ name: 'test-client', version: '1.0.0' });
	await client.connect(clientSide);
	return { client, sent };
}

/** A server with no SDK client on the other end: raw messages in, raw responses out. */
export async function rawServer(registry: ToolRegistry) {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await createMcpServer({ registry }).connect(serverSide);
	const received: unknown[] = [];
	clientSide.onmessage = (message) => received.push(message);
	await clientSide.start();
	return {
		received,
		send: (message: unknown) => clientSide.send(message as JSONRPCMessage),
		/** Waits until a response with `id` arrives (or `ms` pass). */
		async responseTo(id: string | number | null, ms = 1000) {
			const deadline = Date.now() + ms;
			while (Date.now() < deadline) {
				const found = received.find((message) => (message as { id?: unknown }).id === id);
				if (found) return found as Record<string, unknown>;
				await new Promise((resolve) => setTimeout(resolve, 1));
			}
			return undefined;
		}
	};
}
