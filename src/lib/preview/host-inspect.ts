// The page side of the frame's inspector (frame/inspect.js): turns the picker on and off (and on
// again in each new render while it is on), checks what the frame says it picked, carries a text
// edited in place to whoever writes it and tells the frame whether it was written, and waits for
// the pictures the screenshot tool asks for. One per preview host; messages are already checked
// for the frame's window, nonce and revision.
import type { HostToFrameMessage, PickedElement, PreviewBridgeMessage } from './messages';
import { onceUntilFailed } from '$lib/core/once';

/**
 * The check of what a frame says it picked, loaded when first needed: it carries the schema library,
 * which the first screen's preview does not otherwise need. Asked for as soon as the picker or a
 * followed element is on, so a pick seldom waits for it; one promise keeps picks in the order they came.
 */
const pickedChecker = onceUntilFailed(() => import('./picked-element').then((module) => module.checkPickedElement));

/** A text the person edited in the preview: the element's tag and place in its file, the text before and after. */
export interface TextEdit {
	path: string;
	revision: number;
	tag: string;
	line: number;
	offset: number;
	before: string;
	after: string;
}

/** What a host does with the inspector's news. */
export interface InspectOptions {
	/** The person picked an element (null: they gave up with Escape). */
	onPick?(element: PickedElement | null): void;
	/** The element followed, as a new render shows it. */
	onRefresh?(element: PickedElement): void;
	/** A text edited in place: resolves true once it is written to its file (false: the frame shows the old text again). */
	onTextEdit?(edit: TextEdit): Promise<boolean>;
	/** A double-clicked text that cannot be edited there: a script built it, or it has markup inside. */
	onTextRefused?(reason: 'script' | 'markup', tag: string): void;
}

/** A picture of the page as the frame drew it. */
export interface FramePicture {
	dataUrl: string;
	width: number;
	height: number;
}

/** How long a frame gets to draw a picture. */
const CAPTURE_MS = 15_000;

type Post = (message: HostToFrameMessage) => void;
type Frame = { revision: number; nonce: string; page: string };

/** The inspector's host half. */
export class FrameInspector {
	#picking = false;
	#next = 1;
	/** The element the conversation holds: each new render describes it again. */
	#follow: { offset: number; tag: string } | null = null;
	readonly #captures = new Map<number, (result: FramePicture | { error: string; missing?: boolean }) => void>();

	constructor(private readonly options: InspectOptions) {}

	get picking(): boolean {
		return this.#picking;
	}

	/** Turns the picker on or off in the frame shown. */
	pick(on: boolean, frame: Frame | null, post: Post): void {
		this.#picking = on;
		if (on) void pickedChecker().catch(() => undefined);
		if (frame) post({ studioFrame: frame.nonce, type: 'pick', on });
	}

	/** Follows an element across renders (null: none). */
	follow(element: { offset: number; tag: string } | null): void {
		this.#follow = element;
		if (element) void pickedChecker().catch(() => undefined);
	}

	/** A new render is ready: the picker stays on across it, the followed element is described again. */
	ready(frame: Frame, post: Post): void {
		if (this.#picking) post({ studioFrame: frame.nonce, type: 'pick', on: true });
		if (this.#follow) post({ studioFrame: frame.nonce, type: 'describe', ...this.#follow });
	}

	/** Asks the frame for a picture (`lib`: the rasteriser's source). */
	capture(frame: Frame, post: Post, request: Omit<Extract<HostToFrameMessage, { type: 'capture' }>, 'studioFrame' | 'captureId'>): Promise<FramePicture | { error: string; missing?: boolean }> {
		const captureId = this.#next++;
		return new Promise((resolve) => {
			const timer = setTimeout(() => settle({ error: `The page was not drawn within ${CAPTURE_MS / 1000} s.` }), CAPTURE_MS);
			const settle = (result: FramePicture | { error: string; missing?: boolean }) => {
				clearTimeout(timer);
				this.#captures.delete(captureId);
				resolve(result);
			};
			this.#captures.set(captureId, settle);
			post({ ...request, studioFrame: frame.nonce, captureId });
		});
	}

	/** Handles an inspector message; false for any other. */
	handle(message: PreviewBridgeMessage, frame: Frame, post: Post): boolean {
		switch (message.type) {
			case 'picked': {
				if (message.refresh !== true) this.#picking = false;
				if (message.element === null) {
					if (message.refresh !== true) this.options.onPick?.(null);
					return true;
				}
				const refresh = message.refresh === true;
				const picked = message.element;
				// A chunk that fails to load drops this pick, as a malformed one is dropped; the next pick asks again.
				void pickedChecker().then(
					(check) => {
						const checked = check(picked);
						if (!checked) return;
						const element = { ...checked, path: frame.page, revision: frame.revision };
						if (refresh) this.options.onRefresh?.(element);
						else this.options.onPick?.(element);
					},
					() => undefined
				);
				return true;
			}
			case 'text-edit': {
				const tag = String(message.tag ?? '').slice(0, 60);
				if (message.refused === 'script' || message.refused === 'markup') {
					this.options.onTextRefused?.(message.refused, tag);
					return true;
				}
				const at = message.at;
				const id = message.id;
				if (typeof id !== 'number' || !at || typeof at.line !== 'number' || typeof at.offset !== 'number' || typeof message.before !== 'string' || typeof message.after !== 'string') return true;
				const edit: TextEdit = { path: frame.page, revision: frame.revision, tag, line: at.line, offset: at.offset, before: message.before.slice(0, 10_000), after: message.after.slice(0, 10_000) };
				void (this.options.onTextEdit?.(edit) ?? Promise.resolve(false)).then(
					(ok) => post({ studioFrame: frame.nonce, type: 'text-edit-result', id, ok }),
					() => post({ studioFrame: frame.nonce, type: 'text-edit-result', id, ok: false })
				);
				return true;
			}
			case 'captured': {
				const settle = this.#captures.get(Number(message.captureId));
				if (!settle) return true;
				if (typeof message.data === 'string' && message.data.startsWith('data:image/')) settle({ dataUrl: message.data, width: Number(message.width) || 0, height: Number(message.height) || 0 });
				else settle({ error: String(message.error ?? 'The page could not be drawn.').slice(0, 500), ...(message.missing === true ? { missing: true } : {}) });
				return true;
			}
			default:
				return false;
		}
	}
}
