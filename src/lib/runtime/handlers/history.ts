// History and whole-workspace tools: undo, redo, restore a revision, reset to the starter.
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { meta, mutationOutput } from './shared';
import { changeHandler } from './files';

/** Handlers for undo, redo, restore and reset. */
export function historyHandlers(service: WorkspaceService) {
	const handlers: {
		workspace_undo: ToolHandler<'workspace_undo'>;
		workspace_redo: ToolHandler<'workspace_redo'>;
		workspace_restore_revision: ToolHandler<'workspace_restore_revision'>;
		workspace_reset: ToolHandler<'workspace_reset'>;
	} = {
		async workspace_undo({ expectedRevision }, ctx) {
			return mutationOutput(await service.undo(meta('workspace_undo', ctx, expectedRevision)));
		},
		async workspace_redo({ expectedRevision }, ctx) {
			return mutationOutput(await service.redo(meta('workspace_redo', ctx, expectedRevision)));
		},
		async workspace_restore_revision({ revision, expectedRevision }, ctx) {
			return mutationOutput(await service.restore(meta('workspace_restore_revision', ctx, expectedRevision), revision));
		},
		workspace_reset: changeHandler(service, 'workspace_reset') as ToolHandler<'workspace_reset'>
	};
	return handlers;
}
