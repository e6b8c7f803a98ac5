// Dedicated-worker entry (where SharedWorker is missing): one hub per tab. Of the tabs on one
// workspace, the hub holding its writer Web Lock answers for all; the others relay their calls to it.
/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { startHub } from './host';
import { createFacade, deferredFacade } from './facade';
import type { Hub } from './hub';
import { relayBackend, serveRelay, type RelayPort } from './relay';
import { relayChannelName, workspaceOfWorker, writerLockName, type HubBackend } from './protocol';

const workspaceId = workspaceOfWorker(self.name);
const relay = new BroadcastChannel(relayChannelName(__BUILD_ID__, workspaceId)) as unknown as RelayPort;
const remote = relayBackend(relay);
let backend: HubBackend = remote;

/** Becomes the writer: reload (the previous writer may have committed), then serve the relay. */
async function becomeWriter(hub: Hub, onServing?: () => void): Promise<never> {
	await hub.service.reload();
	hub.writer = true;
	backend = hub;
	serveRelay(relay, backend);
	remote.handOver(backend); // calls that were waiting on the old writer run here now
	onServing?.();
	return new Promise<never>(() => undefined); // hold the lock for this tab's lifetime
}

/** Resolves once this hub knows who writes: itself (lock granted, serving) or another tab. */
function electWriter(hub: Hub): Promise<void> {
	hub.writer = false;
	return new Promise<void>((decided) => {
		void navigator.locks.request(writerLockName(workspaceId), { ifAvailable: true }, async (lock) => {
			if (lock) return becomeWriter(hub, decided);
			decided(); // another tab writes; queue to take over when it closes
			return navigator.locks.request(writerLockName(workspaceId), () => becomeWriter(hub));
		});
	});
}

const ready = startHub({ mode: 'dedicated-worker', build: __BUILD_ID__, builtAt: __BUILD_TIME__, close: () => self.close(), workspaceId }).then(async (hub) => {
	await electWriter(hub);
	return createFacade(hub, () => backend);
});
Comlink.expose(deferredFacade(ready), self as unknown as Comlink.Endpoint);
