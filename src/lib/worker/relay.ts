// Relay for per-tab mode: non-writer hubs forward facade calls to the writer hub over a BroadcastChannel.
import type { HubBackend } from './facade';
import type { RelayMessage, RelayMethod } from './protocol';

/** Minimal channel surface (BroadcastChannel in browsers; a fake in tests). */
export interface RelayPort {
	postMessage(message: RelayMessage): void;
	addEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
	removeEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
}

const METHODS: readonly RelayMethod[] = ['snapshot', 'listTools', 'callTool', 'executeAgentCall', 'resolveApproval', 'readFile', 'clearTrace', 'exportTrace', 'registerPreviewHost', 'previewAck', 'previewReport', 'retryCall', 'revisionDiff', 'getPreference', 'setPreference', 'startAgent', 'cancelAgent', 'getAgentSettings', 'setAgentSettings', 'listModels', 'connectFolder'];

/** Serves relayed requests with `backend` (the writer's local backend). Returns a stop function. */
export function serveRelay(port: RelayPort, backend: HubBackend): () => void {
	const onMessage = async (event: MessageEvent<RelayMessage>) => {
		const message = event.data;
		if (message?.kind !== 'request' || !METHODS.includes(message.method) || !Array.isArray(message.args)) return;
		try {
			const method = backend[message.method] as (...args: unknown[]) => Promise<unknown>;
			const value = await method(...message.args);
			port.postMessage({ kind: 'response', id: message.id, ok: true, value });
		} catch (error) {
			port.postMessage({ kind: 'response', id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
		}
	};
	port.addEventListener('message', onMessage);
	return () => port.removeEventListener('message', onMessage);
}

/** A relaying backend; `handOver` settles calls still waiting when this hub becomes the writer. */
export type RelayClient = HubBackend & { handOver(local: HubBackend): void };

/**
 * A backend that forwards every call to whichever hub serves the relay. If the writer's tab closes
 * while calls wait, the hub that takes over re-runs them itself (`handOver`); a call the old writer
 * had already committed is then refused by its expectedRevision, or repeated when it had none.
 */
export function relayBackend(port: RelayPort, timeoutMs = 120_000): RelayClient {
	let counter = 0;
	const waiting = new Map<string, { method: RelayMethod; args: unknown[]; settle: (run: () => Promise<unknown>) => void }>();
	const call = (method: RelayMethod, args: unknown[]) =>
		new Promise<unknown>((resolve, reject) => {
			const id = `${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
			const done = () => {
				clearTimeout(timer);
				port.removeEventListener('message', onMessage);
				waiting.delete(id);
			};
			const timer = setTimeout(() => {
				done();
				reject(new Error(`The writing tab did not answer ${method} in time.`));
			}, timeoutMs);
			const onMessage = (event: MessageEvent<RelayMessage>) => {
				const message = event.data;
				if (message?.kind !== 'response' || message.id !== id) return;
				done();
				if (message.ok) resolve(message.value);
				else reject(new Error(message.error));
			};
			waiting.set(id, {
				method,
				args,
				settle: (run) => {
					done();
					run().then(resolve, reject);
				}
			});
			port.addEventListener('message', onMessage);
			port.postMessage({ kind: 'request', id, method, args });
		});
	const methods = Object.fromEntries(METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)])) as unknown as HubBackend;
	return {
		...methods,
		handOver(local) {
			for (const { method, args, settle } of [...waiting.values()]) {
				settle(() => (local[method] as (...a: unknown[]) => Promise<unknown>)(...args));
			}
		}
	};
}
