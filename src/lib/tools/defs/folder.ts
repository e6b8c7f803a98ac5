// Tool definitions: the connected folder: save, reload, disconnect and status. Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { LIMITS, PATH_MAX_CHARS } from '../../core/limits';
import { Revision, mutationOutput, FolderStatus, SkippedPath, noInput, mutationInput, READ, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';

/** The folder tools of the catalog. */
export const FOLDER_TOOLS = {
	workspace_save_all: tool({
		name: 'workspace_save_all',
		title: 'Save to folder',
		group: 'folder',
		description: `Writes every changed file to the connected local folder and deletes the ones removed from the workspace. A file is written or deleted only if the disk still holds what the studio last synced there (or it does not exist); a file edited on disk meanwhile, or never synced, is a conflict: the call fails with WORKSPACE_FOLDER_STALE listing the paths and writes nothing — unless the person listed them in overwrite. Dot files, node_modules and file types the studio does not hold are never written (listed in skipped). Fails with WORKSPACE_FOLDER_NOT_CONNECTED or WORKSPACE_FOLDER_PERMISSION_DENIED. Does not change the workspace revision. ${REVISION_NOTE}`,
		input: mutationInput({
			overwrite: v.optional(
				v.pipe(v.array(v.pipe(v.string(), v.maxLength(PATH_MAX_CHARS))), v.maxLength(LIMITS.files), v.description('Paths the person chose to overwrite on disk although they changed there (from a WORKSPACE_FOLDER_STALE conflict).'))
			)
		}),
		output: mutationOutput({ savedPaths: v.array(v.string()), skipped: v.optional(v.array(SkippedPath)), folder: FolderStatus }),
		hints: { ...WRITE, destructiveHint: true, idempotentHint: true, openWorldHint: true }
	}),
	workspace_reload_folder: tool({
		name: 'workspace_reload_folder',
		title: 'Reload from folder',
		group: 'folder',
		description: `Replaces the workspace files with what is on disk in the connected folder, as a new revision (undoable). Files the studio cannot hold (dot files, node_modules, other types, files over the size limits) are left out and listed in skipped with the reason. Fails with WORKSPACE_FOLDER_NOT_CONNECTED when no folder is connected. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({}),
		output: mutationOutput({ skipped: v.optional(v.array(SkippedPath)), folder: FolderStatus }),
		hints: { ...WRITE, destructiveHint: true, openWorldHint: true }
	}),
	workspace_disconnect_folder: tool({
		name: 'workspace_disconnect_folder',
		title: 'Disconnect folder',
		group: 'folder',
		description: `Forgets the connected folder; files stay in the browser workspace. Fails with WORKSPACE_FOLDER_NOT_CONNECTED when none is connected. ${REVISION_NOTE}`,
		input: mutationInput({}),
		output: mutationOutput({ folder: FolderStatus }),
		hints: { ...WRITE, idempotentHint: true }
	}),
	folder_get_status: tool({
		name: 'folder_get_status',
		title: 'Folder status',
		group: 'folder',
		description:
			'Says whether a local folder is connected ("browser-only" when not), its name, and which paths differ from what was last saved there. Read-only.',
		input: noInput(),
		output: v.looseObject({ revision: Revision, folder: FolderStatus }),
		hints: READ
	}),
} as const;
