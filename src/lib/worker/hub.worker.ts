// SharedWorker entry: one hub per origin, build and workspace (the worker's name); every connecting
// tab gets its own Comlink facade.
/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { startHub } from './host';
import { createFacade, deferredFacade } from './facade';
import { workspaceOfWorker } from './protocol';

declare const self: SharedWorkerGlobalScope;

const hub = startHub({ mode: 'shared-worker', build: __BUILD_ID__, builtAt: __BUILD_TIME__, close: () => self.close(), workspaceId: workspaceOfWorker(self.name) });

const ready = hub.then((h) => createFacade(h));

self.onconnect = (event: MessageEvent) => {
	// Expose at once (messages queue on the port); each call waits for the hub to be ready.
	if (event.ports[0]) Comlink.expose(deferredFacade(ready), event.ports[0]);
};
