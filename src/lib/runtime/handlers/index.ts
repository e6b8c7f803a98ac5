// Registers every workspace, folder, template and preview handler with a registry.
import type { FolderPort, GitPort, StorageUse } from '../ports';
import { gitHandlers } from './git';
import type { ToolRegistry } from '../registry';
import type { WorkspaceService } from '../workspace-service';
import { fileHandlers } from './files';
import { folderHandlers } from './folder';
import { historyHandlers } from './history';
import { previewHandlers } from './preview';
import { packageHandlers } from './packages';
import { templateHandlers } from './template';
import { workspaceReadHandlers } from './workspace';

/** What the handlers need besides the workspace service. */
export interface HandlerDeps {
	folder?: () => FolderPort | null;
	/** Persistence, usage and quota of the browser's storage, when the host can tell. */
	storage?: () => StorageUse;
	/** The workspace's git link, where the host keeps one (browsers; a folder's git is its own). */
	git?: () => GitPort | null;
}

/** Registers the handler of every tool in the catalog. */
export function registerWorkspaceTools(registry: ToolRegistry, service: WorkspaceService, deps: HandlerDeps = {}): ToolRegistry {
	const folder = deps.folder ?? (() => null);
	const folderStatus = () => folder()?.state(service.workspace) ?? { status: 'browser-only' as const };
	return registry.registerAll({
		...workspaceReadHandlers(service, folderStatus, deps.storage),
		...fileHandlers(service),
		...historyHandlers(service),
		...templateHandlers(service),
		...folderHandlers(service, folder),
		...previewHandlers(service),
		...packageHandlers(service),
		...gitHandlers(service, deps.git ?? (() => null))
	});
}
