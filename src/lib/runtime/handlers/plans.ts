// One plan per workspace-changing tool: the handler commits it and the approval card dry-runs it,
// so the diff a person approves and the change that is written come from the same code.
import type { ToolInput, ToolName } from '../../tools/schema';
import type { FolderPort } from '../ports';
import type { WorkspacePlan, WorkspaceService } from '../workspace-service';
import { CHANGE_NEEDS, buildChange, isChangeTool } from './changes';
import { requireFolder } from './folder-errors';
import { historyPlan, restorePlan } from '../history-plans';
import { addPlan, removePlan } from './packages';

/** Tools that move the workspace to another revision (beside the change tools). */
const REVISION_MOVES = new Set(['workspace_undo', 'workspace_redo', 'workspace_restore_revision', 'workspace_reload_folder', 'packages_add', 'packages_remove']);

/** True when `name` changes workspace content through a plan. */
export function hasWorkspacePlan(name: string): boolean {
	return isChangeTool(name) || REVISION_MOVES.has(name);
}

/**
 * The plan of a workspace-changing call with validated `input`, or null for tools that change no
 * workspace content (reads, folder save and disconnect).
 */
export function workspacePlan(name: ToolName, input: unknown, service: WorkspaceService, folder: () => FolderPort | null): WorkspacePlan | null {
	if (isChangeTool(name)) {
		const needs = CHANGE_NEEDS[name];
		if (!needs) return (workspace) => ({ change: buildChange(name, input, workspace) });
		return async (workspace) => {
			await needs(input);
			return { change: buildChange(name, input, workspace) };
		};
	}
	switch (name) {
		case 'workspace_undo':
			return historyPlan(service.repository, service.workspaceId, 'undo');
		case 'workspace_redo':
			return historyPlan(service.repository, service.workspaceId, 'redo');
		case 'workspace_restore_revision':
			return restorePlan(service.repository, service.workspaceId, (input as ToolInput<'workspace_restore_revision'>).revision);
		case 'packages_add':
			return addPlan(service, input as ToolInput<'packages_add'>);
		case 'packages_remove':
			return removePlan(input as ToolInput<'packages_remove'>);
		case 'workspace_reload_folder':
			return async () => ({ change: { type: 'replace', files: await requireFolder(folder).read() } });
		default:
			return null;
	}
}
