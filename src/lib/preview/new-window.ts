// The preview in a new window: the preview document opened on its own, filled with the site's frame,
// serving its navigations, storage changes and file requests through the same channel as the panel,
// and following the page the studio's preview shows — where it was scrolled, its fragment and route
// kept across renders of the same page, as in the panel.
import { PREVIEW_DOCUMENT, fillDocument, PREVIEW_SANDBOX, isBridgeMessage, setBase, siteFrame, type RenderExtras } from './frame-document';
import { SiteChannel, type SiteChannelOptions } from './site-channel';
import { KeptSlot, placeOf } from './kept-session';

/** The preview in a new window: it follows the page the studio's preview shows. */
export interface PreviewWindow {
	window: Window;
	/** Shows a render there (the studio's preview rendered it); false once the window is closed. */
	show(html: string, revision: number, extras: RenderExtras): boolean;
}

/**
 * Shows the preview in `opened`, a new window the caller opened on the preview document (in the
 * person's click: a window opened after an await may be blocked): the same sandboxed frame once that
 * document has loaded, whose navigations, storage changes and file requests go through `options` like
 * the panel's.
 */
export function showInWindow(opened: Window, html: string, revision: number, extras: RenderExtras = { page: 'index.html' }, options: SiteChannelOptions = {}): PreviewWindow {
	let shown: { frame: HTMLIFrameElement; nonce: string; revision: number; place: string } | null = null;
	const kept = new KeptSlot();
	const channel = new SiteChannel(
		options,
		(message, transfer) => shown?.frame.contentWindow?.postMessage(message, '*', transfer),
		() => shown?.nonce ?? ''
	);
	let pending: [string, number, RenderExtras] | null = [html, revision, extras];
	let doc: Document | null = null;
	const fill = () => {
		if (!doc || !pending || opened.closed) return;
		const [nextHtml, nextRevision, nextExtras] = pending;
		pending = null;
		const nonce = crypto.randomUUID();
		doc.title = `Preview · revision ${nextRevision}`;
		setBase(doc, nextExtras.page, nextExtras.search);
		const place = placeOf(nextExtras);
		const srcdoc = fillDocument(nextHtml, nonce, { fragment: nextExtras.fragment, local: nextExtras.local, cookies: nextExtras.cookies, session: channel.session, kept: kept.start(place) });
		const frame = siteFrame(doc, { title: `Site preview · revision ${nextRevision}`, sandbox: PREVIEW_SANDBOX, srcdoc }, shown ? { frame: shown.frame, loading: false } : undefined);
		shown = { frame, nonce, revision: nextRevision, place };
	};
	const started = Date.now();
	// A same-origin window fires no event we can hold across its first navigation: poll for the document.
	const timer = setInterval(() => {
		try {
			doc = opened.document.URL.endsWith(PREVIEW_DOCUMENT) && opened.document.readyState === 'complete' ? opened.document : null;
		} catch {
			doc = null; // closed, or navigated elsewhere
		}
		if (!doc && Date.now() - started < 10_000 && !opened.closed) return;
		clearInterval(timer);
		if (!doc) return;
		// The site's bridge posts to its frame's grandparent: this window. Only its frame, with its nonce.
		opened.addEventListener('message', (event: MessageEvent) => {
			if (!shown || event.source !== shown.frame.contentWindow || !isBridgeMessage(event.data)) return;
			if (event.data.nonce !== shown.nonce || event.data.revision !== shown.revision) return;
			if (event.data.type === 'keep') kept.value = { place: shown.place, kept: event.data.kept };
			else channel.handle(event.data, shown.revision);
		});
		fill();
		// The site can reach its top window; it must not reach the studio through it.
		opened.opener = null;
	}, 50);
	return {
		window: opened,
		show(nextHtml, nextRevision, nextExtras) {
			if (opened.closed) return false;
			pending = [nextHtml, nextRevision, nextExtras];
			fill();
			return true;
		}
	};
}
