// The one guard for a URL a person types for the studio to reach (a model's base URL, an MCP server,
// a git remote, a CORS proxy): it parses, and it is http or https.
import { ToolError } from './errors';

/** The parsed URL, or TOOL_VALIDATION_FAILED naming `what` and the `field` it came from. */
export function httpUrl(raw: string, what: string, field: string): URL {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new ToolError('TOOL_VALIDATION_FAILED', `The ${what} is not a valid URL.`, { issues: [{ path: field, message: 'invalid URL' }] });
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ToolError('TOOL_VALIDATION_FAILED', `The ${what} must be http or https.`, { issues: [{ path: field, message: 'not http(s)' }] });
	return url;
}
