// Canonical errors: the stable codes (docs/ARCHITECTURE.md, "Errors and the trace"), their retryability, and the ToolError type. The bottom layer: imports nothing.

/**
 * Every error code a tool result may carry, with whether a retry can succeed.
 * Extend this table; never rename a code (agents and saved traces depend on them).
 */
export const ERROR_CODES = {
	TOOL_NOT_FOUND: false,
	TOOL_VALIDATION_FAILED: false,
	TOOL_POLICY_DENIED: false,
	TOOL_APPROVAL_DENIED: false,
	/** Nobody answered the approval card in time; asking again may succeed. */
	TOOL_APPROVAL_EXPIRED: true,
	/** The workspace changed after the card was shown and kept changing; read again and retry. */
	TOOL_APPROVAL_CHANGED: true,
	/** The runtime that was running the call went away; it may or may not have been applied. */
	TOOL_INTERRUPTED: true,
	TOOL_CANCELLED: true,
	TOOL_TIMEOUT: true,
	TOOL_EXECUTION_FAILED: false,
	WORKSPACE_REVISION_CONFLICT: true,
	WORKSPACE_PATH_INVALID: false,
	WORKSPACE_FILE_NOT_FOUND: false,
	WORKSPACE_FILE_EXISTS: false,
	WORKSPACE_FILE_TYPE_CONFLICT: false,
	WORKSPACE_SOURCE_LIMIT: false,
	WORKSPACE_QUOTA_EXCEEDED: false,
	WORKSPACE_PATCH_NOT_FOUND: false,
	WORKSPACE_HISTORY_EMPTY: false,
	WORKSPACE_ENTRY_REQUIRED: false,
	WORKSPACE_FOLDER_NOT_CONNECTED: true,
	WORKSPACE_FOLDER_PERMISSION_DENIED: true,
	WORKSPACE_FOLDER_STALE: true,
	PREVIEW_ACK_TIMEOUT: true,
	PREVIEW_REVISION_SUPERSEDED: true,
	PREVIEW_RUNTIME_ERROR: false,
	PREVIEW_UNAVAILABLE: false,
	PREVIEW_TARGET_NOT_FOUND: false,
	PROVIDER_AUTH_FAILED: false,
	PROVIDER_RATE_LIMITED: true,
	PROVIDER_UNAVAILABLE: true,
	PROVIDER_INVALID_RESPONSE: false,
	AGENT_BUDGET_EXCEEDED: false,
	/** A remote MCP server the person added cannot be reached, or went away mid-call; it may come back. */
	MCP_SERVER_UNAVAILABLE: true,
	/** A remote MCP server refused the credentials it was given (its header or token in the settings). */
	MCP_SERVER_AUTH_FAILED: false,
	/** The workspace is not linked to a git remote yet. */
	GIT_NOT_LINKED: false,
	/** The git host refused the token (or asked for one). */
	GIT_AUTH_FAILED: false,
	/** The remote branch has commits this workspace does not: pull first, then push. */
	GIT_NOT_FAST_FORWARD: false,
	/** The git host cannot be reached (offline, refused, reset); nothing was lost and a retry may work. */
	GIT_NETWORK_UNAVAILABLE: true,
	/** The URL answered, but not as a git smart-HTTP server. */
	GIT_NOT_A_REPOSITORY: false,
	/** The remote refused an update for a reason of its own (a hook, a protected branch). */
	GIT_REMOTE_REFUSED: false,
	/** A pull found lines changed both here and on the remote: the person decides, nothing was written. */
	GIT_MERGE_CONFLICT: false
} as const satisfies Record<string, boolean>;

/** A canonical error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Structured details; JSON-serialisable. */
export type ErrorDetails = Record<string, unknown>;

/** The error shape every boundary speaks: `{ code, message, retryable, details }`. */
export interface ToolErrorShape {
	code: ErrorCode;
	message: string;
	retryable: boolean;
	details: ErrorDetails;
}

/** True when `code` is one of {@link ERROR_CODES}. */
export function isErrorCode(code: unknown): code is ErrorCode {
	return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The error handlers throw. Anything else thrown by a handler becomes `TOOL_EXECUTION_FAILED`. */
export class ToolError extends Error {
	readonly code: ErrorCode;
	readonly retryable: boolean;
	readonly details: ErrorDetails;

	constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, retryable: boolean = ERROR_CODES[code]) {
		super(message);
		this.name = 'ToolError';
		this.code = code;
		this.retryable = retryable;
		this.details = details;
	}

	/** The plain, serialisable shape (no stack). */
	toJSON(): ToolErrorShape {
		return { code: this.code, message: this.message, retryable: this.retryable, details: this.details };
	}
}

/** Turns anything thrown into the canonical shape, never leaking a stack. */
export function toErrorShape(error: unknown): ToolErrorShape {
	if (error instanceof ToolError) return error.toJSON();
	return {
		code: 'TOOL_EXECUTION_FAILED',
		message: 'The tool failed unexpectedly.',
		retryable: false,
		details: { name: error instanceof Error ? error.name : typeof error }
	};
}
