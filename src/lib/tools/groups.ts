// The catalog's groups and the MCP annotations every tool states: the part of the tool definitions the
// page's catalog needs, apart from their schemas (parts.ts re-exports it), so the page's first
// screen does not carry the schema library for them.

/** Catalog groups, in the order the UI shows them. */
export const TOOL_GROUPS = ['workspace', 'files', 'history', 'preview', 'packages', 'template', 'folder', 'git'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** MCP tool annotations; every tool states all four hints explicitly. */
export interface ToolAnnotations {
	title: string;
	readOnlyHint: boolean;
	destructiveHint: boolean;
	idempotentHint: boolean;
	openWorldHint: boolean;
}
