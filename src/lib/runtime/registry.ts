// The registry: the one boundary every caller ends at. tools/list, tools/call (direct and agent),
// JSON-RPC/MCP, with guards, validation, policy, timeouts, and a trace entry per lifecycle phase.
import * as v from 'valibot';
import { TOOLS, isToolName, type ToolInput, type ToolName, type ToolOutput } from '../tools/schema';
import { MCP_TOOLS, toOpenAITools, type McpTool, type OpenAITool } from '../tools/catalog';
import { ToolError, toErrorShape, type ToolErrorShape } from '../tools/errors';
import { ApprovalPolicy } from './policy';
import { Trace, newTraceId } from './trace';
import { preview } from './redact';
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
import { MODES, SOURCES, type CallContext, type CallToolResult, type TraceEntry } from './types';

/** What a handler receives besides its validated input. */
export interface HandlerContext {
	signal: AbortSignal;
	context: CallContext;
	callId: string;
	toolCallId?: string;
	/** True when a person approved this call (history shows "approved"). */
	approved: boolean;
}

/** A tool handler: checks invariants, persists, waits for the preview, returns the structured output. */
export type ToolHandler<N extends ToolName> = (input: ToolInput<N>, ctx: HandlerContext) => Promise<ToolOutput<N>>;
type AnyHandler = (input: unknown, ctx: HandlerContext) => Promise<unknown>;

/** A model-shaped tool call, as a provider adapter hands it over. Arguments may still be a JSON string. */
export interface ModelToolCall {
	id?: unknown;
	name: unknown;
	arguments?: unknown;
}

/** Options of a call. */
export interface CallOptions {
	context: CallContext;
	signal?: AbortSignal;
	toolCallId?: string;
}

/** Registry settings. */
export interface RegistryOptions {
	trace?: Trace;
	policy?: ApprovalPolicy;
	/** Tools per `tools/list` page. */
	pageSize?: number;
	/** Deadline for a handler once it runs (approval waits are not counted). */
	timeoutMs?: number;
	/** The workspace revision before a call, for the trace. */
	getRevision?: () => number | undefined;
	/** Describes what a pending call would change (shown on the approval card). */
	describeImpact?: (name: ToolName, input: unknown) => Promise<unknown>;
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
	/** Raw arguments of recent retryable failures (memory only: never traced or exported). */
	readonly #retryable = new Map<string, { name: string; arguments: unknown }>();
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

	/** The name and raw arguments of a recent retryable failure, for Retry in the trace panel. */
	retryArguments(callId: string): { name: string; arguments: unknown } | undefined {
		return this.#retryable.get(callId);
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
		return this.#call(request.name, request.arguments, { ...options, context: context as CallContext });
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
		let args = call?.arguments;
		if (typeof args === 'string') {
			try {
				args = args.trim() === '' ? {} : JSON.parse(args);
			} catch {
				return this.#call(call.name, args, { context, signal: options.signal, toolCallId }, {
					code: 'TOOL_VALIDATION_FAILED',
					message: 'The arguments are not valid JSON. Send a JSON object matching the tool\'s input schema.',
					retryable: false,
					details: { reason: 'invalid-json' }
				});
			}
		}
		return this.#call(call?.name, args, { context, signal: options.signal, toolCallId });
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
					const result = await this.#call(call.output.name, call.output.arguments ?? {}, {
						context: ctx.context,
						signal: controller.signal,
						toolCallId: String(id)
					});
					return success(id, result);
				} finally {
					this.#inflight.delete(key);
				}
			}
			default:
				return failure(id, RPC.METHOD_NOT_FOUND, 'Method not found');
		}
	}

	async #call(rawName: unknown, rawArgs: unknown, options: CallOptions, preFailure?: ToolErrorShape): Promise<CallToolResult> {
		const { context, signal, toolCallId } = options;
		const callId = newTraceId('call');
		const startedAt = this.#now();
		const revisionBefore = this.#options.getRevision?.();
		const base: Omit<TraceEntry, 'id' | 'phase' | 'at'> = {
			callId,
			method: 'tools/call',
			name: typeof rawName === 'string' ? rawName.slice(0, 64) : undefined,
			toolCallId,
			sessionId: context.sessionId,
			source: context.source,
			mode: context.mode,
			tabId: context.tabId,
			startedAt,
			revisionBefore
		};
		this.trace.append({ ...base, phase: 'started', at: startedAt, argumentsPreview: preview(rawArgs) });

		const fail = (shape: ToolErrorShape): CallToolResult => {
			const at = this.#now();
			if (shape.retryable && isToolName(rawName)) {
				this.#retryable.set(callId, { name: rawName, arguments: rawArgs });
				if (this.#retryable.size > 50) this.#retryable.delete(this.#retryable.keys().next().value!);
			}
			this.trace.append({
				...base,
				phase: shape.code === 'TOOL_CANCELLED' ? 'cancelled' : 'failed',
				at,
				durationMs: at - startedAt,
				error: { code: shape.code, retryable: shape.retryable, message: shape.message.slice(0, 300) },
				resultPreview: preview(shape.details)
			});
			return errorResult(shape);
		};

		if (preFailure) return fail(preFailure);
		if (!isToolName(rawName)) {
			return fail(new ToolError('TOOL_NOT_FOUND', `There is no tool named "${String(rawName).slice(0, 64)}". Call tools/list to see the catalog.`, { name: String(rawName).slice(0, 64) }).toJSON());
		}
		const name = rawName;
		const definition = TOOLS[name];
		const parsed = v.safeParse(definition.input, rawArgs === undefined ? {} : rawArgs);
		if (!parsed.success) {
			const issues = parsed.issues.slice(0, 20).map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
			return fail(
				new ToolError('TOOL_VALIDATION_FAILED', `Invalid arguments for ${name}: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`, { issues }).toJSON()
			);
		}
		const input = parsed.output;

		const verdict = this.policy.decide(name, definition.annotations, context);
		if (verdict.kind === 'deny') return fail(new ToolError('TOOL_POLICY_DENIED', verdict.reason, { name }).toJSON());
		let approved = false;
		if (verdict.kind === 'pending') {
			this.trace.append({ ...base, phase: 'pending-approval', at: this.#now() });
			const impact = await this.#options.describeImpact?.(name, input).catch(() => undefined);
			const outcome = await this.policy.request(
				{
					callId,
					toolCallId,
					sessionId: context.sessionId,
					name,
					title: definition.title,
					source: context.source,
					mode: context.mode,
					tabId: context.tabId,
					argumentsPreview: preview(input),
					impact
				},
				signal
			);
			if (outcome === 'cancelled') return fail(new ToolError('TOOL_CANCELLED', 'The call was cancelled while waiting for approval.').toJSON());
			if (outcome === 'denied') return fail(new ToolError('TOOL_APPROVAL_DENIED', `The person denied ${name}. Do not retry it unchanged; ask what they want instead.`).toJSON());
			approved = true;
		}
		if (signal?.aborted) return fail(new ToolError('TOOL_CANCELLED', 'The call was cancelled.').toJSON());

		const handler = this.#handlers.get(name);
		if (!handler) return fail(new ToolError('TOOL_EXECUTION_FAILED', `${name} is not available in this runtime.`, { reason: 'no-handler' }).toJSON());

		let output: unknown;
		try {
			output = await this.#runHandler(handler, input, { signal: signal ?? new AbortController().signal, context, callId, toolCallId, approved });
		} catch (error) {
			return fail(toErrorShape(error));
		}
		const checked = v.safeParse(definition.output, output);
		if (!checked.success) {
			const issues = checked.issues.slice(0, 10).map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
			return fail(new ToolError('TOOL_EXECUTION_FAILED', `${name} produced an invalid result.`, { reason: 'invalid-output', issues }).toJSON());
		}
		const structured = checked.output as Record<string, unknown>;
		const at = this.#now();
		const previewOutcome = structured.preview as { revision: number; status: string } | undefined;
		this.trace.append({
			...base,
			phase: 'completed',
			at,
			durationMs: at - startedAt,
			revisionAfter: typeof structured.revision === 'number' ? structured.revision : undefined,
			preview: previewOutcome ? { revision: previewOutcome.revision, status: previewOutcome.status } : undefined,
			resultPreview: preview(structured)
		});
		return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured, isError: false };
	}

	/** Runs a handler under the caller's signal and the registry deadline. */
	async #runHandler(handler: AnyHandler, input: unknown, ctx: HandlerContext): Promise<unknown> {
		const controller = new AbortController();
		const timeoutMs = this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
		let timedOut = false;
		const onAbort = () => controller.abort();
		ctx.signal.addEventListener('abort', onAbort, { once: true });
		const timer = setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeoutMs);
		const stopped = new Promise<never>((_, reject) => {
			controller.signal.addEventListener(
				'abort',
				() =>
					reject(
						timedOut
							? new ToolError('TOOL_TIMEOUT', `The tool did not finish within ${timeoutMs} ms.`, { timeoutMs })
							: new ToolError('TOOL_CANCELLED', 'The call was cancelled.')
					),
				{ once: true }
			);
		});
		const running = (async () => handler(input, { ...ctx, signal: controller.signal }))();
		// A handler that loses the race may still settle later; its outcome is deliberately dropped.
		running.catch(() => undefined);
		try {
			return await Promise.race([running, stopped]);
		} finally {
			clearTimeout(timer);
			ctx.signal.removeEventListener('abort', onAbort);
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

/** An MCP error result carrying the canonical shape. */
export function errorResult(shape: ToolErrorShape): CallToolResult {
	return { content: [{ type: 'text', text: JSON.stringify({ error: shape }) }], structuredContent: { error: shape }, isError: true };
}

function inflightKey(ctx: JsonRpcContext, id: string | number): string {
	return `${ctx.connectionId ?? ''}\u0000${typeof id}:${id}`;
}
