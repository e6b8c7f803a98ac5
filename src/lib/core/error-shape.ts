// An error's canonical shape made without the code table (errors.ts): for the page's start, whose
// chunk would otherwise carry the table and the ToolError class for every lazy region that uses them.
import type { ERROR_CODES, ErrorCode, ErrorDetails, ToolErrorShape } from './errors';

/** The canonical shape of `code`; its retryability is the table's, checked by the compiler instead of looked up. */
export function errorShape<C extends ErrorCode>(code: C, message: string, retryable: (typeof ERROR_CODES)[C], details: ErrorDetails = {}): ToolErrorShape {
	return { code, message, retryable, details };
}
