// A page's requests for the site's files (fetch, XHR, scripts and frames it loads from script), each
// answered from the revision its frame shows: loaded with a page's first request (most first screens
// make none).
import type { HostToFrameMessage, PreviewBridgeMessage, SiteFileAnswer, SiteFileAs } from './messages';

/** How a host asks the hub for a site file the page asked for (fetch, XHR, an image or worker from script). */
export type SiteRequestHandler = (request: { revision: number; path: string; method: string; source: string; line: number; as?: SiteFileAs; probe?: boolean }) => Promise<SiteFileAnswer>;

/** Requests a frame may have unanswered at once; more are answered 503 at once (a page cannot queue without bound). */
const MAX_REQUESTS_IN_FLIGHT = 64;

/** A field of the frame's message as text, at most `max` characters (a path, query or fragment: 2048, as the hub's schemas take them). */
const text = (value: unknown, max = 2048) => String(value ?? '').slice(0, max);

/** Where a frame's requests are answered: the host's way to the hub, its way back to the frame, and its count of requests under way. */
export interface RequestsTo {
	onRequest: SiteRequestHandler | undefined;
	post(message: HostToFrameMessage, transfer: Transferable[]): void;
	/** The frame's nonce at the time it asked. */
	nonce: string;
	flight: { count: number };
}

/** Answers the frame's request `message` (from the page of `revision`), bounded by MAX_REQUESTS_IN_FLIGHT. */
export async function answerRequest(message: Extract<PreviewBridgeMessage, { type: 'request' }>, revision: number, to: RequestsTo): Promise<void> {
	const id = Number(message.id);
	if (!Number.isSafeInteger(id)) return;
	const reply = (answer: SiteFileAnswer) => {
		const body = answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : answer.body.slice().buffer;
		to.post({ studioFrame: to.nonce, type: 'response', id, status: answer.status, statusText: answer.statusText, mimeType: answer.mimeType, body, ...(answer.redirected ? { redirected: answer.redirected } : {}) }, body instanceof ArrayBuffer ? [body] : []);
	};
	if (!to.onRequest || to.flight.count >= MAX_REQUESTS_IN_FLIGHT) return reply({ status: 503, statusText: 'Too many requests at once', mimeType: 'text/plain', body: '' });
	to.flight.count++;
	try {
		// Any other way (the hub's schema is the one that knows them) is refused there: a 503 here.
		const as: SiteFileAs | undefined = message.frame === true ? { search: text(message.search), fragment: text(message.fragment) } : message.as;
		reply(await to.onRequest({ revision, path: text(message.path), method: text(message.method, 10), source: text(message.source, 500), line: Number(message.line) || 0, ...(as ? { as } : {}), ...(message.probe === true ? { probe: true } : {}) }));
	} catch {
		reply({ status: 503, statusText: 'The studio did not answer', mimeType: 'text/plain', body: '' });
	} finally {
		to.flight.count--;
	}
}
