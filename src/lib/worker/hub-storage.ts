// The hub's view of its storage for the tabs: health and failure, usage and quota (with the guard
// that refuses a write that would not fit), what a failed storage still holds, and its recovery actions.
import type { FileRecord } from '../domain/model';
import type { StorageFailure } from '../storage/unavailable';
import { StorageMonitor } from './storage-monitor';
import type { StorageInfo } from './protocol';

/** What the host gives the hub about its storage. */
export interface HubStorageOptions {
	kind: StorageInfo['kind'];
	health?: () => string;
	/** Why IndexedDB exists but could not be used; the hub then serves nothing and writes nothing. */
	failure?: StorageFailure;
	/** The browser's StorageManager (estimate, persisted); absent in Node. */
	manager?: ConstructorParameters<typeof StorageMonitor>[0];
	/** Reads every readable file straight from storage (a backup when the hub cannot use it). */
	readBackup?: () => Promise<Map<string, FileRecord[]>>;
	/** Ends this hub so the next connection starts a fresh one. */
	restart?: () => void;
	/** Asks the hubs of other tabs (any build) to close their storage connections. */
	releaseOthers?: () => void;
}

/** Storage facts and actions of one hub. */
export class HubStorage {
	readonly monitor: StorageMonitor;

	constructor(
		private readonly options: HubStorageOptions,
		onChange: () => void
	) {
		this.monitor = new StorageMonitor(options.failure ? null : (options.manager ?? null), onChange);
	}

	get failure(): StorageFailure | undefined {
		return this.options.failure;
	}

	/** Storage as the status bar shows it. */
	info(quarantined: number): StorageInfo {
		return {
			kind: this.options.kind,
			health: this.options.failure ? 'failed' : (this.options.health?.() ?? 'open'),
			quarantined,
			...(this.options.failure ? { failure: this.options.failure } : {}),
			...this.monitor.use
		};
	}

	/** Every file still readable from a failed storage, by workspace id (a backup's last resort). */
	async readable(): Promise<Map<string, FileRecord[]>> {
		return (await this.options.readBackup?.().catch(() => undefined)) ?? new Map<string, FileRecord[]>();
	}

	restart(): void {
		this.options.restart?.();
	}

	releaseOthers(): void {
		this.options.releaseOthers?.();
	}
}
