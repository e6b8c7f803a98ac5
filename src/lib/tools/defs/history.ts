// Tool definitions: undo, redo, restoring a revision and resetting to the starter. Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { Revision, MutationOutput, mutationInput, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';
import { STARTER_IDS } from '../../domain/starters';

/** The history tools of the catalog. */
export const HISTORY_TOOLS = {
	workspace_undo: tool({
		name: 'workspace_undo',
		title: 'Undo',
		group: 'history',
		description: `Reverts the most recent change (whoever made it) as a new revision. Fails with WORKSPACE_HISTORY_EMPTY when there is nothing to undo. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({}),
		output: MutationOutput,
		hints: WRITE
	}),
	workspace_redo: tool({
		name: 'workspace_redo',
		title: 'Redo',
		group: 'history',
		description: `Re-applies the change most recently undone, as a new revision. Fails with WORKSPACE_HISTORY_EMPTY when there is nothing to redo. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({}),
		output: MutationOutput,
		hints: WRITE
	}),
	workspace_restore_revision: tool({
		name: 'workspace_restore_revision',
		title: 'Restore revision',
		group: 'history',
		description: `Makes every file look exactly as it did at an earlier revision (from workspace_history), recorded as a new revision so it can itself be undone. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ revision: v.pipe(Revision, v.description('The revision to restore.'), v.examples([1])) }),
		output: MutationOutput,
		hints: { ...WRITE, destructiveHint: true, idempotentHint: true }
	}),
	workspace_reset: tool({
		name: 'workspace_reset',
		title: 'Reset to starter',
		group: 'workspace',
		description: `Replaces every file with a starter: "landing" (default; the bakery page the preview_* template tools edit), "blank" (one empty page) or "multi-page" (three pages with a shared stylesheet, a nav and ES modules). Destructive but recorded in history, so workspace_undo brings the old files back. Only do this when the person asked for it. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ starter: v.optional(v.pipe(v.picklist(STARTER_IDS), v.description('Which starter (default "landing").')), 'landing') }),
		output: MutationOutput,
		hints: { ...WRITE, destructiveHint: true, idempotentHint: true }
	}),
} as const;
