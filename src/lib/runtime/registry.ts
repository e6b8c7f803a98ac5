// The registry: the one boundary every caller ends at. tools/list, tools/call (direct and agent),
// retry, and JSON-RPC/MCP. The call pipeline itself lives in call.ts.
import { TOOL_LIST, type ToolName } from '../tools/schema';
import { mcpTools, toOpenAITools, type McpTool, type OpenAITool } from '../tools/catalog';
import { ToolError } from '../core/errors';
import { ApprovalPolicy } from './policy';
import { Trace } from './trace';
import { readArguments } from './arguments';
import { runCall, errorResult, type CallEnvironment, type CallOptions } from './call';
import { RetryMemory, acceptsExpectedRevision, sameBase, targetsOf, type CallBase } from './retry';
import type { Prepared } from './prepare';
import { Cursors, InvalidCursorError } from './cursor';
import { runRemoteCall } from './remote-call';
import type { RemoteTool } from './remote/config';
import type { RemoteTools } from './remote/servers';
import { MODES, SOURCES, type CallContext, type CallToolResult, type HandlerContext, type ToolHandler } from './types';

export { errorResult, InvalidCursorError, type CallOptions };
export type { HandlerContext, ToolHandler } from './types';

type AnyHandler = (input: unknown, ctx: HandlerContext) => Promise<unknown>;

/** A model-shaped tool call, as a provider adapter hands it over. Arguments may still be a JSON string. */
export interface ModelToolCall {
	id?: unknown;
	name: unknown;
	arguments?: unknown;
}

/** Registry settings. */
export interface RegistryOptions {
	trace?: Trace;
	policy?: ApprovalPolicy;
	/** Tools per `tools/list` page. */
	pageSize?: number;
	/** Deadline for a handler once it runs (approval waits are not counted). */
	timeoutMs?: number;
	/** The workspace revision before a call, for the trace and the approval pin. */
	getRevision?: () => number | undefined;
	/** What a call is based on (see retry.ts `workspaceBaseReader`): what an honest retry compares. */
	baseOf?: (targets: string[] | null, at?: number) => Promise<CallBase | undefined>;
	/** The dry run of a mutating call: the approval card's diff and the fingerprint its commit must match. */
	prepare?: (name: ToolName, input: unknown) => Promise<Prepared | undefined>;
	serverInfo?: { name: string; version: string };
	now?: () => number;
}

const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_TIMEOUT_MS = 60_000;


/** The tool registry. One per runtime. */
export class ToolRegistry {
	readonly trace: Trace;
	readonly policy: ApprovalPolicy;
	readonly #handlers = new Map<string, AnyHandler>();
	readonly #options: RegistryOptions;
	readonly #retry = new RetryMemory();
	readonly #now: () => number;
	readonly #cursors: Cursors;
	readonly #catalogListeners = new Set<() => void>();
	#remote: RemoteTools | null = null;

	constructor(options: RegistryOptions = {}) {
		this.#options = options;
		this.trace = options.trace ?? new Trace();
		this.policy = options.policy ?? new ApprovalPolicy();
		this.#now = options.now ?? Date.now;
		this.#cursors = new Cursors(TOOL_LIST.map((tool) => tool.name).join(',').length.toString(36) + TOOL_LIST.length.toString(36));
		// Read-only mode changes what tools/list says: MCP clients are told (notifications/tools/list_changed).
		this.policy.onReadOnly(() => this.#catalogListeners.forEach((listener) => listener()));
	}

	/** Registers the handler of one tool (replacing any earlier one). */
	register<N extends ToolName>(name: N, handler: ToolHandler<N>): this {
		this.#handlers.set(name, handler as AnyHandler);
		return this;
	}

	/** Registers several handlers at once. */
	registerAll(handlers: { [N in ToolName]?: ToolHandler<N> }): this {
		for (const [name, handler] of Object.entries(handlers)) this.#handlers.set(name, handler as AnyHandler);
		return this;
	}

	/**
	 * Adds the remote MCP servers' tools: the model and the catalog list them beside the studio's,
	 * and their calls end here like every other. The studio's own `tools/list` (MCP, WebMCP) never
	 * re-exports them.
	 */
	attachRemote(remote: RemoteTools): void {
		this.#remote = remote;
	}

	/** The remote servers, when attached. */
	get remote(): RemoteTools | null {
		return this.#remote;
	}

	#remoteTool(name: unknown): RemoteTool | null {
		return typeof name === 'string' && this.#remote ? this.#remote.lookup(name) : null;
	}

	/** True when a handler is registered for `name`. */
	has(name: string): boolean {
		return this.#handlers.has(name);
	}

	/** The MCP tool definitions as listed (read-only runtimes mark mutating tools unavailable). */
	definitions(): McpTool[] {
		if (!this.policy.readOnly) return [...mcpTools()];
		return mcpTools().map((tool) =>
			tool.annotations.readOnlyHint
				? tool
				: { ...tool, description: `Unavailable: this server is read-only. ${tool.description}`, _meta: { 'web-studio/available': false } }
		);
	}

	/**
	 * `tools/list` with opaque cursor pagination. Throws {@link InvalidCursorError} for a cursor
	 * this registry did not issue.
	 */
	listTools(request: { cursor?: string } = {}, context: CallContext = { source: 'palette', mode: 'direct' }): { tools: McpTool[]; nextCursor?: string } {
		const startedAt = this.#now();
		const all = this.definitions();
		const offset = request.cursor === undefined ? 0 : this.#cursors.decode(request.cursor, all.length);
		const size = this.#options.pageSize ?? DEFAULT_PAGE_SIZE;
		const tools = all.slice(offset, offset + size);
		const next = offset + size < all.length ? this.#cursors.encode(offset + size) : undefined;
		this.trace.append({
			method: 'tools/list',
			phase: 'completed',
			source: context.source,
			mode: context.mode,
			sessionId: context.sessionId,
			tabId: context.tabId,
			startedAt,
			at: this.#now(),
			durationMs: this.#now() - startedAt,
			resultPreview: { count: tools.length, nextCursor: next !== undefined }
		});
		return next ? { tools, nextCursor: next } : { tools };
	}

	/** Every tool definition (all pages), e.g. for `npm run catalog`. */
	listAllTools(context?: CallContext): McpTool[] {
		const tools: McpTool[] = [];
		let cursor: string | undefined;
		do {
			const page = this.listTools(cursor ? { cursor } : {}, context);
			tools.push(...page.tools);
			cursor = page.nextCursor;
		} while (cursor);
		return tools;
	}

	/**
	 * Re-issues a recent retryable failure through its original source and mode (an agent's call asks
	 * for approval again). A call that guards with `expectedRevision` is refused as a conflict when
	 * what it targeted changed since it was made; otherwise it runs on the current revision — never
	 * as a blind overwrite.
	 */
	async retry(callId: string, owner: { tabId?: string; signal?: AbortSignal } = {}): Promise<CallToolResult> {
		const entry = this.#retry.get(callId);
		if (!entry) return errorResult(new ToolError('TOOL_VALIDATION_FAILED', 'That call can no longer be retried (it is not a recent retryable failure).', { reason: 'not-retryable' }).toJSON());
		let args = entry.arguments;
		if (acceptsExpectedRevision(entry.name)) {
			const now = await this.#options.baseOf?.(targetsOf(entry.arguments));
			if (entry.base && now && !sameBase(entry.base, now)) {
				return errorResult(
					new ToolError('WORKSPACE_REVISION_CONFLICT', `What ${entry.name} acted on has changed since it was called (revision ${entry.base.revision} → ${now.revision}); read it again before retrying.`, {
						expectedRevision: entry.base.revision,
						currentRevision: now.revision,
						reason: 'target-moved'
					}).toJSON()
				);
			}
			if (now) args = { ...args, expectedRevision: now.revision };
		}
		const context: CallContext = { ...entry.context, tabId: owner.tabId ?? entry.context.tabId };
		return runCall(this.#environment(), entry.name, args, { context, signal: owner.signal, toolCallId: entry.toolCallId, retryOf: callId });
	}

	#environment(): CallEnvironment {
		return {
			trace: this.trace,
			policy: this.policy,
			handlers: this.#handlers,
			retry: this.#retry,
			now: this.#now,
			timeoutMs: this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
			getRevision: this.#options.getRevision,
			prepare: this.#options.prepare,
			baseOf: this.#options.baseOf
		};
	}

	/** Subscribes to catalog changes (what tools/list answers); returns the unsubscribe function. */
	onCatalogChange(listener: () => void): () => void {
		this.#catalogListeners.add(listener);
		return () => this.#catalogListeners.delete(listener);
	}

	/** The OpenAI / OpenRouter `tools` array: the studio's definitions, then the remote servers' tools. */
	toOpenAI(): OpenAITool[] {
		return toOpenAITools([...this.definitions(), ...(this.#remote?.definitions() ?? [])]);
	}

	/** A direct command (palette, editor, UI buttons). The context must say `mode: 'direct'`. */
	async callTool(request: { name: unknown; arguments?: unknown }, options: CallOptions): Promise<CallToolResult> {
		const context = options?.context as Partial<CallContext> | undefined;
		if (!context || !SOURCES.includes(context.source as never) || context.mode !== 'direct') {
			return errorResult(
				new ToolError('TOOL_VALIDATION_FAILED', 'callTool needs a context with a known source and mode "direct".', { reason: 'context-required' }).toJSON()
			);
		}
		const args = readArguments(request.arguments);
		const remote = this.#remoteTool(request.name);
		if (remote) return runRemoteCall(this.#environment(), this.#remote!, remote, args.ok ? args.value : undefined, { ...options, context: context as CallContext }, args.ok ? undefined : args.error);
		return runCall(this.#environment(), request.name, args.ok ? args.value : undefined, { ...options, context: context as CallContext }, args.ok ? undefined : args.error);
	}

	/**
	 * The agent boundary: a model-, local-agent-, WebMCP- or MCP-originated call. Defaults to
	 * `source: 'model'` and `mode: 'agent'`; arguments may be a JSON string from a provider.
	 */
	async executeModelToolCall(call: ModelToolCall, options: { context?: Partial<CallContext>; signal?: AbortSignal } = {}): Promise<CallToolResult> {
		const source = SOURCES.includes(options.context?.source as never) ? (options.context!.source as CallContext['source']) : 'model';
		const mode = MODES.includes(options.context?.mode as never) ? (options.context!.mode as CallContext['mode']) : 'agent';
		const context: CallContext = { ...options.context, source, mode };
		const toolCallId = typeof call?.id === 'string' && call.id.length <= 256 ? call.id : undefined;
		const args = readArguments(call?.arguments);
		// The person's remote servers serve the studio's own agents only: a browser agent or an MCP
		// client never reaches them through the studio (they are not in the tools it lists either).
		const remote = source === 'model' || source === 'local' ? this.#remoteTool(call?.name) : null;
		if (remote) return runRemoteCall(this.#environment(), this.#remote!, remote, args.ok ? args.value : undefined, { context, signal: options.signal, toolCallId }, args.ok ? undefined : args.error);
		return runCall(this.#environment(), call?.name, args.ok ? args.value : undefined, { context, signal: options.signal, toolCallId }, args.ok ? undefined : args.error);
	}

}
