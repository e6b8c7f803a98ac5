// What the person does on the page itself: an element picked in the preview goes to the
// conversation (the chip, the next prompt's context) and can be opened in the editor; a text edited
// in place is written to its file as one revision, as a person's direct edit (undoable like typing).
import type { PickedElement } from '$lib/preview/messages';
import type { TextEdit } from '$lib/preview/host-inspect';
import type { CallToolResult, Source } from '$lib/runtime/types';
import type { ToastStore } from '../toasts.svelte';

/** What these commands need of the workbench. */
export interface InspectDeps {
	call(name: string, args: Record<string, unknown>, source?: Source): Promise<CallToolResult>;
	/** Saves what is typed in a file's editor first (a text edited in place lands on top of it). */
	flush(path: string): Promise<void>;
	openFile(path: string, line?: number): Promise<void>;
	/** Shows a panel (a phone shows one at a time). */
	reveal(panel: 'editor' | 'agent'): void;
	/** The element the conversation holds (null: none), and holding another one. */
	held(): PickedElement | null;
	hold(element: PickedElement | null): void;
	/** The preview describes this element again in each new render (null: none). */
	follow(element: PickedElement | null): void;
}

/** The picker's and the in-place editor's commands. */
export class InspectActions {
	constructor(
		private readonly deps: InspectDeps,
		private readonly toasts: ToastStore
	) {}

	/** The element the person picked (null: they gave up): the conversation holds it for the next prompts. */
	picked(element: PickedElement | null): void {
		if (!element) return;
		this.deps.hold(element);
		this.deps.follow(element);
		this.deps.reveal('agent');
	}

	/** The held element as a new render shows it: a change made to it shows in what the next prompt says of it. */
	refreshed(element: PickedElement): void {
		const held = this.deps.held();
		if (held?.at && element.at && held.at.offset === element.at.offset && held.path === element.path) this.deps.hold(element);
	}

	/** The person removed the chip. */
	release(): void {
		this.deps.hold(null);
		this.deps.follow(null);
	}

	/** Opens the editor where a picked element is written. */
	async goToCode(element: PickedElement): Promise<void> {
		if (!element.at || !element.path) {
			this.toasts.show({ tone: 'info', message: `${element.label} is built by a script: it is not written in the page's HTML.` });
			return;
		}
		this.deps.reveal('editor');
		await this.deps.openFile(element.path, element.at.line);
	}

	/** Writes a text edited in place to its file; false when it was not written (the frame shows the old text). */
	async editText(edit: TextEdit): Promise<boolean> {
		await this.deps.flush(edit.path).catch(() => undefined);
		const result = await this.deps.call('workspace_edit_element', { path: edit.path, offset: edit.offset, tag: edit.tag, expectText: edit.before, text: edit.after }, 'editor');
		return !result.isError;
	}

	/** A double-clicked text that is not written in the page's HTML as shown. */
	refused(reason: 'script' | 'markup', tag: string): void {
		this.toasts.show({
			tone: 'info',
			message: reason === 'script' ? `This <${tag}> text is built by a script, not written in the page's HTML: edit it in the code.` : `This <${tag}> has markup inside (links, emphasis…): edit its text in the code.`
		});
	}
}
