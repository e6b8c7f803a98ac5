// The contract between the studio and an MCP client library: what a connection to one remote server
// offers, how it fails, and the canonical error of each failure. The SDK's client implements it
// (sdk-client.ts, loaded on first use).
import { ToolError } from '../../core/errors';

/** A tool as a remote server lists it. */
export interface RemoteListing {
	name: string;
	title?: string;
	description?: string;
	inputSchema?: Record<string, unknown>;
	annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/** Why a remote request failed, as the studio tells it apart. */
export type RemoteFailureKind = 'unreachable' | 'auth' | 'session-gone' | 'timeout' | 'cancelled' | 'protocol';

/** A failure of the connection or the protocol (not a tool's own `isError` result). */
export class RemoteFailure extends Error {
	constructor(
		readonly kind: RemoteFailureKind,
		message: string
	) {
		super(message);
		this.name = 'RemoteFailure';
	}
}

/** One live connection. Every method rejects with a {@link RemoteFailure}. */
export interface RemoteConnection {
	/** The server's name and version, as it introduced itself. */
	readonly serverInfo: { name: string; version: string } | null;
	/** The protocol revision the two agreed on. */
	readonly protocolVersion: string | null;
	/** Every tool (all pages). */
	listTools(signal?: AbortSignal): Promise<RemoteListing[]>;
	callTool(name: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<import('./result').RemoteResult>;
	close(): Promise<void>;
}

/** What a connection tells its owner after it opened. */
export interface RemoteEvents {
	/** `notifications/tools/list_changed`. */
	toolsChanged(): void;
	/** The transport closed or broke. */
	closed(reason: string): void;
}

/** Opens a connection (the SDK client, or a test's fake). */
export type RemoteConnector = (server: { url: string; headers: Record<string, string> }, events: RemoteEvents, signal: AbortSignal) => Promise<RemoteConnection>;

/** The canonical error of a failed connection. */
export function remoteError(config: { name: string; url: string }, failure: RemoteFailure): ToolError {
	const details = { server: config.name, url: config.url, reason: failure.kind };
	if (failure.kind === 'auth') return new ToolError('MCP_SERVER_AUTH_FAILED', `The MCP server "${config.name}" refused the credentials (check its header or token in the settings).`, details);
	if (failure.kind === 'timeout') return new ToolError('TOOL_TIMEOUT', `The MCP server "${config.name}" did not answer in time.`, details);
	return new ToolError('MCP_SERVER_UNAVAILABLE', `The MCP server "${config.name}" cannot be reached: ${failure.message.slice(0, 200)}`, details);
}

/** Any error as a {@link RemoteFailure} (one that is not is taken as `kind`). */
export function asFailure(error: unknown, kind: RemoteFailureKind): RemoteFailure {
	return error instanceof RemoteFailure ? error : new RemoteFailure(kind, error instanceof Error ? error.message : String(error));
}

/**
 * The canonical error of a failed call whose connection is still good (cancelled, timed out, refused
 * by the server); null: the connection is no good, and its owner drops it.
 */
export function callError(config: { name: string }, tool: string, failure: RemoteFailure, aborted: boolean): ToolError | null {
	if (failure.kind === 'cancelled' || aborted) return new ToolError('TOOL_CANCELLED', 'The call was cancelled.');
	if (failure.kind === 'timeout') return new ToolError('TOOL_TIMEOUT', `${config.name} did not answer ${tool} in time.`, { server: config.name });
	if (failure.kind === 'protocol') return new ToolError('TOOL_EXECUTION_FAILED', `${config.name} refused ${tool}: ${failure.message.slice(0, 300)}`, { server: config.name });
	return null;
}
