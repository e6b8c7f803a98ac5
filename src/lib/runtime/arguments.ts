// Raw tool arguments from untrusted callers: a size cap applied before any parsing, then JSON, then
// no key that could reach an object's prototype.
import type { ToolErrorShape } from '../core/errors';
import { ARCHIVE_MAX_BYTES, base64Chars } from '../core/archive-limit';

/**
 * Largest raw arguments, in characters: the largest argument any tool takes, a .zip as base64
 * (24 MiB → ~33.6 M chars), plus room for the other fields. A cap of the largest asset instead left
 * every archive over ~4.4 MB refused at the import a person makes from the page. Anything larger is
 * refused before JSON.parse or validation runs.
 */
export const MAX_ARGUMENT_CHARS = base64Chars(ARCHIVE_MAX_BYTES) + 100_000;

const tooLarge = (size: string): ToolErrorShape => ({
	code: 'TOOL_VALIDATION_FAILED',
	message: `The arguments are too large (${size}); the limit is ${MAX_ARGUMENT_CHARS.toLocaleString('en-US')} characters.`,
	retryable: false,
	details: { reason: 'too-large', max: MAX_ARGUMENT_CHARS }
});

/**
 * True when `value` would serialise to more than `cap` characters. Walks strings and containers and
 * stops as soon as the cap is passed, so a huge payload costs no more than the cap to reject.
 */
export function exceedsSize(value: unknown, cap = MAX_ARGUMENT_CHARS): boolean {
	let total = 0;
	const stack: unknown[] = [value];
	const seen = new Set<object>();
	while (stack.length) {
		const item = stack.pop();
		if (typeof item === 'string') total += item.length + 2;
		else if (item && typeof item === 'object') {
			if (seen.has(item)) continue;
			seen.add(item);
			if (ArrayBuffer.isView(item)) total += item.byteLength * 2;
			else if (Array.isArray(item)) {
				total += item.length + 2;
				for (const element of item) stack.push(element);
			} else
				for (const [key, element] of Object.entries(item)) {
					total += key.length + 4;
					stack.push(element);
				}
		} else total += 8;
		if (total > cap) return true;
	}
	return false;
}

/** Keys refused anywhere in arguments: merged into an object they would reach its prototype. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The first forbidden own key anywhere in `value` (with its path), or null. */
export function forbiddenKey(value: unknown): string | null {
	const stack: [unknown, string][] = [[value, '']];
	const seen = new Set<object>();
	while (stack.length) {
		const [item, path] = stack.pop()!;
		if (!item || typeof item !== 'object' || seen.has(item) || ArrayBuffer.isView(item)) continue;
		seen.add(item);
		// Own keys only, read without touching accessors: JSON.parse makes "__proto__" an own key.
		for (const key of Reflect.ownKeys(item)) {
			if (typeof key !== 'string') continue;
			const at = path ? `${path}.${key}` : key;
			if (FORBIDDEN_KEYS.includes(key)) return at;
			const descriptor = Object.getOwnPropertyDescriptor(item, key);
			if (descriptor && 'value' in descriptor) stack.push([descriptor.value, at]);
		}
	}
	return null;
}

const refusedKey = (path: string): ToolErrorShape => ({
	code: 'TOOL_VALIDATION_FAILED',
	message: `The arguments hold the key "${path}"; __proto__, constructor and prototype are refused anywhere in arguments.`,
	retryable: false,
	details: { reason: 'forbidden-key', path }
});

/** Arguments ready for validation, or the canonical refusal (too large, not JSON, or a forbidden key). */
export function readArguments(raw: unknown): { ok: true; value: unknown } | { ok: false; error: ToolErrorShape } {
	const read = readRaw(raw);
	if (!read.ok) return read;
	const key = forbiddenKey(read.value);
	return key === null ? read : { ok: false, error: refusedKey(key) };
}

function readRaw(raw: unknown): { ok: true; value: unknown } | { ok: false; error: ToolErrorShape } {
	if (typeof raw === 'string') {
		if (raw.length > MAX_ARGUMENT_CHARS) return { ok: false, error: tooLarge(`${raw.length.toLocaleString('en-US')} characters`) };
		try {
			return { ok: true, value: raw.trim() === '' ? {} : JSON.parse(raw) };
		} catch {
			return {
				ok: false,
				error: { code: 'TOOL_VALIDATION_FAILED', message: "The arguments are not valid JSON. Send a JSON object matching the tool's input schema.", retryable: false, details: { reason: 'invalid-json' } }
			};
		}
	}
	if (exceedsSize(raw)) return { ok: false, error: tooLarge(`over ${MAX_ARGUMENT_CHARS.toLocaleString('en-US')} characters`) };
	return { ok: true, value: raw === undefined ? {} : raw };
}
