// The hub: one per runtime (SharedWorker, dedicated worker or in-page memory); owns tab bookkeeping.
import { PROTOCOL_VERSION, compareHello, type HelloRequest, type HelloResponse, type RuntimeMode } from './protocol';

/** Options for a hub instance. */
export interface HubOptions {
	mode: RuntimeMode;
	build: string;
	now?: () => number;
}

/** Framework-neutral hub state; the worker entry wires ports to {@link createFacade}. */
export class Hub {
	readonly mode: RuntimeMode;
	readonly build: string;
	readonly startedAt: number;
	readonly #tabs = new Set<string>();

	constructor(options: HubOptions) {
		this.mode = options.mode;
		this.build = options.build;
		this.startedAt = (options.now ?? Date.now)();
	}

	/** Answers a tab's handshake and registers the tab. */
	hello(request: HelloRequest): HelloResponse {
		this.#tabs.add(request.tabId);
		return {
			protocolVersion: PROTOCOL_VERSION,
			build: this.build,
			mode: this.mode,
			...compareHello(request, { protocolVersion: PROTOCOL_VERSION, build: this.build }),
			hubStartedAt: this.startedAt,
			tabs: this.#tabs.size
		};
	}

	/** Forgets a tab (its lease ended). */
	forgetTab(tabId: string): void {
		this.#tabs.delete(tabId);
	}

	get tabCount(): number {
		return this.#tabs.size;
	}
}
