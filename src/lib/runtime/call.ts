// The call pipeline every tools/call runs through: validate, decide policy, ask for consent on the
// dry run's diff (re-asking if the workspace moved under it), run the handler, check its output,
// and trace each phase. One function with one exit per outcome kind.
import * as v from 'valibot';
import { TOOLS, isToolName, type ToolName } from '../tools/schema';
import { ToolError, toErrorShape, type ToolErrorShape } from '../core/errors';
import type { ApprovalPolicy } from './policy';
import type { Prepared } from './prepare';
import type { Trace } from './trace';
import { newTraceId } from './trace';
import { preview } from './redact';
import { runWithDeadline } from './run-handler';
export { errorResult };
import { acceptsExpectedRevision, targetsOf, type CallBase, type RetryMemory } from './retry';
import { CALL_ID_META, RESULT_IMAGE, errorResult, type CallContext, type CallToolResult, type HandlerContext, type ImageContent, type TraceEntry } from './types';

type AnyHandler = (input: unknown, ctx: HandlerContext) => Promise<unknown>;

/** Everything the pipeline needs from its registry. */
export interface CallEnvironment {
	trace: Trace;
	policy: ApprovalPolicy;
	handlers: ReadonlyMap<string, AnyHandler>;
	retry: RetryMemory;
	now: () => number;
	timeoutMs: number;
	getRevision?: () => number | undefined;
	/** The dry run shown on approval cards (and its fingerprint). */
	prepare?: (name: ToolName, input: unknown) => Promise<Prepared | undefined>;
	/** What a call is based on (at the caller's expectedRevision when it gave one), for an honest retry. */
	baseOf?: (targets: string[] | null, at?: number) => Promise<CallBase | undefined>;
}

/** Options of one call. */
export interface CallOptions {
	context: CallContext;
	signal?: AbortSignal;
	toolCallId?: string;
	/** The call this one re-issues (trace detail). */
	retryOf?: string;
}

/** How often one call re-asks because the workspace kept moving under its card. */
const MAX_REASKS = 5;


type Outcome = { ok: true; output: Record<string, unknown>; image?: ImageContent } | { ok: false; error: ToolErrorShape };

/** Runs one call through the whole pipeline. `preFailure` short-cuts to a traced failure. */
export async function runCall(env: CallEnvironment, rawName: unknown, rawArgs: unknown, options: CallOptions, preFailure?: ToolErrorShape): Promise<CallToolResult> {
	const { context, signal, toolCallId } = options;
	const callId = newTraceId('call');
	const startedAt = env.now();
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
		revisionBefore: env.getRevision?.(),
		...(options.retryOf ? { details: { retryOf: options.retryOf } } : {})
	};
	env.trace.append({ ...base, phase: 'started', at: startedAt, argumentsPreview: preview(rawArgs) });

	const fail = async (shape: ToolErrorShape): Promise<CallToolResult> => {
		const at = env.now();
		if (shape.retryable && isToolName(rawName) && rawArgs && typeof rawArgs === 'object') {
			// What the call was based on: the caller's expectedRevision, else the revision when it started
			// (read back from history now, so the success path pays nothing for it).
			const args = rawArgs as Record<string, unknown>;
			const basedOn = typeof args.expectedRevision === 'number' ? args.expectedRevision : base.revisionBefore;
			const callBase = TOOLS[rawName].annotations.readOnlyHint ? undefined : await env.baseOf?.(targetsOf(args), basedOn).catch(() => undefined);
			env.retry.remember(callId, { name: rawName, arguments: args, context, toolCallId, base: callBase });
		}
		env.trace.append({
			...base,
			phase: shape.code === 'TOOL_CANCELLED' ? 'cancelled' : 'failed',
			at,
			durationMs: at - startedAt,
			error: { code: shape.code, retryable: shape.retryable, message: shape.message.slice(0, 300) },
			resultPreview: preview(shape.details)
		});
		return errorResult(shape, callId);
	};

	if (preFailure) return fail(preFailure);
	if (!isToolName(rawName)) {
		return fail(new ToolError('TOOL_NOT_FOUND', `There is no tool named "${String(rawName).slice(0, 64)}". Call tools/list to see the catalog.`, { name: String(rawName).slice(0, 64) }).toJSON());
	}
	const name = rawName;
	const definition = TOOLS[name];
	const parsed = v.safeParse(definition.input, rawArgs);
	if (!parsed.success) {
		const issues = parsed.issues.slice(0, 20).map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
		return fail(new ToolError('TOOL_VALIDATION_FAILED', `Invalid arguments for ${name}: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`, { issues }).toJSON());
	}
	const input = parsed.output as Record<string, unknown>;

	const verdict = env.policy.decide(name, definition.annotations, context);
	if (verdict.kind === 'deny') return fail(new ToolError('TOOL_POLICY_DENIED', verdict.reason, { name }).toJSON());

	const handler = env.handlers.get(name);
	const execute = async (approved: boolean, approvedFingerprint?: string): Promise<Outcome> => {
		if (signal?.aborted) return { ok: false, error: new ToolError('TOOL_CANCELLED', 'The call was cancelled.').toJSON() };
		if (!handler) return { ok: false, error: new ToolError('TOOL_EXECUTION_FAILED', `${name} is not available in this runtime.`, { reason: 'no-handler' }).toJSON() };
		let output: unknown;
		try {
			output = await runWithDeadline(
				(controls) => handler(input, { signal: controls.signal, beginCommit: controls.beginCommit, context, callId, toolCallId, approved, approvedFingerprint }),
				signal ?? new AbortController().signal,
				env.timeoutMs
			);
		} catch (error) {
			return { ok: false, error: toErrorShape(error) };
		}
		const image = imageOf(output);
		const checked = v.safeParse(definition.output, output);
		if (!checked.success) {
			const issues = checked.issues.slice(0, 10).map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
			return { ok: false, error: new ToolError('TOOL_EXECUTION_FAILED', `${name} produced an invalid result.`, { reason: 'invalid-output', issues }).toJSON() };
		}
		return { ok: true, output: checked.output as Record<string, unknown>, ...(image ? { image } : {}) };
	};

	const outcome = verdict.kind === 'pending' ? await consent(env, name, input, options, base, callId, execute) : await execute(false);
	if (!outcome.ok) return fail(outcome.error);
	const structured = outcome.output;
	const at = env.now();
	const previewOutcome = structured.preview as { revision: number; status: string } | undefined;
	env.trace.append({
		...base,
		phase: 'completed',
		at,
		durationMs: at - startedAt,
		revisionAfter: typeof structured.revision === 'number' ? structured.revision : undefined,
		preview: previewOutcome ? { revision: previewOutcome.revision, status: previewOutcome.status } : undefined,
		resultPreview: preview(structured)
	});
	return { content: [{ type: 'text', text: JSON.stringify(structured) }, ...(outcome.image ? [outcome.image] : [])], structuredContent: structured, isError: false, _meta: { [CALL_ID_META]: callId } };
}

/** The image a handler's output carries under RESULT_IMAGE. */
function imageOf(output: unknown): ImageContent | undefined {
	const image = output && typeof output === 'object' ? (output as { [RESULT_IMAGE]?: unknown })[RESULT_IMAGE] : undefined;
	if (!image || typeof image !== 'object') return undefined;
	const { data, mimeType } = image as Record<string, unknown>;
	return typeof data === 'string' && typeof mimeType === 'string' ? { type: 'image', data, mimeType } : undefined;
}

/**
 * Asks a person, on the diff the dry run computed, and runs the call only with the change they saw:
 * the approved fingerprint goes to the commit, and when the workspace moved so that the change is
 * different, the same card is recomputed and asked again ("changed since you looked").
 */
async function consent(
	env: CallEnvironment,
	name: ToolName,
	input: Record<string, unknown>,
	options: CallOptions,
	base: Omit<TraceEntry, 'id' | 'phase' | 'at'>,
	callId: string,
	execute: (approved: boolean, fingerprint?: string) => Promise<Outcome>
): Promise<Outcome> {
	const { context, signal, toolCallId } = options;
	const expected = input.expectedRevision;
	const current = env.getRevision?.();
	// A stale expectedRevision would be refused after the person said yes: refuse it before asking.
	if (typeof expected === 'number' && current !== undefined && expected !== current && acceptsExpectedRevision(name)) {
		return {
			ok: false,
			error: new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${current}, not ${expected}. Read it again, then retry with the new revision.`, {
				expectedRevision: expected,
				currentRevision: current
			}).toJSON()
		};
	}
	const prepare = async (): Promise<{ ok: true; prepared: Prepared | undefined } | { ok: false; error: ToolErrorShape }> => {
		try {
			return { ok: true, prepared: await env.prepare?.(name, input) };
		} catch (error) {
			return { ok: false, error: toErrorShape(error) };
		}
	};
	let dry = await prepare();
	if (!dry.ok) return dry;
	const approvalId = `approval-${callId}`;
	const title = TOOLS[name].title;
	for (let ask = 0; ; ask++) {
		const prepared = dry.prepared;
		env.trace.append({ ...base, phase: 'pending-approval', at: env.now(), ...(ask > 0 ? { details: { ...base.details, reask: ask } } : {}) });
		const decision = await env.policy.request(
			{ callId, toolCallId, sessionId: context.sessionId, name, title, source: context.source, mode: context.mode, tabId: context.tabId, argumentsPreview: preview(input), impact: prepared?.impact, changed: ask > 0 },
			signal,
			approvalId
		);
		if (decision === 'cancelled') return { ok: false, error: new ToolError('TOOL_CANCELLED', 'The call was withdrawn while waiting for approval.').toJSON() };
		if (decision === 'expired') {
			return { ok: false, error: new ToolError('TOOL_APPROVAL_EXPIRED', `Nobody answered the approval for ${name} in time; nothing was changed. Ask again if it is still wanted.`, {}).toJSON() };
		}
		if (decision === 'denied') return { ok: false, error: new ToolError('TOOL_APPROVAL_DENIED', `The person denied ${name}. Do not retry it unchanged; ask what they want instead.`).toJSON() };
		// The workspace may have moved while the card waited: the change must still be the one shown.
		if (prepared && env.getRevision?.() !== prepared.impact.revision) {
			dry = await prepare();
			if (!dry.ok) return dry;
			if (dry.prepared?.fingerprint !== prepared.fingerprint) {
				if (ask >= MAX_REASKS) return changedTooOften(name);
				continue;
			}
		}
		const outcome = await execute(true, dry.prepared?.fingerprint);
		if (outcome.ok || outcome.error.code !== 'TOOL_APPROVAL_CHANGED' || !prepared) return outcome;
		// A write slipped in between the check above and the commit: recompute and ask again.
		if (ask >= MAX_REASKS) return changedTooOften(name);
		dry = await prepare();
		if (!dry.ok) return dry;
	}
}

function changedTooOften(name: string): Outcome {
	return {
		ok: false,
		error: new ToolError('TOOL_APPROVAL_CHANGED', `The workspace kept changing while ${name} waited for approval; nothing was applied. Read the files again, then retry.`, {}).toJSON()
	};
}
