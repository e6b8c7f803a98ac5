// workspace_search's engine: RE2 semantics (re2js, linear time in the text), so no pattern can stall
// the hub, plus caps on line length, matches and time.
import { RE2JS } from 're2js';
import { ToolError } from '../core/errors';
import type { FileRecord } from '../domain/model';

/** Lines longer than this are searched only in their first part (minified bundles). */
export const SEARCH_MAX_LINE_CHARS = 20_000;
/** A search that has not finished after this long stops with a clear error. */
export const SEARCH_BUDGET_MS = 750;
/** Characters of context in a match preview. */
const PREVIEW_CHARS = 200;

/** What to look for. */
export interface SearchQuery {
	query: string;
	regex: boolean;
	caseSensitive: boolean;
	/** Only files whose path starts with this. */
	prefix: string;
	maxResults: number;
}

/** One match. */
export type SearchMatch = {
	path: string;
	line: number;
	column: number;
	preview: string;
};

function compile(query: SearchQuery): RE2JS {
	const flags = query.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE;
	try {
		return RE2JS.compile(query.regex ? query.query : RE2JS.quote(query.query), flags);
	} catch (error) {
		throw new ToolError(
			'TOOL_VALIDATION_FAILED',
			`The regular expression is not valid RE2 syntax (lookarounds and backreferences are not supported): ${(error as Error).message}`,
			{ issues: [{ path: 'query', message: 'invalid regular expression' }] }
		);
	}
}

/**
 * Searches text files in path order. Stops at `maxResults` (then `truncated`), and after
 * {@link SEARCH_BUDGET_MS} with TOOL_TIMEOUT rather than hold the hub.
 */
export function searchFiles(files: readonly FileRecord[], query: SearchQuery, now: () => number = Date.now): { matches: SearchMatch[]; truncated: boolean; clippedLines: number } {
	const pattern = compile(query);
	const deadline = now() + SEARCH_BUDGET_MS;
	const matches: SearchMatch[] = [];
	let clippedLines = 0;
	for (const file of files) {
		if (file.kind !== 'text' || file.content === undefined || !file.path.startsWith(query.prefix)) continue;
		const lines = file.content.split('\n');
		for (let i = 0; i < lines.length; i++) {
			if (now() > deadline) {
				throw new ToolError('TOOL_TIMEOUT', `The search stopped after ${SEARCH_BUDGET_MS} ms without finishing. Narrow it with "path" or a simpler pattern.`, {
					timeoutMs: SEARCH_BUDGET_MS,
					matchesSoFar: matches.length
				});
			}
			let line = lines[i]!;
			if (line.length > SEARCH_MAX_LINE_CHARS) {
				line = line.slice(0, SEARCH_MAX_LINE_CHARS);
				clippedLines++;
			}
			const matcher = pattern.matcher(line);
			let from = 0;
			while (from <= line.length && matcher.find(from)) {
				if (matches.length >= query.maxResults) return { matches, truncated: true, clippedLines };
				const start = matcher.start();
				const end = matcher.end();
				const context = Math.max(0, start - 40);
				matches.push({ path: file.path, line: i + 1, column: start + 1, preview: line.slice(context, context + PREVIEW_CHARS).trim() });
				from = end > start ? end : end + 1;
			}
		}
	}
	return { matches, truncated: false, clippedLines };
}
