// SharedWorker entry: one hub per origin+build; every connecting tab gets its own Comlink facade.
/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Hub } from './hub';
import { createFacade } from './facade';

declare const self: SharedWorkerGlobalScope;

const hub = new Hub({ mode: 'shared-worker', build: __BUILD_ID__ });

self.onconnect = (event: MessageEvent) => {
	const port = event.ports[0];
	if (port) Comlink.expose(createFacade(hub), port);
};
