// The preview host's inspector (host-inspect.ts: the picker, texts edited in place, pictures), loaded
// when first used rather than with the first render. One promise, so what is asked meanwhile runs in
// the order it was asked; before it is there a new render has nothing of it to restore.
import type { FrameInspector, InspectOptions } from './host-inspect';
import type { HostToFrameMessage, PreviewBridgeMessage } from './messages';
import { onceUntilFailed } from '$lib/core/once';

/** The frame's messages the inspector answers: they wait for its code when it is not there yet. */
const INSPECTOR_MESSAGES: ReadonlySet<string> = new Set(['picked', 'text-edit', 'captured']);

type Post = (message: HostToFrameMessage) => void;
type Frame = Parameters<FrameInspector['handle']>[1];

/** One host's inspector, made the first time it is needed. */
export class InspectorSlot {
	#inspector: FrameInspector | null = null;
	#asked = false;
	readonly #load = onceUntilFailed(() => import('./host-inspect').then((module) => (this.#inspector = new module.FrameInspector(this.options))));

	constructor(private readonly options: InspectOptions) {}

	/** The inspector, loading it the first time (a failed fetch is tried again at the next use). */
	get(): Promise<FrameInspector> {
		this.#asked = true;
		return this.#load();
	}

	/** It was asked for already: before that there is no picker to turn off and nothing followed. */
	get asked(): boolean {
		return this.#asked;
	}

	/** A new render is ready: the picker and the followed element carry over, if the inspector is there. */
	ready(frame: Frame, post: Post): void {
		this.#inspector?.ready(frame, post);
	}

	/** Hands over one of the inspector's messages (now, or once its code is there); false for any other. */
	handle(message: PreviewBridgeMessage, frame: Frame, post: Post): boolean {
		if (!INSPECTOR_MESSAGES.has(message.type)) return false;
		if (this.#inspector) this.#inspector.handle(message, frame, post);
		else
			void this.get().then(
				(inspector) => inspector.handle(message, frame, post),
				() => undefined
			);
		return true;
	}
}
