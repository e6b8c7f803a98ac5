// Builds the narrow per-port facade over a hub; never exposes the hub object itself.
import type { Hub } from './hub';
import type { HelloRequest, HubFacade } from './protocol';
import { isHelloRequest } from './guards';

/** One facade per connected port; the hub's internals stay private to the worker. */
export function createFacade(hub: Hub): HubFacade {
	return {
		async hello(request: HelloRequest) {
			if (!isHelloRequest(request)) throw new TypeError('hello: malformed request');
			return hub.hello(request);
		},
		async ping() {
			return 'pong' as const;
		}
	};
}
