// Runtime guards for messages that arrive at the hub from a tab (tabs may run an older build).
import * as v from 'valibot';
import { SOURCES } from '../runtime/types';
import type { HelloRequest, HostRenderOutcome, PreviewConsoleLine, PreviewErrorLine, TabCallContext } from './protocol';
import type { AgentSettingsPatch } from '../agents/runner';
import { PREVIEW_LIMITS } from '../preview/limits';

const HelloRequestSchema = v.object({
	protocolVersion: v.pipe(v.number(), v.integer(), v.minValue(0)),
	build: v.pipe(v.string(), v.maxLength(200)),
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100))
});

const TabContextSchema = v.object({
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	source: v.picklist(SOURCES as unknown as [string, ...string[]]),
	mode: v.optional(v.picklist(['agent', 'direct'])),
	sessionId: v.optional(v.pipe(v.string(), v.maxLength(200))),
	requestId: v.optional(v.pipe(v.string(), v.maxLength(200)))
});

/** True when `value` is a well-formed {@link HelloRequest}. */
export function isHelloRequest(value: unknown): value is HelloRequest {
	return v.is(HelloRequestSchema, value);
}

/** True when `value` is a well-formed {@link TabCallContext}. */
export function isTabContext(value: unknown): value is TabCallContext {
	return v.is(TabContextSchema, value);
}

const ErrorLine = v.object({
	message: v.pipe(v.string(), v.maxLength(PREVIEW_LIMITS.lineChars)),
	source: v.pipe(v.string(), v.maxLength(1000)),
	line: v.number(),
	column: v.number(),
	revision: v.number()
});

const HostOutcomeSchema = v.object({
	revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
	status: v.picklist(['ready', 'error', 'timeout', 'superseded']),
	message: v.optional(v.pipe(v.string(), v.maxLength(4000))),
	durationMs: v.number(),
	errors: v.pipe(v.array(ErrorLine), v.maxLength(PREVIEW_LIMITS.errorsPerRender))
});

const LinesSchema = v.object({
	console: v.pipe(v.array(v.object({ level: v.pipe(v.string(), v.maxLength(10)), text: v.pipe(v.string(), v.maxLength(PREVIEW_LIMITS.lineChars)), revision: v.number() })), v.maxLength(PREVIEW_LIMITS.consolePerRender)),
	errors: v.pipe(v.array(ErrorLine), v.maxLength(PREVIEW_LIMITS.errorsPerRender))
});

/** True when `value` is a well-formed host render outcome (it comes from a page, via the preview). */
export function isHostOutcome(value: unknown): value is HostRenderOutcome {
	return v.is(HostOutcomeSchema, value);
}

/** True when `value` is a well-formed batch of preview console lines and errors. */
export function isPreviewLines(value: unknown): value is { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] } {
	return v.is(LinesSchema, value);
}

const Bound = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000_000));
const SettingsPatchSchema = v.strictObject({
	provider: v.optional(v.picklist(['local', 'model'])),
	baseUrl: v.optional(v.pipe(v.string(), v.maxLength(500))),
	model: v.optional(v.pipe(v.string(), v.maxLength(200))),
	apiKey: v.optional(v.pipe(v.string(), v.maxLength(500))),
	budget: v.optional(v.strictObject({ turns: v.optional(Bound), toolCalls: v.optional(Bound), tokens: v.optional(Bound), wallMs: v.optional(Bound) })),
	approvalExpiryMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(24 * 3_600_000)))
});

/** True when `value` is a well-formed settings change. */
export function isSettingsPatch(value: unknown): value is AgentSettingsPatch {
	return v.is(SettingsPatchSchema, value);
}
