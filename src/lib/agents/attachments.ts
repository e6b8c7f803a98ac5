// What a prompt carries beside its text: the element the person picked in the preview and the
// images they pasted or dropped. One schema (the hub guards startAgent with it; transcripts keep
// it), and the two ways an agent reads it: as context text, and as image parts for a model that
// accepts images.
import * as v from 'valibot';
import { PickedElementSchema } from '../preview/schemas';
import type { PickedElement } from '../preview/messages';
import { IMAGE_MAX_CHARS, IMAGES_PER_PROMPT } from '../core/limits';
export { IMAGE_MAX_CHARS, IMAGES_PER_PROMPT };

/** An image in the conversation: its bytes as base64, its type, its size in pixels. */
export const PromptImageSchema = v.object({
	name: v.pipe(v.string(), v.maxLength(200)),
	mimeType: v.picklist(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
	data: v.pipe(v.string(), v.maxLength(IMAGE_MAX_CHARS), v.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
	width: v.pipe(v.number(), v.minValue(0)),
	height: v.pipe(v.number(), v.minValue(0))
});

/** The picked element and the images that go with a prompt. */
export const PromptAttachmentsSchema = v.object({
	element: v.optional(PickedElementSchema),
	images: v.optional(v.pipe(v.array(PromptImageSchema), v.maxLength(IMAGES_PER_PROMPT)))
});

export type PromptImage = v.InferOutput<typeof PromptImageSchema>;
export type PromptAttachments = v.InferOutput<typeof PromptAttachmentsSchema>;

/** The element's place in its file (`index.html:17`), or null when a script built it. */
export function elementPlace(element: PickedElement): string | null {
	return element.at && element.path ? `${element.path}:${element.at.line}` : null;
}

/** What a model is told of the picked element: which one, where it is written, how it looks. */
export function elementContext(element: PickedElement): string {
	const place = elementPlace(element);
	const styles = Object.entries(element.styles)
		.filter(([, value]) => value && value !== 'none' && value !== 'normal' && value !== 'auto')
		.map(([key, value]) => `${key}: ${value}`)
		.join('; ');
	return [
		`The person picked this element in the preview (revision ${element.revision ?? '?'}): ${element.label}`,
		`Selector: ${element.selector}`,
		place ? `Written in ${place} (edit it there).` : 'It is not in the page’s HTML: a script builds it.',
		`Box: ${element.box.width}×${element.box.height} at (${element.box.x}, ${element.box.y}).`,
		styles ? `Computed styles: ${styles}.` : '',
		`Outer HTML: ${element.html}`
	]
		.filter(Boolean)
		.join('\n');
}

/** A data: URL of an image. */
export const imageUrl = (image: { mimeType: string; data: string }) => `data:${image.mimeType};base64,${image.data}`;
