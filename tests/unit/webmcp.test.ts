// WebMCP on the current draft: each catalog tool is registered with its title, its output schema and
// its hints (untrustedContentHint on tools whose results carry the site's content); the Promise each
// registration returns is awaited, and refusals — thrown or rejected — are counted with a reason.
import { afterEach, describe, expect, it } from 'vitest';
import { mcpTools } from '../../src/lib/tools/catalog';
import { carriesSiteContent } from '../../src/lib/tools/catalog-model';
import { WebMcpBridge, toModelContextTool } from '../../src/lib/client/webmcp';

type Registered = { name: string; title?: string; outputSchema?: Record<string, unknown>; inputSchema: Record<string, unknown>; annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean }; execute(input: unknown): Promise<unknown> };

afterEach(() => delete (globalThis as { document?: unknown }).document);

function browser(refuse: Record<string, 'throw' | 'reject'> = {}) {
	const registered: Registered[] = [];
	const signals: AbortSignal[] = [];
	(globalThis as { document?: unknown }).document = {
		modelContext: {
			registerTool(tool: Registered, options?: { signal?: AbortSignal }) {
				if (refuse[tool.name] === 'throw') throw new TypeError(`${tool.name} is refused`);
				if (refuse[tool.name] === 'reject') return Promise.reject(new DOMException(`${tool.name} already exists`, 'InvalidStateError'));
				registered.push(tool);
				if (options?.signal) signals.push(options.signal);
				return Promise.resolve();
			}
		}
	};
	return { registered, signals };
}

describe('WebMCP registration', () => {
	it('registers every tool with its title, output schema and hints; site content is marked untrusted', async () => {
		const { registered } = browser();
		const calls: { name: string; sessionId: string }[] = [];
		const bridge = new WebMcpBridge(async (call, sessionId) => {
			calls.push({ name: call.name, sessionId });
			return { content: [{ type: 'text', text: '{}' }], structuredContent: {}, isError: false };
		});
		const status = await bridge.sync(mcpTools());
		expect(status).toEqual({ available: true, registered: mcpTools().length });
		const read = registered.find((t) => t.name === 'workspace_read_file')!;
		expect(read.title).toBe(mcpTools().find((t) => t.name === 'workspace_read_file')!.title);
		expect(read.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: true });
		expect(read.outputSchema).toMatchObject({ type: 'object' });
		expect(read.outputSchema).not.toHaveProperty('$schema');
		expect(read.inputSchema).not.toHaveProperty('$schema');
		expect(registered.find((t) => t.name === 'workspace_write_file')!.annotations).toEqual({ readOnlyHint: false });
		for (const name of ['workspace_search', 'workspace_list_files', 'preview_screenshot', 'preview_get_status', 'preview_get_storage', 'workspace_history']) expect(registered.find((t) => t.name === name)!.annotations?.untrustedContentHint, name).toBe(true);
		expect(mcpTools().filter(carriesSiteContent).every((tool) => tool.annotations.readOnlyHint)).toBe(true);
		await read.execute({ path: 'index.html' });
		expect(calls).toEqual([{ name: 'workspace_read_file', sessionId: bridge.sessionId }]);
	});

	it('counts what the browser refused, thrown or rejected, and says why', async () => {
		browser({ workspace_read_file: 'reject', workspace_write_file: 'throw' });
		const status = await new WebMcpBridge(async () => ({ content: [], structuredContent: {}, isError: false })).sync(mcpTools());
		expect(status.registered).toBe(mcpTools().length - 2);
		expect(status.refused?.count).toBe(2);
		expect(status.refused?.reason).toMatch(/refused|already exists/);
	});

	it('replaces its earlier registration (the previous set is unregistered by its signal)', async () => {
		const { signals } = browser();
		const bridge = new WebMcpBridge(async () => ({ content: [], structuredContent: {}, isError: false }));
		await bridge.sync(mcpTools().slice(0, 2));
		await bridge.sync(mcpTools().slice(0, 2));
		expect(signals.slice(0, 2).every((signal) => signal.aborted)).toBe(true);
		expect(signals.slice(2).some((signal) => signal.aborted)).toBe(false);
		expect(toModelContextTool(mcpTools()[0]!, async () => null).name).toBe(mcpTools()[0]!.name);
	});
});
