// An in-process MCP transport: the official SDK Client talks JSON-RPC straight to registry.handleJsonRpc.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../../../src/lib/runtime/registry';
import type { CallContext } from '../../../src/lib/runtime/types';

/** Every message the client sent, for assertions. */
export class RegistryTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;
	readonly sent: JSONRPCMessage[] = [];

	constructor(
		private readonly registry: ToolRegistry,
		private readonly context: CallContext = { source: 'mcp', mode: 'agent' }
	) {}

	async start(): Promise<void> {}

	async send(message: JSONRPCMessage): Promise<void> {
		this.sent.push(message);
		// Answer asynchronously, like a real transport, so cancellations can overtake a slow call.
		void this.registry.handleJsonRpc(JSON.parse(JSON.stringify(message)), { context: this.context, connectionId: 'sdk' }).then((response) => {
			if (response) this.onmessage?.(response as JSONRPCMessage);
		});
	}

	async close(): Promise<void> {
		this.onclose?.();
	}
}
