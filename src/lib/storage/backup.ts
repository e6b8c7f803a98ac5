// A backup read straight from IndexedDB, even when this build cannot use it (a newer schema, or
// blocked for upgrades): opened without a version (so never upgraded), read-only, every row checked
// before it is kept. Raw IndexedDB rather than idb: idb's openDB always asks for a version.
import { DB_NAME, STORES } from './names';
import { isValidFileRow } from './records';
import type { FileRecord } from '../domain/model';

/** Every readable file, by workspace id; empty when nothing could be read. */
export async function readBackup(factory: IDBFactory | undefined = globalThis.indexedDB, name = DB_NAME): Promise<Map<string, FileRecord[]>> {
	const out = new Map<string, FileRecord[]>();
	if (!factory) return out;
	// Without a version, open never upgrades: it succeeds at whatever version the data has.
	const request = factory.open(name);
	const db = await new Promise<IDBDatabase | null>((resolve) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => resolve(null);
		request.onblocked = () => resolve(null);
		request.onupgradeneeded = () => request.transaction?.abort(); // no database here: do not create one
	});
	if (!db) return out;
	try {
		if (!db.objectStoreNames.contains(STORES.files)) return out;
		const rows = await new Promise<unknown[]>((resolve) => {
			const get = db.transaction(STORES.files).objectStore(STORES.files).getAll();
			get.onsuccess = () => resolve(get.result as unknown[]);
			get.onerror = () => resolve([]);
		});
		for (const row of rows) {
			if (!isValidFileRow(row)) continue;
			const { workspaceId, ...file } = row;
			out.set(workspaceId, [...(out.get(workspaceId) ?? []), file]);
		}
		return out;
	} finally {
		db.close();
	}
}
