// The Packages view's commands: the list (packages_list), add / update / remove through the tools
// (one revision each), make available offline, clear unused, and the device's CDN choice.
import type { CallToolResult } from '$lib/runtime/types';
import type { PackagesListing, CdnChoice } from '$lib/shared/types';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

const errorText = (result: CallToolResult) => (result.structuredContent as { error?: { message?: string } } | undefined)?.error?.message ?? 'The call failed.';
const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`);

/** State and commands of the Packages view. */
export class PackageActions {
	listing = $state.raw<PackagesListing | null>(null);
	cdn = $state.raw<CdnChoice>({ kind: 'esm.sh' });
	busy = $state('');

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore
	) {}

	async refresh(): Promise<void> {
		const [result, cdn] = await Promise.all([this.studio.callTool('packages_list', {}), this.studio.api.packagesCdn().catch(() => this.cdn)]);
		if (!result.isError) this.listing = result.structuredContent as unknown as PackagesListing;
		this.cdn = cdn;
	}

	async #run(label: string, work: () => Promise<string | null>): Promise<void> {
		this.busy = label;
		try {
			const message = await work();
			if (message) this.toasts.show({ tone: 'info', message });
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		} finally {
			this.busy = '';
			await this.refresh();
		}
	}

	#tool(name: string, args: Record<string, unknown>, done: (result: CallToolResult) => string) {
		return async () => {
			const result = await this.studio.callTool(name, { ...args, expectedRevision: this.studio.workspace.revision });
			if (result.isError) throw new Error(errorText(result));
			return done(result);
		};
	}

	/** Pins `name` (newest release unless `version`) and fetches it. */
	add(name: string, version?: string): Promise<void> {
		const args = { name: name.trim(), ...(version?.trim() ? { version: version.trim() } : {}) };
		return this.#run(`add:${args.name}`, this.#tool('packages_add', args, (r) => `${args.name}@${(r.structuredContent as { version?: string }).version} added.`));
	}

	/** Moves `name` to its newest release (one revision; nothing when it is the newest already). */
	update(name: string): Promise<void> {
		return this.#run(`update:${name}`, this.#tool('packages_add', { name }, (r) => `${name} is at ${(r.structuredContent as { version?: string }).version}.`));
	}

	remove(name: string): Promise<void> {
		return this.#run(`remove:${name}`, this.#tool('packages_remove', { name }, () => `${name} removed from package.json.`));
	}

	/** Fetches every package and CDN file of the workspace now. */
	fetchAll(): Promise<void> {
		return this.#run('fetch', async () => {
			const { missing } = await this.studio.api.packagesFetchAll();
			return missing.length ? `${missing.length} file${missing.length === 1 ? '' : 's'} could not be fetched: ${missing.slice(0, 3).join(', ')}` : 'Everything this workspace uses is on this device: it works offline.';
		});
	}

	/** Frees what no workspace of this browser uses. */
	clearUnused(): Promise<void> {
		return this.#run('clear', async () => {
			const { files, bytes } = await this.studio.api.packagesClearUnused();
			return files ? `Freed ${kib(bytes)} (${files} file${files === 1 ? '' : 's'}).` : 'Nothing unused to clear.';
		});
	}

	/** Where packages come from, for every workspace of this browser. */
	setCdn(choice: CdnChoice): Promise<void> {
		return this.#run('cdn', async () => {
			this.cdn = await this.studio.api.setPackagesCdn(choice);
			return null;
		});
	}
}
