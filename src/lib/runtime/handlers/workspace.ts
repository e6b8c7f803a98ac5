// Read-only workspace tools: status, list, read, search, history, open.
import { ToolError } from '../../core/errors';
import { LIMITS } from '../../core/limits';
import { sortedFiles, totalBytes } from '../../domain/model';
import { normalizePath } from '../../domain/paths';
import type { ToolHandler } from '../types';
import type { WorkspaceService } from '../workspace-service';
import type { StorageUse } from '../ports';
import { summary } from './shared';

/** Handlers for the read-only workspace tools. */
export function workspaceReadHandlers(
	service: WorkspaceService,
	folderStatus: () => { status: 'browser-only' | 'connected' | 'permission-required' | 'stale'; name?: string },
	storage: () => StorageUse = () => ({ persisted: null, usage: null, quota: null })
) {
	const readFile = (path: string) => {
		const normalized = normalizePath(path);
		const file = service.workspace.files.get(normalized);
		if (!file) throw new ToolError('WORKSPACE_FILE_NOT_FOUND', `There is no file at ${normalized}. Use workspace_list_files to see the paths.`, { path: normalized });
		return file;
	};

	const handlers: {
		workspace_get_status: ToolHandler<'workspace_get_status'>;
		workspace_list_files: ToolHandler<'workspace_list_files'>;
		workspace_read_file: ToolHandler<'workspace_read_file'>;
		workspace_search: ToolHandler<'workspace_search'>;
		workspace_history: ToolHandler<'workspace_history'>;
		workspace_open_file: ToolHandler<'workspace_open_file'>;
	} = {
		async workspace_get_status() {
			const ws = service.workspace;
			return {
				workspaceId: ws.id,
				name: ws.name,
				revision: ws.revision,
				activePath: ws.activePath,
				fileCount: ws.files.size,
				bytesUsed: totalBytes(ws.files.values()),
				limits: { ...LIMITS },
				storage: { mode: service.repository.kind, ...storage() },
				folder: folderStatus(),
				quarantined: [...service.quarantined]
			};
		},
		async workspace_list_files() {
			const ws = service.workspace;
			return { revision: ws.revision, files: sortedFiles(ws).map(summary) };
		},
		async workspace_read_file({ path }) {
			const revision = service.revision;
			const file = readFile(path);
			if (file.kind !== 'text' || file.content === undefined) {
				throw new ToolError('WORKSPACE_FILE_TYPE_CONFLICT', `${file.path} is a binary asset (${file.mimeType}, ${file.size} bytes); its bytes are not returned as text.`, {
					path: file.path,
					kind: file.kind,
					mimeType: file.mimeType,
					size: file.size
				});
			}
			return { revision, path: file.path, content: file.content, language: file.language, size: file.size, hash: file.hash };
		},
		async workspace_search({ query, regex, caseSensitive, path, maxResults }) {
			const ws = service.workspace;
			// The prefix filters paths as typed (no normalisation: "css/" must stay a folder prefix).
			const prefix = path ? path.replace(/\\/g, '/').replace(/^\.?\//, '') : '';
			// The RE2 engine is a fifth of the hub's code: it loads with the first search, not with the hub.
			const { searchFiles } = await import('../search');
			const found = searchFiles(sortedFiles(ws), { query, regex, caseSensitive, prefix, maxResults });
			return { revision: ws.revision, ...found };
		},
		async workspace_history({ limit }) {
			const entries = await service.history(limit);
			const { undo, redo } = service.undoState;
			return {
				revision: service.revision,
				canUndo: undo.length > 0,
				canRedo: redo.length > 0,
				entries: entries.map((entry) => ({
					revision: entry.revision,
					kind: entry.kind,
					target: entry.target,
					tool: entry.tool,
					source: entry.source,
					mode: entry.mode,
					approved: entry.approved,
					at: entry.at,
					changedPaths: entry.changedPaths
				}))
			};
		},
		async workspace_open_file({ path, line }) {
			const file = readFile(path);
			await service.open(file.path, line);
			return line === undefined ? { revision: service.revision, path: file.path } : { revision: service.revision, path: file.path, line };
		}
	};
	return handlers;
}
