// The workspace model: files, the workspace snapshot, diffs. Plain data, structured-clone safe.
import { ToolError } from '../core/errors';
import { hashBytes, hashText, utf8Length } from './hash';
import { kindOf, type FileKind } from './kinds';
import { ASSET_MAX_BYTES, TEXT_FILE_MAX_BYTES } from '../core/limits';

/** One file. Text files carry `content`; assets carry `bytes`. */
export interface FileRecord {
	path: string;
	kind: FileKind;
	language: string;
	mimeType: string;
	content?: string;
	bytes?: Uint8Array<ArrayBuffer>;
	size: number;
	hash: string;
}

/** A workspace snapshot at one revision. `files` is never mutated; transitions copy it. */
export interface Workspace {
	id: string;
	name: string;
	revision: number;
	activePath: string | null;
	files: ReadonlyMap<string, FileRecord>;
}

/** One path's change: `before` null means created, `after` null means deleted. */
export interface FileChange {
	path: string;
	before: FileRecord | null;
	after: FileRecord | null;
}

/** What a transition changed, enough to replay it forward or backward. */
export interface Diff {
	fromRevision: number;
	toRevision: number;
	changes: FileChange[];
	activePath?: { before: string | null; after: string | null };
}

/** Builds a file record (kind, language, MIME, size, hash) for a normalised path and its content. */
export function makeFile(path: string, content: string | Uint8Array): FileRecord {
	const info = kindOf(path);
	if (!info) {
		throw new ToolError('WORKSPACE_PATH_INVALID', `The studio does not accept "${path.slice(path.lastIndexOf('/') + 1)}": unsupported file type.`, {
			reason: 'unsupported-extension',
			path
		});
	}
	if (info.kind === 'text') {
		let text: string;
		if (typeof content === 'string') text = content;
		else {
			try {
				text = new TextDecoder('utf-8', { fatal: true }).decode(content);
			} catch {
				throw new ToolError('WORKSPACE_FILE_TYPE_CONFLICT', `${path} is a text file but the content is not valid UTF-8.`, { path, kind: 'text' });
			}
		}
		const size = utf8Length(text);
		if (size > TEXT_FILE_MAX_BYTES) {
			throw new ToolError('WORKSPACE_SOURCE_LIMIT', `${path} would be ${size} bytes; text files can be at most ${TEXT_FILE_MAX_BYTES} bytes.`, {
				path,
				limit: 'textFileBytes',
				max: TEXT_FILE_MAX_BYTES,
				actual: size
			});
		}
		return { path, ...info, content: text, size, hash: hashText(text) };
	}
	if (typeof content === 'string') {
		throw new ToolError('WORKSPACE_FILE_TYPE_CONFLICT', `${path} is a binary asset (${info.mimeType}); send its bytes as base64 with encoding "base64".`, {
			path,
			kind: 'asset',
			mimeType: info.mimeType
		});
	}
	if (content.byteLength > ASSET_MAX_BYTES) {
		throw new ToolError('WORKSPACE_SOURCE_LIMIT', `${path} is ${content.byteLength} bytes; assets can be at most ${ASSET_MAX_BYTES} bytes.`, {
			path,
			limit: 'assetBytes',
			max: ASSET_MAX_BYTES,
			actual: content.byteLength
		});
	}
	const bytes = new Uint8Array(content);
	return { path, ...info, bytes, size: bytes.byteLength, hash: hashBytes(bytes) };
}

/** Total bytes of a set of files. */
export function totalBytes(files: Iterable<FileRecord>): number {
	let sum = 0;
	for (const file of files) sum += file.size;
	return sum;
}

/** Files in path order. */
export function sortedFiles(workspace: Workspace): FileRecord[] {
	return [...workspace.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** True when two records hold the same content at the same path. */
export function sameFile(a: FileRecord | null | undefined, b: FileRecord | null | undefined): boolean {
	if (!a || !b) return a === b || (!a && !b);
	return a.path === b.path && a.hash === b.hash && a.size === b.size && a.content === b.content && bytesEqual(a.bytes, b.bytes);
}

function bytesEqual(a?: Uint8Array, b?: Uint8Array): boolean {
	if (!a || !b) return a === b;
	if (a.byteLength !== b.byteLength) return false;
	for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
	return true;
}

/**
 * What a diff does, as a string: each path with its before and after content hash. Two diffs with
 * the same fingerprint make the same change; an approval pins the fingerprint of the diff it showed.
 */
export function diffFingerprint(changes: readonly FileChange[]): string {
	return changes
		.map((change) => `${change.path}:${change.before?.hash ?? '-'}>${change.after?.hash ?? '-'}`)
		.sort()
		.join('|');
}
