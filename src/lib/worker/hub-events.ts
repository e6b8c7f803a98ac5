// The hub's event stream: sequence numbers, and the translation of what the runtime reports
// (workspace commits, trace entries, approvals, agent updates) into the events tabs fold in.
import { sortedFiles, type FileRecord, type Workspace } from '../domain/model';
import type { WorkspaceEvent, WorkspaceService } from '../runtime/workspace-service';
import type { ToolRegistry } from '../runtime/registry';
import type { ApprovalState } from '../runtime/policy';
import type { TraceEntry } from '../runtime/types';
import type { FileSummary, HubEvent, HubEventBody } from './wire';

/** A file as the tabs see it (no content). */
export function summarise(file: FileRecord): FileSummary {
	return { path: file.path, kind: file.kind, language: file.language, mimeType: file.mimeType, size: file.size, hash: file.hash };
}

/** Every file of a workspace, summarised, in path order. */
export function summariseAll(workspace: Workspace): FileSummary[] {
	return sortedFiles(workspace).map(summarise);
}

/**
 * Trace entries wait this long to travel together. A call appends two or three entries, and each
 * BroadcastChannel post cost the hub about a fifth of a millisecond of a read's round trip (B1 in
 * `npm run bench`); one post per burst carries them all. Any other event sends them first, so order
 * and sequence numbers are unchanged.
 */
export const TRACE_BATCH_MS = 16;

/** Numbers and sends the events of one hub. */
export class HubEvents {
	#seq = 0;
	#trace: TraceEntry[] = [];
	#traceTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(
		readonly hubId: string,
		private readonly send: (event: HubEvent) => void
	) {}

	/** The last sequence number sent (a snapshot names it): waiting trace entries are sent first, so a snapshot's trace and its number agree. */
	get seq(): number {
		this.#flushTrace();
		return this.#seq;
	}

	publish(body: HubEventBody): void {
		this.#flushTrace();
		this.#send(body);
	}

	/** Queues a trace entry for the next batch. */
	trace(entry: TraceEntry): void {
		this.#trace.push(entry);
		this.#traceTimer ??= setTimeout(() => this.#flushTrace(), TRACE_BATCH_MS);
	}

	#flushTrace() {
		if (this.#traceTimer !== null) clearTimeout(this.#traceTimer);
		this.#traceTimer = null;
		if (this.#trace.length === 0) return;
		const entries = this.#trace;
		this.#trace = [];
		this.#send({ type: 'trace.appended', entries });
	}

	#send(body: HubEventBody) {
		this.#seq += 1;
		this.send({ ...body, hubId: this.hubId, seq: this.#seq } as HubEvent);
	}

	/** A committed revision, a focus move or a reload, as the event tabs fold in. */
	workspace(event: WorkspaceEvent, service: WorkspaceService): void {
		const ws = service.workspace;
		const { undo, redo } = service.undoState;
		if (event.type === 'changed') {
			this.publish({
				type: 'workspace.changed',
				revision: event.revision,
				source: event.source,
				tool: event.tool,
				tabId: event.tabId,
				changed: event.changedPaths.map((path) => {
					const file = ws.files.get(path);
					return { path, file: file ? summarise(file) : null };
				}),
				activePath: ws.activePath,
				canUndo: undo.length > 0,
				canRedo: redo.length > 0
			});
		} else if (event.type === 'focus') this.publish({ type: 'workspace.focus', path: event.path, line: event.line, revision: event.revision });
		else if (event.type === 'renamed') this.publish({ type: 'workspace.renamed', name: event.name });
		else this.publish({ type: 'workspace.reloaded', revision: event.revision });
	}

	/** Forwards the registry's trace and approval changes. */
	follow(registry: ToolRegistry): void {
		registry.trace.subscribe((entry) => (entry ? this.trace(entry) : this.publish({ type: 'trace.cleared' })));
		registry.policy.subscribe((state: ApprovalState) => this.publish({ type: 'approvals.changed', ...state }));
	}
}
