// Relay for per-tab mode: non-writer hubs forward facade calls to the writer hub over a BroadcastChannel.
import { HUB_METHODS, HUB_METHOD_NAMES, type HubBackend, type HubMethod, type RelayMessage } from './protocol';
import { TOOLS, isToolName } from '../tools/schema';
import { errorResult } from '../runtime/registry';
import { ToolError } from '../core/errors';

/** Minimal channel surface (BroadcastChannel in browsers; a fake in tests). */
export interface RelayPort {
	postMessage(message: RelayMessage): void;
	addEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
	removeEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
}

/** Serves relayed requests with `backend` (the writer's local backend). Returns a stop function. */
export function serveRelay(port: RelayPort, backend: HubBackend): () => void {
	const onMessage = async (event: MessageEvent<RelayMessage>) => {
		const message = event.data;
		if (message?.kind !== 'request' || !Object.hasOwn(HUB_METHODS, message.method) || !Array.isArray(message.args)) return;
		try {
			const method = backend[message.method] as (...args: unknown[]) => Promise<unknown>;
			const value = await method.apply(backend, message.args);
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

/** The tool name and arguments of a relayed tool call, if it is one. */
function toolCallOf(method: HubMethod, args: unknown[]): { name: unknown; arguments: unknown } | null {
	if (method === 'callTool') return { name: args[0], arguments: args[1] };
	if (method === 'executeAgentCall') {
		const call = args[0] as { name?: unknown; arguments?: unknown } | null;
		let parsed = call?.arguments;
		if (typeof parsed === 'string') {
			try {
				parsed = JSON.parse(parsed);
			} catch {
				parsed = null;
			}
		}
		return { name: call?.name, arguments: parsed };
	}
	return null;
}

/**
 * True when running a relayed call a second time cannot apply it twice: the method's rule says so,
 * or it is a tool call that is read-only or guarded by expectedRevision (a second commit conflicts).
 */
export function replayable(method: HubMethod, args: unknown[]): boolean {
	const rule = HUB_METHODS[method].replay;
	if (rule !== 'if-guarded') return rule === 'always';
	const call = toolCallOf(method, args);
	if (!call || !isToolName(call.name)) return true; // refused by validation either way
	if (TOOLS[call.name].annotations.readOnlyHint) return true;
	const expected = (call.arguments as { expectedRevision?: unknown } | null)?.expectedRevision;
	return typeof expected === 'number';
}

/** What a non-replayable call settles with when its writer vanished: it may or may not have been applied. */
function interrupted(method: HubMethod): Promise<unknown> {
	const message = 'The tab that was running this call closed before answering; it may or may not have been applied. Read the workspace, then retry.';
	if (method === 'callTool' || method === 'executeAgentCall') return Promise.resolve(errorResult(new ToolError('TOOL_INTERRUPTED', message, { method }).toJSON()));
	return Promise.reject(new Error(message));
}

/**
 * A backend that forwards every call to whichever hub serves the relay. If the writer's tab closes
 * while calls wait, the hub that takes over re-runs only those that cannot apply twice (see
 * {@link replayable}); the others settle with a retryable TOOL_INTERRUPTED.
 */
export function relayBackend(port: RelayPort, timeoutMs = 120_000): RelayClient {
	let counter = 0;
	const waiting = new Map<string, { method: HubMethod; args: unknown[]; settle: (run: () => Promise<unknown>) => void }>();
	const call = (method: HubMethod, args: unknown[]) =>
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
	const methods = Object.fromEntries(HUB_METHOD_NAMES.map((method) => [method, (...args: unknown[]) => call(method, args)])) as unknown as HubBackend;
	return {
		...methods,
		handOver(local) {
			for (const { method, args, settle } of [...waiting.values()]) {
				settle(() => (replayable(method, args) ? (local[method] as (...a: unknown[]) => Promise<unknown>).apply(local, args) : interrupted(method)));
			}
		}
	};
}
