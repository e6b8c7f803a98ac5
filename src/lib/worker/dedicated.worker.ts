// Dedicated-worker entry: the fallback where SharedWorker is missing; one hub per tab.
/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { Hub } from './hub';
import { createFacade } from './facade';

const hub = new Hub({ mode: 'dedicated-worker', build: __BUILD_ID__ });
Comlink.expose(createFacade(hub), self as unknown as Comlink.Endpoint);
