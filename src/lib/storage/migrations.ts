// Schema migrations, one step per version. Each step ships with a fixture test (tests/fixtures/).
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { INDEXES, STORES } from './names';

type Db = IDBPDatabase<unknown>;
type Tx = IDBPTransaction<unknown, StoreNames<unknown>[], 'versionchange'>;

/** Version 1: every store the architecture names (docs/ARCHITECTURE.md, "Storage"), `quarantine` included. */
function toV1(db: Db) {
	db.createObjectStore(STORES.workspaces, { keyPath: 'id' });
	const files = db.createObjectStore(STORES.files, { keyPath: ['workspaceId', 'path'] });
	files.createIndex(INDEXES.filesByWorkspace, 'workspaceId');
	db.createObjectStore(STORES.revisions, { keyPath: ['workspaceId', 'revision'] });
	db.createObjectStore(STORES.preferences, { keyPath: 'key' });
	db.createObjectStore(STORES.settings, { keyPath: 'key' });
	db.createObjectStore(STORES.trace, { autoIncrement: true });
	db.createObjectStore(STORES.folders, { keyPath: 'workspaceId' });
	db.createObjectStore(STORES.quarantine, { autoIncrement: true });
}

/** Version 2: agent transcripts, one record per run, listed per workspace. */
function toV2(db: Db) {
	const transcripts = db.createObjectStore(STORES.transcripts, { keyPath: 'sessionId' });
	transcripts.createIndex(INDEXES.transcriptsByWorkspace, 'workspaceId');
}

const STEPS: ((db: Db, tx: Tx) => void)[] = [toV1, toV2];

/** Runs every step from `oldVersion` up to `newVersion` (the current one by default) inside the upgrade transaction. */
export function migrate(db: Db, oldVersion: number, tx: Tx, newVersion: number = STEPS.length): void {
	for (let version = oldVersion; version < Math.min(newVersion, STEPS.length); version++) STEPS[version]!(db, tx);
}
