// The trace: a bounded ring of lifecycle entries with a subscription, filters and a JSON export.
import type { Mode, Source, TraceEntry, TraceMethod, TracePhase } from './types';

/** Default ring size: thousands of entries, bounded so a long session cannot grow without limit. */
export const TRACE_CAPACITY = 5000;

/** A listener sees each appended entry, and `null` when the trace is cleared. */
export type TraceListener = (entry: TraceEntry | null) => void;

/** Where entries go besides memory (the hub persists them to IndexedDB). */
export interface TraceSink {
	append(entry: TraceEntry): void;
	clear?(): void;
}

/** Filter for {@link Trace.query}. */
export interface TraceFilter {
	method?: TraceMethod;
	source?: Source;
	mode?: Mode;
	phase?: TracePhase;
	sessionId?: string;
	callId?: string;
	text?: string;
}

let counter = 0;
/** A trace id: unique within this runtime and practically unique across runtimes. */
export function newTraceId(prefix = 't'): string {
	counter = (counter + 1) % 0x100000;
	const random = Math.floor(Math.random() * 0x100000000).toString(36);
	return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}-${random}`;
}

/** Bounded in-memory trace; oldest entries drop first. */
export class Trace {
	readonly capacity: number;
	#entries: TraceEntry[] = [];
	#listeners = new Set<TraceListener>();
	#sinks: TraceSink[] = [];

	/** `workspaceId` is stamped on every entry: the trace says which workspace each call touched. */
	constructor(
		capacity = TRACE_CAPACITY,
		readonly workspaceId?: string
	) {
		this.capacity = capacity;
	}

	/** Records an entry (an `id` is assigned when missing) and notifies listeners. */
	append(entry: Omit<TraceEntry, 'id'> & { id?: string }): TraceEntry {
		const full: TraceEntry = { ...entry, id: entry.id ?? newTraceId(), ...(this.workspaceId && !entry.workspaceId ? { workspaceId: this.workspaceId } : {}) };
		this.#entries.push(full);
		if (this.#entries.length > this.capacity) this.#entries.splice(0, this.#entries.length - this.capacity);
		for (const sink of this.#sinks) sink.append(full);
		for (const listener of this.#listeners) listener(full);
		return full;
	}

	/** Loads entries restored from storage, oldest first, without notifying sinks. */
	restore(entries: readonly TraceEntry[]): void {
		this.#entries = [...entries, ...this.#entries].slice(-this.capacity);
	}

	/** Entries, oldest first. */
	snapshot(): TraceEntry[] {
		return [...this.#entries];
	}

	/** Entries matching a filter, oldest first. */
	query(filter: TraceFilter = {}): TraceEntry[] {
		const text = filter.text?.toLowerCase();
		return this.#entries.filter(
			(entry) =>
				(!filter.method || entry.method === filter.method) &&
				(!filter.source || entry.source === filter.source) &&
				(!filter.mode || entry.mode === filter.mode) &&
				(!filter.phase || entry.phase === filter.phase) &&
				(!filter.sessionId || entry.sessionId === filter.sessionId) &&
				(!filter.callId || entry.callId === filter.callId) &&
				(!text || searchable(entry).includes(text))
		);
	}

	/** Removes every entry. */
	clear(): void {
		this.#entries = [];
		for (const sink of this.#sinks) sink.clear?.();
		for (const listener of this.#listeners) listener(null);
	}

	/** Subscribes to appends and clears; returns the unsubscribe function. */
	subscribe(listener: TraceListener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Adds a sink (e.g. persistence). */
	addSink(sink: TraceSink): void {
		this.#sinks.push(sink);
	}

	/** The export format: a versioned JSON document. Previews are already redacted. */
	export(): { format: 'web-studio-trace'; version: 1; exportedAt: number; entries: TraceEntry[] } {
		return { format: 'web-studio-trace', version: 1, exportedAt: Date.now(), entries: this.snapshot() };
	}
}

/** An entry's text for the free-text filter: everything but its random id (which would match "n4" by chance). */
function searchable(entry: TraceEntry): string {
	const { id: _id, ...rest } = entry;
	return JSON.stringify(rest).toLowerCase();
}
