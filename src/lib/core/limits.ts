// Workspace limits: one place for every size and count bound, reported by workspace_get_status.

/** Largest asset (image, font, wasm), in bytes. */
export const ASSET_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Largest text file, in bytes (UTF-8): as large as an asset. Real sites ship stylesheets with fonts
 * inlined and bundled plugins near 1 MB; they are stored and rendered whole.
 */
export const TEXT_FILE_MAX_BYTES = ASSET_MAX_BYTES;
/** Largest text file the editor edits; a larger one opens read-only (search and tools still read it). */
export const EDITOR_MAX_BYTES = 512 * 1024;
/** Largest workspace, all files together, in bytes. */
export const WORKSPACE_MAX_BYTES = 32 * 1024 * 1024;
/** Most files in one workspace. */
export const WORKSPACE_MAX_FILES = 2000;
/** Longest path segment, in bytes. */
export const PATH_SEGMENT_MAX_BYTES = 255;
/** Deepest path, in segments. */
export const PATH_MAX_SEGMENTS = 16;
/** Longest path, in characters (a bound for schemas; segments are checked in bytes). */
export const PATH_MAX_CHARS = 1024;
/** History bounds: revisions kept, and bytes of before/after content kept. */
export const HISTORY_MAX_REVISIONS = 500;
export const HISTORY_MAX_BYTES = 16 * 1024 * 1024;

/** The limits as reported to tools and the UI. */
export const LIMITS = {
	textFileBytes: TEXT_FILE_MAX_BYTES,
	editorBytes: EDITOR_MAX_BYTES,
	assetBytes: ASSET_MAX_BYTES,
	workspaceBytes: WORKSPACE_MAX_BYTES,
	files: WORKSPACE_MAX_FILES
} as const;

/** Largest image a prompt keeps (base64 characters, about 1.1 MB of image): the page shrinks bigger ones first. */
export const IMAGE_MAX_CHARS = 1_500_000;
/** Images one prompt may carry. */
export const IMAGES_PER_PROMPT = 4;

/** Most text of one remote MCP tool's result the model and the transcript get (the rest is cut, and says so). */
export const REMOTE_RESULT_MAX_CHARS = 20_000;
/** Largest image a remote tool's result may pass on (base64 characters); a larger one is named, not sent. */
export const REMOTE_IMAGE_MAX_CHARS = IMAGE_MAX_CHARS;
