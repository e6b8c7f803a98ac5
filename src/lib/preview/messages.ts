// Messages of the preview: the render the hub sends a host, the bridge's messages inside the frame,
// and how a host's render ended. Owned here (the worker protocol re-exports them): preview code
// depends on nothing in worker/.
import type * as v from 'valibot';
import type { Diagnostic } from './compiler/compiler';
import type { CaptureOptionsSchema, CaptureResultSchema, ConsoleLineSchema, ErrorLineSchema, FramePageSchema, HostOutcomeSchema, PickedElementSchema, SiteFileAsSchema, SiteNavigationSchema, SiteStorageChangeSchema } from './schemas';

/** A runtime error from inside the preview. */
export type PreviewErrorLine = v.InferOutput<typeof ErrorLineSchema>;
/** A console line from inside the preview. */
export type PreviewConsoleLine = v.InferOutput<typeof ConsoleLineSchema>;
/** How a host's render of one revision ended. */
export type HostRenderOutcome = v.InferOutput<typeof HostOutcomeSchema>;
/** Where the site asked the preview to go: a site path (`/about.html`, `/blog/`) with its query and fragment, possibly replacing the page shown (location.replace), or a step back or forward. */
export type SiteNavigation = v.InferOutput<typeof SiteNavigationSchema>;
/** A page of the site asked for to show in a frame of the site's own page, with its query and the fragment to go to. */
export type FramePage = v.InferOutput<typeof FramePageSchema>;
/** What a site file is asked for as: a page for a frame of the site's own page, a classic script or a module a page runs, or a file it fetched. */
export type SiteFileAs = v.InferOutput<typeof SiteFileAsSchema>;
/** A change to a storage area of the site: items set (string) or removed (null), optionally after clearing it. */
export type SiteStorageChange = v.InferOutput<typeof SiteStorageChangeSchema>;

/** An element the person picked in the preview (the conversation's chip, the agent's context). */
export type PickedElement = v.InferOutput<typeof PickedElementSchema>;
/** How the screenshot tool wants the page drawn. */
export type CaptureOptions = v.InferOutput<typeof CaptureOptionsSchema>;
/** A tab's picture of the page it rendered, or why there is none. */
export type CaptureResult = v.InferOutput<typeof CaptureResultSchema>;

/** What the hub sends one tab on its own channel: a render, or a request for a picture of the page. */
export type TabMessage = { kind: 'render'; render: PreviewRender } | { kind: 'capture'; id: string; options: CaptureOptions };

/** A document the hub asks every preview host to render. */
export interface PreviewRender {
	renderId: string;
	revision: number;
	/** The document; empty when `sameAs` is set. */
	html: string;
	diagnostics: PreviewDiagnostic[];
	/**
	 * Set when this revision compiles to exactly the document of revision `sameAs`, which a host
	 * acknowledged: a host showing it relabels and acknowledges without reloading the frame; any
	 * other host asks for the full render.
	 */
	sameAs?: number;
	/** The site path shown (`index.html`, `blog/post.html`, a folder's index as `blog/`): the document's virtual URL. */
	page: string;
	/** What the address bar shows for it, with its query ("" for the entry at the site's root, `SiteHistory.shownAt`). */
	address: string;
	/** The page's query (`?id=3`), part of its virtual URL: the site reads it as `location.search`. */
	search?: string;
	/** A fragment to go to once the page has loaded (`#team`), when the navigation named one. */
	fragment?: string;
	/** What the page reads as `document.referrer`: the page of the site it was reached from by a link, a form or a script (absent: none). */
	referrer?: string;
	/** The workspace's localStorage for the site, as the hub keeps it (per render, not in the document). */
	local?: Record<string, string>;
	/** The site's cookies, as the hub keeps them (per render; frame/cookies.js has their form). */
	cookies?: Record<string, string>;
}

/** A workspace file as the preview asks for it (fetch, XHR, an image set from script, a worker). */
export interface SiteFileAnswer {
	status: number;
	statusText: string;
	mimeType: string;
	/** Text files as text, others as bytes; absent for a 404. */
	body?: string | Uint8Array;
	/** The site path a host's redirect ended at (a folder asked without its slash, `/blog` → `/blog/`): the response's URL. */
	redirected?: string;
}

/** A compile diagnostic, as tools and the panel show it (the compiler's, without its line). */
export type PreviewDiagnostic = Pick<Diagnostic, 'kind' | 'path' | 'reference' | 'message'>;

/** Messages the frame programs post to their host (iframe → page); every one carries revision and nonce. */
export type PreviewBridgeMessage =
	| { type: 'ready'; revision: number; nonce: string }
	/** The page is still loading and its thread still runs (twice a second until ready). */
	| { type: 'alive'; revision: number; nonce: string }
	/** `network`: a request the network setting refused (the preview bar offers to allow it). */
	| { type: 'error' | 'warning'; revision: number; nonce: string; message: string; source: string; line: number; column: number; network?: boolean }
	| { type: 'console'; revision: number; nonce: string; level: string; args: string[] }
	/**
	 * The page listens for leaving (`pagehide`, `beforeunload`, `visibilitychange`, `unload`), or has
	 * entries of its own in the tab's history: the host asks it to leave before a render replaces it.
	 * `left`: it has heard them, sent what it stored, and stepped the tab's history back over its entries.
	 */
	| { type: 'listens' | 'left'; revision: number; nonce: string }
	/** The page steps through its own history (frame/history.js): the frame's load that Chromium fires after is not the page leaving. */
	| { type: 'traverse'; revision: number; nonce: string }
	/** What the next render of the same page starts from (where it is scrolled, the address it routed to): the host keeps it as it is. */
	| { type: 'keep'; revision: number; nonce: string; kept: StudioKept }
	/** A link, form or window.open to a page of the site (the host shows it from the same revision). */
	| { type: 'navigate'; revision: number; nonce: string; path: string; fragment: string; search: string; replace?: boolean; referrer?: string }
	/** history.back()/forward() past the entries the page made itself: a step through the site's pages (frame/history.js). */
	| { type: 'navigate'; revision: number; nonce: string; direction: 'back' | 'forward' }
	/** history.pushState/replaceState: the URL the site routes to, for the address field. */
	| { type: 'route'; revision: number; nonce: string; path: string; fragment: string; search: string }
	/** A change of the site's storage (frame/storage.js, frame/cookies.js, frame/indexeddb.js). */
	| { type: 'storage'; revision: number; nonce: string; area: SiteStorageChange['area']; changes: [string, string | null][]; clear: boolean }
	/** A request for a site file (`frame`: a page to show in a frame of the site's page, compiled); the host answers with `response` and the same id. */
	| { type: 'request'; revision: number; nonce: string; id: number; path: string; method: string; source: string; line: number; frame?: boolean; search?: string; fragment?: string; probe?: boolean; as?: 'script' | 'module' | 'fetched' }
	/** The picker's click (null: the person pressed Escape); checked against PickedElementSchema. */
	| { type: 'picked'; revision: number; nonce: string; element: unknown; refresh?: boolean }
	/** A text edited in place (`id`: the frame waits for the answer), or why it cannot be (`refused`). */
	| { type: 'text-edit'; revision: number; nonce: string; id?: number; tag: string; at?: { line: number; offset: number }; before?: string; after?: string; refused?: 'script' | 'markup' }
	/** The picture a capture asked for, as a data: URL, or why there is none. */
	| { type: 'captured'; revision: number; nonce: string; captureId: number; data?: string; width?: number; height?: number; error?: string; missing?: boolean };

/** Messages the host posts into the frame (page → iframe); `studioFrame` is the render's nonce. */
export type HostToFrameMessage =
	| ({ studioFrame: string; type: 'response'; id: number } & Omit<SiteFileAnswer, 'body'> & { body: string | ArrayBuffer | null })
	| { studioFrame: string; type: 'storage-event'; area: SiteStorageChange['area']; changes: [string, string | null][]; clear: boolean }
	| { studioFrame: string; type: 'pick'; on: boolean }
	/** A render is about to replace the page (an edit, the studio's Refresh): it hears it is leaving, as on a host's reload. */
	| { studioFrame: string; type: 'leave' }
	/** Describe again the element whose open tag starts at `offset` (the one the conversation holds). */
	| { studioFrame: string; type: 'describe'; offset: number; tag: string }
	| { studioFrame: string; type: 'text-edit-result'; id: number; ok: boolean }
	/** `lib`: the rasteriser's source (sent with the first capture of a frame only when needed). */
	| { studioFrame: string; type: 'capture'; captureId: number; lib: string; selector?: string; fullPage?: boolean; maxHeight?: number; format: 'png' | 'jpeg'; quality?: number };

