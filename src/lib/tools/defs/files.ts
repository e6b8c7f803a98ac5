// Tool definitions: creating, writing, patching, renaming and deleting files, and importing a .zip. Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { TEXT_FILE_MAX_BYTES } from '../../core/limits';
import { ARCHIVE_MAX_BYTES, base64Chars } from '../../core/archive-limit';
import { BATCH_MAX_OPERATIONS } from '../../domain/transitions';
import { Path, TextContent, Encoding, mutationOutput, MutationOutput, mutationInput, SkippedPath, WRITE, tool, REVISION_NOTE, RETURNS_MUTATION } from '../parts';

const Search = v.pipe(v.string(), v.minLength(1), v.maxLength(TEXT_FILE_MAX_BYTES), v.description('Exact text to find.'), v.examples(['Hello']));
const Replace = v.pipe(v.string(), v.maxLength(TEXT_FILE_MAX_BYTES), v.description('Text to put in its place.'), v.examples(['Welcome']));
const Occurrence = v.optional(v.pipe(v.picklist(['first', 'all']), v.description('"first" (default) or "all".')), 'first');
const CreateIfMissing = v.optional(v.pipe(v.boolean(), v.description('Create the file if it does not exist (default false).')), false);

/** One step of workspace_apply_changes: the same arguments as the single-file tool, plus `op`. */
const Operation = v.variant('op', [
	v.strictObject({ op: v.literal('create'), path: Path, content: v.optional(TextContent, ''), encoding: Encoding }),
	v.strictObject({ op: v.literal('write'), path: Path, content: TextContent, encoding: Encoding, createIfMissing: CreateIfMissing }),
	v.strictObject({ op: v.literal('patch'), path: Path, search: Search, replace: Replace, occurrence: Occurrence }),
	v.strictObject({ op: v.literal('rename'), from: Path, to: Path }),
	v.strictObject({ op: v.literal('delete'), path: Path })
]);

/** The files tools of the catalog. */
export const FILES_TOOLS = {
	workspace_create_file: tool({
		name: 'workspace_create_file',
		title: 'Create file',
		group: 'files',
		description: `Creates a new file. Fails with WORKSPACE_FILE_EXISTS if the path is taken (use workspace_write_file to replace content). The kind (text or asset) follows from the extension. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ path: Path, content: v.optional(TextContent, ''), encoding: Encoding }),
		output: MutationOutput,
		hints: WRITE
	}),
	workspace_write_file: tool({
		name: 'workspace_write_file',
		title: 'Write file',
		group: 'files',
		description: `Replaces the whole content of an existing file (or creates it when createIfMissing is true). Writing identical content changes nothing. Prefer workspace_apply_patch for small edits to large files. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ path: Path, content: TextContent, encoding: Encoding, createIfMissing: CreateIfMissing }),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	workspace_apply_patch: tool({
		name: 'workspace_apply_patch',
		title: 'Apply patch',
		group: 'files',
		description: `Search-and-replace inside one text file: replaces the first occurrence of \`search\` (or every occurrence with occurrence "all") with \`replace\`. The search is literal and must match exactly, whitespace included; copy it from workspace_read_file. Fails with WORKSPACE_PATCH_NOT_FOUND when nothing matches. Reports how many replacements were made. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ path: Path, search: Search, replace: Replace, occurrence: Occurrence }),
		output: mutationOutput({ replacements: v.number() }),
		hints: WRITE
	}),
	workspace_rename_file: tool({
		name: 'workspace_rename_file',
		title: 'Rename file',
		group: 'files',
		description: `Moves a file to a new path (a rename or a move between folders). Fails with WORKSPACE_FILE_EXISTS if the target exists. With updateReferences (default true) the links to it are rewritten in the same revision — HTML href/src, CSS url() and @import, ES module imports — and so are the moved file's own relative links when it changes folders; updatedReferences lists each one (file, line, old → new). ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			from: Path,
			to: Path,
			updateReferences: v.optional(v.pipe(v.boolean(), v.description('Rewrite links to the file (and its own relative links) in the same revision (default true).')), true)
		}),
		output: mutationOutput({ updatedReferences: v.optional(v.array(v.looseObject({ path: v.string(), line: v.number(), from: v.string(), to: v.string() }))) }),
		hints: WRITE
	}),
	workspace_delete_file: tool({
		name: 'workspace_delete_file',
		title: 'Delete file',
		group: 'files',
		description: `Deletes one file. The last HTML file cannot be deleted while other files remain (WORKSPACE_ENTRY_REQUIRED). danglingReferences lists the links other files still have to it (file, line), so they can be fixed. Undoable with workspace_undo. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ path: Path }),
		output: mutationOutput({ danglingReferences: v.optional(v.array(v.looseObject({ path: v.string(), line: v.number(), reference: v.string() }))) }),
		hints: { ...WRITE, destructiveHint: true }
	}),
	workspace_apply_changes: tool({
		name: 'workspace_apply_changes',
		title: 'Apply changes',
		group: 'files',
		description: `Applies several file operations as ONE revision: use it for any change that touches more than one file (a new page plus its link and styles, a rename plus the references to it). operations is an ordered list; each has "op" ("create", "write", "patch", "rename" or "delete") and the same fields as workspace_create_file, workspace_write_file, workspace_apply_patch, workspace_rename_file or workspace_delete_file. Later operations see what earlier ones did (create a file, then patch it). Everything is checked before anything is written — paths, limits, every patch's search text — and it is all or nothing: if one operation fails, the error names it and no file changes. The person approves it once, seeing every file's diff; the preview renders once; one workspace_undo reverts all of it. At most ${BATCH_MAX_OPERATIONS} operations. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			operations: v.pipe(
				v.array(Operation),
				v.minLength(1),
				v.maxLength(BATCH_MAX_OPERATIONS),
				v.description('The operations, applied in order.'),
				v.examples([[{ op: 'create', path: 'about.html', content: '<h1>About</h1>\n', encoding: 'utf8' }, { op: 'patch', path: 'index.html', search: '</nav>', replace: '<a href="about.html">About</a></nav>', occurrence: 'first' }]])
			)
		}),
		output: mutationOutput({ operations: v.number(), replacements: v.number() }),
		hints: { ...WRITE, destructiveHint: true }
	}),
	workspace_import_zip: tool({
		name: 'workspace_import_zip',
		title: 'Import .zip',
		group: 'files',
		description: `Imports the files of a .zip archive (base64) as one revision (undoable). mode "merge" (default) adds the archive's files and replaces files of the same path; "replace" makes the workspace exactly the archive's files. A single top folder in the archive (site/…) is taken off. Every entry goes through the path, type and size rules: zip-slip and absolute paths, dot files, node_modules, unsupported types, oversize files, entries past the file limit and zip bombs are left out and listed in skipped with the reason. Fails with TOOL_VALIDATION_FAILED when the bytes are not a zip or nothing in it can be imported. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			data: v.pipe(v.string(), v.minLength(1), v.maxLength(base64Chars(ARCHIVE_MAX_BYTES)), v.description('The .zip file, base64-encoded (at most 24 MB of archive).')),
			mode: v.optional(v.pipe(v.picklist(['merge', 'replace']), v.description('"merge" (default) or "replace".')), 'merge')
		}),
		output: mutationOutput({ imported: v.array(v.string()), skipped: v.array(SkippedPath) }),
		hints: { ...WRITE, destructiveHint: true }
	}),
	workspace_edit_element: tool({
		name: 'workspace_edit_element',
		title: 'Edit an element',
		group: 'files',
		description: `Edits one element of an HTML file where it is written: sets its text and/or inline style properties, leaving every other byte of the file as it is. Name the element by its place (the "offset" of its open tag, as an element picked in the preview gives it in "path:line" and its offset) and its tag. text replaces the element's text (escaped; only for an element whose content is text, no inner tags); expectText, when given, must be the text it holds now (refused otherwise: a script built it). style sets CSS properties in its style attribute ("" removes one). Fails with PREVIEW_TARGET_NOT_FOUND when no such element starts there (the file changed since: read it again). ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			path: Path,
			offset: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Character offset of the element\'s open tag ("<") in the file.')),
			tag: v.pipe(v.string(), v.minLength(1), v.maxLength(60), v.description('The element\'s tag name, as a check (h1, p, a…).'), v.examples(['h1'])),
			text: v.optional(v.pipe(v.string(), v.maxLength(10_000), v.description('The new text of the element.'))),
			expectText: v.optional(v.pipe(v.string(), v.maxLength(10_000), v.description('The text the element shows now.'))),
			style: v.optional(
				v.pipe(
					v.record(v.pipe(v.string(), v.regex(/^-?[a-zA-Z][a-zA-Z0-9-]*$/), v.maxLength(60)), v.pipe(v.string(), v.maxLength(300), v.regex(/^[^;{}<>]*$/))),
					v.maxEntries(30),
					v.description('CSS properties to set in the element\'s style attribute ("" removes one).'),
					v.examples([{ 'font-size': '3rem', color: 'teal' }])
				)
			)
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	})
} as const;
