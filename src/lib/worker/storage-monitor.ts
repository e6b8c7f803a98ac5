// How much of the browser's storage the studio uses, whether it is persistent, and a guard that
// refuses a write that would not fit before it is attempted (navigator.storage in the hub's context).
import { ToolError } from '../core/errors';

import type { StorageUse } from '../runtime/ports';

export type { StorageUse };

/** The share of the quota at which the studio warns. */
export const STORAGE_WARN_RATIO = 0.8;

type StorageManagerLike = Pick<StorageManager, 'estimate'> & { persisted?: () => Promise<boolean> };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Keeps a recent estimate; refreshes after writes (at most once a second). */
export class StorageMonitor {
	#use: StorageUse = { persisted: null, usage: null, quota: null };
	#refreshing: Promise<StorageUse> | null = null;
	#last = 0;

	constructor(
		private readonly storage: StorageManagerLike | null,
		private readonly onChange: (use: StorageUse) => void
	) {}

	get use(): StorageUse {
		return this.#use;
	}

	/** Reads usage, quota and persistence again (coalesced; `force` skips the one-second floor). */
	refresh(force = false): Promise<StorageUse> {
		if (!this.storage) return Promise.resolve(this.#use);
		if (!force && Date.now() - this.#last < 1000) return this.#refreshing ?? Promise.resolve(this.#use);
		this.#last = Date.now();
		this.#refreshing ??= (async () => {
			try {
				const [estimate, persisted] = await Promise.all([this.storage!.estimate(), this.storage!.persisted?.().catch(() => null) ?? null]);
				const next: StorageUse = { persisted, usage: estimate.usage ?? null, quota: estimate.quota ?? null };
				if (next.persisted !== this.#use.persisted || next.usage !== this.#use.usage || next.quota !== this.#use.quota) {
					this.#use = next;
					this.onChange(next);
				}
			} catch {
				// An estimate is advice: without one, the browser's own quota error still protects the data.
			} finally {
				this.#refreshing = null;
			}
			return this.#use;
		})();
		return this.#refreshing;
	}

	/**
	 * Refuses, before anything is written, a commit of about `bytes` that would not fit in what is
	 * left of the quota (WORKSPACE_QUOTA_EXCEEDED; the workspace stays as it is).
	 */
	check(bytes: number): void {
		const { usage, quota } = this.#use;
		if (usage === null || quota === null || usage + bytes <= quota) return;
		throw new ToolError(
			'WORKSPACE_QUOTA_EXCEEDED',
			`This change needs about ${megabytes(bytes)} but only ${megabytes(Math.max(0, quota - usage))} of this browser's storage for the studio is left. Nothing was changed. Delete large files (or old workspaces), or download a backup and free space, then retry.`,
			{ neededBytes: bytes, usage, quota }
		);
	}
}
