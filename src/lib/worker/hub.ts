// The hub: the shared runtime, one per origin+build (or per tab in fallback). It answers the
// protocol's methods (it is the backend the facade and the relay derive from) over the parts the
// composition root built: registry, workspace service, preview, folder, storage, agents, tab leases.
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceService } from '../runtime/workspace-service';
import type { PreviewCoordinator } from '../preview/coordinator';
import type { AgentRunner } from '../agents/runner';
import { summariseAll } from './hub-events';
import type { HubStorage } from './hub-storage';
import type { HubSnapshot, HubStatus } from './wire';
import type { FolderState } from '../runtime/ports';
import { PROTOCOL_VERSION, compareHello, eventsChannelName, type HelloRequest, type HelloResponse, type HubBackend, type RuntimeMode } from './protocol';
import type { HubIdentity, HubParts } from './hub-parts';
import type { HubContext } from './methods/context';
import { toolMethods } from './methods/tools';
import { collabMethods } from './methods/collab';
import { previewMethods } from './methods/preview';
import { packageMethods } from './methods/packages';
import { agentMethods } from './methods/agents';
import { workspaceMethods } from './methods/workspaces';
import { remoteMethods } from './methods/remote';
import { gitMethods } from './methods/git';
export type { HubIdentity, HubParts, PreferenceStore, TracePersistence } from './hub-parts';

/** The method groups, each a slice of the protocol's table with its backend (worker/methods/). */
const GROUPS = [toolMethods, collabMethods, previewMethods, packageMethods, agentMethods, remoteMethods, gitMethods, workspaceMethods];
type Groups = ReturnType<(typeof GROUPS)[number]>;
type Union<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;

// The groups' methods are the hub's own (assigned in the constructor).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Hub extends Union<Groups> {}

/** The runtime host. Build one with `composeHub`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Hub implements HubBackend, HubContext {
	readonly id: string;
	readonly mode: RuntimeMode;
	readonly build: string;
	readonly builtAt: number;
	readonly startedAt: number;
	readonly registry: ToolRegistry;
	readonly service: WorkspaceService;
	readonly preview: PreviewCoordinator;
	readonly agents: AgentRunner;
	readonly storage: HubStorage;
	readonly parts: HubParts;
	#superseded: { by: NonNullable<HubStatus['supersededBy']>; build?: string } | undefined;
	#supersededMessage: string | undefined;
	/** In per-tab mode only the hub holding the writer lock answers for all tabs. */
	writer = true;
	/** The workspace this hub was started for does not exist (deleted, or a link from elsewhere): it serves nothing. */
	readonly missing: boolean;
	/** Called as each snapshot is taken (the hub's composition starts its first compile after the first). */
	onSnapshot: (() => void) | null = null;

	constructor(identity: HubIdentity, parts: HubParts) {
		({ id: this.id, mode: this.mode, build: this.build, builtAt: this.builtAt, startedAt: this.startedAt } = identity);
		this.parts = parts;
		({ registry: this.registry, service: this.service, preview: this.preview, agents: this.agents, storage: this.storage } = parts);
		this.missing = identity.missing === true;
		for (const group of GROUPS) Object.assign(this, group(this));
	}

	// ── Tabs ───────────────────────────────────────────────────────────────────────────────────────

	/** Answers a tab's handshake and starts watching its lease. */
	hello(request: HelloRequest): HelloResponse {
		this.trackTab(request.tabId);
		return {
			protocolVersion: PROTOCOL_VERSION,
			build: this.build,
			mode: this.mode,
			...compareHello(request, { protocolVersion: PROTOCOL_VERSION, build: this.build }),
			hubId: this.id,
			hubStartedAt: this.startedAt,
			tabs: this.parts.leases.count,
			eventsChannel: eventsChannelName(this.build, this.service.workspaceId),
			...startupMarks()
		};
	}

	/** Starts watching a tab's lease (see TabLeases). */
	trackTab(tabId: string): void {
		this.parts.leases.track(tabId);
	}

	/** Cleans up after a tab: finishes its saves, aborts its other calls, ends its sessions. */
	forgetTab(tabId: string): Promise<void> {
		return this.parts.leases.forget(tabId);
	}

	get tabCount(): number {
		return this.parts.leases.count;
	}

	/** Called by the tab leases when a tab comes or goes. */
	onTabs(event: { type: 'added' | 'gone'; tabId: string }): void {
		if (event.type === 'gone') {
			this.registry.policy.endTab(event.tabId);
			this.preview.removeHost(event.tabId);
			void this.parts.collab.tabGone(event.tabId);
		} else this.parts.collab.tabBack(event.tabId);
		this.parts.events.publish({ type: 'hub.status', status: this.status() });
	}

	// ── State ──────────────────────────────────────────────────────────────────────────────────────

	/** The hub's status as tabs show it. */
	status(): HubStatus {
		return {
			state: this.#superseded ? 'superseded' : this.storage.failure ? 'failed' : 'ready',
			mode: this.mode,
			build: this.build,
			hubId: this.id,
			tabs: this.parts.leases.count,
			writer: this.writer,
			...(this.#superseded ? { supersededBy: this.#superseded.by } : {}),
			...(this.#superseded?.build ? { newerBuild: this.#superseded.build } : {}),
			message: this.#supersededMessage ?? this.storage.failure?.message
		};
	}

	/** A newer build (or another tab needing storage, or the workspace's deletion) took over: stop writing and tell our tabs. */
	supersede(by: { by: 'newer-build'; build: string } | { by: 'storage-released' | 'workspace-deleted' }, message = 'A newer version of Web Studio is open in another tab. Reload this tab to keep working.'): void {
		if (this.#superseded) return;
		this.#superseded = by;
		this.#supersededMessage = message;
		this.registry.policy.setReadOnly(message);
		this.parts.events.publish({ type: 'hub.status', status: this.status() });
	}

	folderState(): FolderState {
		return this.parts.folder.state(this.service.workspace);
	}

	/** Everything a tab needs before applying events. */
	async snapshot(): Promise<HubSnapshot> {
		this.onSnapshot?.();
		const ws = this.service.workspace;
		const { undo, redo } = this.service.undoState;
		return {
			hubId: this.id,
			seq: this.parts.events.seq,
			workspace: { id: ws.id, name: ws.name, revision: ws.revision, activePath: ws.activePath, files: summariseAll(ws), ...(this.missing ? { missing: true } : {}) },
			storage: this.storage.info(this.service.quarantined.length),
			trace: this.registry.trace.snapshot(),
			approvals: this.registry.policy.snapshot(),
			grants: this.registry.policy.grants(),
			preview: { outcome: this.preview.status().preview, hosts: this.preview.hosts },
			status: this.status(),
			canUndo: undo.length > 0,
			canRedo: redo.length > 0,
			agents: this.agents.snapshot(),
			folder: this.folderState(),
			open: this.parts.collab.openPaths()
		};
	}

	/** Another hub renamed or deleted a workspace: follow when it is ours. */
	onWorkspaceAnnounced(announcement: { kind: 'workspace-renamed'; workspaceId: string; name: string } | { kind: 'workspace-deleted'; workspaceId: string }): void {
		if (announcement.workspaceId !== this.service.workspaceId) return;
		if (announcement.kind === 'workspace-renamed') this.service.setName(announcement.name);
		else this.supersede({ by: 'workspace-deleted' }, 'This workspace was deleted (in this or another tab). Nothing more is saved here: open another workspace.');
	}
}

/** The hub context's start marks (worker/host.ts sets them) on the shared clock, when all three exist. */
function startupMarks(): Pick<HelloResponse, 'startup'> {
	if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return {};
	const at = (name: string) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
	const [starting, storageOpened, ready] = [at('hub:starting'), at('hub:storage-opened'), at('hub:ready')];
	if (starting === undefined || storageOpened === undefined || ready === undefined) return {};
	const origin = performance.timeOrigin;
	return { startup: { created: origin, starting: origin + starting, storageOpened: origin + storageOpened, ready: origin + ready } };
}
