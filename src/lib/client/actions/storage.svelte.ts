// Storage commands: download a backup, and the recovery actions after a storage failure. Made when
// first used (client/app.svelte.ts): no first screen needs them.
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

/** The download helper, with the first download (no first screen makes one; the lazy panels share it). */
const download = () => import('../download');

/** Backups and storage recovery. */
export class StorageActions {
	busy = $state(false);

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore
	) {}

	/** Downloads a .zip of every workspace with a manifest (or of whatever a failed storage still holds). */
	async backup(): Promise<void> {
		this.busy = true;
		try {
			const { name, blob } = await this.studio.api.downloadBackup();
			(await download()).downloadBlob(name, blob);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `No backup could be made: ${error instanceof Error ? error.message : String(error)}` });
		} finally {
			this.busy = false;
		}
	}

	/** Downloads this workspace as a .zip (Export → Download .zip). */
	async downloadZip(): Promise<void> {
		try {
			const { name, blob } = await this.studio.api.downloadZip();
			(await download()).downloadBlob(name, blob);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `No .zip could be made: ${error instanceof Error ? error.message : String(error)}` });
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
}
