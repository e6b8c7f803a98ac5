// The hub's connected folder: restored from its persisted handle at start, replaced on connect,
// forgotten on disconnect, its state published to the tabs after every change.
import { BrowserFolder, type FolderRecord } from '../storage/folder';
import type { FolderPort, FolderState } from '../runtime/ports';
import type { Workspace } from '../domain/model';

/** Where folder records (with their handles) are kept. */
export interface FolderStore {
	get(workspaceId: string): Promise<FolderRecord | undefined>;
	put(record: FolderRecord | null, workspaceId: string): Promise<void>;
}

/** Holds at most one connected folder for a workspace. */
export class FolderHolder {
	#folder: BrowserFolder | null = null;

	constructor(
		private readonly workspaceId: string,
		private readonly store: FolderStore | undefined,
		/** Called after any change (connected, saved, read, disconnected). */
		private readonly onChange: () => void
	) {}

	/** The connected folder, if any. */
	get current(): FolderPort | null {
		return this.#folder;
	}

	state(workspace: Workspace): FolderState {
		return this.#folder?.state(workspace) ?? { status: 'browser-only' };
	}

	#saved = async (record: FolderRecord | null) => {
		await this.store?.put(record, this.workspaceId);
		if (!record) this.#folder = null;
		this.onChange();
	};

	/** Reconnects the folder a previous session left (permission may need asking again). */
	async restore(): Promise<void> {
		const record = await this.store?.get(this.workspaceId).catch(() => undefined);
		if (!record?.handle) return;
		this.#folder = new BrowserFolder(record, this.#saved);
		await this.#folder.refreshPermission();
	}

	/** Connects a folder; writes nothing. Says whether it holds anything besides dot files. */
	async connect(handle: FileSystemDirectoryHandle): Promise<{ name: string; hasFiles: boolean }> {
		const record: FolderRecord = { workspaceId: this.workspaceId, handle, saved: {} };
		const folder = new BrowserFolder(record, this.#saved);
		await folder.refreshPermission();
		const hasFiles = await folder.hasEntries();
		this.#folder = folder;
		await this.#saved(record);
		return { name: handle.name, hasFiles };
	}
}
