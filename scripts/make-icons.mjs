// Writes the PWA icons (PNG, 192/512 and a maskable 512) and the top bar's small logo (66 px: 22 px
// at 3×) into static/icons without image libraries.
// Run once with `node scripts/make-icons.mjs`; the output is committed.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const ACCENT = [79, 70, 229];
const WHITE = [255, 255, 255];

function crc32(buf) {
	let c, crc = 0xffffffff;
	for (let n = 0; n < buf.length; n++) {
		c = (crc ^ buf[n]) & 0xff;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		crc = (crc >>> 8) ^ c;
	}
	return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const td = Buffer.concat([Buffer.from(type), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(td));
	return Buffer.concat([len, td, crc]);
}
/** How far (px, py) is from the segment [x1, y1, x2, y2]. */
function distSeg(px, py, [x1, y1, x2, y2]) {
	const dx = x2 - x1, dy = y2 - y1;
	const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
	return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}
/** Draws a rounded square (or full bleed when maskable) with a white "</>" glyph made of strokes. */
function icon(size, maskable, monochrome = false) {
	const raw = Buffer.alloc((size * 4 + 1) * size);
	const r = maskable ? 0 : size * 0.22;
	const inset = maskable ? 0 : size * 0.04;
	const glyph = maskable ? 0.6 : 0.75; // maskable icons keep content in the safe 80% circle
	const s = (size * glyph) / 10;
	const cx = size / 2, cy = size / 2;
	const segs = [
		[cx - 1.2 * s, cy - 2 * s, cx - 3.2 * s, cy],
		[cx - 3.2 * s, cy, cx - 1.2 * s, cy + 2 * s],
		[cx + 1.2 * s, cy - 2 * s, cx + 3.2 * s, cy],
		[cx + 3.2 * s, cy, cx + 1.2 * s, cy + 2 * s],
		[cx + 0.6 * s, cy - 2.6 * s, cx - 0.6 * s, cy + 2.6 * s]
	];
	const w = s * 0.55;
	for (let y = 0; y < size; y++) {
		raw[y * (size * 4 + 1)] = 0;
		for (let x = 0; x < size; x++) {
			const o = y * (size * 4 + 1) + 1 + x * 4;
			const qx = Math.max(inset + r - x, 0, x - (size - inset - r));
			const qy = Math.max(inset + r - y, 0, y - (size - inset - r));
			const inside = x >= inset && y >= inset && x < size - inset && y < size - inset && Math.hypot(qx, qy) <= r;
			if (!inside && !maskable) { raw[o + 3] = 0; continue; }
			const onGlyph = segs.some((seg) => distSeg(x + 0.5, y + 0.5, seg) <= w / 2);
			// Monochrome: the system tints the alpha channel, so only the glyph is opaque.
			if (monochrome) { raw[o] = raw[o + 1] = raw[o + 2] = 255; raw[o + 3] = onGlyph ? 255 : 0; continue; }
			const [cr, cg, cb] = onGlyph ? WHITE : ACCENT;
			raw[o] = cr; raw[o + 1] = cg; raw[o + 2] = cb; raw[o + 3] = 255;
		}
	}
	return png(size, raw);
}
/** A PNG of `size`×`size` RGBA rows (each led by its filter byte). */
function png(size, raw) {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
	ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
	return Buffer.concat([
		Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
		chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))
	]);
}
/**
 * The SVG logo's own shapes (icon.svg: a 60-unit rounded square, "</>" in 5-unit round strokes, on a
 * 64-unit grid) drawn with 4×4 samples a pixel: at a few dozen pixels the edges need antialiasing.
 */
function smallIcon(size) {
	const segs = [[25, 20, 15, 32], [15, 32, 25, 44], [39, 20, 49, 32], [49, 32, 39, 44], [35, 16, 29, 48]];
	const raw = Buffer.alloc((size * 4 + 1) * size);
	for (let y = 0; y < size; y++) {
		raw[y * (size * 4 + 1)] = 0;
		for (let x = 0; x < size; x++) {
			let covered = 0, glyph = 0;
			for (let sy = 0; sy < 4; sy++)
				for (let sx = 0; sx < 4; sx++) {
					const u = ((x + (sx + 0.5) / 4) * 64) / size, v = ((y + (sy + 0.5) / 4) * 64) / size;
					const qx = Math.max(16 - u, 0, u - 48), qy = Math.max(16 - v, 0, v - 48);
					if (u < 2 || v < 2 || u > 62 || v > 62 || Math.hypot(qx, qy) > 14) continue;
					covered++;
					if (segs.some((seg) => distSeg(u, v, seg) <= 2.5)) glyph++;
				}
			const o = y * (size * 4 + 1) + 1 + x * 4;
			if (!covered) continue;
			for (let c = 0; c < 3; c++) raw[o + c] = Math.round((ACCENT[c] * (covered - glyph) + WHITE[c] * glyph) / covered);
			raw[o + 3] = Math.round((covered * 255) / 16);
		}
	}
	return png(size, raw);
}
mkdirSync('static/icons', { recursive: true });
writeFileSync('static/icons/icon-192.png', icon(192, false));
writeFileSync('static/icons/icon-512.png', icon(512, false));
writeFileSync('static/icons/icon-maskable-512.png', icon(512, true));
writeFileSync('static/icons/icon-monochrome-512.png', icon(512, true, true));
// The top bar's logo: an SVG drawn as an image costs a document of its own on the page's thread.
writeFileSync('static/icons/icon-66.png', smallIcon(66));
writeFileSync('static/icons/icon.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="2" y="2" width="60" height="60" rx="14" fill="#4f46e5"/><path d="M25 20 15 32l10 12M39 20l10 12-10 12M35 16l-6 32" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`);
console.log('icons written to static/icons');
