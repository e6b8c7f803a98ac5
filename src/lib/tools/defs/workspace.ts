// Tool definitions: status, listing, reading, search, history and focus (all read-only). Part of the one catalog (tools/schema.ts assembles it).
import * as v from 'valibot';
import { PATH_MAX_CHARS } from '../../core/limits';
import { Revision, Path, FileSummary, FolderStatus, noInput, READ, tool } from '../parts';

/** The workspace tools of the catalog. */
export const WORKSPACE_TOOLS = {
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
		untrustedContent: true,
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
		untrustedContent: true,
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
		untrustedContent: true,
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
		untrustedContent: true,
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
} as const;
