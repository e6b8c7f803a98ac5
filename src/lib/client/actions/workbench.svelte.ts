// The workbench's user commands: a direct call, opening a file, undo and reset, and the palette (the
// dock's are in dock.svelte.ts; the file tree's and the folder's in files.svelte.ts, loaded when first used).
// Every mutation goes through the registry as a direct call with an honest source; errors become
// toasts with the recovery their code implies.
import type { McpTool } from '$lib/tools/catalog-model';
import type { ToolErrorShape } from '$lib/core/errors';
import { CALL_ID_META, type CallToolResult, type Source } from '$lib/runtime/types';
import type { StarterId } from '$lib/domain/starters';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { EditorController } from '../editor/editor.svelte';
import type { LayoutStore } from '../layout.svelte';
import type { Later } from '../later.svelte';
import { onceUntilFailed } from '$lib/core/once';
import type { DockActions } from './dock.svelte';
import type { FileActions } from './files.svelte';
import { takesTyping, typeAhead, type Typed } from '../typed-ahead';

/** A command of the palette. */
export interface PaletteCommand {
	id: string;
	label: string;
	hint?: string;
	run: () => void;
}

/** Commands and the small UI state they drive. */
export class WorkbenchActions {
	/** The catalog from tools/list (the Tools panel, the palette and browser agents). */
	tools = $state.raw<McpTool[]>([]);
	/** The catalog is on its way (the palette's Enter on a name that matches nothing yet waits for it). */
	toolsLoading = $state(false);
	paletteOpen = $state(false);
	resetOpen = $state(false);
	/** The starter the reset dialog will use. */
	resetStarter = $state<StarterId>('landing');

	constructor(
		private readonly studio: StudioClient,
		private readonly editor: EditorController,
		private readonly toasts: ToastStore,
		private readonly layout: LayoutStore,
		/** The dock's commands, loaded when first needed (the palette's tool commands go through them). */
		private readonly dock: Later<DockActions>,
		/** The file tree's and the folder's commands, loaded when first needed (a toast's Reconnect goes through them). */
		private readonly files: Later<FileActions>
	) {}

	/**
	 * A direct call; a failure becomes a toast whose Retry re-issues it through the hub's honest retry
	 * (refused as a conflict when its target moved since; never a blind overwrite).
	 */
	async call(name: string, args: Record<string, unknown> = {}, source: Source = 'palette'): Promise<CallToolResult> {
		const result = await this.studio.callTool(name, args, source);
		if (result.isError) {
			const error = result.structuredContent.error as ToolErrorShape;
			const callId = (result._meta as Record<string, unknown> | undefined)?.[CALL_ID_META];
			this.toasts.error(error, {
				retry: typeof callId === 'string' && error.retryable ? () => void this.retryById(callId, name) : undefined,
				refreshPreview: () => void this.call('preview_refresh'),
				reconnectFolder: () => this.files.run((files) => files.pickFolder())
			});
		}
		return result;
	}

	/** Re-issues a failed call by its id and says how it went. */
	async retryById(callId: string, name: string) {
		const result = await this.studio.retryCall(callId);
		this.toasts.show({ tone: result.isError ? 'error' : 'info', message: result.isError ? `Retry failed: ${(result.structuredContent.error as ToolErrorShape).message}` : `Retried ${name}: done.` });
	}

	/**
	 * Loads the catalog from tools/list (once; a failed load is tried again on the next call). The
	 * palette, the Tools panel and browser agents ask for it; no first screen does.
	 */
	readonly loadTools = onceUntilFailed(async () => {
		this.toolsLoading = true;
		try {
			this.tools = await this.studio.listAllTools();
		} finally {
			this.toolsLoading = false;
		}
		this.studio.agents.remoteServers = await this.studio.api.remoteServers().catch(() => this.studio.agents.remoteServers);
	});

	// ── Files ──────────────────────────────────────────────────────────────────────────────────────
	async openFile(path: string, line?: number) {
		await this.editor.open(path, line);
		if (this.studio.workspace.activePath !== path) void this.call('workspace_open_file', line ? { path, line } : { path }, 'editor');
	}

	// ── Folder ─────────────────────────────────────────────────────────────────────────────────────
	/** Whether this browser has a folder picker (Chromium desktop). */
	get canPickFolder(): boolean {
		return typeof window !== 'undefined' && 'showDirectoryPicker' in window;
	}

	// ── History ────────────────────────────────────────────────────────────────────────────────────
	/** Undo from the UI: guarded by the revision this tab shows, so it never undoes a change the person has not seen. */
	async undo() {
		await this.editor.flushAll();
		await this.call('workspace_undo', { expectedRevision: this.studio.workspace.revision });
	}

	async redo() {
		await this.editor.flushAll();
		await this.call('workspace_redo', { expectedRevision: this.studio.workspace.revision });
	}

	async confirmReset() {
		this.resetOpen = false;
		const result = await this.call('workspace_reset', { starter: this.resetStarter, expectedRevision: this.studio.workspace.revision });
		if (!result.isError) this.toasts.show({ tone: 'info', message: 'The files are the starter’s now.', action: { label: 'Undo', run: () => void this.undo() } });
	}

	// ── Palette ────────────────────────────────────────────────────────────────────────────────────
	/** Keys typed since the palette was asked for, before its input took them (its first opening loads its code). */
	#typed: Typed | null = null;

	/** Opens the palette; what is typed before its input is there goes into it, not into the field that had focus. */
	openPalette() {
		if (this.paletteOpen) return;
		// A field that had the focus loses it (what is typed is the palette's); a button keeps it, to get it back.
		if (takesTyping(document.activeElement)) (document.activeElement as HTMLElement).blur();
		this.#typed = { text: '', entered: false };
		this.paletteOpen = true;
	}

	/** A key pressed on the page while the palette is on its way: kept for it (true), Escape closing it. */
	typedAhead(key: string): boolean {
		const typed = this.#typed;
		if (!typed || !this.paletteOpen) return false;
		if (key !== 'Escape') return typeAhead(typed, key);
		this.#typed = null;
		this.paletteOpen = false;
		return true;
	}

	/** The palette's input is there: what was typed meanwhile. */
	takeTyped(): Typed {
		const typed = this.#typed ?? { text: '', entered: false };
		this.#typed = null;
		return typed;
	}

	/** Everything the palette can do: commands, open any file, run any tool. */
	paletteCommands(): PaletteCommand[] {
		return [
			{ id: 'undo', label: 'Undo last change', hint: 'workspace_undo', run: () => void this.undo() },
			{ id: 'redo', label: 'Redo', hint: 'workspace_redo', run: () => void this.redo() },
			{ id: 'reset', label: 'Reset to the starter site…', hint: 'workspace_reset', run: () => (this.resetOpen = true) },
			{ id: 'refresh', label: 'Refresh the preview', hint: 'preview_refresh', run: () => void this.call('preview_refresh') },
			{ id: 'download-trace', label: 'Download the trace as JSON', run: () => this.dock.run((dock) => dock.downloadTrace()) },
			{ id: 'export-tools', label: 'Export the tool catalog (tools/list)', run: () => this.dock.run((dock) => dock.exportCatalog('mcp')) },
			...this.studio.workspace.files.map((file) => ({ id: `open:${file.path}`, label: `Open ${file.path}`, hint: 'file', run: () => void this.openFile(file.path) })),
			...this.tools.map((tool) => ({
				id: `tool:${tool.name}`,
				label: tool.title,
				hint: tool.name,
				run: () => {
					this.layout.reveal('tools');
					// A tool without required arguments runs at once; others open with sample arguments.
					this.dock.run((dock) => dock.pick(tool));
				}
			}))
		];
	}
}
