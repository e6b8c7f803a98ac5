// WebMCP: where the browser offers `navigator.modelContext` (or `document.modelContext`), every tool
// of the catalog is registered for browser agents. `execute` goes through the same agent boundary as a
// model (source webmcp, mode agent), so a browser agent's changes wait for approval in the studio.
import type { McpTool } from '$lib/tools/catalog';
import type { CallToolResult } from '$lib/runtime/types';

/** The slice of the WebMCP API the studio uses. */
interface ModelContext {
	registerTool(
		tool: {
			name: string;
			description: string;
			inputSchema: object;
			annotations?: { readOnlyHint?: boolean };
			execute(input: unknown): Promise<unknown>;
		},
		options?: { signal?: AbortSignal }
	): void;
}

/** Where the page's WebMCP registration stands. */
export interface WebMcpStatus {
	available: boolean;
	registered: number;
}

function modelContext(): ModelContext | null {
	const candidate = (navigator as unknown as { modelContext?: ModelContext }).modelContext ?? (document as unknown as { modelContext?: ModelContext }).modelContext;
	return candidate && typeof candidate.registerTool === 'function' ? candidate : null;
}

/**
 * Registers `tools` (replacing an earlier registration, so it stays in sync with the catalog).
 * `execute` hands each call to `run` (the hub's agent boundary) and returns the MCP result.
 */
export class WebMcpBridge {
	#controller: AbortController | null = null;
	/**
	 * This page load's WebMCP session: a browser agent's "allow for this session" covers only calls
	 * made through this registration, and ends when the page does.
	 */
	readonly sessionId = `webmcp-${crypto.randomUUID()}`;

	constructor(private readonly run: (call: { id: string; name: string; arguments: unknown }, sessionId: string) => Promise<CallToolResult>) {}

	sync(tools: readonly McpTool[]): WebMcpStatus {
		const context = modelContext();
		if (!context) return { available: false, registered: 0 };
		this.#controller?.abort(); // unregisters the previous set
		const controller = new AbortController();
		this.#controller = controller;
		let counter = 0;
		let registered = 0;
		for (const tool of tools) {
			const { $schema: _ignored, ...inputSchema } = tool.inputSchema;
			try {
				context.registerTool(
					{
						name: tool.name,
						description: tool.description,
						inputSchema,
						annotations: { readOnlyHint: tool.annotations.readOnlyHint },
						execute: async (input) => {
							const result = await this.run({ id: `webmcp-${Date.now().toString(36)}-${++counter}`, name: tool.name, arguments: input ?? {} }, this.sessionId);
							return { content: result.content, structuredContent: result.structuredContent, isError: result.isError };
						}
					},
					{ signal: controller.signal }
				);
				registered++;
			} catch {
				// A duplicate or refused registration must not break the studio.
			}
		}
		return { available: true, registered };
	}

	dispose(): void {
		this.#controller?.abort();
		this.#controller = null;
	}
}
