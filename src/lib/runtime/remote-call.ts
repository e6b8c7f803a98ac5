// The pipeline of a call to a remote MCP server's tool: the same registry boundary, trace and policy
// as the studio's own tools, with its own source (`mcp-remote`). The server's hints are shown, never
// trusted: every agent call asks unless the person allowed that tool for the session. What comes back
// is content from outside: capped, marked untrusted, its image passed on.
import { ToolError, toErrorShape, type ToolErrorShape } from '../core/errors';
import { UNTRUSTED_META } from '../tools/catalog-model';
import type { CallEnvironment, CallOptions } from './call';
import { newTraceId } from './trace';
import { preview } from './redact';
import { foldRemoteResult } from './remote/result';
import type { RemoteTool } from './remote/config';
import type { RemoteTools } from './remote/servers';
import { CALL_ID_META, errorResult, type CallContext, type CallToolResult, type TraceEntry } from './types';

/** Arguments a person reads whole on the card, up to this many characters of JSON. */
const CARD_ARGS_CHARS = 8000;

/** Runs one call of a remote tool. `preFailure` short-cuts to a traced failure (malformed arguments). */
export async function runRemoteCall(env: CallEnvironment, remote: RemoteTools, tool: RemoteTool, rawArgs: unknown, options: CallOptions, preFailure?: ToolErrorShape): Promise<CallToolResult> {
	const { signal, toolCallId } = options;
	const caller = options.context.source;
	const context: CallContext = { ...options.context, source: 'mcp-remote' };
	const callId = newTraceId('call');
	const startedAt = env.now();
	const facts = { server: tool.server.name, url: tool.server.url, tool: tool.tool, caller };
	const base: Omit<TraceEntry, 'id' | 'phase' | 'at'> = {
		callId,
		method: 'tools/call',
		name: tool.definition.name,
		toolCallId,
		sessionId: context.sessionId,
		source: 'mcp-remote',
		mode: context.mode,
		tabId: context.tabId,
		startedAt,
		details: facts
	};
	env.trace.append({ ...base, phase: 'started', at: startedAt, argumentsPreview: preview(rawArgs) });
	const fail = (shape: ToolErrorShape): CallToolResult => {
		const at = env.now();
		env.trace.append({ ...base, phase: shape.code === 'TOOL_CANCELLED' ? 'cancelled' : 'failed', at, durationMs: at - startedAt, error: { code: shape.code, retryable: shape.retryable, message: shape.message.slice(0, 300) }, resultPreview: preview(shape.details) });
		return errorResult(shape, callId);
	};

	if (preFailure) return fail(preFailure);
	const args = rawArgs === undefined ? {} : rawArgs;
	if (!args || typeof args !== 'object' || Array.isArray(args)) return fail(new ToolError('TOOL_VALIDATION_FAILED', `Invalid arguments for ${tool.definition.name}: an object is expected.`, { issues: [{ path: '', message: 'not an object' }] }).toJSON());
	const input = args as Record<string, unknown>;

	// The server's read-only hint is its own claim about its own code: a call asks all the same.
	const verdict = env.policy.decide(tool.definition.name, { ...tool.definition.annotations, readOnlyHint: false }, context);
	if (verdict.kind === 'deny') return fail(new ToolError('TOOL_POLICY_DENIED', verdict.reason, { name: tool.definition.name }).toJSON());
	if (verdict.kind === 'pending') {
		env.trace.append({ ...base, phase: 'pending-approval', at: env.now() });
		const shown = JSON.stringify(input).length <= CARD_ARGS_CHARS ? input : preview(input, { maxString: 1000, maxKeys: 50, maxItems: 50, maxDepth: 6 });
		const decision = await env.policy.request(
			{
				callId,
				toolCallId,
				sessionId: context.sessionId,
				name: tool.definition.name,
				title: tool.definition.title,
				source: 'mcp-remote',
				mode: context.mode,
				tabId: context.tabId,
				argumentsPreview: shown,
				remote: { ...facts, readOnlyHint: tool.hints?.readOnlyHint === true, destructiveHint: tool.hints?.destructiveHint !== false }
			},
			signal,
			`approval-${callId}`
		);
		if (decision === 'cancelled') return fail(new ToolError('TOOL_CANCELLED', 'The call was withdrawn while waiting for approval.').toJSON());
		if (decision === 'expired') return fail(new ToolError('TOOL_APPROVAL_EXPIRED', `Nobody answered the approval for ${tool.definition.name} in time; it was not sent. Ask again if it is still wanted.`, {}).toJSON());
		if (decision === 'denied') return fail(new ToolError('TOOL_APPROVAL_DENIED', `The person denied ${tool.definition.name}; it was not sent to ${tool.server.name}. Do not retry it unchanged; ask what they want instead.`).toJSON());
	}
	if (signal?.aborted) return fail(new ToolError('TOOL_CANCELLED', 'The call was cancelled.').toJSON());

	let folded: ReturnType<typeof foldRemoteResult>;
	try {
		folded = foldRemoteResult(tool.server.name, tool.tool, await remote.call(tool, input, signal ?? new AbortController().signal));
	} catch (error) {
		return fail(toErrorShape(error));
	}
	const { output, image, bytes } = folded;
	if (output.failed) {
		return fail(new ToolError('TOOL_EXECUTION_FAILED', `${tool.server.name} reported that ${tool.tool} failed: ${output.text.slice(0, 500) || 'no reason given'}`, { server: tool.server.name, tool: tool.tool, untrusted: true }).toJSON());
	}
	const at = env.now();
	env.trace.append({ ...base, phase: 'completed', at, durationMs: at - startedAt, details: { ...facts, resultBytes: bytes, images: output.images, truncated: output.truncated }, resultPreview: preview(output) });
	const structured = output as unknown as Record<string, unknown>;
	return { content: [{ type: 'text', text: JSON.stringify(structured) }, ...(image ? [image] : [])], structuredContent: structured, isError: false, _meta: { [CALL_ID_META]: callId, [UNTRUSTED_META]: true } };
}
