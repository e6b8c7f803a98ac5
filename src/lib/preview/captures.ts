// The hub side of the screenshot tool: asks one tab that shows the preview for a picture of the
// revision it acknowledged (the tab that acknowledged last: it shows the newest one), and waits for
// its answer or a deadline. The tab draws it (preview/capture.ts); the hub only carries it.
import { ToolError } from '../core/errors';
import type { CaptureOptions, CaptureResult } from './messages';

/** A successful picture, as the tool returns it. */
export type Capture = Extract<CaptureResult, { ok: true }>;

/** How long a tab gets to load the page off screen and draw it. */
const CAPTURE_DEADLINE_MS = 30_000;

/** Pending captures by id. */
export class CaptureRequests {
	readonly #pending = new Map<string, { tabId: string; settle(result: CaptureResult): void }>();
	#counter = 0;

	constructor(private readonly send: ((tabId: string, id: string, options: CaptureOptions) => void) | undefined) {}

	/** Whether this hub can ask tabs for pictures at all. */
	get available(): boolean {
		return this.send !== undefined;
	}

	/** Asks `tabId` for a picture; throws canonical errors (no tab, timeout, not found). */
	async request(tabId: string | null, options: CaptureOptions, signal?: AbortSignal): Promise<Capture> {
		if (!this.send || !tabId) throw new ToolError('PREVIEW_UNAVAILABLE', 'No tab shows the preview right now: open the studio in a browser tab to take a screenshot.');
		const id = `c${++this.#counter}-${Date.now().toString(36)}`;
		const send = this.send;
		const result = await new Promise<CaptureResult>((resolve) => {
			const timer = setTimeout(() => settle({ ok: false, code: 'PREVIEW_ACK_TIMEOUT', message: `The preview did not draw the page within ${CAPTURE_DEADLINE_MS / 1000} s.` }), CAPTURE_DEADLINE_MS);
			const onAbort = () => settle({ ok: false, code: 'TOOL_EXECUTION_FAILED', message: 'The screenshot was cancelled.' });
			const settle = (answer: CaptureResult) => {
				clearTimeout(timer);
				signal?.removeEventListener('abort', onAbort);
				this.#pending.delete(id);
				resolve(answer);
			};
			signal?.addEventListener('abort', onAbort, { once: true });
			this.#pending.set(id, { tabId, settle });
			send(tabId, id, options);
		});
		if (!result.ok) throw new ToolError(signal?.aborted ? 'TOOL_CANCELLED' : result.code, result.message, { selector: options.selector });
		return result;
	}

	/** A tab's answer (only the tab that was asked counts). */
	answer(tabId: string, id: string, result: CaptureResult): void {
		const pending = this.#pending.get(id);
		if (pending && pending.tabId === tabId) pending.settle(result);
	}
}
