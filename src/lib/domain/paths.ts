// Workspace paths: normalisation and the rules that keep every path inside the workspace root.
import { ToolError } from '../core/errors';
import { PATH_MAX_SEGMENTS, PATH_SEGMENT_MAX_BYTES } from '../core/limits';
import { utf8Length } from './hash';

/** Why a path was refused (`details.reason` of WORKSPACE_PATH_INVALID). */
export type PathProblem = 'empty' | 'control-character' | 'absolute' | 'drive-letter' | 'parent-segment' | 'segment-too-long' | 'too-deep' | 'not-a-string';

function invalid(reason: PathProblem, path: unknown, message: string): ToolError {
	return new ToolError('WORKSPACE_PATH_INVALID', message, { reason, path: typeof path === 'string' ? path.slice(0, 300) : null });
}

/**
 * Normalises a workspace path: `\` becomes `/`, empty and `.` segments are dropped. Refuses `..`,
 * NUL and control characters, absolute paths, drive letters, names over 255 bytes and paths deeper
 * than 16 segments, with WORKSPACE_PATH_INVALID and `details.reason`. Idempotent.
 */
export function normalizePath(input: unknown): string {
	if (typeof input !== 'string') throw invalid('not-a-string', input, 'A path must be a string.');
	// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
	if (/[\u0000-\u001f\u007f]/.test(input)) throw invalid('control-character', input, 'Paths cannot contain control characters.');
	const slashed = input.replace(/\\/g, '/');
	if (/^[a-zA-Z]:/.test(slashed)) throw invalid('drive-letter', input, 'Paths are relative to the workspace; drive letters are not allowed.');
	if (slashed.startsWith('/')) throw invalid('absolute', input, 'Paths are relative to the workspace: remove the leading "/".');
	const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
	if (segments.includes('..')) throw invalid('parent-segment', input, 'Paths cannot contain "..".');
	if (segments.length === 0) throw invalid('empty', input, 'The path is empty.');
	// Checked again after dropping "." segments: "./C:/x" must not become a drive path.
	if (/^[a-zA-Z]:/.test(segments[0]!)) throw invalid('drive-letter', input, 'Paths are relative to the workspace; drive letters are not allowed.');
	if (segments.length > PATH_MAX_SEGMENTS) throw invalid('too-deep', input, `Paths can be at most ${PATH_MAX_SEGMENTS} folders deep.`);
	if (segments.some((segment) => utf8Length(segment) > PATH_SEGMENT_MAX_BYTES)) {
		throw invalid('segment-too-long', input, `Each name in a path can be at most ${PATH_SEGMENT_MAX_BYTES} bytes.`);
	}
	return segments.join('/');
}

/** Like {@link normalizePath} but returns null instead of throwing. */
export function tryNormalizePath(input: unknown): string | null {
	try {
		return normalizePath(input);
	} catch {
		return null;
	}
}

/** The folder part of a path ('' at the root). */
export function dirname(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

/** Resolves a relative reference (`./a.css`, `../img/x.png`, `/abs.js`) against the file that contains it. */
export function resolveReference(fromPath: string, reference: string): string | null {
	const clean = reference.split(/[?#]/)[0]!;
	if (clean === '') return null;
	const base = clean.startsWith('/') ? [] : dirname(fromPath).split('/').filter(Boolean);
	for (const segment of clean.split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') {
			if (base.length === 0) return null;
			base.pop();
		} else base.push(segment);
	}
	let decoded: string;
	try {
		decoded = decodeURIComponent(base.join('/'));
	} catch {
		decoded = base.join('/');
	}
	return tryNormalizePath(decoded);
}
