// Shared runtime vocabulary: call context (source, mode), MCP call results, trace entries.
import type { ErrorCode, ToolErrorShape } from '../core/errors';
import type { ToolInput, ToolName, ToolOutput } from '../tools/schema';

/** Transport origin of a call. */
/**
 * `disk` marks revisions that record edits made outside the studio (a folder edited on disk);
 * `mcp-remote` marks calls the studio's agents make to a remote MCP server's tools (never a tab's claim).
 */
export type Source = 'model' | 'local' | 'palette' | 'editor' | 'webmcp' | 'mcp' | 'disk' | 'mcp-remote';
/** Execution intent: an agent's call waits for approval; a direct command from a person does not. */
export type Mode = 'agent' | 'direct';

export const SOURCES: readonly Source[] = ['model', 'local', 'palette', 'editor', 'webmcp', 'mcp'];
export const MODES: readonly Mode[] = ['agent', 'direct'];

/** Who is calling and why; preserved on every trace entry and approval. */
export interface CallContext {
	source: Source;
	mode: Mode;
	sessionId?: string;
	/** The tab that issued the call, when it came from a tab. */
	tabId?: string;
}

/** A text content block. */
export interface TextContent {
	type: 'text';
	text: string;
}

/** An image content block (MCP `type: "image"`): base64 bytes and their type. */
export interface ImageContent {
	type: 'image';
	data: string;
	mimeType: string;
}

/**
 * A handler's output may carry an image under this key: it becomes the result's image content,
 * beside the JSON text, and is never part of the structured result (nor of the trace).
 */
export const RESULT_IMAGE: unique symbol = Symbol('result-image');

/** The JSON text of a result (its first text block). */
export function resultText(result: CallToolResult): string {
	const block = result.content.find((item): item is TextContent => item.type === 'text');
	return block?.text ?? '{}';
}

/** The image a result carries, if any. */
export function resultImage(result: CallToolResult): ImageContent | undefined {
	return result.content.find((item): item is ImageContent => item.type === 'image');
}

/** The MCP `tools/call` result. Errors are results too (`isError: true`). */
export interface CallToolResult {
	content: (TextContent | ImageContent)[];
	structuredContent: Record<string, unknown>;
	isError: boolean;
	[key: string]: unknown;
}

/** The result `_meta` key carrying the call id (the UI's Retry uses it). */
export const CALL_ID_META = 'web-studio/callId';

/** An MCP error result carrying the canonical shape. */
export function errorResult(shape: ToolErrorShape, callId?: string): CallToolResult {
	const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify({ error: shape }) }], structuredContent: { error: shape }, isError: true };
	if (callId) result._meta = { [CALL_ID_META]: callId };
	return result;
}

/** The structured error of a failed result. */
export function resultError(result: CallToolResult): ToolErrorShape | undefined {
	return result.isError ? (result.structuredContent.error as ToolErrorShape) : undefined;
}

export type TraceMethod = 'tools/list' | 'tools/call' | 'agent.request';
export type TracePhase = 'started' | 'pending-approval' | 'completed' | 'failed' | 'cancelled';

/**
 * One trace entry (docs/ARCHITECTURE.md, "Errors and the trace"). `id` is unique per entry; `callId` ties the phases of one call
 * (or one agent run) together; `toolCallId` is the provider's id and may repeat.
 */
export interface TraceEntry {
	id: string;
	callId?: string;
	method: TraceMethod;
	phase: TracePhase;
	name?: string;
	toolCallId?: string;
	sessionId?: string;
	source: Source;
	mode?: Mode;
	tabId?: string;
	/** The workspace the call touched (each workspace has its own hub and trace). */
	workspaceId?: string;
	startedAt: number;
	at: number;
	durationMs?: number;
	revisionBefore?: number;
	revisionAfter?: number;
	preview?: { revision: number; status: string };
	error?: { code: ErrorCode; retryable: boolean; message?: string };
	argumentsPreview?: unknown;
	resultPreview?: unknown;
	/** Method-specific facts, e.g. provider, model, turns and tool calls of an agent run. */
	details?: Record<string, unknown>;
}

/** What a handler receives besides its validated input. */
export interface HandlerContext {
	signal: AbortSignal;
	context: CallContext;
	callId: string;
	toolCallId?: string;
	/** True when a person approved this call (history shows "approved"). */
	approved: boolean;
	/** The fingerprint of the diff the person approved; the commit must still match it. */
	approvedFingerprint?: string;
	/** Call right before writing (see run-handler.ts). */
	beginCommit: () => boolean;
}

/** A tool handler: checks invariants, persists, waits for the preview, returns the structured output. */
export type ToolHandler<N extends ToolName> = (input: ToolInput<N>, ctx: HandlerContext) => Promise<ToolOutput<N>>;
