// The composition root of a hub: builds its parts in dependency order — events, preview coordinator,
// folder holder, storage guard, workspace service, registry, agents, tab leases — and hands them to
// the Hub. Every context (SharedWorker, per-tab worker, the page, Node tests) starts a hub here.
import { ToolRegistry } from '../runtime/registry';
import { ApprovalPolicy } from '../runtime/policy';
import { Trace } from '../runtime/trace';
import { WorkspaceService } from '../runtime/workspace-service';
import { registerWorkspaceTools } from '../runtime/handlers/index';
import { createPreparer } from '../runtime/prepare';
import { workspaceBaseReader } from '../runtime/retry';
import type { PackageStorePort, RepositoryPort } from '../runtime/ports';
import { PackageService } from '../runtime/packages';
import { HubPackages } from './hub-packages';
import { MemoryPackageStore } from '../storage/package-store';
import { PreviewCoordinator } from '../preview/coordinator';
import { keepLocationFindings } from '../preview/compiler/location';
import { importLeftOutKey, locationFindingsKey, siteCookiesKey, siteDatabasesKey, sitePlaceKey, siteStorageKey } from '../preview/policy';
import type { CaptureOptions, PreviewRender } from '../preview/messages';
import { AgentRunner, type SettingsPort, type TranscriptPort } from '../agents/runner';
import { Hub, type PreferenceStore, type TracePersistence } from './hub';
import { HubEvents } from './hub-events';
import { FolderHolder, type FolderStore } from './folder-holder';
import { HubStorage, type HubStorageOptions } from './hub-storage';
import { TabLeases } from './tabs';
import { HubWorkspaces } from './hub-workspaces';
import { HubCollab } from './hub-collab';
import { MemoryRepository } from '../storage/memory';
import { RemoteTools } from '../runtime/remote/servers';
import { HubGit } from './hub-git';
import { commitOnQuiet } from './git-quiet';
import { htmlParser } from '../domain/html-parser';
import type { HubEvent } from './wire';
import { DEFAULT_WORKSPACE, type HubAnnouncement, type RuntimeMode } from './protocol';

/** What a hub needs from its host (worker entry, page, or test). */
export interface HubOptions {
	mode: RuntimeMode;
	build: string;
	builtAt?: number;
	repository: RepositoryPort;
	/** Storage facts and recovery actions (see HubStorage). */
	storage?: Omit<HubStorageOptions, 'kind'>;
	tracePersistence?: TracePersistence;
	/** Publishes an event to every tab (a BroadcastChannel in every mode). */
	publish: (event: HubEvent) => void;
	/** Sends a render to one tab's preview host (renders are addressed, not broadcast as state). */
	sendRender?: (tabId: string, render: PreviewRender) => void;
	/** Asks one tab's preview for a picture of the page (the screenshot tool). */
	sendCapture?: (tabId: string, id: string, options: CaptureOptions) => void;
	/** Web Locks for tab leases; absent in Node tests. */
	locks?: Pick<LockManager, 'request'> | null;
	now?: () => number;
	hubId?: string;
	/** How long the hub waits for a preview host's answer. */
	previewAckTimeoutMs?: number;
	preferences?: PreferenceStore;
	/** Runtime settings (provider, model, base URL, key). */
	settings?: SettingsPort;
	/** Where agent transcripts persist (IndexedDB in browsers); absent: they live as long as the hub. */
	transcripts?: TranscriptPort;
	/** fetch for the model loop (tests inject one). */
	fetch?: typeof fetch;
	/** Where the connected folder's handle is kept. */
	folders?: FolderStore;
	/** The workspace this hub serves (one hub per workspace; default `default`). */
	workspaceId?: string;
	/** Tells the hubs of other workspaces of a rename or delete (a BroadcastChannel in browsers). */
	announce?: (announcement: HubAnnouncement) => void;
	/** The device's package store (IndexedDB in browsers); absent: memory, for this hub's life. */
	packageStore?: PackageStorePort;
	/** fetch for packages (tests inject one); default the context's. */
	packageFetch?: typeof fetch;
	/** Opens where the workspaces' git objects live (IndexedDB in browsers, on first use); absent: no git here. */
	gitFs?: () => Promise<import('../runtime/git/repo').GitFs>;
	/** Removes a deleted workspace's repository from `gitFs`. */
	gitRemove?: (gitdir: string) => Promise<void>;
	/** One minute of the link's commit-on-quiet setting (tests shorten it). */
	gitQuietUnitMs?: number;
	/** The git HTTP client (tests inject one); default isomorphic-git's fetch-based one. */
	gitHttp?: import('../runtime/git/repo').GitHttp;
	/** The folder of `gitFs` the repositories live under (tests: a temporary one). */
	gitRoot?: string;
	/** How remote MCP servers are reached (tests inject one); default the SDK's client, loaded on first use. */
	remoteConnector?: () => Promise<import('../runtime/remote/connection').RemoteConnector>;
}

/** How long a hub waits for a tab's snapshot before it compiles its first render anyway. */
const FIRST_COMPILE_FALLBACK_MS = 1000;

/** Builds and starts a hub. */
export async function composeHub(options: HubOptions): Promise<Hub> {
	const hubId = options.hubId ?? `hub-${Math.random().toString(36).slice(2, 10)}`;
	const workspaceId = options.workspaceId ?? DEFAULT_WORKSPACE;
	// A workspace deleted meanwhile (or named by a link from another browser) is never recreated:
	// the hub serves an empty one from memory, read-only, and its tabs open another.
	const missing = workspaceId !== DEFAULT_WORKSPACE && !options.storage?.failure && options.repository.workspaces ? !(await options.repository.workspaces.exists(workspaceId)) : false;
	const repository = missing ? new MemoryRepository() : options.repository;
	const events = new HubEvents(hubId, options.publish);
	const preferences = options.preferences;
	const packages = new HubPackages(new PackageService({ store: options.packageStore ?? new MemoryPackageStore(), fetch: options.packageFetch, now: options.now }), () => registry, () => service.workspace, preferences);
	await packages.load();
	/** A value the preview keeps in the hub's preferences (memory only without them). */
	const kept = (key: string) => (preferences ? { get: () => preferences.get(key), set: (value: unknown) => preferences.set(key, value) } : undefined);
	const preview = new PreviewCoordinator({
		packages,
		send: (tabId, render) => options.sendRender?.(tabId, render),
		...(options.sendCapture ? { sendCapture: options.sendCapture } : {}),
		onStatus: (outcome, hosts) => events.publish({ type: 'preview.status', preview: { outcome, hosts } }),
		onStorage: (change, fromTab) => events.publish({ type: 'preview.storage', change, fromTab }),
		onPage: (location) => events.publish({ type: 'preview.page', location }),
		siteStore: kept(siteStorageKey(workspaceId)),
		databaseStore: kept(siteDatabasesKey(workspaceId)),
		cookieStore: kept(siteCookiesKey(workspaceId)),
		placeStore: kept(sitePlaceKey(workspaceId)),
		ackTimeoutMs: options.previewAckTimeoutMs
	});
	// What the `location` rewrite found in big scripts (for every workspace of this device, by this
	// build): the worker's compiles read it, whichever hub made them.
	const findings = kept(locationFindingsKey);
	await Promise.all([preview.loadStorage(), findings ? keepLocationFindings(findings, options.build) : undefined]);
	// What this workspace's import left out, when another tab created it from a .zip.
	const leftOut = await preferences?.get(importLeftOutKey(workspaceId)).catch(() => null);
	if (Array.isArray(leftOut)) preview.noteLeftOut(leftOut.filter((e): e is { path: string; reason: string } => !!e && typeof e.path === 'string' && typeof e.reason === 'string'));
	// Their callbacks read the service and hub built below: they are only called once the hub runs.
	const folder = new FolderHolder(workspaceId, options.folders, () => events.publish({ type: 'folder.status', folder: folder.state(service.workspace) }));
	const storage = new HubStorage({ ...options.storage, kind: repository.kind }, () => events.publish({ type: 'storage.status', storage: storage.info(service.quarantined.length) }));
	const service = await WorkspaceService.open({
		repository,
		workspaceId,
		preview,
		packages: packages.service,
		quota: storage.monitor,
		...(missing ? { initial: () => ({ id: workspaceId, name: 'Deleted workspace', revision: 0, activePath: null, files: new Map() }) } : {})
	});

	const trace = new Trace(undefined, workspaceId);
	if (options.tracePersistence && !missing) {
		trace.restore(await options.tracePersistence.load().catch(() => []));
		trace.addSink({ append: (entry) => options.tracePersistence!.append(entry) });
	}
	// The workspace's git link: its objects on this device, its link with the preferences, its token with the settings.
	const gitOf = (id: string) => (options.gitFs && preferences ? new HubGit(id, options.gitFs, { preferences, secrets: options.settings ?? null }, options.gitHttp, options.now, options.gitRoot, options.gitRemove) : null);
	const git = missing ? null : gitOf(workspaceId);
	const registry = new ToolRegistry({
		trace,
		policy: new ApprovalPolicy(),
		getRevision: () => service.revision,
		baseOf: workspaceBaseReader(service),
		prepare: createPreparer(service, () => folder.current, () => git)
	});
	registerWorkspaceTools(registry, service, { folder: () => folder.current, storage: () => storage.monitor.use, git: () => git });
	// The person's remote MCP servers: the SDK client loads with the first one configured.
	const remote = new RemoteTools({ store: options.settings ?? null, connector: options.remoteConnector ?? (() => import('../runtime/remote/sdk-client').then((m) => m.connectRemote)), now: options.now });
	registry.attachRemote(remote);
	remote.onChange(() => events.publish({ type: 'remote.servers', servers: remote.view() }));
	if (storage.failure) registry.policy.setReadOnly(storage.failure.message);
	if (missing) registry.policy.setReadOnly('This workspace does not exist (it was deleted, or the link comes from another browser).');
	const agents = new AgentRunner(registry, options.settings ?? null, (update) => events.publish({ type: 'agent.update', update }), options.fetch, missing ? null : (options.transcripts ?? null));
	const leases = new TabLeases(options.locks, (event) => hub.onTabs(event));
	const collab = new HubCollab(service, registry, (event) => events.publish(event), options.now);
	const workspaces = new HubWorkspaces(options.repository, service, storage, (announcement) => {
		const signed = { ...announcement, hubId } as HubAnnouncement;
		hub.onWorkspaceAnnounced(signed as Parameters<Hub['onWorkspaceAnnounced']>[0]);
		options.announce?.(signed);
	}, options.now, preferences ? (id, skipped) => preferences.set(importLeftOutKey(id), skipped) : undefined, git ? { clone: (id, link) => gitOf(id)!.clone(link), forget: (id) => gitOf(id)!.forget() } : undefined);

	const hub = new Hub({ id: hubId, mode: options.mode, build: options.build, builtAt: options.builtAt ?? 0, startedAt: (options.now ?? Date.now)(), now: options.now ?? Date.now, missing }, { events, preview, folder, storage, service, registry, agents, leases, workspaces, collab, packages, git, preferences: options.preferences, tracePersistence: options.tracePersistence });
	await folder.restore();
	await agents.applyStored();
	await agents.restore();
	void remote.load();
	events.follow(registry);
	service.subscribe((event) => {
		if (event.type === 'changed') {
			packages.lastSource = event.source;
			// Before the render this change asks for (events are told as the commit ends).
			if (event.whole) preview.replaced(service.workspace);
			if (folder.current) queueMicrotask(() => events.publish({ type: 'folder.status', folder: folder.state(service.workspace) }));
			void storage.monitor.refresh();
		}
		events.workspace(event, service);
	});
	if (git) commitOnQuiet(service, git, registry, options.gitQuietUnitMs);
	void storage.monitor.refresh(true);
	// The HTML parser is not in the hub's boot (its entity tables cost the start): it loads, and the
	// first render is compiled, once the first tab has asked for its snapshot, so that tab's
	// registration (sent when its preview mounts, later) is answered from it: a start's registration
	// waited 15–35 ms for that compile. Not before: the parser's module and the compile held the
	// hub's thread 20–26 ms (traced) just as the snapshot came, and the tab's start waited behind them
	// (B6 in `npm run bench`). A hub no tab asks within a second compiles then.
	hub.onSnapshot = () => {
		hub.onSnapshot = null;
		void htmlParser
			.load()
			.then(() => preview.prepare(service.workspace))
			.catch(() => undefined);
	};
	setTimeout(() => hub.onSnapshot?.(), FIRST_COMPILE_FALLBACK_MS);
	return hub;
}
