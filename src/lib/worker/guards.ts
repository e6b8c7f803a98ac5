// Runtime guards for messages that arrive at the hub from a tab (tabs may run an older build).
import * as v from 'valibot';
import type { HelloRequest } from './protocol';

const HelloRequestSchema = v.object({
	protocolVersion: v.pipe(v.number(), v.integer(), v.minValue(0)),
	build: v.pipe(v.string(), v.maxLength(200)),
	tabId: v.pipe(v.string(), v.minLength(1), v.maxLength(100))
});

/** True when `value` is a well-formed {@link HelloRequest}. */
export function isHelloRequest(value: unknown): value is HelloRequest {
	return v.is(HelloRequestSchema, value);
}
