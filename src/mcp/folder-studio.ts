// The studio's runtime on a local folder (Node): the file-system repository, the workspace service
// and the registry, with the folder re-read before every call so edits made outside the studio
// become revisions of their own (source "disk") instead of being written over.
import { ToolRegistry } from '../lib/runtime/registry';
import { ApprovalPolicy } from '../lib/runtime/policy';
import { WorkspaceService } from '../lib/runtime/workspace-service';
import { registerWorkspaceTools } from '../lib/runtime/handlers/index';
import { workspaceBaseReader } from '../lib/runtime/retry';
import { FsRepository } from '../lib/storage/fs-repository';
import type { CallToolResult } from '../lib/runtime/types';

/** A studio runtime over one folder. */
export interface FolderStudio {
	repository: FsRepository;
	service: WorkspaceService;
	registry: ToolRegistry;
	/** Folds in what changed on disk since the last look (call before each tool call). */
	syncFromDisk(): Promise<void>;
	/** An MCP client's call: synced first, then through the agent boundary (source mcp). */
	call(name: string, args: unknown, options?: { id?: string; signal?: AbortSignal }): Promise<CallToolResult>;
}

/** Opens the folder (creating it, or the starter site in it when it is empty). */
export async function openFolderStudio(dir: string, options: { readOnly?: boolean } = {}): Promise<FolderStudio> {
	const repository = new FsRepository(dir);
	const service = await WorkspaceService.open({ repository });
	// The MCP host asks its user before each call, so calls from it pass — unless the server is read-only.
	const policy = new ApprovalPolicy(options.readOnly ? { readOnly: true } : { preApprovedSources: ['mcp'] });
	const registry = new ToolRegistry({ policy, getRevision: () => service.revision, baseOf: workspaceBaseReader(service), pageSize: 100, serverInfo: { name: 'web-studio', version: '0.1.0' } });
	registerWorkspaceTools(registry, service);
	let syncing: Promise<void> = Promise.resolve();
	const syncFromDisk = () =>
		(syncing = syncing.then(async () => {
			const found = await repository.sync(service.workspace);
			if (found.kind === 'reload') await service.reload();
			else if (found.kind === 'external') await service.absorb(found.changes);
		}));
	return {
		repository,
		service,
		registry,
		syncFromDisk,
		async call(name, args, { id, signal } = {}) {
			// A failed re-read is reported, not fatal: every write still checks the disk itself first.
			await syncFromDisk().catch((error: unknown) => process.stderr.write(`web-studio: could not re-read the folder: ${error instanceof Error ? error.message : String(error)}\n`));
			return registry.executeModelToolCall({ id, name, arguments: args }, { context: { source: 'mcp', mode: 'agent' }, signal });
		}
	};
}
