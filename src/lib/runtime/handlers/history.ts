// History and whole-workspace tools: undo, redo, restore a revision, reset to the starter.
import { starterFiles } from '../../domain/template';
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { meta, mutationOutput } from './shared';

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
		async workspace_reset({ expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('workspace_reset', ctx, expectedRevision), () => ({ type: 'replace', files: starterFiles(), activePath: 'index.html' })));
		}
	};
	return handlers;
}
