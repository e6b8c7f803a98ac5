// Tool input → domain change, one builder per content-changing tool. Handlers commit these; the
// approval card previews them (a dry run of the same pure transition), so both always agree.
import type { Change, FileOperation } from '../../domain/transitions';
import type { FileRecord, Workspace } from '../../domain/model';
import { ToolError } from '../../core/errors';
import type { ZipContents } from '../zip-import';
import { zipReader } from '../zip-loader';
import { htmlParser } from '../../domain/html-parser';
import { featureChange, heroChange, themeChange } from '../../domain/template';
import { starterFilesOf } from '../../domain/starters';
import type { ToolInput } from '../../tools/schema';
import { decodeContent } from './shared';
import { rewriteForRename, type RewrittenReference } from '../../domain/references';
import { tryNormalizePath } from '../../domain/paths';
import { editElement } from '../../domain/elements';

/** Tools whose effect is a single change to the current workspace. */
export const CHANGE_BUILDERS = {
	workspace_create_file: (input: ToolInput<'workspace_create_file'>): Change => ({ type: 'create', path: input.path, content: decodeContent(input.content, input.encoding) }),
	workspace_write_file: (input: ToolInput<'workspace_write_file'>): Change => ({
		type: 'write',
		path: input.path,
		content: decodeContent(input.content, input.encoding),
		createIfMissing: input.createIfMissing
	}),
	workspace_apply_patch: (input: ToolInput<'workspace_apply_patch'>): Change => ({ type: 'patch', path: input.path, search: input.search, replace: input.replace, occurrence: input.occurrence }),
	workspace_rename_file: (input: ToolInput<'workspace_rename_file'>, ws: Workspace): Change => renameChange(input, ws).change,
	workspace_delete_file: (input: ToolInput<'workspace_delete_file'>): Change => ({ type: 'delete', path: input.path }),
	workspace_apply_changes: (input: ToolInput<'workspace_apply_changes'>): Change => ({ type: 'batch', operations: input.operations.map(operationOf) }),
	// The starter defaults to the landing page also for a dry run handed raw arguments.
	workspace_reset: (input: Partial<ToolInput<'workspace_reset'>>): Change => ({ type: 'replace', files: starterFilesOf(input.starter ?? 'landing'), activePath: 'index.html' }),
	preview_set_theme: (input: ToolInput<'preview_set_theme'>, ws: Workspace): Change => themeChange(ws, input.accent, input.scheme),
	preview_update_hero: (input: ToolInput<'preview_update_hero'>, ws: Workspace): Change => heroChange(ws, input.title, input.subtitle),
	preview_add_feature: (input: ToolInput<'preview_add_feature'>, ws: Workspace): Change => featureChange(ws, input.title, input.body, input.icon),
	workspace_import_zip: (input: ToolInput<'workspace_import_zip'>, ws: Workspace): Change => importChange(ws, zipContents(input.data).files, input.mode),
	workspace_edit_element: (input: ToolInput<'workspace_edit_element'>, ws: Workspace): Change => elementChange(input, ws)
} as const;

/** One element of an HTML file edited where it is written (its text, its inline style). */
function elementChange(input: ToolInput<'workspace_edit_element'>, ws: Workspace): Change {
	const path = tryNormalizePath(input.path) ?? input.path;
	const file = ws.files.get(path);
	if (!file || file.content === undefined) throw new ToolError('WORKSPACE_FILE_NOT_FOUND', `${input.path} is not a text file of the workspace.`, { path: input.path });
	if (input.text === undefined && !input.style) throw new ToolError('TOOL_VALIDATION_FAILED', 'Give the element a text or style properties to set.', { reason: 'nothing-to-edit' });
	return { type: 'write', path, content: editElement(file.content, path, input) };
}

/**
 * A rename, with the links to the file rewritten in the same revision (updateReferences, default
 * true): one batch, so the card, the commit and undo all see one change.
 */
export function renameChange(input: { from: string; to: string; updateReferences?: boolean }, ws: Workspace): { change: Change; rewritten: RewrittenReference[] } {
	const rename: FileOperation = { type: 'rename', from: input.from, to: input.to };
	const from = tryNormalizePath(input.from);
	const to = tryNormalizePath(input.to);
	if (input.updateReferences === false || !from || !to || from === to || !ws.files.has(from) || ws.files.has(to)) return { change: rename, rewritten: [] };
	const { changes, rewritten } = rewriteForRename(ws.files, from, to);
	if (changes.length === 0) return { change: rename, rewritten: [] };
	return { change: { type: 'batch', operations: [rename, ...changes.map((c): FileOperation => ({ type: 'write', path: c.path, content: c.content }))] }, rewritten };
}

/** One operation of workspace_apply_changes as a domain step (decoding base64 like the single-file tools). */
function operationOf(op: ToolInput<'workspace_apply_changes'>['operations'][number]): FileOperation {
	switch (op.op) {
		case 'create':
			return { type: 'create', path: op.path, content: decodeContent(op.content, op.encoding) };
		case 'write':
			return { type: 'write', path: op.path, content: decodeContent(op.content, op.encoding), createIfMissing: op.createIfMissing };
		case 'patch':
			return { type: 'patch', path: op.path, search: op.search, replace: op.replace, occurrence: op.occurrence };
		case 'rename':
			return { type: 'rename', from: op.from, to: op.to };
		case 'delete':
			return { type: 'delete', path: op.path };
	}
}

/**
 * Archives read lately, by their base64: the handler reports what it left out and the plan builds
 * its change from one inflation. Two, so an import from another tab cannot evict one between its
 * read and its build.
 */
const readArchives = new Map<string, ZipContents>();

/**
 * Reads the archive (the zip reader loaded first) and keeps its contents for `zipContents`; the
 * import's plan (`CHANGE_NEEDS`) and handler await it before building.
 */
export async function readArchive(data: string): Promise<ZipContents> {
	let contents = readArchives.get(data);
	if (!contents) {
		contents = await (await zipReader.load()).readZip(decodeContent(data, 'base64') as Uint8Array);
		readArchives.delete(data);
		readArchives.set(data, contents);
		for (const key of readArchives.keys()) if (readArchives.size > 2) readArchives.delete(key);
	}
	return contents;
}

/** Lets an archive's contents go once its import is done (a template's files are tens of MB). */
export function forgetArchive(data: string): void {
	readArchives.delete(data);
}

/**
 * The archive's readable files and what was left out (throws when it is no zip or holds nothing
 * usable). `readArchive` has read it: the import's plan and handler await that first.
 */
export function zipContents(data: string): ZipContents {
	const contents = readArchives.get(data);
	if (!contents) throw new ToolError('TOOL_VALIDATION_FAILED', 'The archive was not read before its import was built.', { reason: 'not-read' });
	if (contents.files.length === 0) {
		const left = contents.skipped.slice(0, 3).map((s) => `${s.path}: ${s.reason}`).join('; ');
		throw new ToolError('TOOL_VALIDATION_FAILED', `Nothing in this archive can be imported${contents.skipped.length ? ` (${contents.skipped.length} entries left out: ${left})` : ' (it is empty)'}.`, { skipped: contents.skipped.slice(0, 50) });
	}
	return contents;
}

/** Merge adds and replaces by path; replace makes the workspace exactly the archive. */
function importChange(ws: Workspace, files: readonly FileRecord[], mode: 'merge' | 'replace'): Change {
	if (mode === 'replace') return { type: 'replace', files, activePath: files.some((f) => f.path === 'index.html') ? 'index.html' : (files[0]?.path ?? null) };
	const merged = new Map(ws.files);
	for (const file of files) merged.set(file.path, file);
	return { type: 'replace', files: [...merged.values()], activePath: ws.activePath };
}

export type ChangeTool = keyof typeof CHANGE_BUILDERS;

/**
 * What a builder reads that a hub loads on first need (not in its boot): its plan awaits it before
 * building, the approval card's dry run included.
 */
export const CHANGE_NEEDS: Partial<Record<ChangeTool, (input: unknown) => Promise<unknown>>> = {
	workspace_import_zip: (input) => readArchive((input as ToolInput<'workspace_import_zip'>).data),
	workspace_edit_element: () => htmlParser.load()
};

/** True when `name` has a change builder. */
export function isChangeTool(name: string): name is ChangeTool {
	return Object.hasOwn(CHANGE_BUILDERS, name);
}

/** Builds the change of a tool call against `workspace`. */
export function buildChange(name: ChangeTool, input: unknown, workspace: Workspace): Change {
	return (CHANGE_BUILDERS[name] as (input: unknown, ws: Workspace) => Change)(input, workspace);
}
