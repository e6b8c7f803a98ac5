// The page side of the preview: renders a compiled revision into a sandboxed iframe (never
// allow-same-origin), accepts only its own frame's messages with the current nonce and revision,
// lets the latest revision win, and replaces a frame that does not acknowledge in time.
import type { HostRenderOutcome, PreviewBridgeMessage, PreviewConsoleLine, PreviewErrorLine } from './messages';
import { NONCE_PLACEHOLDER } from './bridge';
import { PREVIEW_LIMITS } from './limits';

/** The sandbox of every preview frame: scripts, forms, popups — never the studio's origin, never modal dialogs. */
// No allow-modals: a page's alert() loop would block the whole studio tab (the bridge logs them instead).
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups';
/** Default time a frame has to reach `load`. */
export const DEFAULT_ACK_TIMEOUT_MS = 3000;

/** Options of a host. */
export interface PreviewHostOptions {
	timeoutMs?: number;
	/** Console lines and errors, as they arrive (during and after a render). */
	onLines?(lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[] }): void;
	title?: string;
}

interface Current {
	revision: number;
	nonce: string;
	startedAt: number;
	errors: PreviewErrorLine[];
	/** What this render has forwarded so far (the bridge's caps, enforced again here). */
	counts: { console: number; errors: number; chars: number };
	settled: boolean;
	resolve(outcome: HostRenderOutcome): void;
	timer: ReturnType<typeof setTimeout>;
}

function isBridgeMessage(data: unknown): data is PreviewBridgeMessage {
	if (!data || typeof data !== 'object') return false;
	const m = data as Record<string, unknown>;
	return typeof m.nonce === 'string' && typeof m.revision === 'number' && (m.type === 'ready' || m.type === 'error' || m.type === 'console');
}

/** One preview frame in a container element. */
export class PreviewHost {
	readonly #container: HTMLElement;
	readonly #options: PreviewHostOptions;
	#frame: HTMLIFrameElement;
	#current: Current | null = null;
	readonly #onMessage = (event: MessageEvent) => this.#receive(event);

	constructor(container: HTMLElement, options: PreviewHostOptions = {}) {
		this.#container = container;
		this.#options = options;
		this.#frame = this.#createFrame();
		window.addEventListener('message', this.#onMessage);
	}

	/** The current frame element. */
	get frame(): HTMLIFrameElement {
		return this.#frame;
	}

	/** The revision the frame shows (or is loading). */
	get revision(): number | null {
		return this.#current?.revision ?? null;
	}

	#createFrame(): HTMLIFrameElement {
		const frame = document.createElement('iframe');
		frame.setAttribute('sandbox', PREVIEW_SANDBOX);
		frame.setAttribute('title', this.#options.title ?? 'Site preview');
		frame.setAttribute('referrerpolicy', 'no-referrer');
		frame.className = 'preview-frame';
		this.#container.append(frame);
		return frame;
	}

	/** Tears down a stuck frame (an infinite loop inside it must not leave the preview dead). */
	#replaceFrame() {
		const old = this.#frame;
		this.#frame = this.#createFrame();
		old.remove();
	}

	/**
	 * Renders `html` as `revision`. Resolves when the frame acknowledges it (ready or error), when it
	 * times out (the frame is replaced), or when a newer render supersedes it.
	 */
	render(revision: number, html: string): Promise<HostRenderOutcome> {
		const previous = this.#current;
		if (previous && !previous.settled) this.#settle(previous, 'superseded', 'A newer revision was rendered first.');
		const nonce = crypto.randomUUID();
		return new Promise<HostRenderOutcome>((resolve) => {
			const current: Current = {
				revision,
				nonce,
				startedAt: performance.now(),
				errors: [],
				counts: { console: 0, errors: 0, chars: 0 },
				settled: false,
				resolve,
				timer: setTimeout(() => {
					if (current.settled) return;
					this.#settle(current, 'timeout', `The preview did not finish loading within ${this.#options.timeoutMs ?? DEFAULT_ACK_TIMEOUT_MS} ms (an endless loop?). It was stopped.`);
					this.#replaceFrame();
				}, this.#options.timeoutMs ?? DEFAULT_ACK_TIMEOUT_MS)
			};
			this.#current = current;
			this.#frame.srcdoc = html.replace(NONCE_PLACEHOLDER, nonce);
		});
	}

	#settle(current: Current, status: HostRenderOutcome['status'], message?: string) {
		current.settled = true;
		clearTimeout(current.timer);
		const first = current.errors[0];
		current.resolve({
			revision: current.revision,
			status,
			message: message ?? (first ? first.message : undefined),
			durationMs: Math.round(performance.now() - current.startedAt),
			errors: [...current.errors]
		});
	}

	#receive(event: MessageEvent) {
		const current = this.#current;
		// Only our own frame, only this render: a page cannot forge an ack for another revision.
		if (!current || event.source !== this.#frame.contentWindow || !isBridgeMessage(event.data)) return;
		const message = event.data;
		if (message.nonce !== current.nonce || message.revision !== current.revision) return;
		if (message.type === 'console') {
			const text = (Array.isArray(message.args) ? message.args : []).map(String).join(' ').slice(0, PREVIEW_LIMITS.lineChars);
			if (!this.#admit(current, 'console', text.length)) return;
			this.#options.onLines?.({ console: [{ level: String(message.level).slice(0, 10), text, revision: current.revision }], errors: [] });
		} else if (message.type === 'error') {
			const error: PreviewErrorLine = {
				message: String(message.message).slice(0, PREVIEW_LIMITS.lineChars),
				source: String(message.source ?? '').slice(0, 500),
				line: Number(message.line) || 0,
				column: Number(message.column) || 0,
				revision: current.revision
			};
			if (!this.#admit(current, 'errors', error.message.length)) return;
			if (!current.settled) current.errors.push(error);
			this.#options.onLines?.({ console: [], errors: [error] });
		} else if (!current.settled) {
			this.#settle(current, current.errors.length ? 'error' : 'ready');
		}
	}

	/** Counts a message against this render's caps; false when it is over them (dropped). */
	#admit(current: Current, kind: 'console' | 'errors', chars: number): boolean {
		const cap = kind === 'console' ? PREVIEW_LIMITS.consolePerRender : PREVIEW_LIMITS.errorsPerRender;
		if (current.counts[kind] >= cap || current.counts.chars + chars > PREVIEW_LIMITS.charsPerRender) return false;
		current.counts[kind]++;
		current.counts.chars += chars;
		return true;
	}

	/** Removes the frame and stops listening. */
	destroy(): void {
		window.removeEventListener('message', this.#onMessage);
		if (this.#current && !this.#current.settled) this.#settle(this.#current, 'superseded', 'The preview was closed.');
		this.#frame.remove();
	}
}

/** Opens a revision in a new window: a wrapper page holding the same sandboxed frame. */
export function openInNewWindow(html: string, revision: number): Window | null {
	const escaped = html.replace(NONCE_PLACEHOLDER, 'detached').replace(/&/g, '&amp;').replace(/"/g, '&quot;');
	const wrapper = `<!doctype html><meta charset="utf-8"><title>Preview · revision ${revision}</title><style>html,body,iframe{margin:0;border:0;width:100%;height:100%;display:block}</style><iframe sandbox="${PREVIEW_SANDBOX}" srcdoc="${escaped}"></iframe>`;
	const url = URL.createObjectURL(new Blob([wrapper], { type: 'text/html' }));
	const opened = window.open(url, '_blank', 'noopener');
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
	return opened;
}
