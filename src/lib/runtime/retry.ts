// Retry memory: what a recent retryable failure needs to be re-issued honestly — through its original
// source and mode, and refused as a conflict when what it targeted has moved since.
import { TOOLS, type ToolName } from '../tools/schema';
import type { CallContext } from './types';
import type { WorkspaceService } from './workspace-service';
import { tryNormalizePath } from '../domain/paths';

/** What a call was based on: the revision, and the hash of each path it targets (null = whole workspace). */
export interface CallBase {
	revision: number;
	files: Record<string, string | null> | null;
}

/** A failed call, kept in memory only (never traced or exported: arguments may hold file bodies). */
export interface RetryEntry {
	name: ToolName;
	arguments: Record<string, unknown>;
	context: CallContext;
	toolCallId?: string;
	base?: CallBase;
}

/** Recent failures kept for Retry. */
const CAPACITY = 50;

/** Paths a call acts on; null when it acts on the whole workspace (undo, restore, reset, templates). */
export function targetsOf(input: Record<string, unknown>): string[] | null {
	const paths = ['path', 'from', 'to'].map((key) => input[key]).filter((value): value is string => typeof value === 'string');
	return paths.length ? paths : null;
}

/** True when the tool guards its writes with `expectedRevision`. */
export function acceptsExpectedRevision(name: ToolName): boolean {
	return 'expectedRevision' in (TOOLS[name].input as unknown as { entries: Record<string, unknown> }).entries;
}

/** True when nothing a call targets has changed between two bases. */
export function sameBase(then: CallBase, now: CallBase): boolean {
	if (!then.files || !now.files) return then.revision === now.revision;
	return Object.entries(then.files).every(([path, hash]) => now.files![path] === hash);
}

/** A bounded map from call id to its retry entry, oldest dropped first. */
export class RetryMemory {
	readonly #entries = new Map<string, RetryEntry>();

	remember(callId: string, entry: RetryEntry): void {
		this.#entries.set(callId, entry);
		if (this.#entries.size > CAPACITY) this.#entries.delete(this.#entries.keys().next().value!);
	}

	get(callId: string): RetryEntry | undefined {
		return this.#entries.get(callId);
	}
}

/**
 * Reads what a call was based on. With `at` (the caller's expectedRevision) the base is the state at
 * that revision — what the caller had seen — read back from history; a target changed since then has
 * moved, even if it changed before the call was made.
 */
export function workspaceBaseReader(service: WorkspaceService) {
	return async (targets: string[] | null, at?: number): Promise<CallBase> => {
		const workspace = service.workspace;
		const paths = targets?.map((path) => tryNormalizePath(path) ?? path) ?? null;
		const now = Object.fromEntries((paths ?? []).map((path) => [path, workspace.files.get(path)?.hash ?? null]));
		if (at === undefined || at >= workspace.revision) return { revision: workspace.revision, files: paths ? now : null };
		if (!paths) return { revision: at, files: null };
		const entries = await service.repository.entriesAfter(service.workspaceId, at);
		if (entries.length !== workspace.revision - at) return { revision: at, files: null }; // pruned: compare revisions only
		const then: Record<string, string | null> = { ...now };
		for (const entry of [...entries].reverse()) {
			for (const change of entry.diff.changes) if (change.path in then) then[change.path] = change.before?.hash ?? null;
		}
		return { revision: at, files: then };
	};
}
