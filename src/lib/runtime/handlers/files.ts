// Workspace-changing tools as one generic handler: commit the tool's plan (see plans.ts) and answer
// with the new revision, the changed paths and the preview outcome.
import type { ToolInput, ToolName } from '../../tools/schema';
import { buildChange, forgetArchive, readArchive, renameChange, zipContents } from './changes';
import { danglingAfterDelete, type RewrittenReference } from '../../domain/references';
import { tryNormalizePath } from '../../domain/paths';
import type { FolderPort } from '../ports';
import type { HandlerContext, ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import { workspacePlan } from './plans';
import { meta, mutationOutput } from './shared';

/** The handler of a tool that has a workspace plan. */
export function planHandler(service: WorkspaceService, name: ToolName, folder: () => FolderPort | null = () => null) {
	return async (input: { expectedRevision?: number }, ctx: HandlerContext) => {
		const plan = workspacePlan(name, input, service, folder)!;
		const result = await service.commit(meta(name, ctx, input.expectedRevision), plan);
		const extra =
			name === 'workspace_apply_patch'
				? { replacements: result.replacements ?? 0 }
				: name === 'workspace_apply_changes'
					? { operations: (input as ToolInput<'workspace_apply_changes'>).operations.length, replacements: result.replacements ?? 0 }
					: {};
		return { ...mutationOutput(result), ...extra };
	};
}

/** Handlers for the file mutation tools. */
export function fileHandlers(service: WorkspaceService) {
	const importZip = planHandler(service, 'workspace_import_zip');
	return {
		workspace_create_file: planHandler(service, 'workspace_create_file'),
		workspace_write_file: planHandler(service, 'workspace_write_file'),
		workspace_apply_patch: planHandler(service, 'workspace_apply_patch'),
		workspace_edit_element: planHandler(service, 'workspace_edit_element'),
		// The plan runs on the workspace the commit applies to: what it rewrote (or leaves dangling) is
		// read from that same run, so the report matches the revision.
		workspace_rename_file: async (input: ToolInput<'workspace_rename_file'>, ctx: HandlerContext) => {
			let rewritten: RewrittenReference[] = [];
			const result = await service.commit(meta('workspace_rename_file', ctx, input.expectedRevision), (workspace) => {
				const built = renameChange(input, workspace);
				rewritten = built.rewritten;
				return { change: built.change };
			});
			return { ...mutationOutput(result), ...(rewritten.length ? { updatedReferences: rewritten } : {}) };
		},
		workspace_delete_file: async (input: ToolInput<'workspace_delete_file'>, ctx: HandlerContext) => {
			let dangling: ReturnType<typeof danglingAfterDelete> = [];
			const result = await service.commit(meta('workspace_delete_file', ctx, input.expectedRevision), (workspace) => {
				const path = tryNormalizePath(input.path);
				dangling = path ? danglingAfterDelete(workspace.files, path) : [];
				return { change: buildChange('workspace_delete_file', input, workspace) };
			});
			return { ...mutationOutput(result), ...(dangling.length ? { danglingReferences: dangling } : {}) };
		},
		workspace_apply_changes: planHandler(service, 'workspace_apply_changes'),
		workspace_import_zip: async (input: ToolInput<'workspace_import_zip'>, ctx: HandlerContext) => {
			try {
				await readArchive(input.data);
				const { files, skipped } = zipContents(input.data);
				// Before the commit: the render of the new revision names why a referenced file is missing.
				service.preview.noteLeftOut?.(skipped);
				return { ...(await importZip(input, ctx)), imported: files.map((file) => file.path), skipped };
			} finally {
				forgetArchive(input.data);
			}
		}
	} as {
		workspace_create_file: ToolHandler<'workspace_create_file'>;
		workspace_write_file: ToolHandler<'workspace_write_file'>;
		workspace_apply_patch: ToolHandler<'workspace_apply_patch'>;
		workspace_rename_file: ToolHandler<'workspace_rename_file'>;
		workspace_delete_file: ToolHandler<'workspace_delete_file'>;
		workspace_apply_changes: ToolHandler<'workspace_apply_changes'>;
		workspace_import_zip: ToolHandler<'workspace_import_zip'>;
	};
}
