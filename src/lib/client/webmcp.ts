// WebMCP: where the browser offers `document.modelContext` (the current draft; `navigator.modelContext`
// in earlier ones), every tool of the catalog is registered for browser agents with its title, its
// hints — `untrustedContentHint` on tools whose results carry the site's own content — and its output
// schema. `execute` goes through the same agent boundary as a model (source webmcp, mode agent), so a
// browser agent's changes wait for approval in the studio. A refused registration is reported.
import { carriesSiteContent, type McpTool } from '$lib/tools/catalog-model';
import type { CallToolResult } from '$lib/runtime/types';

/** One tool as the draft's `registerTool` takes it. */
interface ModelContextTool {
	name: string;
	title?: string;
	description: string;
	inputSchema: object;
	/** Browsers that know it (Chrome 159+) describe results with it; the others ignore the member. */
	outputSchema?: object;
	annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean };
	execute(input: unknown): Promise<unknown>;
}

/** The slice of the WebMCP API the studio uses (`registerTool` returns a Promise in the current draft). */
interface ModelContext {
	registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }): void | Promise<void>;
}

/** Where the page's WebMCP registration stands. */
export interface WebMcpStatus {
	available: boolean;
	registered: number;
	/** Tools the browser refused, with the first reason (shown in the model settings). */
	refused?: { count: number; reason: string };
}

function modelContext(): ModelContext | null {
	const candidate = (document as unknown as { modelContext?: ModelContext }).modelContext ?? (navigator as unknown as { modelContext?: ModelContext }).modelContext;
	return candidate && typeof candidate.registerTool === 'function' ? candidate : null;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** What the draft's `registerTool` is given for one catalog tool. */
export function toModelContextTool(tool: McpTool, execute: (input: unknown) => Promise<unknown>): ModelContextTool {
	const { $schema: _input, ...inputSchema } = tool.inputSchema;
	const { $schema: _output, ...outputSchema } = tool.outputSchema;
	return {
		name: tool.name,
		title: tool.title,
		description: tool.description,
		inputSchema,
		outputSchema,
		annotations: { readOnlyHint: tool.annotations.readOnlyHint, ...(carriesSiteContent(tool) ? { untrustedContentHint: true } : {}) },
		execute
	};
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

	/** Registers the catalog; resolves once the browser answered every registration. */
	async sync(tools: readonly McpTool[]): Promise<WebMcpStatus> {
		const context = modelContext();
		if (!context) return { available: false, registered: 0 };
		this.#controller?.abort(); // unregisters the previous set
		const controller = new AbortController();
		this.#controller = controller;
		let counter = 0;
		const answers = await Promise.allSettled(
			tools.map(async (tool) => {
				const execute = async (input: unknown) => {
					const result = await this.run({ id: `webmcp-${Date.now().toString(36)}-${++counter}`, name: tool.name, arguments: input ?? {} }, this.sessionId);
					return { content: result.content, structuredContent: result.structuredContent, isError: result.isError };
				};
				// Sync throws (older drafts) and rejections (this one) are the same refusal.
				await context.registerTool(toModelContextTool(tool, execute), { signal: controller.signal });
			})
		);
		const refused = answers.filter((answer): answer is PromiseRejectedResult => answer.status === 'rejected');
		const status: WebMcpStatus = { available: true, registered: answers.length - refused.length };
		if (refused.length) status.refused = { count: refused.length, reason: reasonOf(refused[0]!.reason) };
		return status;
	}

	dispose(): void {
		this.#controller?.abort();
		this.#controller = null;
	}
}
