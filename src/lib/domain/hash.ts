// Content fingerprints and byte lengths, synchronous so pure transitions can compute them.

/** cyrb53 over 16-bit units (strings) or bytes: a fast 53-bit hash as 14 hex digits. Not for security. */
function cyrb53(length: number, at: (index: number) => number): string {
	let h1 = 0xdeadbeef ^ length;
	let h2 = 0x41c6ce57 ^ length;
	for (let i = 0; i < length; i++) {
		const ch = at(i);
		h1 = Math.imul(h1 ^ ch, 2654435761);
		h2 = Math.imul(h2 ^ ch, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** Fingerprint of a text. */
export function hashText(text: string): string {
	return cyrb53(text.length, (i) => text.charCodeAt(i));
}

/** Fingerprint of bytes. */
export function hashBytes(bytes: Uint8Array): string {
	return cyrb53(bytes.length, (i) => bytes[i]!);
}

/** UTF-8 byte length of a string without allocating. */
export function utf8Length(text: string): number {
	let bytes = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x80) bytes += 1;
		else if (code < 0x800) bytes += 2;
		else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
			bytes += 4;
			i++;
		} else bytes += 3;
	}
	return bytes;
}
