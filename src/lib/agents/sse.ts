// Server-sent events from an OpenAI-compatible chat-completions stream: event parsing (a kept
// library; [DONE] ends the turn) and assembly of streamed tool-call deltas by index into whole calls.

import { createParser } from 'eventsource-parser';

/** One assistant turn, assembled from the stream. */
export interface AssembledTurn {
	content: string;
	toolCalls: { id: string; name: string; arguments: string }[];
	finishReason: string | null;
	usage: { promptTokens: number; completionTokens: number } | null;
	/** An error object sent inside the stream (some providers do this with HTTP 200). */
	error: { code?: string | number; message?: string; status?: number } | null;
}

/**
 * Splits a byte stream into SSE `data:` payloads, parsed by eventsource-parser: CRLF, LF and lone CR
 * line ends, a leading BOM, comments (OpenRouter's ": OPENROUTER PROCESSING") and multi-line data all
 * follow the EventSource rules. A last event without its blank line is still delivered.
 */
export async function* sseData(stream: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
	const reader = stream.getReader();
	const decoder = new TextDecoder(); // strips a leading BOM
	const ready: string[] = [];
	const parser = createParser({ onEvent: (event) => ready.push(event.data) });
	try {
		for (;;) {
			if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
			const { value, done } = await reader.read();
			// A stream that ends without the blank line closing its last event still delivers it.
			parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
			yield* ready.splice(0);
			if (done) return;
		}
	} finally {
		reader.releaseLock();
	}
}

type Delta = {
	choices?: { delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string | null }[];
	usage?: { prompt_tokens?: number; completion_tokens?: number };
	error?: { code?: string | number; message?: string; status?: number };
};

/** Folds stream chunks into one turn; `onText` sees text as it arrives. */
export class TurnAssembler {
	readonly turn: AssembledTurn = { content: '', toolCalls: [], finishReason: null, usage: null, error: null };
	readonly #byIndex = new Map<number, { id: string; name: string; arguments: string }>();

	constructor(private readonly onText?: (text: string) => void) {}

	/** Adds one `data:` payload. Returns false at `[DONE]`. Malformed JSON chunks are an error. */
	push(payload: string): boolean {
		if (payload.trim() === '[DONE]') return false;
		let chunk: Delta;
		try {
			chunk = JSON.parse(payload) as Delta;
		} catch {
			this.turn.error = { message: 'The provider sent a malformed stream chunk.' };
			return false;
		}
		if (chunk.error) {
			this.turn.error = chunk.error;
			return false;
		}
		if (chunk.usage) this.turn.usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 };
		for (const choice of chunk.choices ?? []) {
			const delta = choice.delta ?? {};
			if (typeof delta.content === 'string' && delta.content) {
				this.turn.content += delta.content;
				this.onText?.(delta.content);
			}
			for (const part of delta.tool_calls ?? []) {
				const index = part.index ?? this.#byIndex.size;
				const call = this.#byIndex.get(index) ?? { id: '', name: '', arguments: '' };
				if (part.id) call.id = part.id;
				if (part.function?.name) call.name += part.function.name;
				if (part.function?.arguments) call.arguments += part.function.arguments;
				this.#byIndex.set(index, call);
			}
			if (choice.finish_reason) this.turn.finishReason = choice.finish_reason;
		}
		this.turn.toolCalls = [...this.#byIndex.entries()].sort(([a], [b]) => a - b).map(([i, call]) => ({ ...call, id: call.id || `call_${i}` }));
		return true;
	}
}
