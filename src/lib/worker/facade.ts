// The narrow per-port facade, derived from the protocol table: every argument is checked against
// its schema, then the call goes to a backend (the local hub, or the writer hub through the relay
// in per-tab mode). Never exposes the hub object itself.
import * as v from 'valibot';
import type { Hub } from './hub';
import { HUB_METHODS, HUB_METHOD_NAMES, isHelloRequest, type HubBackend, type HubFacade, type HubMethod } from './protocol';

/** One facade per connected port. `hello` is always answered by the hub the tab is connected to. */
export function createFacade(hub: Hub, backend: () => HubBackend = () => hub): HubFacade {
	const facade: Record<string, (...args: unknown[]) => Promise<unknown>> = {
		async hello(request: unknown) {
			if (!isHelloRequest(request)) throw new TypeError('hello: malformed request');
			return hub.hello(request);
		},
		async ping() {
			return 'pong';
		}
	};
	for (const name of HUB_METHOD_NAMES) {
		const spec = HUB_METHODS[name] as (typeof HUB_METHODS)[HubMethod] & { refuse?: (message: string) => unknown };
		facade[name] = async (...args: unknown[]) => {
			const parsed = v.safeParse(spec.args, args);
			if (!parsed.success) {
				const message = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(arguments)'}: ${issue.message}`).join('; ');
				if (spec.refuse) return spec.refuse(message);
				throw new TypeError(`${name}: malformed arguments (${message})`);
			}
			const call = backend()[name] as (...a: unknown[]) => Promise<unknown>;
			return call.apply(backend(), parsed.output as unknown[]);
		};
	}
	return facade as unknown as HubFacade;
}

/** A facade object that can be exposed at once; each call waits until the hub behind it is ready. */
export function deferredFacade(ready: Promise<HubFacade>): HubFacade {
	return new Proxy({} as HubFacade, {
		get: (_target, method: string | symbol) =>
			typeof method === 'string'
				? async (...args: unknown[]) => ((await ready) as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args)
				: undefined
	});
}
