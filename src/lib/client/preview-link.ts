// The preview controller's link to the hub, and what the site's frame asks for through it (its
// pages, routes, storage and files), in the panel and in a new window alike.
import type { PreviewLines } from '$lib/preview/host';
import type { SiteChannelOptions } from '$lib/preview/site-channel';
import type { CaptureResult } from '$lib/preview/messages';
import type { HubEvent, HostRenderOutcome, PreviewErrorLine, PreviewLocation, PreviewOutcome, PreviewRender, SiteFileAnswer, SiteFileAs, SiteNavigation, SiteStorageChange } from '$lib/worker/protocol';

/** What the hub side needs from the preview controller. */
export interface PreviewLink {
	tabId: string;
	/** The workspace the tab shows (what the page shown keeps is kept per workspace across a reload). */
	workspaceId?: string;
	/** The hub has answered (a kept picture is then not worth painting: its live render comes at once). */
	live?(): boolean;
	/** Registers this tab's host; answers the render it should show now. */
	register(): Promise<PreviewRender | null>;
	ack(renderId: string, outcome: HostRenderOutcome): Promise<void>;
	report(lines: PreviewLines): Promise<void>;
	navigate(target: SiteNavigation): Promise<PreviewOutcome & { page: string }>;
	location(): Promise<PreviewLocation>;
	/** A file of the site (`as`: a page for a frame of the site's own page, or a script a page runs, compiled). */
	file(revision: number, path: string, as?: SiteFileAs): Promise<SiteFileAnswer>;
	storage(change: SiteStorageChange): Promise<void>;
	siteStorage(): Promise<{ local: Record<string, string> }>;
	/** Answers the hub's request for a picture of the page. */
	captured(id: string, result: CaptureResult): Promise<void>;
	/** Follows the hub's preview events (page changes, other tabs' storage changes); returns the way to stop. */
	events(listener: (event: Extract<HubEvent, { type: 'preview.storage' | 'preview.page' }>) => void): () => void;
}

/** Where the site's requests land in this tab. */
export interface SiteRequests {
	navigate(target: SiteNavigation): void;
	/** The page's own route (a single-page app's path). */
	route(path: string): void;
	/** A storage change of the page, applied here before the hub hears it. */
	stored(change: SiteStorageChange): void;
	/** An error line of the page's current render. */
	error(line: PreviewErrorLine): void;
}

/** The methods a static host answers with its files (nginx, GitHub Pages); any other gets 405. */
const READS = new Set(['GET', 'HEAD']);

/** The frame's requests, to the hub through `link`; a file it is missing is also an error naming who asked. */
export function siteRequests(link: PreviewLink, to: SiteRequests): SiteChannelOptions {
	return {
		onNavigate: (target) => to.navigate(target),
		onRoute: (path) => to.route(path),
		onStorage: (change) => {
			to.stored(change);
			void link.storage(change).catch(() => undefined);
		},
		onRequest: async (request) => {
			// A static host has no server behind its files: a fetch or XHR that posts, puts or deletes is refused.
			if (request.as === undefined && !READS.has(request.method.toUpperCase())) {
				const path = request.path.replace(/^\/+/, '');
				to.error({ message: `${request.method.toUpperCase()} ${path}: a static host answers 405 Method Not Allowed (its files take GET and HEAD; a form or an API needs a server)`, source: request.source, line: request.line, column: 0, revision: request.revision });
				return { status: 405, statusText: 'Method Not Allowed', mimeType: 'text/plain', body: '405 Method Not Allowed' };
			}
			const answer = await link.file(request.revision, request.path, request.as);
			if (answer.status === 404 && !request.probe) {
				const path = request.path.replace(/^\/+/, '');
				to.error({ message: `Missing file: ${path} is not in the workspace (a ${request.method} request of the page got 404)`, source: request.source, line: request.line, column: 0, revision: request.revision });
			}
			return answer;
		}
	};
}
