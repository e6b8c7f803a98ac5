// Folder tools: status, save, reload, disconnect. They answer truthfully while no folder is connected.
import { ToolError } from '../../tools/errors';
import type { FolderPort, FolderState } from '../ports';
import type { ToolHandler } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { meta, mutationOutput } from './shared';

const BROWSER_ONLY: FolderState = { status: 'browser-only' };

function notConnected(): ToolError {
	return new ToolError('WORKSPACE_FOLDER_NOT_CONNECTED', 'No local folder is connected; the workspace lives in the browser only. Connect a folder first (Open folder), then retry.', {
		folder: BROWSER_ONLY
	});
}

/** Handlers for the folder tools over an optional connected folder. */
export function folderHandlers(service: WorkspaceService, folder: () => FolderPort | null) {
	const state = (): FolderState => folder()?.state(service.workspace) ?? BROWSER_ONLY;
	const connected = (): FolderPort => {
		const port = folder();
		if (!port) throw notConnected();
		return port;
	};
	const checkRevision = (expectedRevision: number | undefined) => {
		if (expectedRevision !== undefined && expectedRevision !== service.revision) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${service.revision}, not ${expectedRevision}.`, { expectedRevision, currentRevision: service.revision });
		}
	};
	const unchanged = () => ({ revision: service.revision, changedPaths: [], preview: service.preview.status().preview });

	const handlers: {
		folder_get_status: ToolHandler<'folder_get_status'>;
		workspace_save_all: ToolHandler<'workspace_save_all'>;
		workspace_reload_folder: ToolHandler<'workspace_reload_folder'>;
		workspace_disconnect_folder: ToolHandler<'workspace_disconnect_folder'>;
	} = {
		async folder_get_status() {
			return { revision: service.revision, folder: state() };
		},
		async workspace_save_all({ expectedRevision }) {
			const port = connected();
			checkRevision(expectedRevision);
			const savedPaths = await port.save(service.workspace);
			return { ...unchanged(), savedPaths, folder: state() };
		},
		async workspace_reload_folder({ expectedRevision }, ctx) {
			const port = connected();
			const files = await port.read();
			const result = await service.mutate(meta('workspace_reload_folder', ctx, expectedRevision), () => ({ type: 'replace', files }));
			return { ...mutationOutput(result), folder: state() };
		},
		async workspace_disconnect_folder({ expectedRevision }) {
			const port = connected();
			checkRevision(expectedRevision);
			await port.disconnect();
			return { ...unchanged(), folder: state() };
		}
	};
	return handlers;
}
