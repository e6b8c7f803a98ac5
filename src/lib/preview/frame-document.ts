// The site's frame inside a preview document, as both the panel's host and the new-window preview
// make it: the sandbox, the base that gives the site its virtual URL, the document filled with this
// render's nonce and data, and the one check every message from the frame passes first.
import type { PreviewBridgeMessage } from './messages';
// Not from bridge.ts: that one carries the frame programs' source, which only the compiler needs.
import { HOST_PLACEHOLDER, NONCE_PLACEHOLDER } from './placeholders';
import { siteUrl } from './site';
import { BASE_PATH } from '$lib/core/base';
import { PICTURE_SANDBOX, PREVIEW_ALLOW } from './sandbox';

export { PICTURE_SANDBOX, PREVIEW_SANDBOX } from './sandbox';
/** The document that holds the sandboxed frame (served by the studio, precached for offline use). */
export const PREVIEW_DOCUMENT = `${BASE_PATH}/preview.html`;


/** What a render shows beside its document: the page and its query, a fragment to go to, the site's localStorage and cookies. */
export interface RenderExtras {
	page: string;
	search?: string;
	fragment?: string;
	/** What the page reads as `document.referrer`. */
	referrer?: string;
	local?: Record<string, string>;
	cookies?: Record<string, string>;
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

/** Marks a site frame on its way out: never the site's frame again. */
const LEAVING = 'data-leaving';

/** A document for the site's frame, with the frame's title and sandbox (a picture's or a page's). */
export interface SiteDocument {
	title: string;
	sandbox: string;
	srcdoc: string;
	/** Takes no click and no focus (a picture). */
	inert?: boolean;
}

/**
 * Puts a new site frame holding `next` into `doc` and takes `before`, the site's frame until now, out
 * of use. Each document has a frame of its own: a document set into a frame that already holds one
 * adds an entry to the tab's session history, so the browser's Back stepped through the studio's
 * renders (each run again, then replaced) before it left the studio. The frame is filled once it is
 * in the document and laid out: filled before, its document ran in a viewport of 0×0 (most of the
 * time, here), and read that size at DOMContentLoaded and load (a scroll kept across renders, a
 * canvas sized from innerWidth); an empty first document costs about 10 ms a render.
 *
 * `before` with a document shown stays over the new frame, showing, until that one loads: the page
 * before shows while the next one loads, as on a host, and the sandboxed frames' shared renderer
 * process stays up (removing the only one ended it, and the next frame waited for another to
 * launch: 60–80 ms of B6). One still `loading` is hidden meanwhile; a page still loading goes at
 * once, as a page stuck in a loop would hold up the next frame in their shared process.
 */
export function siteFrame(doc: Document, next: SiteDocument, before?: { frame: HTMLIFrameElement; loading: boolean }): HTMLIFrameElement {
	const frame = doc.createElement('iframe');
	frame.setAttribute('sandbox', next.sandbox);
	frame.setAttribute('allow', PREVIEW_ALLOW);
	frame.setAttribute('title', next.title);
	frame.setAttribute('referrerpolicy', 'no-referrer');
	frame.inert = next.inert === true;
	doc.body.append(frame);
	// Laid out now (reading its size), so its document starts in its viewport's size.
	void frame.offsetWidth;
	if (before) leave(before.frame, frame, before.loading);
	frame.srcdoc = next.srcdoc;
	return frame;
}

/** Takes `old` out of use: at once, or once `next` has loaded. */
function leave(old: HTMLIFrameElement, next: HTMLIFrameElement, loading: boolean) {
	if (loading && old.getAttribute('sandbox') !== PICTURE_SANDBOX) return old.remove();
	// Over the new frame and taking no pointer, or hidden: static/preview.html's style.
	old.setAttribute(LEAVING, loading ? 'hidden' : '');
	// Listened to after the new frame is in the document: its empty first document's load has fired.
	// One that never loads is stopped by the panel's host, which replaces the whole preview document
	// (a new window's keeps the page before over it until a later render loads).
	next.addEventListener('load', () => old.remove(), { once: true });
}

const FRAME_TYPES = new Set<string>(['ready', 'alive', 'listens', 'left', 'keep', 'traverse', 'error', 'warning', 'console', 'navigate', 'route', 'storage', 'request', 'picked', 'text-edit', 'captured'] satisfies PreviewBridgeMessage['type'][]);

/** A message of the frame programs (its window and nonce are checked by the caller). */
export function isBridgeMessage(data: unknown): data is PreviewBridgeMessage {
	if (!data || typeof data !== 'object') return false;
	const m = data as Record<string, unknown>;
	return typeof m.nonce === 'string' && typeof m.revision === 'number' && typeof m.type === 'string' && FRAME_TYPES.has(m.type);
}
