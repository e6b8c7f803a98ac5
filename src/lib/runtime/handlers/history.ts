// History and whole-workspace tools: undo, redo, restore a revision, reset to the starter.
import type { ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import { planHandler } from './files';

/** Handlers for undo, redo, restore and reset. */
export function historyHandlers(service: WorkspaceService) {
	return {
		workspace_undo: planHandler(service, 'workspace_undo'),
		workspace_redo: planHandler(service, 'workspace_redo'),
		workspace_restore_revision: planHandler(service, 'workspace_restore_revision'),
		workspace_reset: planHandler(service, 'workspace_reset')
	} as {
		workspace_undo: ToolHandler<'workspace_undo'>;
		workspace_redo: ToolHandler<'workspace_redo'>;
		workspace_restore_revision: ToolHandler<'workspace_restore_revision'>;
		workspace_reset: ToolHandler<'workspace_reset'>;
	};
}
