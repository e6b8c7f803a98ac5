// Builds the narrow per-port facade: guards every argument, then delegates to a backend (the local
// hub, or the writer hub through the relay in per-tab mode). Never exposes the hub object itself.
import type { Hub } from './hub';
import type { HelloRequest, HubFacade, RelayMethod, TabCallContext } from './protocol';
import { isHelloRequest, isHostOutcome, isPreviewLines, isSettingsPatch, isTabContext } from './guards';
import { errorResult } from '../runtime/registry';
import { ToolError } from '../tools/errors';

/** The operations behind the facade, local or relayed. */
export type HubBackend = Pick<HubFacade, RelayMethod>;

/** The backend of a hub that answers itself. */
export function localBackend(hub: Hub): HubBackend {
	return {
		snapshot: async () => hub.snapshot(),
		listTools: async (cursor) => hub.registry.listTools(cursor ? { cursor } : {}),
		callTool: (name, args, context) => hub.callTool(name, args, context),
		executeAgentCall: (call, context) => hub.executeAgentCall(call, context),
		resolveApproval: async (id, decision) => hub.resolveApproval(id, decision),
		readFile: async (path) => hub.readFile(path),
		clearTrace: () => hub.clearTrace(),
		exportTrace: async () => hub.registry.trace.export(),
		registerPreviewHost: async (tabId) => hub.registerPreviewHost(tabId),
		previewAck: async (tabId, renderId, outcome) => hub.previewAck(tabId, renderId, outcome),
		previewReport: async (tabId, lines) => hub.previewReport(tabId, lines),
		retryCall: (callId, context) => hub.retry(callId, context),
		cancelCall: async (tabId, requestId) => hub.cancelCall(tabId, requestId),
		revokeGrant: async (key) => hub.revokeGrant(key),
		revisionDiff: (revision) => hub.revisionDiff(revision),
		getPreference: (key) => hub.getPreference(key),
		setPreference: (key, value) => hub.setPreference(key, value),
		startAgent: (prompt, provider) => hub.agents.start(prompt, provider),
		cancelAgent: async (sessionId) => hub.agents.cancel(sessionId),
		getAgentSettings: () => hub.agents.getSettings(),
		setAgentSettings: (patch) => hub.agents.setSettings(patch),
		listModels: () => hub.agents.models(),
		connectFolder: (handle) => hub.connectFolder(handle),
		downloadBackup: () => hub.downloadBackup(),
		refreshStorage: () => hub.refreshStorage(),
		restartHub: async () => hub.restartHub(),
		releaseStorage: async () => hub.releaseStorage()
	};
}

const badContext = () =>
	errorResult(new ToolError('TOOL_VALIDATION_FAILED', 'The call context is malformed (tabId and source are required).', { reason: 'context-required' }).toJSON());

/** One facade per connected port. `hello` is always answered by the hub the tab is connected to. */
export function createFacade(hub: Hub, backend: () => HubBackend = () => localBackend(hub)): HubFacade {
	return {
		async hello(request: HelloRequest) {
			if (!isHelloRequest(request)) throw new TypeError('hello: malformed request');
			return hub.hello(request);
		},
		async ping() {
			return 'pong' as const;
		},
		snapshot: () => backend().snapshot(),
		listTools: (cursor) => backend().listTools(typeof cursor === 'string' ? cursor : undefined),
		async callTool(name: string, args: unknown, context: TabCallContext) {
			if (!isTabContext(context)) return badContext();
			return backend().callTool(name, args, context);
		},
		async executeAgentCall(call, context) {
			if (!isTabContext(context) || !call || typeof call !== 'object') return badContext();
			return backend().executeAgentCall(call, context);
		},
		async resolveApproval(id, decision) {
			if (typeof id !== 'string' || !['allow-once', 'allow-session', 'deny'].includes(decision)) return false;
			return backend().resolveApproval(id, decision);
		},
		async readFile(path) {
			return typeof path === 'string' ? backend().readFile(path) : null;
		},
		clearTrace: () => backend().clearTrace(),
		exportTrace: () => backend().exportTrace(),
		async registerPreviewHost(tabId) {
			if (typeof tabId === 'string' && tabId) await backend().registerPreviewHost(tabId);
		},
		async previewAck(tabId, renderId, outcome) {
			if (typeof tabId === 'string' && typeof renderId === 'string' && isHostOutcome(outcome)) await backend().previewAck(tabId, renderId, outcome);
		},
		async previewReport(tabId, lines) {
			if (typeof tabId === 'string' && isPreviewLines(lines)) await backend().previewReport(tabId, lines);
		},
		async retryCall(callId, context) {
			if (typeof callId !== 'string' || !isTabContext(context)) return badContext();
			return backend().retryCall(callId, context);
		},
		async cancelCall(tabId, requestId) {
			return typeof tabId === 'string' && typeof requestId === 'string' ? backend().cancelCall(tabId, requestId) : false;
		},
		async revokeGrant(key) {
			return typeof key === 'string' && key.length <= 1000 ? backend().revokeGrant(key) : false;
		},
		async revisionDiff(revision) {
			return Number.isInteger(revision) && revision >= 0 ? backend().revisionDiff(revision) : null;
		},
		async startAgent(prompt, provider) {
			if (typeof prompt !== 'string' || !prompt.trim() || prompt.length > 20_000) throw new TypeError('startAgent: a prompt is required');
			return backend().startAgent(prompt, provider === 'model' || provider === 'local' ? provider : undefined);
		},
		async cancelAgent(sessionId) {
			return typeof sessionId === 'string' ? backend().cancelAgent(sessionId) : false;
		},
		getAgentSettings: () => backend().getAgentSettings(),
		async setAgentSettings(patch) {
			if (!isSettingsPatch(patch)) throw new TypeError('setAgentSettings: malformed settings');
			return backend().setAgentSettings(patch);
		},
		listModels: () => backend().listModels(),
		async connectFolder(handle) {
			if (!handle || (handle as { kind?: unknown }).kind !== 'directory') throw new TypeError('connectFolder: a directory handle is required');
			return backend().connectFolder(handle);
		},
		downloadBackup: () => backend().downloadBackup(),
		refreshStorage: () => backend().refreshStorage(),
		restartHub: () => backend().restartHub(),
		releaseStorage: () => backend().releaseStorage(),
		async getPreference(key) {
			return typeof key === 'string' && key.length <= 100 ? backend().getPreference(key) : undefined;
		},
		async setPreference(key, value) {
			if (typeof key !== 'string' || key.length > 100) return;
			// Preferences are small presentation state: refuse anything that is not plain, small JSON.
			const text = JSON.stringify(value ?? null);
			if (text.length <= 10_000) await backend().setPreference(key, JSON.parse(text));
		}
	};
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
