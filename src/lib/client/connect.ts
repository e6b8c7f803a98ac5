// Connects a tab to the shared runtime: SharedWorker if the browser has one, else a dedicated worker.
import * as Comlink from 'comlink';
import { PROTOCOL_VERSION, type HelloResponse, type HubFacade } from '$lib/worker/protocol';
import { withTimeout } from './timeout';

/** How long the first handshake may take (a cold worker parses its bundle first). */
const HELLO_TIMEOUT_MS = 10_000;

/** A live connection: the remote facade and the handshake answer. */
export interface Connection {
	facade: Comlink.Remote<HubFacade>;
	hello: HelloResponse;
	tabId: string;
}

/** A random id for this tab's lifetime. */
export function newTabId(): string {
	return crypto.randomUUID();
}

/** Opens the best available worker and performs the `hello` handshake. */
export async function connect(tabId: string = newTabId()): Promise<Connection> {
	let endpoint: Comlink.Endpoint;
	if (typeof SharedWorker === 'function') {
		const worker = new SharedWorker(new URL('../worker/hub.worker.ts', import.meta.url), {
			type: 'module',
			name: 'studio'
		});
		endpoint = worker.port;
	} else {
		endpoint = new Worker(new URL('../worker/dedicated.worker.ts', import.meta.url), {
			type: 'module',
			name: 'studio'
		});
	}
	const facade = Comlink.wrap<HubFacade>(endpoint);
	const hello = await withTimeout(
		facade.hello({ protocolVersion: PROTOCOL_VERSION, build: __BUILD_ID__, tabId }),
		HELLO_TIMEOUT_MS,
		'hub hello'
	);
	return { facade, hello, tabId };
}
