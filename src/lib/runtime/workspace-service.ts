// The workspace service: the runtime's single owner of the current workspace. Serialises mutations,
// applies pure transitions, commits them with compare-and-set, renders the preview, emits changes.
import type { PackageService } from './packages';
import { ToolError } from '../core/errors';
import { entryBytes, nextUndoState, type HistoryEntry, type UndoState } from '../domain/history';
import { apply, type ApplyResult, type Change } from '../domain/transitions';
import { diffFingerprint, type FileChange, type Workspace } from '../domain/model';
import { starterWorkspace } from '../domain/template';
import { historyPlan, restorePlan } from './history-plans';
import { NO_PREVIEW, type PreviewOutcome, type PreviewPort, type QuarantinedRecord, type RepositoryPort, type WorkspacePlan } from './ports';
import type { CallContext } from './types';

/** Changes that can replace the workspace's files as a whole (an undo or redo of such a change too). */
const WHOLESALE = new Set(['replace', 'revert', 'reapply']);

/** Who is mutating, for history ("revision 42 — workspace_apply_patch by model, approved"). */
export interface MutationMeta {
	tool: string;
	context: CallContext;
	approved: boolean;
	expectedRevision?: number;
	signal?: AbortSignal;
	/**
	 * The fingerprint of the diff a person approved. The commit recomputes the diff inside the
	 * mutation queue; if it differs, nothing is written and TOOL_APPROVAL_CHANGED asks again.
	 */
	approvedFingerprint?: string;
	/**
	 * Called right before the repository commit. Returns false when the caller already gave up
	 * (nothing is written then); once it returned true the outcome is reported whatever happens.
	 */
	beginCommit?: () => boolean;
	/** The change was made outside the studio (on disk): recorded, not written anywhere. */
	external?: boolean;
}

export type { PlannedChange, WorkspacePlan } from './ports';

/** Emitted after every committed revision (and after focus moves). */
export type WorkspaceEvent =
	/** `whole`: the change replaced the workspace as a whole (a reset, an archive imported, a revision restored). */
	| { type: 'changed'; revision: number; changedPaths: string[]; source: string; tool: string; tabId?: string; whole: boolean }
	| { type: 'focus'; path: string; line?: number; revision: number }
	| { type: 'reloaded'; revision: number }
	| { type: 'renamed'; name: string };

/** The result of a committed mutation: the transition's, and what the preview made of it. */
export type MutationResult = ApplyResult & { preview: PreviewOutcome };

/** Options for {@link WorkspaceService.open}. */
export interface WorkspaceServiceOptions {
	repository: RepositoryPort;
	workspaceId?: string;
	preview?: PreviewPort;
	/** npm packages and CDN files kept on the device (absent: a runtime without a package store). */
	packages?: PackageService | null;
	now?: () => number;
	initial?: () => Workspace;
	/** Refuses a commit of about `bytes` that would not fit in storage (throws WORKSPACE_QUOTA_EXCEEDED). */
	quota?: { check(bytes: number): void; refresh?(force?: boolean): unknown };
}

/** Owns the current workspace of one runtime. */
export class WorkspaceService {
	readonly repository: RepositoryPort;
	readonly workspaceId: string;
	readonly preview: PreviewPort;
	readonly packages: PackageService | null;
	#workspace: Workspace;
	#undo: UndoState;
	#quarantined: QuarantinedRecord[];
	#queue: Promise<unknown> = Promise.resolve();
	readonly #listeners = new Set<(event: WorkspaceEvent) => void>();
	readonly #now: () => number;
	readonly #initial: () => Workspace;
	readonly #quota: WorkspaceServiceOptions['quota'];

	private constructor(options: WorkspaceServiceOptions, loaded: { workspace: Workspace; undo: UndoState; quarantined: QuarantinedRecord[] }) {
		this.repository = options.repository;
		this.workspaceId = options.workspaceId ?? 'default';
		this.preview = options.preview ?? NO_PREVIEW;
		this.packages = options.packages ?? null;
		this.#now = options.now ?? Date.now;
		this.#initial = options.initial ?? (() => starterWorkspace(this.workspaceId));
		this.#quota = options.quota;
		this.#workspace = loaded.workspace;
		this.#undo = loaded.undo;
		this.#quarantined = loaded.quarantined;
	}

	/** Loads (or creates from the starter template) and returns the service. */
	static async open(options: WorkspaceServiceOptions): Promise<WorkspaceService> {
		const workspaceId = options.workspaceId ?? 'default';
		const initial = options.initial ?? (() => starterWorkspace(workspaceId));
		const loaded = await options.repository.load(workspaceId, initial);
		return new WorkspaceService({ ...options, initial }, loaded);
	}

	/** The current snapshot (immutable). */
	get workspace(): Workspace {
		return this.#workspace;
	}

	get revision(): number {
		return this.#workspace.revision;
	}

	get undoState(): UndoState {
		return this.#undo;
	}

	get quarantined(): readonly QuarantinedRecord[] {
		return this.#quarantined;
	}

	/** Subscribes to workspace events; returns the unsubscribe function. */
	subscribe(listener: (event: WorkspaceEvent) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	#emit(event: WorkspaceEvent) {
		for (const listener of this.#listeners) listener(event);
	}

	/** The workspace's name changed in storage (renamed from any tab): not a revision. */
	setName(name: string): void {
		if (name === this.#workspace.name) return;
		this.#workspace = { ...this.#workspace, name };
		this.#emit({ type: 'renamed', name });
	}

	/** Re-reads storage (another runtime may have committed). */
	async reload(): Promise<Workspace> {
		const loaded = await this.repository.load(this.workspaceId, this.#initial);
		const changed = loaded.workspace.revision !== this.#workspace.revision;
		this.#workspace = loaded.workspace;
		this.#undo = loaded.undo;
		this.#quarantined = loaded.quarantined;
		if (changed) this.#emit({ type: 'reloaded', revision: this.#workspace.revision });
		return this.#workspace;
	}

	/** Runs `task` after every earlier mutation of this runtime has settled. */
	#serial<T>(task: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(task, task);
		this.#queue = run.catch(() => undefined);
		return run;
	}

	/**
	 * Applies `build(current)` and commits it. With an explicit expectedRevision a stale caller gets
	 * WORKSPACE_REVISION_CONFLICT; without one, a commit that loses to another runtime is rebuilt once
	 * on the fresh state (the caller never claimed to have seen a particular revision).
	 */
	async mutate(meta: MutationMeta, build: (workspace: Workspace) => Change | Promise<Change>): Promise<MutationResult> {
		return this.commit(meta, async (workspace) => ({ change: await build(workspace) }));
	}

	/** Commits a plan (see {@link WorkspacePlan}) and waits for the preview of the new revision. */
	async commit(meta: MutationMeta, plan: WorkspacePlan): Promise<MutationResult> {
		return this.#withPreview(meta, await this.#serial(() => this.#commitNow(meta, plan)));
	}

	/** Runs a plan on the current snapshot without committing: what it would change (throws as the commit would). */
	async dryRun(plan: WorkspacePlan): Promise<ApplyResult> {
		const workspace = this.#workspace;
		const planned = await plan(workspace, this.#undo);
		return apply(workspace, planned.change);
	}

	/**
	 * Waits for the preview of a committed revision — outside the mutation queue, so the next write
	 * does not wait on this one's render (a newer render supersedes it instead).
	 */
	async #withPreview(meta: MutationMeta, committed: ApplyResult & { changed: boolean }): Promise<MutationResult> {
		const { changed, ...result } = committed;
		return { ...result, preview: await this.#previewFor(result.workspace, meta.signal, changed) };
	}

	async #commitNow(meta: MutationMeta, plan: WorkspacePlan): Promise<ApplyResult & { changed: boolean }> {
		for (let attempt = 0; ; attempt++) {
			const current = this.#workspace;
			this.#checkExpected(meta);
			const planned = await plan(current, this.#undo);
			const history = planned.history ?? { kind: 'change' as const };
			const result: ApplyResult = apply(current, planned.change);
			if (result.diff.changes.length === 0) return { ...result, changed: false };
			if (meta.approvedFingerprint !== undefined && diffFingerprint(result.diff.changes) !== meta.approvedFingerprint) {
				throw new ToolError('TOOL_APPROVAL_CHANGED', 'The workspace changed after this change was shown for approval; it was not applied.', {
					revision: current.revision
				});
			}
			if (meta.beginCommit ? !meta.beginCommit() : meta.signal?.aborted) throw new ToolError('TOOL_CANCELLED', 'The call was cancelled before anything was written.');
			const entry: HistoryEntry = {
				revision: result.diff.toRevision,
				kind: history.kind,
				target: history.target,
				tool: meta.tool,
				source: meta.context.source,
				mode: meta.context.mode,
				approved: meta.approved,
				at: this.#now(),
				changedPaths: result.diff.changes.map((change) => change.path),
				diff: result.diff,
				bytes: entryBytes(result.diff)
			};
			const undo = nextUndoState(this.#undo, entry);
			// The new contents plus the history entry (before and after) is what the write adds.
			this.#quota?.check(entry.bytes + result.diff.changes.reduce((sum, change) => sum + (change.after?.size ?? 0), 0));
			try {
				await this.repository.commit({
					workspaceId: this.workspaceId,
					expectedRevision: current.revision,
					diff: result.diff,
					entry,
					undo,
					activePath: result.workspace.activePath
				});
			} catch (error) {
				// The browser refused for lack of space: read usage again so tabs warn and the guard knows.
				if (error instanceof ToolError && error.code === 'WORKSPACE_QUOTA_EXCEEDED') void this.#quota?.refresh?.(true);
				// A file edited outside the studio mid-call: refused as is; the next call folds the edit in
				// as its own revision (rebuilding here would hide it inside this one).
				if (error instanceof ToolError && error.details.reason === 'changed-on-disk') throw error;
				if (error instanceof ToolError && error.code === 'WORKSPACE_REVISION_CONFLICT') {
					await this.reload();
					if (meta.expectedRevision === undefined && attempt === 0 && history.kind === 'change') continue;
					throw new ToolError('WORKSPACE_REVISION_CONFLICT', error.message, { expectedRevision: meta.expectedRevision ?? current.revision, currentRevision: this.#workspace.revision });
				}
				throw error;
			}
			this.#workspace = result.workspace;
			this.#undo = undo;
			const whole = planned.change.type === 'replace';
			this.#emit({ type: 'changed', revision: result.workspace.revision, changedPaths: entry.changedPaths, source: meta.context.source, tool: meta.tool, tabId: meta.context.tabId, whole });
			// The workspace replaced (an archive imported, a revision restored; undone or redone) without
			// the file that was open: every editor opens the new one, as a reload would, not an empty
			// editor. A file deleted or renamed by hand moves no one's editor.
			const moved = result.diff.activePath;
			if (moved?.after && WHOLESALE.has(planned.change.type) && !result.workspace.files.has(moved.before ?? '')) this.#emit({ type: 'focus', path: moved.after, revision: result.workspace.revision });
			return { ...result, changed: true };
		}
	}

	/** A stale expectedRevision is refused before anything is computed. */
	#checkExpected(meta: MutationMeta) {
		const current = this.#workspace.revision;
		if (meta.expectedRevision !== undefined && meta.expectedRevision !== current) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${current}, not ${meta.expectedRevision}. Read it again, then retry with the new revision.`, {
				expectedRevision: meta.expectedRevision,
				currentRevision: current
			});
		}
	}

	/** Renders a revision, or reports the last outcome when nothing changed and it is current. */
	async #previewFor(workspace: Workspace, signal: AbortSignal | undefined, changed: boolean): Promise<PreviewOutcome> {
		const last = this.preview.status().preview;
		if (!changed && last.revision === workspace.revision) return last;
		return this.preview.render(workspace, signal);
	}

	/** Reverts the most recent undoable revision. */
	undo(meta: MutationMeta): Promise<MutationResult> {
		return this.commit(meta, historyPlan(this.repository, this.workspaceId, 'undo'));
	}

	/** Re-applies the most recently undone revision. */
	redo(meta: MutationMeta): Promise<MutationResult> {
		return this.commit(meta, historyPlan(this.repository, this.workspaceId, 'redo'));
	}

	/** Makes the files look as they did at `revision`, as a new revision. */
	restore(meta: MutationMeta, revision: number): Promise<MutationResult> {
		return this.commit(meta, restorePlan(this.repository, this.workspaceId, revision));
	}

	/**
	 * Folds in changes made outside the studio (files edited on disk) as one revision with source
	 * `disk`: recorded in history like any other, written nowhere (the disk already has them).
	 */
	async absorb(changes: FileChange[]): Promise<void> {
		const meta: MutationMeta = { tool: 'disk', context: { source: 'disk', mode: 'direct' }, approved: false, external: true };
		await this.#serial(() =>
			this.#commitNow(meta, (workspace) => ({ change: { type: 'reapply', diff: { fromRevision: workspace.revision, toRevision: workspace.revision + 1, changes } } }))
		);
	}

	/** Moves the editors' focus (no revision). */
	async open(path: string, line?: number): Promise<void> {
		await this.repository.setActivePath(this.workspaceId, path);
		this.#workspace = { ...this.#workspace, activePath: path };
		this.#emit({ type: 'focus', path, line, revision: this.#workspace.revision });
	}

	/** History entries, newest first. */
	history(limit: number): Promise<HistoryEntry[]> {
		return this.repository.history(this.workspaceId, limit);
	}
}
