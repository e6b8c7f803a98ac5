// One editor save: workspace_write_file guarded by the revision the text last agreed with. When the
// workspace moved on, the file is read again: if it still holds the text the save was based on, only
// other files changed and the save is retried on that revision; otherwise it is a conflict.
import type { ToolErrorShape } from '$lib/core/errors';
import type { StudioClient } from '../studio.svelte';

/** How a save ended. */
export type SaveOutcome =
	| { kind: 'saved'; revision: number }
	/** The file changed elsewhere: `theirs` is stored at `revision` (empty when it was deleted). */
	| { kind: 'conflict'; theirs: string; revision: number }
	| { kind: 'failed'; error: ToolErrorShape }
	/** The workspace kept moving; nothing was written. */
	| { kind: 'gave-up' };

/** What the save knows about the text it writes. */
export interface SaveRequest {
	path: string;
	content: string;
	/** The stored text this content was edited from, and the revision it was stored at. */
	base: string;
	baseRevision: number;
	/** Write even over a change made elsewhere (the person chose "keep mine"). */
	force?: boolean;
}

/** Saves once (with up to four re-reads when only other files moved). */
export async function saveText(studio: StudioClient, request: SaveRequest): Promise<SaveOutcome> {
	const { path, content, base, force } = request;
	let expectedRevision = request.baseRevision;
	for (let attempt = 0; attempt < 5; attempt++) {
		// "Keep mine" over a file deleted elsewhere writes it back.
		const result = await studio.callTool('workspace_write_file', { path, content, expectedRevision, ...(force ? { createIfMissing: true } : {}) }, 'editor');
		if (!result.isError) return { kind: 'saved', revision: (result.structuredContent as { revision: number }).revision };
		const error = result.structuredContent.error as ToolErrorShape;
		if (error.code !== 'WORKSPACE_REVISION_CONFLICT') return { kind: 'failed', error };
		const stored = await studio.api.readFile(path);
		if (!force && (!stored || stored.content !== base)) return { kind: 'conflict', theirs: stored?.content ?? '', revision: stored?.revision ?? studio.workspace.revision };
		expectedRevision = stored?.revision ?? studio.workspace.revision;
	}
	return { kind: 'gave-up' };
}
