// Opening a file into the editor: co-edited through the hub (its live text, version and the other
// tabs' carets), or on its own (binary, too large to edit, or a hub that cannot share it), read-only
// where it cannot be typed into.
import type { CollabSelection } from '$lib/worker/protocol';
import { EDITOR_MAX_BYTES } from '$lib/core/limits';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { FileSession } from './sessions';

/** What opening a file needs: the studio, CodeMirror, and what typing and selecting report. */
export interface OpenWith {
	studio: StudioClient;
	toasts: ToastStore;
	cm: typeof import('./codemirror') | null;
	typed(): void;
	presence(selection: CollabSelection): void;
}

const languageOf = (studio: StudioClient, path: string) => studio.workspace.files.find((f) => f.path === path)?.language ?? 'plaintext';

/** Opens `path` co-edited through the hub (null: the hub cannot share it). */
export async function openShared(path: string, { studio, cm, typed, presence }: OpenWith): Promise<FileSession | null> {
	const tabId = studio.tabId;
	const opened = tabId && cm ? await studio.api.collabOpen(path, tabId).catch(() => null) : null;
	if (!opened || !cm || !tabId) return null;
	const language = languageOf(studio, path);
	await cm.loadLanguage(language);
	let state = cm.createState(opened.text, language, typed, false, { version: opened.version, clientID: tabId, onSelection: presence });
	state = state.update({ effects: opened.peers.map(({ peer, selection }) => cm.setPeer.of({ ...peer, selection })) }).state;
	return { state, base: opened.text, revision: studio.workspace.revision, saving: null, language, readOnly: false, shared: true };
}

/** Opens `path` on its own (binary files and files past the editor's limit read-only). */
export async function openAlone(path: string, { studio, toasts, cm, typed }: OpenWith, tooLarge = false): Promise<FileSession | null> {
	const file = await studio.api.readFile(path);
	if (!file || !cm) return null;
	const readOnly = file.content === null || tooLarge;
	if (tooLarge && file.content !== null)
		toasts.show({ tone: 'info', message: `${path} is ${Math.round(file.size / 1024)} KB, more than the editor edits (${EDITOR_MAX_BYTES / 1024} KB): it opens read-only. The preview, search and tools use all of it.` });
	const content = file.content ?? `This is a binary file (${file.mimeType}, ${file.size} bytes); it cannot be edited as text.`;
	const language = languageOf(studio, path);
	await cm.loadLanguage(language);
	return { state: cm.createState(content, language, typed, readOnly), base: content, revision: file.revision, saving: null, language, readOnly, shared: false };
}
