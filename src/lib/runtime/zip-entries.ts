// A zip's central directory read on its own, and each entry inflated under a bound with its CRC-32
// checked: fflate's unzip stops at the size an entry declares and never checks the CRC, so an entry
// that is longer, shorter or corrupt would be imported truncated or wrong.
import { Inflate, strFromU8 } from 'fflate';
import CRC32 from 'crc-32';

/** One entry as the central directory describes it. */
export interface ZipRecord {
	name: string;
	/** 0 stored, 8 deflate; anything else is refused. */
	method: number;
	crc: number;
	compressedSize: number;
	size: number;
	/** Where the entry's local header starts. */
	offset: number;
}

/**
 * Compressed bytes handed to the inflater at a time: what one piece can put past the bound is at most
 * 8 KB × 1,032 (deflate's largest ratio), about 8 MB, and only for an entry that lies about its size.
 */
const CHUNK = 8 * 1024;
const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

/** The central directory's records, by name (the first record of a name wins). Throws when there is none. */
export function centralDirectory(bytes: Uint8Array): Map<string, ZipRecord> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	let end = -1;
	// The end record sits within the last 22 + 65,535 bytes (a comment may follow it).
	for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
		if (view.getUint32(i, true) === EOCD) {
			end = i;
			break;
		}
	}
	if (end < 0) throw new Error('no end of central directory');
	let count = view.getUint16(end + 10, true);
	let at = view.getUint32(end + 16, true);
	if ((at === MAX32 || count === 0xffff) && end >= 20 && view.getUint32(end - 20, true) === EOCD64_LOCATOR) {
		const end64 = Number(view.getBigUint64(end - 12, true));
		if (view.getUint32(end64, true) === EOCD64) {
			count = Number(view.getBigUint64(end64 + 32, true));
			at = Number(view.getBigUint64(end64 + 48, true));
		}
	}
	const out = new Map<string, ZipRecord>();
	for (let n = 0; n < count && at + 46 <= bytes.length; n++) {
		if (view.getUint32(at, true) !== CENTRAL) throw new Error('broken central directory');
		const flags = view.getUint16(at + 8, true);
		const nameLength = view.getUint16(at + 28, true);
		const extraLength = view.getUint16(at + 30, true);
		const commentLength = view.getUint16(at + 32, true);
		const name = strFromU8(bytes.subarray(at + 46, at + 46 + nameLength), !(flags & 0x800));
		const record: ZipRecord = {
			name,
			method: view.getUint16(at + 10, true),
			crc: view.getUint32(at + 16, true),
			compressedSize: view.getUint32(at + 20, true),
			size: view.getUint32(at + 24, true),
			offset: view.getUint32(at + 42, true)
		};
		readZip64(view, at + 46 + nameLength, extraLength, record);
		if (!out.has(name)) out.set(name, record);
		at += 46 + nameLength + extraLength + commentLength;
	}
	return out;
}

/** Sizes and offset a zip64 extra field carries for the fields that hold 0xFFFFFFFF. */
function readZip64(view: DataView, start: number, length: number, record: ZipRecord) {
	for (let at = start; at + 4 <= start + length; ) {
		const id = view.getUint16(at, true);
		const size = view.getUint16(at + 2, true);
		if (id === 1) {
			let field = at + 4;
			const next = () => {
				const value = field + 8 <= at + 4 + size ? Number(view.getBigUint64(field, true)) : MAX32;
				field += 8;
				return value;
			};
			if (record.size === MAX32) record.size = next();
			if (record.compressedSize === MAX32) record.compressedSize = next();
			if (record.offset === MAX32) record.offset = next();
			return;
		}
		at += 4 + size;
	}
}

/**
 * The entry's bytes, inflated into at most its declared size + 1 and checked against its CRC-32, or
 * why it cannot be taken: longer or shorter than it declares, corrupt, or compressed in a way we do
 * not read.
 */
export async function inflateEntry(bytes: Uint8Array, record: ZipRecord): Promise<Uint8Array | { reason: string }> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const local = record.offset;
	if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) return { reason: 'it is corrupt (its local header is missing)' };
	const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
	const data = bytes.subarray(start, Math.min(bytes.length, start + record.compressedSize));
	let out: Uint8Array;
	if (record.method === 0) out = data;
	else if (record.method === 8) {
		const inflated = nativeInflate ? await streamInflate(data, record.size + 1) : boundedInflate(data, record.size + 1);
		if ('reason' in inflated) return inflated;
		out = inflated.bytes;
	} else return { reason: `it uses compression method ${record.method}, which is not read here` };
	if (out.length > record.size) return { reason: `it inflates past the ${record.size} bytes it declares` };
	if (out.length < record.size) return { reason: `it inflates to ${out.length} bytes, short of the ${record.size} it declares` };
	if (CRC32.buf(out) >>> 0 !== record.crc >>> 0) return { reason: 'its CRC-32 does not match (the entry is corrupt)' };
	return out;
}

/** An entry's bytes, cut at the bound, or why they cannot be read. */
export type Inflated = { bytes: Uint8Array } | { reason: string };
const CORRUPT = { reason: 'it cannot be inflated (the entry is corrupt)' };
const ENDS_EARLY = { reason: 'it cannot be inflated (the entry ends early)' };

/**
 * The platform's inflater where it has one: in the hub's worker fflate took ~2 s of a 6 MB template's
 * import (1,869 files) that the browser's own zlib does in a fraction; fflate is the fallback.
 */
const nativeInflate = (() => {
	try {
		return typeof DecompressionStream === 'function' && !!new DecompressionStream('deflate-raw');
	} catch {
		return false;
	}
})();

/** Inflates `data` with the platform's inflater, cancelling as soon as the output passes `limit` bytes. */
export async function streamInflate(data: Uint8Array, limit: number): Promise<Inflated> {
	const stream = new DecompressionStream('deflate-raw');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	let over = false;
	// Written a piece at a time while the output is read: each write waits for the one before, so no
	// more than one piece is inflated past the bound.
	const writing = (async () => {
		for (let at = 0; at < data.length && !over; at += CHUNK) await writer.write(data.subarray(at, at + CHUNK) as Uint8Array<ArrayBuffer>);
		if (!over) await writer.close();
	})();
	const chunks: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			chunks.push(value);
			total += value.length;
			if (total > limit) {
				over = true;
				await reader.cancel().catch(() => undefined);
				break;
			}
		}
		await writing;
	} catch (error) {
		writing.catch(() => undefined);
		// All it declares came out (bytes after the stream's end are refused here, not by fflate):
		// the length and CRC-32 checks decide.
		if (over || total === limit - 1) return { bytes: joined(chunks, limit) };
		return error instanceof Error && /truncat|unexpected end/i.test(error.message) ? ENDS_EARLY : CORRUPT;
	}
	return { bytes: joined(chunks, limit) };
}

/** Inflates `data` with fflate, stopping as soon as the output passes `limit` bytes. */
export function boundedInflate(data: Uint8Array, limit: number): Inflated {
	const chunks: Uint8Array[] = [];
	let total = 0;
	let finished = false;
	const inflater = new Inflate((chunk, final) => {
		chunks.push(chunk);
		total += chunk.length;
		if (final) finished = true;
	});
	try {
		for (let at = 0; at < data.length && total <= limit; at += CHUNK) inflater.push(data.subarray(at, at + CHUNK), at + CHUNK >= data.length);
		if (data.length === 0) inflater.push(new Uint8Array(0), true);
	} catch (error) {
		// fflate's code 0 is "unexpected EOF".
		return (error as { code?: unknown }).code === 0 ? ENDS_EARLY : CORRUPT;
	}
	if (total <= limit && !finished) return ENDS_EARLY;
	return { bytes: joined(chunks, limit) };
}

/** The chunks as one array, cut at `limit` bytes. */
function joined(chunks: readonly Uint8Array[], limit: number): Uint8Array {
	const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
	const bytes = new Uint8Array(Math.min(total, limit));
	let at = 0;
	for (const chunk of chunks) {
		if (at >= bytes.length) break;
		bytes.set(chunk.subarray(0, bytes.length - at), at);
		at += chunk.length;
	}
	return bytes;
}
