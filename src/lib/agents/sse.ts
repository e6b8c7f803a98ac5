// Server-sent events from an OpenAI-compatible chat-completions stream: event parsing (a kept
// library; [DONE] ends the turn) and assembly of streamed tool-call deltas by index into whole calls.

import { createParser } from 'eventsource-parser';

/** One assistant turn, assembled from the stream. */
export interface AssembledTurn {
	content: string;
	toolCalls: { id: string; name: string; arguments: string }[];
	finishReason: string | null;
	usage: { promptTokens: number; completionTokens: number; cost?: number } | null;
	/** The model that actually answered (a router such as openrouter/auto names it per chunk). */
	model: string | null;
	/** Reasoning text some models stream beside the answer (`reasoning`, `reasoning_content`): shown, never sent back as content. */
	reasoning: string;
	/** True once `[DONE]` arrived: a stream that ends without it and without a finish reason was cut off. */
	complete: boolean;
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

type ProviderError = { code?: string | number; message?: string; status?: number; metadata?: unknown };
type ToolCallDelta = { index?: number; id?: string; function?: { name?: string; arguments?: string } };
type Delta = {
	model?: string;
	choices?: {
		delta?: { content?: string | null; reasoning?: string | null; reasoning_content?: string | null; tool_calls?: ToolCallDelta[] };
		/** A non-streamed reply (some servers ignore `stream: true`). */
		message?: { content?: string | null; reasoning?: string | null; tool_calls?: (ToolCallDelta & { type?: string })[] };
		finish_reason?: string | null;
		/** OpenRouter reports a provider failure mid-stream as finish_reason "error" with this object. */
		error?: ProviderError;
	}[];
	usage?: { prompt_tokens?: number; completion_tokens?: number; cost?: number };
	error?: ProviderError;
};

/** Folds stream chunks into one turn; `onText` sees text as it arrives. */
export class TurnAssembler {
	readonly turn: AssembledTurn = { content: '', toolCalls: [], finishReason: null, usage: null, error: null, model: null, reasoning: '', complete: false };
	readonly #byIndex = new Map<number, { id: string; name: string; arguments: string }>();

	constructor(
		private readonly onText?: (text: string) => void,
		private readonly onReasoning?: (text: string) => void
	) {}

	/** Adds one `data:` payload (or a whole non-streamed JSON reply). Returns false at `[DONE]` or an error. */
	push(payload: string): boolean {
		if (payload.trim() === '[DONE]') {
			this.turn.complete = true;
			return false;
		}
		let chunk: Delta;
		try {
			chunk = JSON.parse(payload) as Delta;
		} catch {
			// A chunk cut mid-JSON (the connection dropped inside an event): the reply is incomplete.
			this.turn.error = { message: 'the stream broke off in the middle of a chunk', status: 502 };
			return false;
		}
		if (chunk.error) {
			this.turn.error = chunk.error;
			return false;
		}
		if (typeof chunk.model === 'string' && chunk.model) this.turn.model = chunk.model;
		if (chunk.usage) {
			this.turn.usage = { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0, ...(typeof chunk.usage.cost === 'number' ? { cost: chunk.usage.cost } : {}) };
		}
		for (const choice of chunk.choices ?? []) {
			if (choice.error || choice.finish_reason === 'error') {
				this.turn.error = choice.error ?? { message: 'the provider ended the reply with an error', status: 502 };
				return false;
			}
			const delta = choice.delta ?? choice.message ?? {};
			if (typeof delta.content === 'string' && delta.content) {
				this.turn.content += delta.content;
				this.onText?.(delta.content);
			}
			const reasoning = delta.reasoning ?? (delta as { reasoning_content?: string | null }).reasoning_content;
			if (typeof reasoning === 'string' && reasoning) {
				this.turn.reasoning += reasoning;
				this.onReasoning?.(reasoning);
			}
			for (const [position, part] of (delta.tool_calls ?? []).entries()) {
				// A whole message lists its calls without indexes; a stream says which call each piece extends.
				if (choice.message && part.index === undefined) part.index = position;
				const index = part.index ?? this.#byIndex.size;
				const call = this.#byIndex.get(index) ?? { id: '', name: '', arguments: '' };
				if (part.id) call.id = part.id;
				if (part.function?.name) call.name += part.function.name;
				if (part.function?.arguments) call.arguments += part.function.arguments;
				this.#byIndex.set(index, call);
			}
			if (choice.finish_reason) this.turn.finishReason = choice.finish_reason;
		}
		if (chunk.choices?.some((choice) => choice.message)) this.turn.complete = true;
		this.turn.toolCalls = [...this.#byIndex.entries()].sort(([a], [b]) => a - b).map(([i, call]) => ({ ...call, id: call.id || `call_${i}` }));
		return true;
	}
}
