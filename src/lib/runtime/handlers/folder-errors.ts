// The folder tools' shared refusal: no folder is connected (retryable once one is).
import { ToolError } from '../../core/errors';
import type { FolderPort, FolderState } from '../ports';

/** The state reported while no folder is connected. */
export const BROWSER_ONLY: FolderState = { status: 'browser-only' };

/** WORKSPACE_FOLDER_NOT_CONNECTED, with the folder state in details. */
export function notConnected(): ToolError {
	return new ToolError('WORKSPACE_FOLDER_NOT_CONNECTED', 'No local folder is connected; the workspace lives in the browser only. Connect a folder first (Open folder), then retry.', {
		folder: BROWSER_ONLY
	});
}

/** The connected folder, or the canonical refusal. */
export function requireFolder(folder: () => FolderPort | null): FolderPort {
	const port = folder();
	if (!port) throw notConnected();
	return port;
}
