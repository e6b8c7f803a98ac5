// The tool catalog, defined once: names, titles, model-facing descriptions, valibot input/output
// schemas and MCP annotations. tools/list, the OpenAI export, WebMCP, the catalog UI and argument
// validation are all derived from this file; nothing else may describe a tool.
import * as v from 'valibot';
import { LIMITS, PATH_MAX_CHARS, TEXT_FILE_MAX_BYTES, ASSET_MAX_BYTES } from '../core/limits';

/** Tool names are valid in MCP, OpenAI/OpenRouter, Anthropic, Gemini and WebMCP as they are. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** MCP tool annotations; every tool states all four hints explicitly. */
export interface ToolAnnotations {
	title: string;
	readOnlyHint: boolean;
	destructiveHint: boolean;
	idempotentHint: boolean;
	openWorldHint: boolean;
}

/** Catalog groups, in the order the UI shows them. */
export const TOOL_GROUPS = ['workspace', 'files', 'history', 'preview', 'template', 'folder'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

type AnySchema = v.GenericSchema;

/** One tool's definition. `input` must be a strict object schema. */
export interface ToolDefinition<I extends AnySchema = AnySchema, O extends AnySchema = AnySchema> {
	name: string;
	title: string;
	description: string;
	group: ToolGroup;
	input: I;
	output: O;
	annotations: ToolAnnotations;
}

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────────

const Revision = v.pipe(v.number(), v.integer(), v.minValue(0));

const Path = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(PATH_MAX_CHARS),
	v.description('Workspace-relative path with forward slashes, e.g. "index.html" or "css/site.css". No leading "/" and no "..".'),
	v.examples(['index.html'])
);

const ExpectedRevision = v.optional(
	v.pipe(
		Revision,
		v.description(
			'The workspace revision you last observed (every read returns it). If the workspace has changed since, the call fails with WORKSPACE_REVISION_CONFLICT and nothing is written: read again, then retry with the new revision.'
		),
		v.examples([1])
	)
);

const TextContent = v.pipe(
	v.string(),
	v.maxLength(Math.ceil((ASSET_MAX_BYTES * 4) / 3) + 4),
	v.description(`File content. UTF-8 text (at most ${TEXT_FILE_MAX_BYTES / 1024} KiB), or base64 when encoding is "base64" (assets, at most ${ASSET_MAX_BYTES / 1024 / 1024} MiB).`),
	v.examples(['<h1>Hello</h1>\n'])
);

const Encoding = v.optional(
	v.pipe(v.picklist(['utf8', 'base64']), v.description('How `content` is encoded: "utf8" text (default) or "base64" for binary assets such as images and fonts.')),
	'utf8'
);

const PreviewState = v.picklist(['ready', 'error', 'timeout', 'unavailable', 'superseded']);

const Diagnostic = v.looseObject({
	kind: v.string(),
	path: v.string(),
	reference: v.string(),
	message: v.optional(v.string())
});

/** What a mutation reports about the preview of the revision it produced. */
const PreviewOutcome = v.looseObject({
	revision: Revision,
	status: PreviewState,
	code: v.optional(v.string()),
	message: v.optional(v.string()),
	durationMs: v.optional(v.number()),
	diagnostics: v.optional(v.array(Diagnostic))
});

const FileKind = v.picklist(['text', 'asset']);

const FileSummary = v.looseObject({
	path: v.string(),
	kind: FileKind,
	language: v.string(),
	mimeType: v.string(),
	size: v.number(),
	hash: v.string()
});

/** Every mutation answers with the new revision, what changed, and the preview outcome. */
const mutationOutput = <E extends v.ObjectEntries>(extra: E) =>
	v.looseObject({
		revision: Revision,
		changedPaths: v.array(v.string()),
		preview: PreviewOutcome,
		...extra
	});

const MutationOutput = mutationOutput({});

const FolderStatus = v.looseObject({
	status: v.picklist(['browser-only', 'connected', 'permission-required', 'stale']),
	name: v.optional(v.string()),
	dirtyPaths: v.optional(v.array(v.string())),
	lastSavedAt: v.optional(v.number())
});

const SkippedPath = v.looseObject({ path: v.string(), reason: v.string() });

const noInput = () => v.strictObject({});
const mutationInput = <E extends v.ObjectEntries>(entries: E) => v.strictObject({ ...entries, expectedRevision: ExpectedRevision });

const READ: Omit<ToolAnnotations, 'title'> = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITE: Omit<ToolAnnotations, 'title'> = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

function tool<I extends AnySchema, O extends AnySchema>(
	definition: Omit<ToolDefinition<I, O>, 'annotations'> & { hints: Omit<ToolAnnotations, 'title'> }
): ToolDefinition<I, O> {
	const { hints, ...rest } = definition;
	return { ...rest, annotations: { title: definition.title, ...hints } };
}

const REVISION_NOTE = 'Pass expectedRevision (from your last read) so a concurrent change is refused instead of overwritten.';
const RETURNS_MUTATION = 'Returns the new revision, the changed paths, and the preview status of that revision: ready, error (with the message), timeout, unavailable (no preview open), or superseded (a newer revision rendered first).';

// ── The catalog ──────────────────────────────────────────────────────────────────────────────────

/** Every tool of the studio, keyed by name. */
export const TOOLS = {
	workspace_get_status: tool({
		name: 'workspace_get_status',
		title: 'Workspace status',
		group: 'workspace',
		description:
			'Use first to orient yourself. Returns the current revision, the number of files, bytes used against the limits, the active file, the storage (mode, whether the browser keeps it persistently, usage and quota in bytes), the folder connection and any quarantined records. Read-only.',
		input: noInput(),
		output: v.looseObject({
			workspaceId: v.string(),
			name: v.string(),
			revision: Revision,
			activePath: v.nullable(v.string()),
			fileCount: v.number(),
			bytesUsed: v.number(),
			limits: v.looseObject({ textFileBytes: v.number(), assetBytes: v.number(), workspaceBytes: v.number(), files: v.number() }),
			storage: v.looseObject({ mode: v.string(), persisted: v.optional(v.nullable(v.boolean())), usage: v.optional(v.nullable(v.number())), quota: v.optional(v.nullable(v.number())) }),
			folder: FolderStatus,
			quarantined: v.array(v.looseObject({ store: v.string(), key: v.string(), reason: v.string() }))
		}),
		hints: READ
	}),
	workspace_list_files: tool({
		name: 'workspace_list_files',
		title: 'List files',
		group: 'files',
		description:
			'Lists every file in the workspace with its kind (text or asset), language, MIME type, size in bytes and content hash, plus the current revision. Use it to find paths before reading or editing. Read-only.',
		input: noInput(),
		output: v.looseObject({ revision: Revision, files: v.array(FileSummary) }),
		hints: READ
	}),
	workspace_read_file: tool({
		name: 'workspace_read_file',
		title: 'Read file',
		group: 'files',
		description:
			'Returns the full text of one file and the current revision; keep that revision and pass it as expectedRevision to your next edit. Assets (images, fonts) are not returned as bytes: they fail with WORKSPACE_FILE_TYPE_CONFLICT giving size and MIME type. Read-only.',
		input: v.strictObject({ path: Path }),
		output: v.looseObject({ revision: Revision, path: v.string(), content: v.string(), language: v.string(), size: v.number(), hash: v.string() }),
		hints: READ
	}),
	workspace_search: tool({
		name: 'workspace_search',
		title: 'Search files',
		group: 'files',
		description:
			'Finds text across the workspace\'s text files. Literal by default; set regex to true for a regular expression in RE2 syntax (linear time: no lookarounds or backreferences). Returns matches with path, line, column and a one-line preview (bounded by maxResults; `truncated` says whether more exist; lines over 20,000 characters are searched in their first 20,000, counted in `clippedLines`) and the revision. Read-only.',
		input: v.strictObject({
			query: v.pipe(v.string(), v.minLength(1), v.maxLength(500), v.description('Text (or regular expression) to find.'), v.examples(['<h1'])),
			regex: v.optional(v.pipe(v.boolean(), v.description('Treat query as a regular expression.')), false),
			caseSensitive: v.optional(v.pipe(v.boolean(), v.description('Match letter case exactly.')), false),
			path: v.optional(v.pipe(v.string(), v.maxLength(PATH_MAX_CHARS), v.description('Only search files whose path starts with this prefix.'))),
			maxResults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500), v.description('Most matches to return (default 100).')), 100)
		}),
		output: v.looseObject({
			revision: Revision,
			matches: v.array(v.looseObject({ path: v.string(), line: v.number(), column: v.number(), preview: v.string() })),
			truncated: v.boolean(),
			clippedLines: v.optional(v.number())
		}),
		hints: READ
	}),
	workspace_history: tool({
		name: 'workspace_history',
		title: 'History',
		group: 'history',
		description:
			'Lists recent revisions, newest first: which tool produced each, from which source (editor, palette, model, local agent, MCP, WebMCP), whether it was approved, when, and which paths changed. Also says whether undo and redo are possible. Read-only.',
		input: v.strictObject({
			limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200), v.description('Most entries to return (default 50).')), 50)
		}),
		output: v.looseObject({
			revision: Revision,
			canUndo: v.boolean(),
			canRedo: v.boolean(),
			entries: v.array(
				v.looseObject({
					revision: Revision,
					tool: v.string(),
					source: v.string(),
					mode: v.string(),
					approved: v.boolean(),
					at: v.number(),
					changedPaths: v.array(v.string())
				})
			)
		}),
		hints: READ
	}),
	workspace_open_file: tool({
		name: 'workspace_open_file',
		title: 'Open file in editor',
		group: 'files',
		description:
			'Moves the editors\' focus to a file (and optionally a line) so the person watching sees what you are working on. Does not change any file content. Read-only.',
		input: v.strictObject({
			path: Path,
			line: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.description('1-based line to reveal.')))
		}),
		output: v.looseObject({ revision: Revision, path: v.string(), line: v.optional(v.number()) }),
		hints: READ
	}),
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
		input: mutationInput({
			path: Path,
			content: TextContent,
			encoding: Encoding,
			createIfMissing: v.optional(v.pipe(v.boolean(), v.description('Create the file if it does not exist (default false).')), false)
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	workspace_apply_patch: tool({
		name: 'workspace_apply_patch',
		title: 'Apply patch',
		group: 'files',
		description: `Search-and-replace inside one text file: replaces the first occurrence of \`search\` (or every occurrence with occurrence "all") with \`replace\`. The search is literal and must match exactly, whitespace included; copy it from workspace_read_file. Fails with WORKSPACE_PATCH_NOT_FOUND when nothing matches. Reports how many replacements were made. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			path: Path,
			search: v.pipe(v.string(), v.minLength(1), v.maxLength(TEXT_FILE_MAX_BYTES), v.description('Exact text to find.'), v.examples(['Hello'])),
			replace: v.pipe(v.string(), v.maxLength(TEXT_FILE_MAX_BYTES), v.description('Text to put in its place.'), v.examples(['Welcome'])),
			occurrence: v.optional(v.pipe(v.picklist(['first', 'all']), v.description('"first" (default) or "all".')), 'first')
		}),
		output: mutationOutput({ replacements: v.number() }),
		hints: WRITE
	}),
	workspace_rename_file: tool({
		name: 'workspace_rename_file',
		title: 'Rename file',
		group: 'files',
		description: `Moves a file to a new path (a rename or a move between folders). Fails with WORKSPACE_FILE_EXISTS if the target exists. References to the old path in other files are not rewritten. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ from: Path, to: Path }),
		output: MutationOutput,
		hints: WRITE
	}),
	workspace_delete_file: tool({
		name: 'workspace_delete_file',
		title: 'Delete file',
		group: 'files',
		description: `Deletes one file. The last HTML file cannot be deleted while other files remain (WORKSPACE_ENTRY_REQUIRED). Undoable with workspace_undo. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({ path: Path }),
		output: MutationOutput,
		hints: { ...WRITE, destructiveHint: true }
	}),
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
		description: `Replaces every file with the starter template. Destructive but recorded in history, so workspace_undo brings the old files back. Only do this when the person asked for it. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({}),
		output: MutationOutput,
		hints: { ...WRITE, destructiveHint: true, idempotentHint: true }
	}),
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
	preview_get_status: tool({
		name: 'preview_get_status',
		title: 'Preview status',
		group: 'preview',
		description:
			'Returns the last revision the preview acknowledged, its status (ready, error, timeout, unavailable), compile diagnostics (missing files, external references), and the latest console lines and runtime errors with the revision they came from. Use it after a change to check the page works. Read-only.',
		input: noInput(),
		output: v.looseObject({
			revision: Revision,
			preview: PreviewOutcome,
			console: v.array(v.looseObject({ level: v.string(), text: v.string(), revision: Revision })),
			errors: v.array(v.looseObject({ message: v.string(), revision: Revision }))
		}),
		hints: READ
	}),
	preview_refresh: tool({
		name: 'preview_refresh',
		title: 'Refresh preview',
		group: 'preview',
		description:
			'Renders the current revision again (for example after a runtime error that depends on timing) and waits for the preview to acknowledge it. Does not change files. Read-only.',
		input: noInput(),
		output: v.looseObject({ revision: Revision, preview: PreviewOutcome }),
		hints: { ...READ, idempotentHint: false }
	}),
	preview_set_theme: tool({
		name: 'preview_set_theme',
		title: 'Set theme colour',
		group: 'template',
		description: `Starter template: sets the site's accent colour (a #rrggbb hex value) and optionally its colour scheme, by editing styles.css. Fails with PREVIEW_TARGET_NOT_FOUND if the template's theme block was removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			accent: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/), v.description('Accent colour as #rrggbb.'), v.examples(['#0d9488'])),
			scheme: v.optional(v.pipe(v.picklist(['light', 'dark', 'auto']), v.description('Colour scheme of the site (default: leave as is).')))
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	preview_update_hero: tool({
		name: 'preview_update_hero',
		title: 'Update hero',
		group: 'template',
		description: `Starter template: changes the big headline and/or the sentence under it on index.html. Text is inserted as text (HTML is escaped). Fails with PREVIEW_TARGET_NOT_FOUND if the hero markers were removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			title: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120), v.description('New headline.'), v.examples(['Fresh bread every morning']))),
			subtitle: v.optional(v.pipe(v.string(), v.maxLength(300), v.description('New sentence under the headline.')))
		}),
		output: MutationOutput,
		hints: { ...WRITE, idempotentHint: true }
	}),
	preview_add_feature: tool({
		name: 'preview_add_feature',
		title: 'Add feature card',
		group: 'template',
		description: `Starter template: appends a feature card (title, short text, optional emoji icon) to the features section of index.html. Text is escaped. Fails with PREVIEW_TARGET_NOT_FOUND if the features list was removed. ${REVISION_NOTE} ${RETURNS_MUTATION}`,
		input: mutationInput({
			title: v.pipe(v.string(), v.minLength(1), v.maxLength(80), v.description('Card title.'), v.examples(['Fast'])),
			body: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('One or two sentences.'), v.examples(['Loads in under a second.'])),
			icon: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(8), v.description('An emoji shown on the card.')))
		}),
		output: MutationOutput,
		hints: WRITE
	})
} as const satisfies Record<string, ToolDefinition>;

/** Name of a tool in the catalog. */
export type ToolName = keyof typeof TOOLS;
/** Parsed (defaults applied) input of a tool. */
export type ToolInput<N extends ToolName> = v.InferOutput<(typeof TOOLS)[N]['input']>;
/** Output of a tool, as its handler must return it. */
export type ToolOutput<N extends ToolName> = v.InferInput<(typeof TOOLS)[N]['output']>;

/** The catalog in a stable order (group, then declaration order). */
export const TOOL_LIST: readonly ToolDefinition[] = TOOL_GROUPS.flatMap((group) =>
	Object.values(TOOLS).filter((definition) => definition.group === group)
);

/** True when `name` is a tool of the catalog (own property only: `toString` or `__proto__` are not). */
export function isToolName(name: unknown): name is ToolName {
	return typeof name === 'string' && TOOL_NAME_PATTERN.test(name) && Object.hasOwn(TOOLS, name);
}

/** The limits as tools report them (re-exported so handlers and docs agree). */
export { LIMITS };
