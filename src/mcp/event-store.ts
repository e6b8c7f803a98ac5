// What a session's SSE streams sent, kept so a client that lost a stream resumes it (Last-Event-ID)
// instead of losing the answer: the last events per session, bounded, in memory.
import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Events kept per session (older ones cannot be replayed: the client then asks again). */
const KEPT = 500;

/** A bounded in-memory event store for one session. */
export class SessionEvents implements EventStore {
	#events: { id: string; stream: string; message: JSONRPCMessage }[] = [];
	#next = 0;

	async storeEvent(stream: string, message: JSONRPCMessage): Promise<string> {
		const id = `${stream}:${++this.#next}`;
		this.#events.push({ id, stream, message });
		if (this.#events.length > KEPT) this.#events.splice(0, this.#events.length - KEPT);
		return id;
	}

	async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
		return this.#events.find((event) => event.id === eventId)?.stream;
	}

	async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
		const at = this.#events.findIndex((event) => event.id === lastEventId);
		if (at < 0) throw new Error('That event is no longer kept: ask again.');
		const { stream } = this.#events[at]!;
		// Priming events carry no message ({}): nothing to send for them.
		for (const event of this.#events.slice(at + 1)) if (event.stream === stream && 'jsonrpc' in event.message) await send(event.id, event.message);
		return stream;
	}
}
