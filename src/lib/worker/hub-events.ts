// The hub's event stream: sequence numbers, and the translation of what the runtime reports
// (workspace commits, trace entries, approvals, agent updates) into the events tabs fold in.
import { sortedFiles, type FileRecord, type Workspace } from '../domain/model';
import type { WorkspaceEvent, WorkspaceService } from '../runtime/workspace-service';
import type { ToolRegistry } from '../runtime/registry';
import type { ApprovalState } from '../runtime/policy';
import type { FileSummary, HubEvent, HubEventBody } from './wire';

/** A file as the tabs see it (no content). */
export function summarise(file: FileRecord): FileSummary {
	return { path: file.path, kind: file.kind, language: file.language, mimeType: file.mimeType, size: file.size, hash: file.hash };
}

/** Every file of a workspace, summarised, in path order. */
export function summariseAll(workspace: Workspace): FileSummary[] {
	return sortedFiles(workspace).map(summarise);
}

/** Numbers and sends the events of one hub. */
export class HubEvents {
	#seq = 0;

	constructor(
		readonly hubId: string,
		private readonly send: (event: HubEvent) => void
	) {}

	/** The last sequence number sent (a snapshot names it). */
	get seq(): number {
		return this.#seq;
	}

	publish(body: HubEventBody): void {
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
		else this.publish({ type: 'workspace.reloaded', revision: event.revision });
	}

	/** Forwards the registry's trace and approval changes. */
	follow(registry: ToolRegistry): void {
		registry.trace.subscribe((entry) => this.publish(entry ? { type: 'trace.appended', entry } : { type: 'trace.cleared' }));
		registry.policy.subscribe((state: ApprovalState) => this.publish({ type: 'approvals.changed', ...state }));
	}
}
