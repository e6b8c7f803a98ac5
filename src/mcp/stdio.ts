// A line-delimited JSON-RPC transport on stdin/stdout that, unlike one that drops what it cannot
// parse, answers a line that is not JSON with -32700 (Parse error); everything else goes to the
// server factory's guard as it arrived.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';

/** MCP over stdio, one JSON message per line. */
export class LineTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;
	#buffer = '';
	readonly #onData = (chunk: Buffer) => {
		this.#buffer += chunk.toString('utf8');
		for (let newline = this.#buffer.indexOf('\n'); newline >= 0; newline = this.#buffer.indexOf('\n')) {
			const line = this.#buffer.slice(0, newline).replace(/\r$/, '');
			this.#buffer = this.#buffer.slice(newline + 1);
			if (line.trim()) this.#receive(line);
		}
	};

	constructor(
		private readonly input: NodeJS.ReadableStream = process.stdin,
		private readonly output: NodeJS.WritableStream = process.stdout
	) {}

	#receive(line: string) {
		let message: unknown;
		try {
			message = JSON.parse(line);
		} catch {
			void this.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } as unknown as JSONRPCMessage);
			return;
		}
		this.onmessage?.(message as JSONRPCMessage);
	}

	async start(): Promise<void> {
		this.input.on('data', this.#onData);
		this.input.on('end', () => this.onclose?.());
	}

	async send(message: JSONRPCMessage): Promise<void> {
		this.output.write(`${JSON.stringify(message)}\n`);
	}

	async close(): Promise<void> {
		this.input.off('data', this.#onData);
		this.onclose?.();
	}
}
