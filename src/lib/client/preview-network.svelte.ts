// The workspace's choice to let its preview use the network (off by default): kept as a preference,
// and followed across this browser's tabs — each tab's frame runs the document itself, so every tab
// must know.
import { previewNetworkKey } from '$lib/preview/policy';
import { scoped } from '$lib/core/base';

/** Where the choice is kept. */
export interface NetworkPreferences {
	get(key: string): Promise<unknown>;
	set(key: string, value: unknown): Promise<void>;
}

/** The choice for the workspace this tab shows. */
export class PreviewNetwork {
	/** The person let this workspace's preview use the network. */
	allowed = $state(false);
	#channel: BroadcastChannel | null = null;
	#preferences: NetworkPreferences | null = null;
	#workspaceId = '';
	readonly #changed: () => void;

	/** `changed` runs when the choice changed elsewhere (stored, or another tab's) and applies now. */
	constructor(changed: () => void) {
		this.#changed = changed;
	}

	/** Follows `workspaceId`'s choice: the stored one now, other tabs' changes as they make them. */
	async follow(workspaceId: string, preferences: NetworkPreferences): Promise<void> {
		this.#workspaceId = workspaceId;
		this.#preferences = preferences;
		this.#channel ??= new BroadcastChannel(scoped(`studio:preview-network:${workspaceId}`));
		this.#channel.onmessage = (event) => this.#switch(event.data === true);
		this.#switch((await preferences.get(previewNetworkKey(workspaceId)).catch(() => false)) === true);
	}

	#switch(allowed: boolean) {
		if (this.allowed === allowed) return;
		this.allowed = allowed;
		this.#changed();
	}

	/** The person's choice here: kept and told to the other tabs (the caller shows it). */
	async set(allowed: boolean): Promise<void> {
		this.allowed = allowed;
		this.#channel?.postMessage(allowed);
		await this.#preferences?.set(previewNetworkKey(this.#workspaceId), allowed).catch(() => undefined);
	}
}
