// A picture of a revision a tab's preview acknowledged, at the width the screenshot tool asks for:
// the same document rendered again in a frame of that size off screen (its own window, so the
// person's preview does not move), drawn by the frame itself, then thrown away. What that frame
// does to the site's storage or where it navigates stays in it.
import type { CaptureOptions, CaptureResult } from './messages';
import type { SiteChannelOptions } from './site-channel';
import type { FramePicture } from './host-inspect';
import { PreviewHost, type RenderExtras } from './host';

/** A render this tab acknowledged: its document as the frame ran it, and what it showed beside. */
export interface ShownRender {
	revision: number;
	html: string;
	extras: RenderExtras;
}

/** How long the off-screen frame has to load the page. */
const LOAD_MS = 10_000;
/** A PNG larger than this (base64 characters) is sent as JPEG instead. */
const PNG_MAX = 4_000_000;

type PictureRequest = { selector?: string; fullPage?: boolean; format: 'png' | 'jpeg'; quality?: number };

/** A picture of the page `host` shows, once it is ready (`lib`: the rasteriser's source), naming the revision drawn. */
async function pictureOf(host: PreviewHost, lib: string, request: PictureRequest): Promise<(FramePicture & { revision: number }) | { error: string; missing?: boolean }> {
	const shown = host.inspecting();
	if (!shown) return { error: 'The preview shows nothing yet.' };
	const inspector = await shown.inspector.catch(() => null);
	if (!inspector) return { error: 'The preview could not load its picture code: reload the studio.' };
	const picture = await inspector.capture(shown.render, shown.post, { type: 'capture', lib, maxHeight: 8000, ...request });
	return 'error' in picture ? picture : { ...picture, revision: shown.render.revision };
}

/** Draws `shown`, the render a tab last acknowledged (null: none yet), as captureRender does. */
export function captureShown(shown: ShownRender | null, options: CaptureOptions, onRequest: SiteChannelOptions['onRequest']): Promise<CaptureResult> {
	return shown ? captureRender(shown, options, onRequest) : Promise.resolve({ ok: false, code: 'PREVIEW_UNAVAILABLE', message: 'This tab has not rendered the site yet.' });
}

/** Draws `shown` at the size `options` asks for; never throws. */
export async function captureRender(shown: ShownRender, options: CaptureOptions, onRequest: SiteChannelOptions['onRequest']): Promise<CaptureResult> {
	const lib = (await import('./capture-lib')).default;
	const box = document.createElement('div');
	box.setAttribute('aria-hidden', 'true');
	box.setAttribute('data-testid', 'preview-capture');
	// Off screen but laid out at its real size: the page's media queries see this width.
	box.style.cssText = `position:fixed;left:${-(options.width + 10_000)}px;top:0;width:${options.width}px;height:${options.height}px;overflow:hidden;pointer-events:none;border:0`;
	document.body.append(box);
	const host = new PreviewHost(box, { timeoutMs: LOAD_MS, title: 'Screenshot', onRequest });
	host.frame.style.cssText = 'display:block;width:100%;height:100%;border:0';
	try {
		const outcome = await host.render(shown.revision, shown.html, { ...shown.extras, fragment: undefined });
		if (outcome.status !== 'ready' && outcome.status !== 'error') return { ok: false, code: 'PREVIEW_ACK_TIMEOUT', message: outcome.message ?? `The page did not load for the screenshot (${outcome.status}).` };
		const request = { selector: options.selector, fullPage: options.fullPage, format: options.format };
		let picture = await pictureOf(host, lib, request);
		if (!('error' in picture) && options.format === 'png' && picture.dataUrl.length > PNG_MAX) picture = await pictureOf(host, lib, { ...request, format: 'jpeg', quality: 0.8 });
		if ('error' in picture) return { ok: false, code: picture.missing ? 'PREVIEW_TARGET_NOT_FOUND' : 'TOOL_EXECUTION_FAILED', message: picture.error };
		const comma = picture.dataUrl.indexOf(',');
		const mimeType = picture.dataUrl.startsWith('data:image/jpeg') ? 'image/jpeg' : 'image/png';
		return { ok: true, revision: shown.revision, page: shown.extras.page, mimeType, data: picture.dataUrl.slice(comma + 1), width: picture.width, height: picture.height };
	} catch (error) {
		return { ok: false, code: 'TOOL_EXECUTION_FAILED', message: `The screenshot failed: ${error instanceof Error ? error.message : String(error)}` };
	} finally {
		host.destroy();
		box.remove();
	}
}
