// The key-value stores beside the workspace: presentation preferences, runtime settings (provider,
// model, key) and connected folder records (with their structured-cloneable handles).
import { STORES } from './names';
import type { DB } from './database';
import type { FolderRecord } from './folder';

/** Preferences, settings and folder records of one database. */
export class KeyValueStores {
	constructor(private readonly db: DB) {}

	/** A presentation preference (panel sizes…). Never part of tool flows. */
	async getPreference<T>(key: string): Promise<T | undefined> {
		return ((await this.db.get(STORES.preferences, key)) as { value: T } | undefined)?.value;
	}

	async setPreference(key: string, value: unknown): Promise<void> {
		await this.db.put(STORES.preferences, { key, value });
	}

	/** A runtime setting (provider, model, base URL, key). */
	async getSetting<T>(key: string): Promise<T | undefined> {
		return ((await this.db.get(STORES.settings, key)) as { value: T } | undefined)?.value;
	}

	async setSetting(key: string, value: unknown): Promise<void> {
		await this.db.put(STORES.settings, { key, value });
	}

	/** The connected folder of a workspace, if any (handles are structured-cloneable). */
	async getFolder(workspaceId: string): Promise<FolderRecord | undefined> {
		return (await this.db.get(STORES.folders, workspaceId)) as FolderRecord | undefined;
	}

	async putFolder(record: FolderRecord | null, workspaceId: string): Promise<void> {
		if (record) await this.db.put(STORES.folders, record);
		else await this.db.delete(STORES.folders, workspaceId);
	}

}
