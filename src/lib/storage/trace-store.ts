// Persisted trace: a bounded ring in the `trace` store, written in small batches, shared by all tabs;
// each workspace's hub loads and clears its own entries.
import type { IDBPDatabase } from 'idb';
import type { TraceEntry } from '../runtime/types';
import { STORES } from './names';

/** Whose entries carry no workspace id: those written before there were several. */
const DEFAULT_WORKSPACE_ID = 'default';

/** Batches appends (one transaction per burst) and keeps at most `capacity` entries. */
export class TraceStore {
	#pending: TraceEntry[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;
	#flushing: Promise<void> = Promise.resolve();
	#sinceTrim = 0;

	constructor(
		private readonly db: IDBPDatabase<unknown>,
		private readonly capacity = 5000
	) {}

	/** Newest `limit` entries of one workspace, oldest first (entries from before workspaces were the default's). */
	async load(workspaceId = DEFAULT_WORKSPACE_ID, limit = this.capacity): Promise<TraceEntry[]> {
		const entries: TraceEntry[] = [];
		let cursor = await this.db.transaction(STORES.trace).store.openCursor(null, 'prev');
		while (cursor && entries.length < limit) {
			const entry = cursor.value as TraceEntry;
			if ((entry.workspaceId ?? DEFAULT_WORKSPACE_ID) === workspaceId) entries.push(entry);
			cursor = await cursor.continue();
		}
		return entries.reverse();
	}

	/** Queues an entry; written within ~50 ms with its neighbours. */
	append(entry: TraceEntry): void {
		this.#pending.push(entry);
		this.#timer ??= setTimeout(() => void this.flush(), 50);
	}

	/** Writes what is queued now. */
	flush(): Promise<void> {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
		const batch = this.#pending;
		this.#pending = [];
		if (batch.length === 0) return this.#flushing;
		this.#flushing = this.#flushing.then(async () => {
			const tx = this.db.transaction(STORES.trace, 'readwrite');
			for (const entry of batch) void tx.store.add(entry);
			this.#sinceTrim += batch.length;
			if (this.#sinceTrim >= 200) {
				this.#sinceTrim = 0;
				const count = await tx.store.count();
				let excess = count - this.capacity;
				let cursor = excess > 0 ? await tx.store.openCursor() : null;
				while (cursor && excess-- > 0) {
					void cursor.delete();
					cursor = await cursor.continue();
				}
			}
			await tx.done.catch(() => undefined); // the trace is best-effort: never fail a tool over it
		});
		return this.#flushing;
	}

	/** Removes the persisted entries of one workspace (the others keep theirs). */
	async clear(workspaceId = DEFAULT_WORKSPACE_ID): Promise<void> {
		this.#pending = this.#pending.filter((entry) => (entry.workspaceId ?? DEFAULT_WORKSPACE_ID) !== workspaceId);
		await this.#flushing;
		const tx = this.db.transaction(STORES.trace, 'readwrite');
		let cursor = await tx.store.openCursor();
		while (cursor) {
			if (((cursor.value as TraceEntry).workspaceId ?? DEFAULT_WORKSPACE_ID) === workspaceId) void cursor.delete();
			cursor = await cursor.continue();
		}
		await tx.done;
	}
}
