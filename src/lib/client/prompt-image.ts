// An image file the person pasted or dropped into the prompt, as the conversation keeps it: shrunk
// to at most 1568 px on its longer side (what vision models read anyway) and re-encoded when it is
// too big, so a transcript with images stays small across reloads.
import { IMAGE_MAX_CHARS } from '$lib/core/limits';
import type { PromptImage } from '$lib/agents/attachments';

const MAX_SIDE = 1568;
const KEEP = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

const base64Of = async (blob: Blob) => {
	const bytes = new Uint8Array(await blob.arrayBuffer());
	let binary = '';
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
};

/** The prompt image of `file` (throws when the browser cannot decode it). */
export async function promptImage(file: File): Promise<PromptImage> {
	const bitmap = await createImageBitmap(file);
	const { width, height } = bitmap;
	const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
	const name = (file.name || 'pasted-image').slice(0, 200);
	// Small enough as it is: kept byte for byte.
	if (scale === 1 && KEEP.has(file.type) && file.size * 1.37 < IMAGE_MAX_CHARS / 2) {
		bitmap.close();
		return { name, mimeType: file.type as PromptImage['mimeType'], data: await base64Of(file), width, height };
	}
	const canvas = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale));
	canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
	bitmap.close();
	let quality = 0.85;
	let blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
	while (blob.size * 1.37 > IMAGE_MAX_CHARS && quality > 0.3) blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: (quality -= 0.2) });
	return { name, mimeType: 'image/jpeg', data: await base64Of(blob), width: canvas.width, height: canvas.height };
}
