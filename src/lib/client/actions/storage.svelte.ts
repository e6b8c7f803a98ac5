// Storage commands: the workspace as a .zip (out and in), and the recovery actions after a storage failure.
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import { downloadBytes } from '../download';
import { bytesToBase64 } from '$lib/domain/base64';
import type { CallToolResult } from '$lib/runtime/types';

/** Share of the quota at which the studio warns (mirrors the hub's guard). */
export const STORAGE_WARN_RATIO = 0.8;

/** Backups and storage recovery. */
export class StorageActions {
	busy = $state(false);

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore,
		/** A direct call with the workbench's error toasts. */
		private readonly call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult> = (name, args) => studio.callTool(name, args)
	) {}

	/**
	 * Imports a .zip into this workspace as one undoable revision (files of the same path are
	 * replaced, others kept), then says what came in and what was left out and why.
	 */
	async importZip(file: File): Promise<void> {
		this.busy = true;
		try {
			const data = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
			const result = await this.call('workspace_import_zip', { data, mode: 'merge', expectedRevision: this.studio.workspace.revision });
			if (result.isError) return;
			const { imported, skipped } = result.structuredContent as { imported: string[]; skipped: { path: string; reason: string }[] };
			const left = skipped.length ? ` ${skipped.length} left out: ${skipped.slice(0, 3).map((s) => `${s.path} (${s.reason})`).join('; ')}${skipped.length > 3 ? '…' : ''}` : '';
			this.toasts.show({ tone: 'info', message: `Imported ${imported.length} file${imported.length === 1 ? '' : 's'} from “${file.name}” (Undo takes it back).${left}` }, 12_000);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `“${file.name}” could not be read: ${error instanceof Error ? error.message : String(error)}` });
		} finally {
			this.busy = false;
		}
	}

	/** Downloads a .zip of the workspace (or of whatever a failed storage still holds). */
	async backup(): Promise<void> {
		this.busy = true;
		try {
			const { name, bytes } = await this.studio.api.downloadBackup();
			downloadBytes(name, bytes, 'application/zip');
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `No backup could be made: ${error instanceof Error ? error.message : String(error)}` });
		} finally {
			this.busy = false;
		}
	}

	/** Ends the hub: every tab reloads and tries storage again. */
	async retry(): Promise<void> {
		this.busy = true;
		await this.studio.api.restartHub().catch(() => location.reload());
	}

	/** Asks other Web Studio tabs to let go of storage, then retries. */
	async closeOthers(): Promise<void> {
		this.busy = true;
		await this.studio.api.releaseStorage().catch(() => undefined);
		setTimeout(() => void this.retry(), 800);
	}

	/** Used share of the quota (0–1), or null when the browser does not say. */
	get usedShare(): number | null {
		const storage = this.studio.workspace.storage;
		return storage?.usage != null && storage.quota ? storage.usage / storage.quota : null;
	}
}
