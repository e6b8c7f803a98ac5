// Hub methods: tool calls from tabs (direct, agent-originated, retried, withdrawn), approvals and
// grants, the editor's file reads, history diffs and the trace.
import { describeChanges } from '../../runtime/prepare';
import { tryNormalizePath } from '../../domain/paths';
import type { ApprovalDecision } from '../../runtime/policy';
import type { CallToolResult } from '../../runtime/types';
import type { FileContent, HubBackend, RevisionDiff, TabCallContext } from '../protocol';
import type { HubContext } from './context';

/** The tool, approval, file-read and trace methods. */
export function toolMethods({ parts }: HubContext) {
	const { registry, service, leases } = parts;
	/** Runs a tab's call: aborted if the tab goes (except an editor save: what the person typed) or withdraws it. */
	const owned = <T>(context: TabCallContext, task: (signal: AbortSignal) => Promise<T>): Promise<T> => leases.own(context.tabId, context.requestId, context.source === 'editor', task);
	return {
		async listTools(cursor?: string) {
			return registry.listTools(cursor ? { cursor } : {});
		},
		/** A direct command from a tab. */
		callTool(name: string, args: unknown, context: TabCallContext): Promise<CallToolResult> {
			return owned(context, (signal) => registry.callTool({ name, arguments: args }, { context: { source: context.source, mode: 'direct', tabId: context.tabId, sessionId: context.sessionId }, signal }));
		},
		/** An agent call from a page (WebMCP, the console): every such caller has a session, bound to its tab by default. */
		executeAgentCall(call: { id?: string; name: string; arguments?: unknown }, context: TabCallContext): Promise<CallToolResult> {
			const sessionId = context.sessionId ?? `${context.source}:${context.tabId}`;
			return owned(context, (signal) => registry.executeModelToolCall(call, { context: { source: context.source, mode: 'agent', tabId: context.tabId, sessionId }, signal }));
		},
		/** Re-issues a recent retryable failure through its original source and mode (see ToolRegistry.retry). */
		retryCall(callId: string, context: TabCallContext): Promise<CallToolResult> {
			return owned(context, (signal) => registry.retry(callId, { tabId: context.tabId, signal }));
		},
		async cancelCall(tabId: string, requestId: string): Promise<boolean> {
			return leases.cancel(tabId, requestId);
		},
		async resolveApproval(id: string, decision: ApprovalDecision, tabId?: string): Promise<boolean> {
			return registry.policy.resolve(id, decision, tabId);
		},
		async revokeGrant(key: string): Promise<boolean> {
			return registry.policy.revoke(key);
		},
		/** File content for the editor (not a tool call: no trace entry). */
		async readFile(path: string): Promise<FileContent | null> {
			const normalized = tryNormalizePath(path);
			const file = normalized ? service.workspace.files.get(normalized) : undefined;
			if (!file) return null;
			return { revision: service.revision, path: file.path, content: file.content ?? null, size: file.size, mimeType: file.mimeType };
		},
		/** What one revision changed, as line diffs (for the history panel). */
		async revisionDiff(revision: number): Promise<RevisionDiff | null> {
			const entry = await service.repository.entry(service.workspaceId, revision);
			return entry ? { revision, tool: entry.tool, source: entry.source, files: describeChanges(entry.diff.changes) } : null;
		},
		async clearTrace(): Promise<void> {
			registry.trace.clear();
			await parts.tracePersistence?.clear();
		},
		async exportTrace(): Promise<unknown> {
			return registry.trace.export();
		}
	} satisfies Partial<HubBackend>;
}
