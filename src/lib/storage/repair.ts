// Repairs of damaged storage: unreadable records are quarantined (kept aside and reported, never
// dropped), and a damaged or missing workspace record is rebuilt from the file rows that survive.
import type { HistoryEntry } from '../domain/history';
import type { FileRecord } from '../domain/model';
import type { QuarantinedRecord } from '../runtime/ports';
import type { DB } from './database';
import { STORES } from './names';
import type { WorkspaceRow } from './records';

/** Keeps an unreadable record aside (never dropped silently) and says so. */
export async function quarantine(db: DB, now: number, store: string, key: string, record: unknown, reason: string): Promise<QuarantinedRecord> {
	let copy: unknown = record;
	try {
		structuredClone(record);
	} catch {
		copy = String(record);
	}
	await db.add(STORES.quarantine, { store, key, reason, record: copy, at: now });
	return { store, key, reason };
}

/** Quarantined records, as reported by workspace_get_status. */
export async function listQuarantine(db: DB): Promise<QuarantinedRecord[]> {
	const rows = (await db.getAll(STORES.quarantine)) as { store: string; key: string; reason: string }[];
	return rows.map(({ store, key, reason }) => ({ store, key, reason }));
}

/**
 * A workspace record rebuilt from what survives: its files, the revision after the newest history
 * entry (so history stays consistent), the name if it can still be read. Undo starts empty.
 */
export async function rebuildWorkspaceRow(db: DB, workspaceId: string, files: ReadonlyMap<string, FileRecord>, damaged: unknown, now: number): Promise<WorkspaceRow> {
	let count = 0;
	let bytes = 0;
	let newest = 0;
	let cursor = await db.transaction(STORES.revisions).store.openCursor(IDBKeyRange.bound([workspaceId, 0], [workspaceId, Infinity]));
	while (cursor) {
		const entry = cursor.value as Partial<HistoryEntry>;
		count += 1;
		bytes += typeof entry.bytes === 'number' ? entry.bytes : 0;
		newest = Math.max(newest, typeof entry.revision === 'number' ? entry.revision : 0);
		cursor = await cursor.continue();
	}
	const name = (damaged as { name?: unknown } | undefined)?.name;
	const paths = [...files.keys()].sort();
			const row: WorkspaceRow = {
		id: workspaceId,
		name: typeof name === 'string' && name ? name : 'My site',
		revision: Math.max(newest, 1),
		activePath: paths.find((path) => /\.html?$/i.test(path)) ?? paths[0] ?? null,
		undo: [],
		redo: [],
		historyBytes: bytes,
		historyCount: count,
		createdAt: now,
		updatedAt: now
	};
	await db.put(STORES.workspaces, row);
	return row;
}
