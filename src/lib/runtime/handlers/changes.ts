// Tool input → domain change, one builder per content-changing tool. Handlers commit these; the
// approval card previews them (a dry run of the same pure transition), so both always agree.
import type { Change } from '../../domain/transitions';
import type { Workspace } from '../../domain/model';
import { featureChange, heroChange, starterFiles, themeChange } from '../../domain/template';
import type { ToolInput } from '../../tools/schema';
import { decodeContent } from './shared';

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
	workspace_rename_file: (input: ToolInput<'workspace_rename_file'>): Change => ({ type: 'rename', from: input.from, to: input.to }),
	workspace_delete_file: (input: ToolInput<'workspace_delete_file'>): Change => ({ type: 'delete', path: input.path }),
	workspace_reset: (): Change => ({ type: 'replace', files: starterFiles(), activePath: 'index.html' }),
	preview_set_theme: (input: ToolInput<'preview_set_theme'>, ws: Workspace): Change => themeChange(ws, input.accent, input.scheme),
	preview_update_hero: (input: ToolInput<'preview_update_hero'>, ws: Workspace): Change => heroChange(ws, input.title, input.subtitle),
	preview_add_feature: (input: ToolInput<'preview_add_feature'>, ws: Workspace): Change => featureChange(ws, input.title, input.body, input.icon)
} as const;

export type ChangeTool = keyof typeof CHANGE_BUILDERS;

/** True when `name` has a change builder. */
export function isChangeTool(name: string): name is ChangeTool {
	return Object.hasOwn(CHANGE_BUILDERS, name);
}

/** Builds the change of a tool call against `workspace`. */
export function buildChange(name: ChangeTool, input: unknown, workspace: Workspace): Change {
	return (CHANGE_BUILDERS[name] as (input: unknown, ws: Workspace) => Change)(input, workspace);
}
