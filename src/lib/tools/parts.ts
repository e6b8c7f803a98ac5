// The pieces every tool definition is built from: revisions, paths, contents, preview outcomes,
// the mutation input and output shapes, the annotation presets and the tool() helper.
import * as v from 'valibot';
import { PATH_MAX_CHARS, TEXT_FILE_MAX_BYTES, ASSET_MAX_BYTES } from '../core/limits';
import type { ToolAnnotations, ToolGroup } from './groups';
export { TOOL_GROUPS, type ToolGroup, type ToolAnnotations } from './groups';

/** Any valibot schema. */
export type AnySchema = v.GenericSchema;

/** One tool's definition. `input` must be a strict object schema. */
export interface ToolDefinition<I extends AnySchema = AnySchema, O extends AnySchema = AnySchema> {
	name: string;
	title: string;
	description: string;
	group: ToolGroup;
	input: I;
	output: O;
	annotations: ToolAnnotations;
	/**
	 * The result carries the site's own content (file text and names, what the page logged or stored,
	 * a picture of it): data whoever wrote the site chose, never instructions to the caller.
	 */
	untrustedContent?: boolean;
}



export const Revision = v.pipe(v.number(), v.integer(), v.minValue(0));

export const Path = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(PATH_MAX_CHARS),
	v.description('Workspace-relative path with forward slashes, e.g. "index.html" or "css/site.css". No leading "/" and no "..".'),
	v.examples(['index.html'])
);

export const ExpectedRevision = v.optional(
	v.pipe(
		Revision,
		v.description(
			'The workspace revision you last observed (every read returns it). If the workspace has changed since, the call fails with WORKSPACE_REVISION_CONFLICT and nothing is written: read again, then retry with the new revision.'
		),
		v.examples([1])
	)
);

export const TextContent = v.pipe(
	v.string(),
	v.maxLength(Math.ceil((ASSET_MAX_BYTES * 4) / 3) + 4),
	v.description(`File content. UTF-8 text (at most ${TEXT_FILE_MAX_BYTES / 1024} KiB), or base64 when encoding is "base64" (assets, at most ${ASSET_MAX_BYTES / 1024 / 1024} MiB).`),
	v.examples(['<h1>Hello</h1>\n'])
);

export const Encoding = v.optional(
	v.pipe(v.picklist(['utf8', 'base64']), v.description('How `content` is encoded: "utf8" text (default) or "base64" for binary assets such as images and fonts.')),
	'utf8'
);

export const PreviewState = v.picklist(['ready', 'error', 'timeout', 'unavailable', 'superseded']);

export const Diagnostic = v.looseObject({
	kind: v.string(),
	path: v.string(),
	reference: v.string(),
	message: v.optional(v.string())
});

/** What a mutation reports about the preview of the revision it produced. */
export const PreviewOutcome = v.looseObject({
	revision: Revision,
	status: PreviewState,
	code: v.optional(v.string()),
	message: v.optional(v.string()),
	durationMs: v.optional(v.number()),
	diagnostics: v.optional(v.array(Diagnostic))
});

export const FileKind = v.picklist(['text', 'asset']);

export const FileSummary = v.looseObject({
	path: v.string(),
	kind: FileKind,
	language: v.string(),
	mimeType: v.string(),
	size: v.number(),
	hash: v.string()
});

/** Every mutation answers with the new revision, what changed, and the preview outcome. */
export const mutationOutput = <E extends v.ObjectEntries>(extra: E) =>
	v.looseObject({
		revision: Revision,
		changedPaths: v.array(v.string()),
		preview: PreviewOutcome,
		...extra
	});

export const MutationOutput = mutationOutput({});

export const FolderStatus = v.looseObject({
	status: v.picklist(['browser-only', 'connected', 'permission-required', 'stale']),
	name: v.optional(v.string()),
	dirtyPaths: v.optional(v.array(v.string())),
	lastSavedAt: v.optional(v.number())
});

export const SkippedPath = v.looseObject({ path: v.string(), reason: v.string() });

export const noInput = () => v.strictObject({});
export const mutationInput = <E extends v.ObjectEntries>(entries: E) => v.strictObject({ ...entries, expectedRevision: ExpectedRevision });

export const READ: Omit<ToolAnnotations, 'title'> = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const WRITE: Omit<ToolAnnotations, 'title'> = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export function tool<I extends AnySchema, O extends AnySchema>(
	definition: Omit<ToolDefinition<I, O>, 'annotations'> & { hints: Omit<ToolAnnotations, 'title'> }
): ToolDefinition<I, O> {
	const { hints, ...rest } = definition;
	return { ...rest, annotations: { title: definition.title, ...hints } };
}

export const REVISION_NOTE = 'Pass expectedRevision (from your last read) so a concurrent change is refused instead of overwritten.';
export const RETURNS_MUTATION = 'Returns the new revision, the changed paths, and the preview status of that revision: ready, error (with the message), timeout, unavailable (no preview open), or superseded (a newer revision rendered first).';
