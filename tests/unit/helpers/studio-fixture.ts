// A registry over the real workspace service and handlers, on a chosen repository.
import { ToolRegistry, type RegistryOptions } from '../../../src/lib/runtime/registry';
import { WorkspaceService } from '../../../src/lib/runtime/workspace-service';
import { registerWorkspaceTools } from '../../../src/lib/runtime/handlers/index';
import { MemoryRepository } from '../../../src/lib/storage/memory';
import type { RepositoryPort } from '../../../src/lib/runtime/ports';
import type { CallToolResult } from '../../../src/lib/runtime/types';
import { workspaceBaseReader } from '../../../src/lib/runtime/retry';
import { createPreparer } from '../../../src/lib/runtime/prepare';

/** Builds the runtime core (no worker, no preview) on `repository` (memory by default). */
export async function makeStudio(repository: RepositoryPort = new MemoryRepository(), options: RegistryOptions = {}) {
	const service = await WorkspaceService.open({ repository });
	// Wired like the hub: approval cards dry-run the same plans, retries read the call's base.
	const registry = new ToolRegistry({ getRevision: () => service.revision, baseOf: workspaceBaseReader(service), prepare: createPreparer(service), ...options });
	registerWorkspaceTools(registry, service);
	const direct = (name: string, args: Record<string, unknown> = {}) => registry.callTool({ name, arguments: args }, { context: { source: 'palette', mode: 'direct' } });
	return { service, registry, direct };
}

/** The structured content of a successful result (fails the test otherwise). */
export function ok<T = Record<string, unknown>>(result: CallToolResult): T {
	if (result.isError) throw new Error(`expected success, got ${JSON.stringify(result.structuredContent)}`);
	return result.structuredContent as T;
}

/** The error code of a failed result. */
export function errorCode(result: CallToolResult): string | undefined {
	return (result.structuredContent.error as { code?: string } | undefined)?.code;
}
