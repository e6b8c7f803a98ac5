// Hub methods: the folder, the workspaces a browser keeps and their downloads, storage after a
// failure, and presentation preferences.
import type { HubBackend, WorkspaceSource } from '../protocol';
import type { HubContext } from './context';

/** The folder, workspace, storage and preference methods. */
export function workspaceMethods({ parts }: HubContext) {
	const { folder, workspaces, storage, events } = parts;
	return {
		/** Connects a folder (writes nothing; the page imports it or, after confirming, saves into it). */
		connectFolder(handle: FileSystemDirectoryHandle): Promise<{ name: string; hasFiles: boolean }> {
			return folder.connect(handle);
		},
		/** Every workspace as one .zip with a manifest (or what a failed storage still holds). */
		downloadBackup() {
			return workspaces.backup();
		},
		/** This workspace as a .zip, now or at a revision still in history. */
		downloadZip(revision?: number) {
			return workspaces.zip(revision);
		},
		listWorkspaces() {
			return workspaces.list();
		},
		createWorkspace(name: string, source: WorkspaceSource) {
			return workspaces.create(name, source);
		},
		renameWorkspace(workspaceId: string, name: string) {
			return workspaces.rename(workspaceId, name);
		},
		deleteWorkspace(workspaceId: string) {
			return workspaces.remove(workspaceId);
		},
		/** Reads usage, quota and persistence again (the page asked the browser to persist). */
		async refreshStorage(): Promise<void> {
			await storage.monitor.refresh(true);
		},
		/** Ends this hub so every tab reloads onto a fresh one (Retry after a storage failure). */
		async restartHub(): Promise<void> {
			events.publish({ type: 'hub.restart' });
			storage.restart();
		},
		/** Asks the hubs of other tabs to let go of storage (after a storage failure). */
		async releaseStorage(): Promise<void> {
			storage.releaseOthers();
		},
		async getPreference(key: string): Promise<unknown> {
			return parts.preferences?.get(key);
		},
		async setPreference(key: string, value: unknown): Promise<void> {
			await parts.preferences?.set(key, value);
		}
	} satisfies Partial<HubBackend>;
}
