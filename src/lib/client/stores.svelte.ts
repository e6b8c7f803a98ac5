// Rune read models of the runtime: workspace, trace, approvals, preview, hub. Only StudioClient
// writes them (from the snapshot and events); views read plain values from them.
import type { FirstScreen } from './first-screen';
import { foldEvent } from '$lib/agents/events';
import type { PendingApproval, SessionGrant } from '$lib/runtime/policy';
import type { TraceEntry } from '$lib/runtime/types';
import type { FileSummary, HubSnapshot, HubStatus, PreviewState, RemoteServerView, RuntimeMode, StorageInfo } from '$lib/worker/protocol';
import type { AgentRunInfo } from '$lib/agents/events';
import type { AgentUpdate } from '$lib/agents/runner';

/** Files, active file, revision and storage status. */
export class WorkspaceStore {
	revision = $state(0);
	name = $state('');
	files = $state.raw<FileSummary[]>([]);
	activePath = $state<string | null>(null);
	canUndo = $state(false);
	canRedo = $state(false);
	storage = $state.raw<StorageInfo | null>(null);
	/** The connected folder (dirty paths are those not yet saved to it). */
	folder = $state.raw<{ status: string; name?: string; dirtyPaths?: string[]; lastSavedAt?: number }>({ status: 'browser-only' });
	/** Bumped when the editors should reveal a file. */
	focus = $state.raw<{ path: string; line?: number; at: number } | null>(null);
	/** The workspace this tab asked for does not exist (deleted, or a link from another browser). */
	missing = $state(false);
	/** Which tabs have which files open (co-editing). */
	open = $state.raw<Record<string, string[]>>({});

	fromSnapshot(snapshot: HubSnapshot) {
		this.missing = snapshot.workspace.missing === true;
		this.open = snapshot.open ?? {};
		this.revision = snapshot.workspace.revision;
		this.name = snapshot.workspace.name;
		this.files = snapshot.workspace.files;
		this.activePath = snapshot.workspace.activePath;
		this.canUndo = snapshot.canUndo;
		this.canRedo = snapshot.canRedo;
		this.storage = snapshot.storage;
		this.folder = snapshot.folder;
	}

	/** What this device last showed of the workspace, until the hub's snapshot replaces it. */
	fromFirstScreen(screen: FirstScreen) {
		this.revision = screen.revision;
		this.name = screen.name;
		this.files = screen.files;
		this.activePath = screen.activePath;
	}

	applyChange(revision: number, changed: { path: string; file: FileSummary | null }[], activePath: string | null) {
		const byPath = new Map(this.files.map((file) => [file.path, file]));
		for (const { path, file } of changed) {
			if (file) byPath.set(path, file);
			else byPath.delete(path);
		}
		this.files = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
		this.revision = revision;
		this.activePath = activePath;
	}
}

/** Trace entries, oldest first, bounded like the hub's ring. */
export class TraceStore {
	static readonly CAPACITY = 5000;
	/**
	 * Appended entries wait this long to be shown together. Every call appends two or three entries;
	 * re-rendering the trace for each one kept the page busy for most of a read's round trip (B1 in
	 * `npm run bench`), so the view updates once per burst instead.
	 */
	static readonly BATCH_MS = 50;
	entries = $state.raw<TraceEntry[]>([]);
	#pending: TraceEntry[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;

	append(entry: TraceEntry) {
		this.#pending.push(entry);
		this.#timer ??= setTimeout(() => this.flush(), TraceStore.BATCH_MS);
	}

	/** Shows what is waiting now (readers outside the view, such as the console API, call this first). */
	flush() {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		if (this.#pending.length === 0) return;
		const next = this.entries.concat(this.#pending);
		this.#pending = [];
		this.entries = next.length > TraceStore.CAPACITY ? next.slice(next.length - TraceStore.CAPACITY) : next;
	}

	/** Replaces everything (a snapshot, or the trace was cleared); what was waiting is part of it. */
	reset(entries: TraceEntry[]) {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#pending = [];
		this.entries = entries;
	}
}

/** Pending approvals, oldest first, and the standing session grants. */
export class ApprovalsStore {
	pending = $state.raw<PendingApproval[]>([]);
	grants = $state.raw<SessionGrant[]>([]);
}

/** The last preview state the hub reported. */
export class PreviewStore {
	state = $state.raw<PreviewState | null>(null);
}

/** Connection lifecycle as the status bar shows it. */
export type HubState = 'connecting' | 'connected' | 'reload-required' | 'failed';

/** This tab's connection to the hub. */
export class HubStore {
	state = $state<HubState>('connecting');
	mode = $state<RuntimeMode | null>(null);
	protocolVersion = $state<number | null>(null);
	hubBuild = $state<string | null>(null);
	status = $state.raw<HubStatus | null>(null);
	error = $state<string | null>(null);
	/** How many times this tab re-read the hub's snapshot (a gap, a new hub, a reload). */
	resyncs = 0;
	readonly build = __BUILD_ID__;
}

/** Agent runs (transcripts), oldest first; every tab sees every run live. */
export class AgentStore {
	runs = $state.raw<AgentRunInfo[]>([]);
	/** The remote MCP servers the agents may use (loaded with the settings, then kept by events). */
	remoteServers = $state.raw<RemoteServerView[]>([]);

	/** Conversations, newest first: runs grouped by conversation, titled by their first prompt. */
	get conversations(): AgentConversation[] {
		const byId = new Map<string, AgentRunInfo[]>();
		for (const run of this.runs) {
			const id = run.conversationId ?? run.sessionId;
			byId.set(id, [...(byId.get(id) ?? []), run]);
		}
		return [...byId]
			.map(([id, runs]) => ({ id, title: runs[0]!.prompt.slice(0, 60), runs, startedAt: runs[0]!.startedAt, lastAt: runs.at(-1)!.startedAt, running: runs.some((run) => run.running) }))
			.sort((a, b) => b.lastAt - a.lastAt);
	}

	/** Folds one update into the run it belongs to (text and reasoning deltas merge into the last item). */
	apply(update: AgentUpdate) {
		if (update.removed) {
			const gone = new Set(update.removed);
			this.runs = this.runs.filter((run) => !gone.has(run.sessionId));
			return;
		}
		const runs = this.runs.slice();
		let index = runs.findIndex((run) => run.sessionId === update.sessionId);
		if (index < 0) {
			runs.push({ ...update.run, events: [] });
			index = runs.length - 1;
		}
		const run = { ...runs[index]!, ...update.run, events: runs[index]!.events.slice() };
		const event = update.event;
		if (event) run.events = foldEvent(run.events, event);
		runs[index] = run;
		// As many as the hub keeps in memory (it keeps the same ones in storage).
		this.runs = runs.slice(-100);
	}
}

/** One conversation as the Agent panel lists it. */
export interface AgentConversation {
	id: string;
	title: string;
	runs: AgentRunInfo[];
	startedAt: number;
	lastAt: number;
	running: boolean;
}
