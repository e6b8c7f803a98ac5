// The registry: the one boundary every caller ends at. tools/list, tools/call (direct and agent),
// retry, and JSON-RPC/MCP. The call pipeline itself lives in call.ts.
import * as v from 'valibot';
import { isToolName, type ToolName } from '../tools/schema';
import { MCP_TOOLS, toOpenAITools, type McpTool, type OpenAITool } from '../tools/catalog';
import { ToolError } from '../tools/errors';
import { ApprovalPolicy } from './policy';
import { Trace } from './trace';
import { readArguments } from './arguments';
import { runCall, errorResult, type CallEnvironment, type CallOptions } from './call';
import { RetryMemory, acceptsExpectedRevision, sameBase, targetsOf, type CallBase } from './retry';
import type { Prepared } from './prepare';
import {
	CallParams,
	CancelledParams,
	InvalidCursorError,
	ListParams,
	MCP_PROTOCOL_VERSION,
	MCP_SUPPORTED_VERSIONS,
	RPC,
	failure,
	parseEnvelope,
	success,
	type JsonRpcResponse
} from './jsonrpc';
import { MODES, SOURCES, type CallContext, type CallToolResult, type HandlerContext, type ToolHandler } from './types';

export { errorResult, type CallOptions };
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

/** Context used for JSON-RPC calls from an MCP client. */
export interface JsonRpcContext {
	context: CallContext;
	/** Ids are per connection: cancellations only reach calls of the same connection. */
	connectionId?: string;
}

/** The tool registry. One per runtime. */
export class ToolRegistry {
	readonly trace: Trace;
	readonly policy: ApprovalPolicy;
	readonly #handlers = new Map<string, AnyHandler>();
	readonly #options: RegistryOptions;
	readonly #inflight = new Map<string, AbortController>();
	readonly #retry = new RetryMemory();
	readonly #now: () => number;
	readonly #catalogTag: string;

	constructor(options: RegistryOptions = {}) {
		this.#options = options;
		this.trace = options.trace ?? new Trace();
		this.policy = options.policy ?? new ApprovalPolicy();
		this.#now = options.now ?? Date.now;
		this.#catalogTag = MCP_TOOLS.map((tool) => tool.name).join(',').length.toString(36) + MCP_TOOLS.length.toString(36);
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

	/** True when a handler is registered for `name`. */
	has(name: string): boolean {
		return this.#handlers.has(name);
	}

	/** The MCP tool definitions as listed (read-only runtimes mark mutating tools unavailable). */
	definitions(): McpTool[] {
		if (!this.policy.readOnly) return [...MCP_TOOLS];
		return MCP_TOOLS.map((tool) =>
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
		const offset = request.cursor === undefined ? 0 : this.#decodeCursor(request.cursor, all.length);
		const size = this.#options.pageSize ?? DEFAULT_PAGE_SIZE;
		const tools = all.slice(offset, offset + size);
		const next = offset + size < all.length ? this.#encodeCursor(offset + size) : undefined;
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

	/** The OpenAI / OpenRouter `tools` array, derived from the same definitions. */
	toOpenAI(): OpenAITool[] {
		return toOpenAITools(this.definitions());
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
		return runCall(this.#environment(), call?.name, args.ok ? args.value : undefined, { context, signal: options.signal, toolCallId }, args.ok ? undefined : args.error);
	}

	/** Handles one JSON-RPC message from an MCP client; resolves to the response, or null for notifications. */
	async handleJsonRpc(message: unknown, ctx: JsonRpcContext): Promise<JsonRpcResponse | null> {
		try {
			return await this.#handleJsonRpc(message, ctx);
		} catch {
			return failure(null, RPC.INTERNAL_ERROR, 'Internal error');
		}
	}

	async #handleJsonRpc(message: unknown, ctx: JsonRpcContext): Promise<JsonRpcResponse | null> {
		const parsed = parseEnvelope(message);
		if (!parsed.ok) return parsed.response;
		const { id, method, params } = parsed.envelope;
		if (id === undefined) {
			if (method === 'notifications/cancelled') {
				const cancel = v.safeParse(CancelledParams, params);
				if (cancel.success) this.#inflight.get(inflightKey(ctx, cancel.output.requestId))?.abort();
			}
			return null; // notifications/initialized and any other notification: nothing to answer
		}
		switch (method) {
			case 'initialize': {
				const requested = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
				const protocolVersion = MCP_SUPPORTED_VERSIONS.includes(requested as never) ? (requested as string) : MCP_PROTOCOL_VERSION;
				return success(id, {
					protocolVersion,
					capabilities: { tools: { listChanged: true } },
					serverInfo: this.#options.serverInfo ?? { name: 'web-studio', version: '0.1.0' },
					instructions:
						'Web Studio workspace tools. Read first (workspace_get_status, workspace_read_file) and pass the revision you read as expectedRevision to every change.'
				});
			}
			case 'ping':
				return success(id, {});
			case 'tools/list': {
				const list = v.safeParse(ListParams, params ?? {});
				if (!list.success) return failure(id, RPC.INVALID_PARAMS, 'Invalid params');
				try {
					return success(id, this.listTools({ cursor: list.output.cursor }, ctx.context));
				} catch (error) {
					if (error instanceof InvalidCursorError) return failure(id, RPC.INVALID_PARAMS, 'Invalid cursor');
					throw error;
				}
			}
			case 'tools/call': {
				const call = v.safeParse(CallParams, params);
				if (!call.success) return failure(id, RPC.INVALID_PARAMS, 'Invalid params: tools/call needs a tool name');
				if (!isToolName(call.output.name)) return failure(id, RPC.INVALID_PARAMS, `Unknown tool: ${call.output.name.slice(0, 64)}`);
				const key = inflightKey(ctx, id);
				const controller = new AbortController();
				this.#inflight.set(key, controller);
				try {
					const args = readArguments(call.output.arguments ?? {});
					const result = await runCall(
						this.#environment(),
						call.output.name,
						args.ok ? args.value : undefined,
						{ context: ctx.context, signal: controller.signal, toolCallId: String(id) },
						args.ok ? undefined : args.error
					);
					return success(id, result);
				} finally {
					this.#inflight.delete(key);
				}
			}
			default:
				return failure(id, RPC.METHOD_NOT_FOUND, 'Method not found');
		}
	}

	#encodeCursor(offset: number): string {
		return btoa(`v1:${this.#catalogTag}:${offset}`).replace(/=+$/, '');
	}

	#decodeCursor(cursor: string, total: number): number {
		let text: string;
		try {
			text = atob(cursor);
		} catch {
			throw new InvalidCursorError();
		}
		const match = /^v1:([0-9a-z]+):(\d{1,6})$/.exec(text);
		const offset = match ? Number(match[2]) : NaN;
		if (!match || match[1] !== this.#catalogTag || !(offset > 0 && offset < total)) throw new InvalidCursorError();
		return offset;
	}
}

function inflightKey(ctx: JsonRpcContext, id: string | number): string {
	return `${ctx.connectionId ?? ''}\u0000${typeof id}:${id}`;
}
