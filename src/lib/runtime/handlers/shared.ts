// Helpers shared by the tool handlers: mutation metadata, result shapes, content decoding.
import { ToolError } from '../../core/errors';
import type { FileRecord } from '../../domain/model';
import type { HandlerContext } from '../types';
import type { MutationMeta, MutationResult } from '../workspace-service';
import { base64ToBytes } from '../../domain/base64';

/** History metadata for a mutation made by `tool` in this call (approval pin and commit gate included). */
export function meta(tool: string, ctx: HandlerContext, expectedRevision: number | undefined): MutationMeta {
	return {
		tool,
		context: ctx.context,
		approved: ctx.approved,
		expectedRevision,
		signal: ctx.signal,
		approvedFingerprint: ctx.approvedFingerprint,
		beginCommit: ctx.beginCommit
	};
}

/** The common mutation output: new revision, changed paths, preview outcome. */
export function mutationOutput(result: MutationResult) {
	return {
		revision: result.workspace.revision,
		changedPaths: result.diff.changes.map((change) => change.path),
		preview: result.preview
	};
}

/** Decodes tool content: text as is, base64 to bytes (invalid base64 is a validation failure). */
export function decodeContent(content: string, encoding: 'utf8' | 'base64'): string | Uint8Array {
	if (encoding === 'utf8') return content;
	const bytes = base64ToBytes(content);
	if (!bytes) throw new ToolError('TOOL_VALIDATION_FAILED', 'content is not valid base64.', { issues: [{ path: 'content', message: 'invalid base64' }] });
	return bytes;
}

/** A file as listed: everything but its content. */
export function summary(file: FileRecord) {
	return { path: file.path, kind: file.kind, language: file.language, mimeType: file.mimeType, size: file.size, hash: file.hash };
}
