// Starts a hub in whatever context hosts it (SharedWorker, dedicated worker, or the page itself):
// opens storage, publishes events, and listens for newer builds. IndexedDB that exists but fails is
// reported and serves nothing; memory storage is only for browsers without IndexedDB.
import type { Hub } from './hub';
import { composeHub } from './compose';
import { DEFAULT_WORKSPACE, HUBS_CHANNEL, PROTOCOL_VERSION, eventsChannelName, renderChannelName, type HubAnnouncement, type HubEvent, type RuntimeMode } from './protocol';
import type { CaptureOptions, PreviewRender, TabMessage } from '../preview/messages';
import { IdbRepository } from '../storage/repository';
import { MemoryRepository } from '../storage/memory';
import { TraceStore } from '../storage/trace-store';
import { TranscriptStore } from '../storage/transcript-store';
import { KeyValueStores } from '../storage/kv-store';
import { UnavailableRepository, describeStorageFailure, type StorageFailure } from '../storage/unavailable';
import { readBackup } from '../storage/backup';
import { IdbPackageStore } from '../storage/package-store';
import type { RepositoryPort } from '../runtime/ports';

/** What {@link startHub} needs to know about its context. */
export interface HostOptions {
	mode: RuntimeMode;
	build: string;
	builtAt: number;
	/** Force memory storage (the last rung of the fallback ladder). */
	memory?: boolean;
	/** Ends this hub's context (a worker closes itself; the page reloads). */
	close?: () => void;
	/** The workspace this hub serves (from the worker's name). */
	workspaceId?: string;
}

interface OpenedStorage {
	repository: RepositoryPort;
	idb: IdbRepository | null;
	failure?: StorageFailure;
}

/** Opens IndexedDB; if it exists but cannot be used, says why instead of falling back to memory. */
async function openStorage(memory: boolean): Promise<OpenedStorage> {
	if (memory || typeof indexedDB === 'undefined' || indexedDB === null) return { repository: new MemoryRepository(), idb: null };
	try {
		const idb = await IdbRepository.open({ blockedTimeoutMs: 8000 });
		return { repository: idb, idb };
	} catch (error) {
		const failure = describeStorageFailure(error);
		return { repository: new UnavailableRepository(failure), idb: null, failure };
	}
}

/** Starts a hub wired to BroadcastChannels and Web Locks of this context. */
export async function startHub(options: HostOptions): Promise<Hub> {
	// User Timing marks (devtools' performance panel of the worker; the start benchmark reads them).
	performance.mark('hub:starting');
	const { repository, idb, failure } = await openStorage(options.memory === true);
	performance.mark('hub:storage-opened');
	const workspaceId = options.workspaceId ?? DEFAULT_WORKSPACE;
	const events = new BroadcastChannel(eventsChannelName(options.build, workspaceId));
	const hubs = new BroadcastChannel(HUBS_CHANNEL);
	const traceStore = idb ? new TraceStore(idb.database) : null;
	const kv = idb ? new KeyValueStores(idb.database) : null;
	// One channel per tab hosting a preview: renders go to that tab only, never on the event stream.
	const renderChannels = new Map<string, BroadcastChannel>();
	const sendToTab = (tabId: string, message: TabMessage) => {
		let channel = renderChannels.get(tabId);
		if (!channel) renderChannels.set(tabId, (channel = new BroadcastChannel(renderChannelName(options.build, tabId))));
		channel.postMessage(message);
	};
	const sendRender = (tabId: string, render: PreviewRender) => sendToTab(tabId, { kind: 'render', render });
	const sendCapture = (tabId: string, id: string, capture: CaptureOptions) => sendToTab(tabId, { kind: 'capture', id, options: capture });
	// The device's packages: one store for every workspace; without it, packages live as long as the hub.
	const packageStore = idb ? await IdbPackageStore.open().catch(() => undefined) : undefined;
	const hub: Hub = await composeHub({
		packageStore,
		mode: options.mode,
		build: options.build,
		builtAt: options.builtAt,
		repository,
		storage: {
			health: () => idb?.health ?? 'memory',
			failure,
			manager: typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null,
			readBackup: () => readBackup(),
			restart: () => setTimeout(() => options.close?.(), 50),
			releaseOthers: () => hubs.postMessage({ kind: 'release-storage', hubId: hub.id } satisfies HubAnnouncement)
		},
		tracePersistence: traceStore
			? { load: () => traceStore.load(workspaceId), append: (entry) => traceStore.append(entry), clear: () => traceStore.clear(workspaceId) }
			: undefined,
		transcripts: idb ? new TranscriptStore(idb.database, workspaceId) : undefined,
		publish: (event: HubEvent) => events.postMessage(event),
		sendRender,
		sendCapture,
		folders: kv ? { get: (id: string) => kv.getFolder(id), put: (record, id: string) => kv.putFolder(record, id) } : undefined,
		settings: kv ? { get: (key: string) => kv.getSetting(key), set: (key: string, value: unknown) => kv.setSetting(key, value) } : undefined,
		preferences: kv ? { get: (key: string) => kv.getPreference(key), set: (key: string, value: unknown) => kv.setPreference(key, value) } : undefined,
		locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
		workspaceId,
		announce: (announcement) => hubs.postMessage(announcement),
		// Git objects beside the workspace, on this device (none in memory mode: nothing would last).
		...(idb ? { gitFs: () => import('../storage/git-fs').then((m) => m.openGitFs()), gitRemove: (gitdir: string) => import('../storage/git-fs').then((m) => m.removeGitRepo(gitdir)) } : {})
	});

	// Hubs of every build meet on one channel; the hub of an older build stops writing.
	const announce = (): HubAnnouncement => ({ kind: 'hub-started', hubId: hub.id, build: hub.build, protocolVersion: PROTOCOL_VERSION, startedAt: hub.builtAt });
	hubs.addEventListener('message', (event: MessageEvent<HubAnnouncement>) => {
		const other = event.data;
		if (other?.kind === 'release-storage' && other.hubId !== hub.id && idb) {
			// Another tab cannot open storage while we hold it: let go, and say so in our tabs.
			idb.close();
			hub.supersede({ by: 'storage-released' }, 'Another Web Studio tab needed the storage, so this tab stopped saving. Reload it to keep working.');
			return;
		}
		if ((other?.kind === 'workspace-renamed' || other?.kind === 'workspace-deleted') && other.hubId !== hub.id) {
			hub.onWorkspaceAnnounced(other);
			return;
		}
		if (other?.kind !== 'hub-started' || other.build === hub.build) return;
		if (other.startedAt > hub.builtAt) hub.supersede({ by: 'newer-build', build: other.build });
		else hubs.postMessage(announce()); // tell the older hub that we exist
	});
	hubs.postMessage(announce());
	performance.mark('hub:ready');
	return hub;
}
