// Folder tools: status, save, reload, disconnect. They answer truthfully while no folder is connected.
import { ToolError } from '../../core/errors';
import type { FolderPort, FolderState } from '../ports';
import type { ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import { planHandler } from './files';
import { BROWSER_ONLY, requireFolder } from './folder-errors';

/** Handlers for the folder tools over an optional connected folder. */
export function folderHandlers(service: WorkspaceService, folder: () => FolderPort | null) {
	const state = (): FolderState => folder()?.state(service.workspace) ?? BROWSER_ONLY;
	const checkRevision = (expectedRevision: number | undefined) => {
		if (expectedRevision !== undefined && expectedRevision !== service.revision) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${service.revision}, not ${expectedRevision}.`, { expectedRevision, currentRevision: service.revision });
		}
	};
	const unchanged = () => ({ revision: service.revision, changedPaths: [], preview: service.preview.status().preview });
	const reload = planHandler(service, 'workspace_reload_folder', folder);

	const handlers: {
		folder_get_status: ToolHandler<'folder_get_status'>;
		workspace_save_all: ToolHandler<'workspace_save_all'>;
		workspace_reload_folder: ToolHandler<'workspace_reload_folder'>;
		workspace_disconnect_folder: ToolHandler<'workspace_disconnect_folder'>;
	} = {
		async folder_get_status() {
			return { revision: service.revision, folder: state() };
		},
		async workspace_save_all({ expectedRevision, overwrite }, ctx) {
			const port = requireFolder(folder);
			checkRevision(expectedRevision);
			const { saved, skipped } = await port.save(service.workspace, { approvedFingerprint: ctx.approvedFingerprint, overwrite });
			return { ...unchanged(), savedPaths: saved, skipped, folder: state() };
		},
		async workspace_reload_folder(input, ctx) {
			const port = requireFolder(folder);
			const result = await reload(input, ctx);
			// A page that references a file the folder's import left out is told why (its size, its type).
			service.preview.noteLeftOut?.(port.skipped());
			return { ...result, skipped: port.skipped(), folder: state() };
		},
		async workspace_disconnect_folder({ expectedRevision }) {
			const port = requireFolder(folder);
			checkRevision(expectedRevision);
			await port.disconnect();
			return { ...unchanged(), folder: state() };
		}
	};
	return handlers;
}
