// Runtime guards for messages that arrive at the hub from a tab (tabs may run an older build).
import * as v from 'valibot';
import { SOURCES } from '../runtime/types';
import type { HelloRequest, TabCallContext } from './protocol';

const HelloRequestSchema = v.object({
	protocolVersion: v.pipe(v.number(), v.integer(), v.minValue(0)),
	build: v.pipe(v.string(), v.maxLength(200)),
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100))
});

const TabContextSchema = v.object({
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
	source: v.picklist(SOURCES as unknown as [string, ...string[]]),
	mode: v.optional(v.picklist(['agent', 'direct'])),
	sessionId: v.optional(v.pipe(v.string(), v.maxLength(200)))
});

/** True when `value` is a well-formed {@link HelloRequest}. */
export function isHelloRequest(value: unknown): value is HelloRequest {
	return v.is(HelloRequestSchema, value);
}

/** True when `value` is a well-formed {@link TabCallContext}. */
export function isTabContext(value: unknown): value is TabCallContext {
	return v.is(TabContextSchema, value);
}
