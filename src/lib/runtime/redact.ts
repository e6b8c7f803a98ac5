// Previews for traces and approvals: capped, with secrets redacted and file bodies summarised.
import { hashText, utf8Length } from '../domain/hash';

const SECRET_KEY = /api[-_]?key|authori[sz]ation|^auth$|token|secret|password|cookie|bearer/i;
/** Keys whose string values are file bodies: shown as size and hash, never as text. */
const BODY_KEY = /^(content|before|after)$/i;

/** Bounds of a preview. */
export interface PreviewLimits {
	maxString: number;
	maxDepth: number;
	maxKeys: number;
	maxItems: number;
}

const DEFAULTS: PreviewLimits = { maxString: 240, maxDepth: 4, maxKeys: 24, maxItems: 20 };

/** A summary of a file body: `{ size, hash }` (size in UTF-8 bytes). */
export function summariseBody(text: string): { size: number; hash: string } {
	return { size: utf8Length(text), hash: hashText(text) };
}

function cap(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max)}…(+${text.length - max} chars)`;
}

/** A JSON-safe, bounded, redacted copy of `value` for traces, approvals and logs. */
export function preview(value: unknown, limits: Partial<PreviewLimits> = {}): unknown {
	const bounds = { ...DEFAULTS, ...limits };
	const seen = new WeakSet<object>();
	const walk = (input: unknown, depth: number, key: string | null): unknown => {
		if (key !== null && SECRET_KEY.test(key)) return '[redacted]';
		if (typeof input === 'string') {
			if (key !== null && BODY_KEY.test(key)) return summariseBody(input);
			return cap(input, bounds.maxString);
		}
		if (input === null || typeof input === 'number' || typeof input === 'boolean') return input;
		if (typeof input === 'bigint') return `${input}n`;
		if (typeof input !== 'object') return input === undefined ? undefined : `[${typeof input}]`;
		if (seen.has(input)) return '[circular]';
		if (depth >= bounds.maxDepth) return Array.isArray(input) ? `[array(${input.length})]` : '[object]';
		seen.add(input);
		if (Array.isArray(input)) {
			const items = input.slice(0, bounds.maxItems).map((item) => walk(item, depth + 1, null));
			if (input.length > bounds.maxItems) items.push(`…(+${input.length - bounds.maxItems} items)`);
			return items;
		}
		const out: Record<string, unknown> = {};
		const entries = Object.entries(input);
		for (const [k, v] of entries.slice(0, bounds.maxKeys)) out[k] = walk(v, depth + 1, k);
		if (entries.length > bounds.maxKeys) out['…'] = `+${entries.length - bounds.maxKeys} keys`;
		return out;
	};
	return walk(value, 0, null);
}
