// Recovery of text that closed or crashed tabs typed but never saved (their journal entries):
// saved at once when its file still holds what the text was based on; otherwise opened with the
// conflict bar so both texts stay recoverable; offered back when the file was deleted since.
import { hashText } from '$lib/domain/hash';
import { docText, fileText } from '$lib/domain/doc-text';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import { journalRemove, orphanedEntries } from './journal';

/** Opens a file with recovered text against what is stored; false when it could not. */
export type ShowRecovered = (path: string, theirs: string, revision: number, mine: string) => Promise<boolean>;

/** Handles every orphaned journal entry. */
export async function recoverUnsaved(studio: StudioClient, toasts: ToastStore, show: ShowRecovered): Promise<void> {
	for (const entry of await orphanedEntries(studio.workspaceId)) {
		const stored = await studio.api.readFile(entry.path);
		const current = stored?.content ?? null;
		const drop = () => journalRemove(entry.tabId, entry.path);
		// The text is stored (as an editor reads it: a file written with \r\n is its own text joined by \n),
		// or every update it held reached the live co-edited text (pushed as the tab went).
		if ((current !== null && docText(current) === docText(entry.text)) || (entry.collab && (await studio.api.collabHolds(entry.path, entry.collab.clientID, entry.collab.version, entry.collab.count).catch(() => false)))) {
			drop();
			continue;
		}
		// Every update of it was confirmed by the hub that still runs: that hub stores it (a tab that goes is stored).
		if (entry.hubId && !entry.collab && entry.hubId === studio.hubId) {
			drop();
			continue;
		}
		// The store still holds what the text was based on (or the save that was on its way): safe.
		if (stored && current !== null && (hashText(current) === entry.baseHash || hashText(current) === entry.savingHash)) {
			const result = await studio.callTool('workspace_write_file', { path: entry.path, content: fileText(entry.text, current), expectedRevision: stored.revision }, 'editor');
			if (!result.isError) {
				drop();
				toasts.show({ tone: 'info', message: `Recovered unsaved changes to ${entry.path}.` });
				continue;
			}
		}
		if (!stored) {
			toasts.show(
				{
					tone: 'info',
					message: `Unsaved text of ${entry.path} was recovered, but the file was deleted since.`,
					action: { label: 'Restore it', run: () => void studio.callTool('workspace_write_file', { path: entry.path, content: entry.text, createIfMissing: true }, 'editor').then(drop) }
				},
				30_000
			);
			continue;
		}
		// The file changed since that text was typed: show both, let the person choose.
		if (await show(entry.path, current ?? '', stored.revision, entry.text)) drop();
	}
}
