// The studio's IndexedDB connection: opened with migrations, refused within a deadline when an
// older connection blocks the upgrade (never hang), and its health as the tabs should know it.
import { wrap, type IDBPDatabase } from 'idb';
import { ToolError } from '../core/errors';
import { DB_NAME, DB_VERSION } from './names';
import { migrate } from './migrations';

/** Health of the connection, for the status bar and workspace_get_status. */
export type StorageHealth = 'open' | 'blocked' | 'closed-for-upgrade' | 'terminated' | 'closed';

/** Options for {@link StudioDatabase.open}. */
export interface DatabaseOptions {
	name?: string;
	/** An IDBFactory (fake-indexeddb in Node tests); defaults to the global one. */
	indexedDB?: IDBFactory;
	/** Schema version to open (tests of the upgrade path); defaults to DB_VERSION. */
	version?: number;
	/** How long to wait for an older connection to let go before giving up (never hang). */
	blockedTimeoutMs?: number;
	onHealth?: (health: StorageHealth) => void;
}

export type DB = IDBPDatabase<unknown>;

/** One open connection and its health. */
export class StudioDatabase {
	#health: StorageHealth = 'open';

	private constructor(
		readonly db: DB,
		private readonly options: DatabaseOptions
	) {}

	/** Opens (and migrates) the database. Rejects instead of hanging when an old connection blocks. */
	static async open(options: DatabaseOptions = {}): Promise<StudioDatabase> {
		const factory = options.indexedDB ?? globalThis.indexedDB;
		if (!factory) throw new ToolError('TOOL_EXECUTION_FAILED', 'IndexedDB is not available here.', { reason: 'no-indexeddb' });
		let database: StudioDatabase | undefined;
		let blockedTimer: ReturnType<typeof setTimeout> | undefined;
		// idb's openDB always uses the global factory; this is the same wiring on the factory we were given.
		const request = factory.open(options.name ?? DB_NAME, options.version ?? DB_VERSION);
		request.addEventListener('upgradeneeded', (event) => {
			migrate(wrap(request.result) as DB, event.oldVersion, wrap(request.transaction!) as never, event.newVersion ?? undefined);
		});
		request.addEventListener('blocked', () => options.onHealth?.('blocked'));
		const opening = (wrap(request) as unknown as Promise<DB>).then((db) => {
			db.addEventListener('versionchange', () => {
				// A newer build wants to upgrade: let it, and stop writing here.
				if (database) database.#lose('closed-for-upgrade');
				else db.close();
			});
			db.addEventListener('close', () => {
				if (database) database.#lose('terminated');
			});
			return db;
		});
		const timeout = new Promise<never>((_, reject) => {
			blockedTimer = setTimeout(
				() => reject(new ToolError('TOOL_EXECUTION_FAILED', 'Storage is blocked by another tab running an older version. Close other Web Studio tabs and reload.', { reason: 'blocked' })),
				options.blockedTimeoutMs ?? 10_000
			);
		});
		try {
			database = new StudioDatabase(await Promise.race([opening, timeout]), options);
			return database;
		} finally {
			clearTimeout(blockedTimer);
		}
	}

	get health(): StorageHealth {
		return this.#health;
	}

	#lose(health: StorageHealth) {
		this.#health = health;
		this.options.onHealth?.(health);
		if (health === 'closed-for-upgrade') this.db.close();
	}

	/** Throws while the connection is not usable (closed for an upgrade, terminated, closed). */
	requireOpen(): void {
		if (this.#health !== 'open') {
			throw new ToolError('TOOL_EXECUTION_FAILED', 'Storage was closed (a newer version of the studio is opening, or the browser closed it). Reload this tab.', {
				reason: this.#health
			});
		}
	}

	close(): void {
		this.#health = 'closed';
		this.db.close();
	}
}
