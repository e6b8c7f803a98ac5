// Starts a hub in whatever context hosts it (SharedWorker, dedicated worker, or the page itself):
// opens storage (IndexedDB, else memory), publishes events, and listens for newer builds.
import { Hub } from './hub';
import { HUBS_CHANNEL, PROTOCOL_VERSION, eventsChannelName, type HubAnnouncement, type HubEvent, type RuntimeMode } from './protocol';
import { IdbRepository } from '../storage/repository';
import { MemoryRepository } from '../storage/memory';
import { TraceStore } from '../storage/trace-store';
import type { RepositoryPort } from '../runtime/ports';

/** What {@link startHub} needs to know about its context. */
export interface HostOptions {
	mode: RuntimeMode;
	build: string;
	builtAt: number;
	/** Force memory storage (the last rung of the fallback ladder). */
	memory?: boolean;
}

/** Opens the best storage available here. */
async function openStorage(memory: boolean): Promise<{ repository: RepositoryPort; idb: IdbRepository | null }> {
	if (!memory && typeof indexedDB !== 'undefined') {
		try {
			const idb = await IdbRepository.open({ blockedTimeoutMs: 8000 });
			return { repository: idb, idb };
		} catch {
			// Private modes and some WebViews refuse IndexedDB: keep working in memory, visibly.
		}
	}
	return { repository: new MemoryRepository(), idb: null };
}

/** Starts a hub wired to BroadcastChannels and Web Locks of this context. */
export async function startHub(options: HostOptions): Promise<Hub> {
	const { repository, idb } = await openStorage(options.memory === true);
	const events = new BroadcastChannel(eventsChannelName(options.build));
	const traceStore = idb ? new TraceStore(idb.database) : null;
	const hub = await Hub.start({
		mode: options.mode,
		build: options.build,
		builtAt: options.builtAt,
		repository,
		storageHealth: () => idb?.health ?? 'memory',
		tracePersistence: traceStore
			? { load: () => traceStore.load(), append: (entry) => traceStore.append(entry), clear: () => traceStore.clear() }
			: undefined,
		publish: (event: HubEvent) => events.postMessage(event),
		folders: idb ? { get: (id: string) => idb.getFolder(id), put: (record, id: string) => idb.putFolder(record, id) } : undefined,
		settings: idb ? { get: (key: string) => idb.getSetting(key), set: (key: string, value: unknown) => idb.setSetting(key, value) } : undefined,
		preferences: idb ? { get: (key: string) => idb.getPreference(key), set: (key: string, value: unknown) => idb.setPreference(key, value) } : undefined,
		locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null
	});

	// Hubs of every build meet on one channel; the hub of an older build stops writing.
	const hubs = new BroadcastChannel(HUBS_CHANNEL);
	const announce = (): HubAnnouncement => ({ kind: 'hub-started', hubId: hub.id, build: hub.build, protocolVersion: PROTOCOL_VERSION, startedAt: hub.builtAt });
	hubs.addEventListener('message', (event: MessageEvent<HubAnnouncement>) => {
		const other = event.data;
		if (other?.kind !== 'hub-started' || other.build === hub.build) return;
		if (other.startedAt > hub.builtAt) hub.supersede(other.build);
		else hubs.postMessage(announce()); // tell the older hub that we exist
	});
	hubs.postMessage(announce());
	return hub;
}
