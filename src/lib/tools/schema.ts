// The tool catalog, defined once: names, titles, model-facing descriptions, valibot input/output
// schemas and MCP annotations. tools/list, the OpenAI export, WebMCP, the catalog UI and argument
// validation are all derived from this file; nothing else may describe a tool.
import * as v from 'valibot';
import { LIMITS } from '../core/limits';
import type { ToolDefinition } from './parts';
export type { AnySchema, ToolAnnotations, ToolDefinition, ToolGroup } from './parts';
import { TOOL_GROUPS } from './parts';
export { TOOL_GROUPS };
import { WORKSPACE_TOOLS } from './defs/workspace';
import { FILES_TOOLS } from './defs/files';
import { HISTORY_TOOLS } from './defs/history';
import { FOLDER_TOOLS } from './defs/folder';
import { PREVIEW_TOOLS } from './defs/preview';
import { PACKAGES_TOOLS } from './defs/packages';
import { GIT_TOOLS } from './defs/git';

/** Tool names are valid in MCP, OpenAI/OpenRouter, Anthropic, Gemini and WebMCP as they are. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;


/** Every tool of the studio, keyed by name (definitions grouped in tools/defs/). */
export const TOOLS = {
	...WORKSPACE_TOOLS,
	...FILES_TOOLS,
	...HISTORY_TOOLS,
	...FOLDER_TOOLS,
	...PREVIEW_TOOLS,
	...PACKAGES_TOOLS,
	...GIT_TOOLS
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
