// One render as the preview host follows it: its nonce, revision and deadline, what its frame has
// sent so far against the caps, and the console and error lines that frame sends, shaped and capped
// (the bridge caps them too; a page's own code could send more). And the preview document's frame,
// which a stuck render's replaces.
import type { HostRenderOutcome, PreviewBridgeMessage, PreviewConsoleLine, PreviewErrorLine } from './messages';
import { PREVIEW_LIMITS } from './limits';
import { PREVIEW_DOCUMENT } from './frame-document';
import { placeOf } from './kept-session';

/** Console lines, errors and warnings, as a host forwards them. */
export interface PreviewLines {
	console: PreviewConsoleLine[];
	errors: PreviewErrorLine[];
	/** A resource refused or not reachable (the network is off): not an error of the site. */
	warnings?: PreviewErrorLine[];
}

/** A render under way or settled. */
export interface HostRender {
	revision: number;
	nonce: string;
	/** The workspace file shown (the file its elements are written in). */
	page: string;
	/** The page and query shown: what the page's kept state (scroll, route) is for. */
	place: string;
	startedAt: number;
	errors: PreviewErrorLine[];
	/** What this render has forwarded so far (the bridge's caps, enforced again here). */
	counts: { console: number; errors: number; chars: number };
	settled: boolean;
	/** The page has loaded and said so: its bridge hears the host. */
	ready: boolean;
	resolve(outcome: HostRenderOutcome): void;
	timer: ReturnType<typeof setTimeout>;
	/** When the page last said it is still loading (performance.now()). */
	aliveAt: number;
	/** The page listens for leaving or has entries of its own in the tab's history: a render replacing it asks it to leave first. */
	listens: boolean;
	/** The page has left (it heard it and sent what it stored). */
	left: boolean;
	/** Gives the render its deadline anew, once (false: it had it already). */
	restart(): boolean;
}

/** A page that keeps beating while it loads gets at most this long before it is stopped. */
const MAX_LOAD_MS = 30_000;
/** A beat older than this means the page's thread no longer runs (the bridge beats every 500 ms). */
const BEAT_GONE_MS = 1500;

/**
 * A render of `revision` under way, with its deadline: `timeoutMs` after it starts, and past that
 * while the page still beats (it is slow, not stuck), up to `MAX_LOAD_MS`. Then `stuck` is called
 * with how long it waited and whether the page ever ran (its bridge beats first thing), unless the
 * render settled first.
 */
export function startRender(revision: number, extras: { page: string; search?: string }, resolve: (outcome: HostRenderOutcome) => void, timeoutMs: number, stuck: (waitedMs: number, ran: boolean) => void): HostRender {
	let restarted = false;
	const render: HostRender = {
		revision,
		nonce: crypto.randomUUID(),
		page: extras.page,
		place: placeOf(extras),
		startedAt: performance.now(),
		errors: [],
		counts: { console: 0, errors: 0, chars: 0 },
		settled: false,
		ready: false,
		resolve,
		aliveAt: -Infinity,
		listens: false,
		left: false,
		timer: setTimeout(() => deadline(), timeoutMs),
		restart() {
			if (restarted) return false;
			restarted = true;
			render.timer = setTimeout(deadline, timeoutMs);
			return true;
		}
	};
	const deadline = () => {
		if (render.settled) return;
		const now = performance.now();
		if (now - render.aliveAt < BEAT_GONE_MS && now - render.startedAt < MAX_LOAD_MS) render.timer = setTimeout(deadline, 500);
		else stuck(Math.round(now - render.startedAt), render.aliveAt > -Infinity);
	};
	return render;
}

/** Settles `render` with `status`: whoever asked for it gets the outcome (its message, else its first error's). */
export function settleRender(render: HostRender, status: HostRenderOutcome['status'], message?: string): void {
	render.settled = true;
	clearTimeout(render.timer);
	const first = render.errors[0];
	render.resolve({
		revision: render.revision,
		status,
		message: message ?? (first ? first.message : undefined),
		durationMs: Math.round(performance.now() - render.startedAt),
		errors: [...render.errors]
	});
}

/** Counts a line against the render's caps; false when it is over them (dropped). */
function admit(render: HostRender, kind: 'console' | 'errors', chars: number): boolean {
	const cap = kind === 'console' ? PREVIEW_LIMITS.consolePerRender : PREVIEW_LIMITS.errorsPerRender;
	if (render.counts[kind] >= cap || render.counts.chars + chars > PREVIEW_LIMITS.charsPerRender) return false;
	render.counts[kind]++;
	render.counts.chars += chars;
	return true;
}

type LineMessage = Extract<PreviewBridgeMessage, { type: 'console' | 'error' | 'warning' }>;

/**
 * The lines a frame's console, error or warning message adds to `render` (null: over its caps). An
 * error that comes while the render loads is its error too: the render settles as `error`.
 */
export function frameLines(render: HostRender, message: LineMessage): PreviewLines | null {
	if (message.type === 'console') {
		const text = (Array.isArray(message.args) ? message.args : []).map(String).join(' ').slice(0, PREVIEW_LIMITS.lineChars);
		if (!admit(render, 'console', text.length)) return null;
		return { console: [{ level: String(message.level).slice(0, 10), text, revision: render.revision }], errors: [] };
	}
	const line: PreviewErrorLine = {
		message: String(message.message).slice(0, PREVIEW_LIMITS.lineChars),
		source: String(message.source ?? '').slice(0, 500),
		line: Number(message.line) || 0,
		column: Number(message.column) || 0,
		revision: render.revision,
		...(message.type === 'warning' && message.network === true ? { network: true as const } : {})
	};
	if (!admit(render, 'errors', line.message.length)) return null;
	if (message.type === 'warning') return { console: [], errors: [], warnings: [line] };
	if (!render.settled) render.errors.push(line);
	return { console: [], errors: [line] };
}

/** The preview document's frame, put last into `container` (the site's frame goes inside its document). */
export function previewFrame(container: HTMLElement, title: string): HTMLIFrameElement {
	const frame = document.createElement('iframe');
	frame.setAttribute('title', title);
	frame.setAttribute('referrerpolicy', 'no-referrer');
	frame.className = 'preview-frame';
	frame.src = PREVIEW_DOCUMENT;
	container.append(frame);
	return frame;
}

/**
 * Resolves with the preview document once `frame` has loaded it (the initial about:blank does not
 * count). A frame removed first never resolves: its render settles by its own deadline.
 */
export function previewDocument(frame: HTMLIFrameElement): Promise<Document> {
	return new Promise((resolve) => {
		const loaded = () => {
			const doc = frame.contentDocument;
			if (!doc || doc.URL === 'about:blank') return;
			frame.removeEventListener('load', loaded);
			resolve(doc);
		};
		frame.addEventListener('load', loaded);
	});
}
