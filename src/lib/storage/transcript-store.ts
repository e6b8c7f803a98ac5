// Persisted agent transcripts: one record per run in the `transcripts` store, listed per workspace,
// written in small batches while a run streams so a reload or a closed tab loses at most ~200 ms.
import type { IDBPDatabase } from 'idb';
import * as v from 'valibot';
import type { AgentRunInfo } from '../agents/events';
import { INDEXES, STORES } from './names';

/** A stored run: the run as tabs see it, plus its workspace. */
export type StoredRun = AgentRunInfo & { workspaceId: string };

/** Enough shape to show a stored run; a record that fails it (hand-edited, from a bug) is skipped. */
const StoredRunShape = v.looseObject({
	sessionId: v.string(),
	conversationId: v.string(),
	workspaceId: v.string(),
	provider: v.picklist(['local', 'model']),
	prompt: v.string(),
	startedAt: v.number(),
	running: v.boolean(),
	counters: v.looseObject({ turns: v.number(), toolCalls: v.number(), tokens: v.number() }),
	events: v.array(v.looseObject({ type: v.string() }))
});

/** Runs kept per workspace; older ones are removed as new ones are saved. */
export const TRANSCRIPTS_KEPT = 100;

/** Loads, saves (batched) and removes the runs of one workspace. */
export class TranscriptStore {
	readonly #pending = new Map<string, StoredRun>();
	#timer: ReturnType<typeof setTimeout> | null = null;
	#writing: Promise<void> = Promise.resolve();

	constructor(
		private readonly db: IDBPDatabase<unknown>,
		private readonly workspaceId: string,
		private readonly delayMs = 200
	) {}

	/** The workspace's runs, oldest first (at most {@link TRANSCRIPTS_KEPT}). */
	async load(): Promise<AgentRunInfo[]> {
		const rows = await this.db.getAllFromIndex(STORES.transcripts, INDEXES.transcriptsByWorkspace, this.workspaceId);
		return rows
			.filter((row): row is StoredRun => v.is(StoredRunShape, row))
			.sort((a, b) => a.startedAt - b.startedAt)
			.slice(-TRANSCRIPTS_KEPT)
			.map(({ workspaceId: _w, ...run }) => run);
	}

	/** Queues the run's current state; the latest state of each run is written with its neighbours. */
	save(run: AgentRunInfo): void {
		this.#pending.set(run.sessionId, structuredClone({ ...run, workspaceId: this.workspaceId }));
		this.#timer ??= setTimeout(() => void this.flush(), this.delayMs);
	}

	/** Writes what is queued now (a run that ended is flushed at once). */
	flush(): Promise<void> {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
		const batch = [...this.#pending.values()];
		this.#pending.clear();
		if (batch.length === 0) return this.#writing;
		this.#writing = this.#writing.then(async () => {
			const tx = this.db.transaction(STORES.transcripts, 'readwrite');
			for (const run of batch) void tx.store.put(run);
			const index = tx.store.index(INDEXES.transcriptsByWorkspace);
			const excess = (await index.count(this.workspaceId)) - TRANSCRIPTS_KEPT;
			if (excess > 0) {
				const rows = (await index.getAll(this.workspaceId)) as StoredRun[];
				for (const old of rows.sort((a, b) => a.startedAt - b.startedAt).slice(0, excess)) void tx.store.delete(old.sessionId);
			}
			// Transcripts are best-effort next to the workspace itself: a full disk must not fail a run.
			await tx.done.catch(() => undefined);
		});
		return this.#writing;
	}

	/** Removes runs (a deleted conversation). */
	async remove(sessionIds: readonly string[]): Promise<void> {
		for (const id of sessionIds) this.#pending.delete(id);
		await this.#writing;
		const tx = this.db.transaction(STORES.transcripts, 'readwrite');
		for (const id of sessionIds) void tx.store.delete(id);
		await tx.done;
	}
}
