// Previews for traces and approvals: capped, with secrets redacted and file bodies summarised.

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

/** FNV-1a (32-bit) of a string, as 8 hex digits: a cheap fingerprint for previews, not security. */
export function fnv1a(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return (hash >>> 0).toString(16).padStart(8, '0');
}

/** UTF-8 byte length of a string without allocating. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}

/** A summary of a file body: `{ size, hash }` (size in UTF-8 bytes). */
export function summariseBody(text: string): { size: number; hash: string } {
	return { size: utf8Length(text), hash: fnv1a(text) };
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
