// The dock's commands: the Tools panel (search, pick, run, export the catalog), the Trace (retry,
// copy, download) and History (list, diff, restore). Loaded with the dock's panels or the palette's
// first tool command, not with the first screen.
import type { McpTool } from '$lib/tools/catalog-model';
import type { CallToolResult, TraceEntry } from '$lib/runtime/types';
import type { HistoryEntry } from '$lib/domain/history';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import { downloadJson as download } from '../download';

/** What the dock's commands need of the workbench. */
export interface DockDeps {
	studio: StudioClient;
	toasts: ToastStore;
	/** The catalog from tools/list (the workbench reads it at start, for browser agents too). */
	tools(): McpTool[];
	/** A direct call with the workbench's error toasts. */
	call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
	/** Re-issues a failed call through the hub's honest retry, and says how it went. */
	retryById(callId: string, name: string): Promise<void>;
	/** Saves what the editors hold (before a restore). */
	flushAll(): Promise<void>;
}

/** State and commands of the Tools, Trace and History panels. */
export class DockActions {
	catalogQuery = $state('');
	selectedTool = $state<string | null>(null);
	toolResult = $state.raw<{ name: string; isError: boolean; text: string } | null>(null);
	running = $state(false);
	history = $state.raw<Omit<HistoryEntry, 'diff' | 'bytes' | 'target'>[]>([]);
	historySelected = $state<number | null>(null);
	historyDiff = $state.raw<{ files: { path: string; change: string; diff: { kind: string; text: string }[] }[] } | null>(null);

	constructor(private readonly deps: DockDeps) {}

	// ── Tools ──────────────────────────────────────────────────────────────────────────────────────
	async runTool(name: string, args: Record<string, unknown>) {
		this.running = true;
		try {
			const result = await this.deps.studio.callTool(name, args, 'palette');
			this.toolResult = { name, isError: result.isError, text: JSON.stringify(result.structuredContent, null, 2) };
		} finally {
			this.running = false;
		}
	}

	/** A tool chosen in the palette: shown in the Tools panel; one without required arguments runs at once. */
	pick(tool: McpTool) {
		this.selectedTool = tool.name;
		if (!(tool.inputSchema.required ?? []).length) void this.runTool(tool.name, {});
	}

	async exportCatalog(format: 'mcp' | 'openai') {
		const tools = this.deps.tools();
		if (format === 'mcp') return download('tools-list.json', { tools });
		const { toOpenAITools } = await import('$lib/tools/catalog-model');
		download('openai-tools.json', toOpenAITools(tools));
	}

	// ── Trace ──────────────────────────────────────────────────────────────────────────────────────
	/** Trace Retry: through the call's original source and mode (an agent's call shows its card again). */
	async retry(entry: TraceEntry) {
		if (entry.callId && entry.name) await this.deps.retryById(entry.callId, entry.name);
	}

	async copy(entry: TraceEntry) {
		await navigator.clipboard?.writeText(JSON.stringify(entry, null, 2)).catch(() => undefined);
		this.deps.toasts.show({ tone: 'info', message: 'Trace entry copied.' }, 2500);
	}

	async downloadTrace() {
		download(`trace-${new Date().toISOString().slice(0, 19)}.json`, await this.deps.studio.api.exportTrace());
	}

	// ── History ────────────────────────────────────────────────────────────────────────────────────
	async loadHistory() {
		const result = await this.deps.studio.callTool('workspace_history', { limit: 100 }, 'palette');
		if (!result.isError) this.history = (result.structuredContent as { entries: DockActions['history'] }).entries;
	}

	async selectRevision(revision: number) {
		this.historySelected = revision;
		this.historyDiff = await this.deps.studio.api.revisionDiff(revision);
	}

	async restore(revision: number) {
		await this.deps.flushAll();
		await this.deps.call('workspace_restore_revision', { revision, expectedRevision: this.deps.studio.workspace.revision });
	}
}
