// Mutating file tools: create, write, patch, rename, delete — each commits its change builder.
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { buildChange, type ChangeTool } from './changes';
import { meta, mutationOutput } from './shared';

/** A handler that commits the change its tool describes. */
export function changeHandler(service: WorkspaceService, name: ChangeTool) {
	return async (input: { expectedRevision?: number }, ctx: Parameters<ToolHandler<'workspace_write_file'>>[1]) => {
		const result = await service.mutate(meta(name, ctx, input.expectedRevision), (ws) => buildChange(name, input, ws));
		return { ...mutationOutput(result), ...(name === 'workspace_apply_patch' ? { replacements: result.replacements ?? 0 } : {}) };
	};
}

/** Handlers for the file mutation tools. */
export function fileHandlers(service: WorkspaceService) {
	return {
		workspace_create_file: changeHandler(service, 'workspace_create_file'),
		workspace_write_file: changeHandler(service, 'workspace_write_file'),
		workspace_apply_patch: changeHandler(service, 'workspace_apply_patch'),
		workspace_rename_file: changeHandler(service, 'workspace_rename_file'),
		workspace_delete_file: changeHandler(service, 'workspace_delete_file')
	} as {
		workspace_create_file: ToolHandler<'workspace_create_file'>;
		workspace_write_file: ToolHandler<'workspace_write_file'>;
		workspace_apply_patch: ToolHandler<'workspace_apply_patch'>;
		workspace_rename_file: ToolHandler<'workspace_rename_file'>;
		workspace_delete_file: ToolHandler<'workspace_delete_file'>;
	};
}
