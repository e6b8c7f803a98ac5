// JSON-RPC 2.0 / MCP wire shapes: guards for untrusted envelopes, error codes, response builders.
import * as v from 'valibot';

/** The MCP revision we speak. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';
/** Revisions we accept from a client's `initialize` (ours first). */
export const MCP_SUPPORTED_VERSIONS = [MCP_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'] as const;

/** JSON-RPC error codes used on the wire. */
export const RPC = {
	PARSE_ERROR: -32700,
	INVALID_REQUEST: -32600,
	METHOD_NOT_FOUND: -32601,
	INVALID_PARAMS: -32602,
	INTERNAL_ERROR: -32603
} as const;

/** A request or notification id: a string or an integer (MCP forbids null). */
export type JsonRpcId = string | number;

export interface JsonRpcSuccess {
	jsonrpc: '2.0';
	id: JsonRpcId;
	result: Record<string, unknown>;
}
export interface JsonRpcFailure {
	jsonrpc: '2.0';
	id: JsonRpcId | null;
	error: { code: number; message: string; data?: unknown };
}
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;

const Id = v.union([v.pipe(v.string(), v.maxLength(256)), v.pipe(v.number(), v.integer(), v.safeInteger())]);
const Params = v.optional(v.record(v.string(), v.unknown()));

/** A request (has an id) or a notification (has none). */
const Envelope = v.object({
	jsonrpc: v.literal('2.0'),
	id: v.optional(Id),
	method: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
	params: Params
});
export type JsonRpcEnvelope = v.InferOutput<typeof Envelope>;

/** `tools/call` params. Arguments are checked per tool later; here only their container. */
export const CallParams = v.object({
	name: v.pipe(v.string(), v.maxLength(256)),
	arguments: v.optional(v.unknown()),
	_meta: v.optional(v.unknown())
});

/** `tools/list` params. */
export const ListParams = v.object({ cursor: v.optional(v.string()), _meta: v.optional(v.unknown()) });

/** `notifications/cancelled` params. */
export const CancelledParams = v.object({ requestId: Id, reason: v.optional(v.unknown()) });

/** Parses (when a string) and checks a message envelope. */
export function parseEnvelope(
	message: unknown
): { ok: true; envelope: JsonRpcEnvelope } | { ok: false; response: JsonRpcFailure } {
	let value = message;
	if (typeof message === 'string') {
		try {
			value = JSON.parse(message);
		} catch {
			return { ok: false, response: failure(null, RPC.PARSE_ERROR, 'Parse error') };
		}
	}
	const parsed = v.safeParse(Envelope, value);
	if (!parsed.success) {
		const id = value && typeof value === 'object' && v.is(Id, (value as { id?: unknown }).id) ? (value as { id: JsonRpcId }).id : null;
		return { ok: false, response: failure(id, RPC.INVALID_REQUEST, 'Invalid Request') };
	}
	return { ok: true, envelope: parsed.output };
}

/** A JSON-RPC error response. */
export function failure(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcFailure {
	return data === undefined ? { jsonrpc: '2.0', id, error: { code, message } } : { jsonrpc: '2.0', id, error: { code, message, data } };
}

/** A JSON-RPC success response. */
export function success(id: JsonRpcId, result: Record<string, unknown>): JsonRpcSuccess {
	return { jsonrpc: '2.0', id, result };
}

/** Thrown by `listTools` for a cursor it did not issue (→ -32602 on the wire). */
export class InvalidCursorError extends Error {
	constructor() {
		super('Invalid cursor');
		this.name = 'InvalidCursorError';
	}
}

let requestCounter = 0;
/** Builds a `tools/list` request (the shared adapter for discovery with pagination). */
export function toToolListRequest(params: { cursor?: string } = {}, id: JsonRpcId = `list-${++requestCounter}`) {
	return { jsonrpc: '2.0' as const, id, method: 'tools/list' as const, params: params.cursor ? { cursor: params.cursor } : {} };
}

/** Builds a `tools/call` request from a model-shaped call (the shared adapter for palette and exports). */
export function toToolCallRequest(call: { id?: JsonRpcId; name: string; arguments?: Record<string, unknown> }) {
	return {
		jsonrpc: '2.0' as const,
		id: call.id ?? `call-${++requestCounter}`,
		method: 'tools/call' as const,
		params: { name: call.name, arguments: call.arguments ?? {} }
	};
}
