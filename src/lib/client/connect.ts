// Connects a tab to the shared runtime, down the fallback ladder: SharedWorker → dedicated worker
// (one writer elected by Web Lock) → a hub inside this page with memory storage.
import * as Comlink from 'comlink';
import { DEFAULT_WORKSPACE, HUB_CALLS, PROTOCOL_VERSION, hubWorkerName, tabLockName } from '$lib/worker/protocol-calls';
import type { HelloResponse, HubFacade, HubMethod, RuntimeMode, TabCallContext } from '$lib/worker/protocol';
import { withTimeout } from './timeout';
import { takeEarlyHub } from './hub-early';

/** How long a handshake may take (a cold worker parses its bundle and opens IndexedDB first). */
const HELLO_TIMEOUT_MS = 15_000;
/** For the handshake methods (the others take their deadline from the protocol table). */
const DEFAULT_TIMEOUT_MS = 20_000;

/** A live connection: the facade (every call with a deadline) and the handshake answer. */
export interface Connection {
	facade: HubFacade;
	hello: HelloResponse;
	tabId: string;
	mode: RuntimeMode;
}

/** A random id for this tab's lifetime. */
export function newTabId(): string {
	return crypto.randomUUID();
}

/**
 * Holds `studio:tab:<id>` for the life of this tab, so the hub learns of our death by being
 * granted the same lock. Resolves once we hold it (before hello, so the hub's request queues).
 */
export function holdTabLease(tabId: string): Promise<void> {
	if (!('locks' in navigator)) return Promise.resolve();
	return new Promise((held) => {
		void navigator.locks.request(tabLockName(tabId), () => {
			held();
			return new Promise(() => undefined);
		});
	});
}

/** Calls whose last argument is the tab's call context: they carry a request id the tab can withdraw. */
const WITHDRAWABLE = new Set<string>(['callTool', 'executeAgentCall', 'retryCall']);

function withDeadlines(facade: HubFacade): HubFacade {
	return new Proxy(facade, {
		get(target, method: string | symbol) {
			const fn = (target as unknown as Record<string | symbol, unknown>)[method];
			if (typeof method !== 'string' || typeof fn !== 'function') return fn;
			const ms = Object.hasOwn(HUB_CALLS, method) ? HUB_CALLS[method as HubMethod].deadlineMs : DEFAULT_TIMEOUT_MS;
			if (!WITHDRAWABLE.has(method)) return (...args: unknown[]) => withTimeout(Promise.resolve(fn.apply(target, args)), ms, `hub.${method}`);
			return (...args: unknown[]) => {
				const context = { ...(args.at(-1) as TabCallContext), requestId: crypto.randomUUID() };
				const call = withTimeout(Promise.resolve(fn.apply(target, [...args.slice(0, -1), context])), ms, `hub.${method}`);
				// A caller that gives up withdraws its call in the hub too (and with it any approval card).
				call.catch(() => void Promise.resolve(target.cancelCall(context.tabId, context.requestId)).catch(() => undefined));
				return call;
			};
		}
	});
}

async function handshake(facade: HubFacade, tabId: string, mode: RuntimeMode): Promise<Connection> {
	const hello = await withTimeout(facade.hello({ protocolVersion: PROTOCOL_VERSION, build: __BUILD_ID__, tabId }), HELLO_TIMEOUT_MS, 'hub hello');
	return { facade: withDeadlines(facade), hello, tabId, mode };
}

function sharedWorker(workspaceId: string): HubFacade {
	const name = hubWorkerName(workspaceId);
	const worker = takeEarlyHub(name) ?? new SharedWorker(new URL('../worker/hub.worker.ts', import.meta.url), { type: 'module', name });
	return Comlink.wrap<HubFacade>(worker.port) as unknown as HubFacade;
}

function dedicatedWorker(workspaceId: string): HubFacade {
	const worker = new Worker(new URL('../worker/dedicated.worker.ts', import.meta.url), { type: 'module', name: hubWorkerName(workspaceId) });
	return Comlink.wrap<HubFacade>(worker) as unknown as HubFacade;
}

async function inPage(workspaceId: string): Promise<HubFacade> {
	const [{ startHub }, { createFacade }] = await Promise.all([import('$lib/worker/host'), import('$lib/worker/facade')]);
	return createFacade(await startHub({ mode: 'memory', build: __BUILD_ID__, builtAt: __BUILD_TIME__, memory: true, workspaceId }));
}

/**
 * Connects to the hub of `workspaceId` down the ladder; each rung that fails hands over to the next.
 * `leased`: the tab's lease under `tabId`, asked for already (by the first paint).
 */
export async function connect(tabId: string = newTabId(), workspaceId: string = DEFAULT_WORKSPACE, leased?: Promise<void>): Promise<Connection> {
	// The worker boots while the lease is granted (a grant waits for a busy page's main thread); the
	// hub hears `hello` only once the lease is held, so it never mistakes this tab for a closed one.
	const lease = leased ?? holdTabLease(tabId);
	if (typeof SharedWorker === 'function') {
		try {
			const facade = sharedWorker(workspaceId);
			await lease;
			return await handshake(facade, tabId, 'shared-worker');
		} catch {
			// fall through to a per-tab worker
		}
	}
	await lease;
	if (typeof Worker === 'function') {
		try {
			return await handshake(dedicatedWorker(workspaceId), tabId, 'dedicated-worker');
		} catch {
			// fall through to the in-page runtime
		}
	}
	return handshake(await inPage(workspaceId), tabId, 'memory');
}
