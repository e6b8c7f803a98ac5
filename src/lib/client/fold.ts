// How each hub event folds into a tab's stores: one entry per event type, checked exhaustive by
// the compiler, so a new event cannot be published without a decision here.
import type { HubEvent } from '$lib/worker/protocol';
import type { AgentStore, ApprovalsStore, HubStore, PreviewStore, TraceStore, WorkspaceStore } from './stores.svelte';

type EventOf<T extends HubEvent['type']> = Extract<HubEvent, { type: T }>;

/** What an event may touch: the tab's stores, its listeners and two of the client's own steps. */
export interface FoldTarget {
	hub: HubStore;
	workspace: WorkspaceStore;
	trace: TraceStore;
	approvals: ApprovalsStore;
	preview: PreviewStore;
	agents: AgentStore;
	onChange: Set<(paths: string[], event: EventOf<'workspace.changed'>) => void>;
	onPreview: Set<(event: EventOf<'preview.storage' | 'preview.page'>) => void>;
	onCollab: Set<(event: EventOf<'collab.updates' | 'collab.presence' | 'collab.closed'>) => void>;
	/** Re-reads the snapshot (a reload on the hub's side). */
	resync(): void;
	/** The event is this tab's own edit: the first one asks the browser to keep storage. */
	ownEdit(event: EventOf<'workspace.changed'>): void;
}

type Folds = { [T in HubEvent['type']]: (target: FoldTarget, event: EventOf<T>) => void };

const toPreview = (t: FoldTarget, e: EventOf<'preview.storage' | 'preview.page'>) => t.onPreview.forEach((listener) => listener(e));
const toCollab = (t: FoldTarget, e: EventOf<'collab.updates' | 'collab.presence' | 'collab.closed'>) => t.onCollab.forEach((listener) => listener(e));

const FOLDS: Folds = {
	'workspace.changed': (t, e) => {
		t.workspace.applyChange(e.revision, e.changed, e.activePath);
		Object.assign(t.workspace, { canUndo: e.canUndo, canRedo: e.canRedo });
		t.onChange.forEach((listener) => listener(e.changed.map((c) => c.path), e));
		t.ownEdit(e);
	},
	'workspace.reloaded': (t) => t.resync(),
	'workspace.renamed': (t, e) => void (t.workspace.name = e.name),
	'workspace.focus': (t, e) => Object.assign(t.workspace, { activePath: e.path, focus: { path: e.path, line: e.line, at: Date.now() } }),
	'trace.appended': (t, e) => e.entries.forEach((entry) => t.trace.append(entry)),
	'trace.cleared': (t) => t.trace.reset([]),
	'approvals.changed': (t, e) => Object.assign(t.approvals, { pending: e.pending, grants: e.grants }),
	'preview.status': (t, e) => void (t.preview.state = e.preview),
	'preview.storage': toPreview,
	'preview.page': toPreview,
	'agent.update': (t, e) => t.agents.apply(e.update),
	'remote.servers': (t, e) => void (t.agents.remoteServers = e.servers),
	'folder.status': (t, e) => void (t.workspace.folder = e.folder),
	'storage.status': (t, e) => void (t.workspace.storage = e.storage),
	// The hub ends (a Retry after a storage failure): reload onto a fresh one.
	'hub.restart': () => void setTimeout(() => location.reload(), 300),
	'hub.status': (t, e) => {
		t.hub.status = e.status;
		if (e.status.state === 'superseded') t.hub.state = 'reload-required';
	},
	'collab.open': (t, e) => void (t.workspace.open = e.open),
	'collab.updates': toCollab,
	'collab.presence': toCollab,
	'collab.closed': toCollab
};

/** Folds one in-order event of the current hub into the target. */
export function foldHubEvent(target: FoldTarget, event: HubEvent): void {
	(FOLDS[event.type] as (target: FoldTarget, event: HubEvent) => void)(target, event);
}
