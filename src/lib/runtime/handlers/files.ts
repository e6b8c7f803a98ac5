// Mutating file tools: create, write, patch, rename, delete.
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { decodeContent, meta, mutationOutput } from './shared';

/** Handlers for the file mutation tools. */
export function fileHandlers(service: WorkspaceService) {
	const handlers: {
		workspace_create_file: ToolHandler<'workspace_create_file'>;
		workspace_write_file: ToolHandler<'workspace_write_file'>;
		workspace_apply_patch: ToolHandler<'workspace_apply_patch'>;
		workspace_rename_file: ToolHandler<'workspace_rename_file'>;
		workspace_delete_file: ToolHandler<'workspace_delete_file'>;
	} = {
		async workspace_create_file({ path, content, encoding, expectedRevision }, ctx) {
			const body = decodeContent(content, encoding);
			return mutationOutput(await service.mutate(meta('workspace_create_file', ctx, expectedRevision), () => ({ type: 'create', path, content: body })));
		},
		async workspace_write_file({ path, content, encoding, createIfMissing, expectedRevision }, ctx) {
			const body = decodeContent(content, encoding);
			return mutationOutput(await service.mutate(meta('workspace_write_file', ctx, expectedRevision), () => ({ type: 'write', path, content: body, createIfMissing })));
		},
		async workspace_apply_patch({ path, search, replace, occurrence, expectedRevision }, ctx) {
			const result = await service.mutate(meta('workspace_apply_patch', ctx, expectedRevision), () => ({ type: 'patch', path, search, replace, occurrence }));
			return { ...mutationOutput(result), replacements: result.replacements ?? 0 };
		},
		async workspace_rename_file({ from, to, expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('workspace_rename_file', ctx, expectedRevision), () => ({ type: 'rename', from, to })));
		},
		async workspace_delete_file({ path, expectedRevision }, ctx) {
			return mutationOutput(await service.mutate(meta('workspace_delete_file', ctx, expectedRevision), () => ({ type: 'delete', path })));
		}
	};
	return handlers;
}
