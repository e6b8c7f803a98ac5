// The hub's side of packages: the preview's view of them (the workspace's pins over the device's
// files), the fetch before a render, the pin a first import adds (one revision, through the
// registry: an agent's waits for approval), the CDN setting, and the store's upkeep.
import { DEFAULT_CDN, LOCK_FILE, PIN_FILE, lockedVersion, moduleUrl, readPins, withPin, type CdnSetting, type PackageView } from '../domain/packages';
import * as v from 'valibot';
import type { Workspace } from '../domain/model';
import { CdnSettingSchema } from './protocol-schemas';
import type { PackageService } from '../runtime/packages';
import type { PreviewPackages } from '../preview/packages-step';
import type { CompiledPreview } from '../preview/compile';
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceCatalogPort } from '../runtime/ports';
import type { Source } from '../runtime/types';
import { cdnUrlsIn } from '../runtime/handlers/packages';
import { PackageLinker } from '../preview/compiler/packages';

/** Preference key of the device's package CDN (one choice per browser, for every workspace). */
export const PACKAGE_CDN_KEY = 'packages-cdn';
/** A first import is pinned once its name has stood this long (not while `mar` becomes `marked`). */
const PIN_SETTLE_MS = 1500;
const AGENT_SOURCES: ReadonlySet<string> = new Set<Source>(['model', 'local', 'webmcp', 'mcp']);
const isAgentSource = (source: string): source is Source => AGENT_SOURCES.has(source);

/** A stored CDN setting as the protocol's schema reads it; anything else is the default. */
export function cdnSetting(value: unknown): CdnSetting {
	return v.is(CdnSettingSchema, value) ? value : DEFAULT_CDN;
}

/** A `node_modules/` path a text file names (`node_modules/@shower/core/dist/shower.js`), up to a quote, a bracket, a query or a fragment. */
const INSTALLED_REFERENCE = /node_modules\/(?:@[\w.-]+\/)?[\w.-]+\/[^\s"'()<>`?#]+/g;

/** The CDN URLs of the `node_modules/` files the workspace's text files name, which the workspace lacks (`PackageLinker.installedFile`). */
export function installedUrlsIn(workspace: Workspace, view: PackageView): string[] {
	const linker = new PackageLinker(view, () => {});
	const lock = workspace.files.get(LOCK_FILE)?.content;
	const urls = new Set<string>();
	for (const file of workspace.files.values()) {
		if (file.content === undefined || file.path === PIN_FILE || file.path === LOCK_FILE) continue;
		for (const [path] of file.content.matchAll(INSTALLED_REFERENCE)) {
			const url = workspace.files.has(path) ? null : linker.installedFile(path, lock);
			if (url) urls.add(url);
		}
	}
	return [...urls].sort();
}

/** Packages for one hub. */
export class HubPackages implements PreviewPackages {
	#pending = new Map<string, string>();
	#timer: ReturnType<typeof setTimeout> | null = null;
	/** Who made the latest revision: the pin of an import it added is theirs. */
	lastSource = 'editor';

	constructor(
		readonly service: PackageService,
		private readonly registry: () => ToolRegistry,
		private readonly workspace: () => Workspace,
		private readonly preferences?: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> }
	) {}

	/** Reads the device's CDN choice (once, before the first render). */
	async load(): Promise<void> {
		this.service.cdn = cdnSetting(await this.preferences?.get(PACKAGE_CDN_KEY).catch(() => undefined));
	}

	/** Chooses where packages come from (every workspace of this browser). */
	async setCdn(setting: CdnSetting): Promise<CdnSetting> {
		this.service.cdn = cdnSetting(setting);
		await this.preferences?.set(PACKAGE_CDN_KEY, this.service.cdn);
		return this.service.cdn;
	}

	get changes(): number {
		return this.service.changes;
	}

	view(workspace: Workspace): PackageView {
		return this.service.view(readPins(workspace.files.get(PIN_FILE)?.content).pins);
	}

	async prepare(workspace: Workspace, wanted: CompiledPreview['packages']): Promise<boolean> {
		let changed = false;
		for (const { name, range } of wanted.unresolved) if ('version' in (await this.service.resolve(name, range))) changed = true;
		if (wanted.needs.length && (await this.service.ensure(wanted.needs))) changed = true;
		this.#schedulePins(workspace, wanted.unpinned);
		return changed;
	}

	/** The imports still unpinned once they stood still are pinned, at the release the preview used. */
	#schedulePins(workspace: Workspace, unpinned: readonly string[]) {
		const view = this.view(workspace);
		this.#pending = new Map(unpinned.flatMap((name) => {
			const version = view.version(name, undefined);
			return version ? [[name, version] as [string, string]] : [];
		}));
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = this.#pending.size ? setTimeout(() => void this.#pin(), PIN_SETTLE_MS) : null;
	}

	/** Every import that stood still unpinned goes into package.json as one revision. */
	async #pin(): Promise<void> {
		this.#timer = null;
		const pending = [...this.#pending];
		this.#pending.clear();
		const workspace = this.workspace();
		const text = workspace.files.get(PIN_FILE)?.content;
		const pins = readPins(text).pins;
		const fresh = pending.filter(([name]) => !(name in pins));
		if (!fresh.length) return;
		let content: string;
		try {
			content = fresh.reduce((json: string | undefined, [name, version]) => withPin(json, name, version), text) ?? '';
		} catch {
			return; // a package.json that is not JSON: the page's diagnostic says so, nothing is overwritten
		}
		const args = { path: PIN_FILE, content, createIfMissing: true, expectedRevision: workspace.revision };
		const source = this.lastSource;
		const signal = new AbortController().signal;
		// A person's import is pinned at once; an agent's pin is its change, waiting for approval like any.
		if (isAgentSource(source)) await this.registry().executeModelToolCall({ id: `pin-${workspace.revision}`, name: 'workspace_write_file', arguments: args }, { context: { source, mode: 'agent', sessionId: 'packages' }, signal });
		else await this.registry().callTool({ name: 'workspace_write_file', arguments: args }, { context: { source: 'editor', mode: 'direct' }, signal });
	}

	/** Fetches every pinned package and CDN file of `workspace` now ("Make available offline"). */
	async fetchAll(workspace: Workspace): Promise<{ missing: string[] }> {
		const cdn = this.service.cdn;
		const pins = readPins(workspace.files.get(PIN_FILE)?.content).pins;
		const entries = await Promise.all(
			Object.entries(pins).map(async ([name, written]) => {
				const resolved = await this.service.resolve(name, written);
				return 'version' in resolved ? { url: moduleUrl(cdn, name, resolved.version), module: true } : null;
			})
		);
		const cdnFiles = cdnUrlsIn(workspace).map((url) => ({ url, module: /\.m?js(?:$|\?)|\+esm$/.test(url) }));
		const installed = installedUrlsIn(workspace, this.service.view(pins)).map((url) => ({ url, module: false }));
		const needs = [...entries.filter((need) => need !== null), ...cdnFiles, ...installed];
		await this.service.ensure(needs);
		const view = this.service.view(pins);
		return { missing: needs.filter((need) => !view.file(need.url)).map((need) => need.url) };
	}

	/**
	 * Forgets what no workspace of this browser uses: package files of releases none pins and CDN
	 * files none names. Returns what was freed.
	 */
	async clearUnused(catalog: WorkspaceCatalogPort | undefined, current: Workspace): Promise<{ files: number; bytes: number }> {
		const workspaces = catalog ? await Promise.all((await catalog.list()).map(async (summary) => (summary.id === current.id ? current : { ...current, files: new Map((await catalog.files(summary.id)).map((file) => [file.path, file])) }))) : [current];
		const releases = new Set<string>();
		const urls = new Set<string>();
		const exact = this.service.view({});
		for (const workspace of workspaces) {
			for (const [name, version] of Object.entries(readPins(workspace.files.get(PIN_FILE)?.content).pins)) {
				releases.add(`${name}@${exact.version(name, version) ?? version}`);
				// The release its lock file installed, whose files a page names in node_modules/.
				const locked = lockedVersion(workspace.files.get(LOCK_FILE)?.content, name);
				if (locked) releases.add(`${name}@${locked}`);
			}
			for (const url of cdnUrlsIn(workspace)) urls.add(url);
		}
		return this.service.keepOnly((name, version) => releases.has(`${name}@${version}`), urls);
	}
}
