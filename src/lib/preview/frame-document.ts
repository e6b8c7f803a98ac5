// The site's frame inside a preview document, as both the panel's host and the new-window preview
// make it: the sandbox, the base that gives the site its virtual URL, the document filled with this
// render's nonce and data, and the one check every message from the frame passes first.
import type { PreviewBridgeMessage } from './messages';
// Not from bridge.ts: that one carries the frame programs' source, which only the compiler needs.
import { HOST_PLACEHOLDER, NONCE_PLACEHOLDER } from './placeholders';
import { siteUrl } from './site';
import { BASE_PATH } from '$lib/core/base';
import { PICTURE_SANDBOX, PREVIEW_ALLOW, PREVIEW_SANDBOX } from './sandbox';

export { PICTURE_SANDBOX, PREVIEW_SANDBOX } from './sandbox';
/** The document that holds the sandboxed frame (served by the studio, precached for offline use). */
export const PREVIEW_DOCUMENT = `${BASE_PATH}/preview.html`;


/** What a render shows beside its document: the page and its query, a fragment to go to, the site's localStorage. */
export interface RenderExtras {
	page: string;
	search?: string;
	fragment?: string;
	local?: Record<string, string>;
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The document as the frame runs it: this render's nonce and the host's data put into the bridge's
 * tag (a function replacement: `$` in the data means nothing). `StudioHostData` is the frame
 * programs' own type (frame/frame.d.ts).
 */
export function fillDocument(html: string, nonce: string, data: StudioHostData): string {
	return html.replace(NONCE_PLACEHOLDER, () => nonce).replace(HOST_PLACEHOLDER, () => escapeAttr(JSON.stringify(data)));
}

/** Sets the base the site's frame inherits: its page's virtual URL, with the query it reads as `location.search`. */
export function setBase(doc: Document, page: string, search = '') {
	const base = doc.querySelector('base') ?? doc.head.appendChild(doc.createElement('base'));
	base.href = siteUrl(page) + search;
}

/** Marks a picture's frame on its way out: hidden, never the site's frame again. */
const LEAVING = 'data-leaving';
/** How long a picture's frame on its way out may stay when the frame after it never loads. */
const LEAVING_PICTURE_MS = 3000;

/** Puts the sandboxed frame into `doc` (once) and returns it. */
export function siteFrame(doc: Document, title: string): HTMLIFrameElement {
	const existing = doc.querySelector<HTMLIFrameElement>(`iframe:not([${LEAVING}])`);
	if (existing) return existing;
	const frame = doc.createElement('iframe');
	frame.setAttribute('sandbox', PREVIEW_SANDBOX);
	frame.setAttribute('allow', PREVIEW_ALLOW);
	frame.setAttribute('title', title);
	frame.setAttribute('referrerpolicy', 'no-referrer');
	doc.body.append(frame);
	return frame;
}

/**
 * Takes a site frame whose document still loads out of use and returns a new one in its place.
 * A page's frame goes at once: a page stuck in a loop would hold up the next frame, which shares its
 * renderer process. A picture's frame (it runs nothing) stays, hidden, until the new frame loads: the
 * sandboxed frames of a page share one process, and removing the only one mid-load ended it, so the
 * new frame waited for another to launch (a start's first render replaces the first screen's picture
 * so: 60–80 ms of B6 in `npm run bench`).
 */
export function replaceSiteFrame(doc: Document, loading: HTMLIFrameElement, title: string): HTMLIFrameElement {
	if (loading.getAttribute('sandbox') !== PICTURE_SANDBOX) {
		loading.remove();
		return siteFrame(doc, title);
	}
	loading.setAttribute(LEAVING, '');
	loading.style.display = 'none';
	const next = siteFrame(doc, title);
	// Listened to after the new frame is in the document: its empty first document's load has fired.
	const gone = () => loading.remove();
	next.addEventListener('load', gone, { once: true });
	setTimeout(gone, LEAVING_PICTURE_MS);
	return next;
}

const FRAME_TYPES = new Set<string>(['ready', 'alive', 'keep', 'traverse', 'error', 'warning', 'console', 'navigate', 'route', 'storage', 'request', 'picked', 'text-edit', 'captured'] satisfies PreviewBridgeMessage['type'][]);

/** A message of the frame programs (its window and nonce are checked by the caller). */
export function isBridgeMessage(data: unknown): data is PreviewBridgeMessage {
	if (!data || typeof data !== 'object') return false;
	const m = data as Record<string, unknown>;
	return typeof m.nonce === 'string' && typeof m.revision === 'number' && typeof m.type === 'string' && FRAME_TYPES.has(m.type);
}
