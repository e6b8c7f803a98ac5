// The workbench's user commands: files, folder, undo and reset, and the palette (the dock's are in dock.svelte.ts).
// Every mutation goes through the registry as a direct call with an honest source; errors become
// toasts with the recovery their code implies.
import { downloadBytes } from '../download';
import type { McpTool } from '$lib/tools/catalog-model';
import type { ToolErrorShape } from '$lib/core/errors';
import { CALL_ID_META, type CallToolResult, type Source } from '$lib/runtime/types';
import type { StarterId } from '$lib/domain/starters';
import { leftOut } from './left-out';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { EditorController } from '../editor/editor.svelte';
import type { LayoutStore } from '../layout.svelte';
import { bytesToBase64 } from '$lib/domain/base64';
import type { Later } from '../later.svelte';
import type { DockActions } from './dock.svelte';

const TEXT_EXTENSIONS = /\.(html?|css|m?js|json|md|txt|svg|ts)$/i;

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
		private readonly dock: Later<DockActions>
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
				reconnectFolder: () => void this.pickFolder()
			});
		}
		return result;
	}

	/** Re-issues a failed call by its id and says how it went. */
	async retryById(callId: string, name: string) {
		const result = await this.studio.retryCall(callId);
		this.toasts.show({ tone: result.isError ? 'error' : 'info', message: result.isError ? `Retry failed: ${(result.structuredContent.error as ToolErrorShape).message}` : `Retried ${name}: done.` });
	}

	#toolsLoad: Promise<void> | null = null;

	/**
	 * Loads the catalog from tools/list (once; a failed load is tried again on the next call). The
	 * palette, the Tools panel and browser agents ask for it; no first screen does.
	 */
	loadTools(): Promise<void> {
		this.#toolsLoad ??= (async () => {
			this.tools = await this.studio.listAllTools();
			this.studio.agents.remoteServers = await this.studio.api.remoteServers().catch(() => this.studio.agents.remoteServers);
		})().catch((error: unknown) => {
			this.#toolsLoad = null;
			throw error;
		});
		return this.#toolsLoad;
	}

	// ── Files ──────────────────────────────────────────────────────────────────────────────────────
	async openFile(path: string, line?: number) {
		await this.editor.open(path, line);
		if (this.studio.workspace.activePath !== path) void this.call('workspace_open_file', line ? { path, line } : { path }, 'editor');
	}

	async createFile(path: string) {
		const result = await this.call('workspace_create_file', { path, content: '', expectedRevision: this.studio.workspace.revision });
		if (!result.isError) await this.openFile(path.replace(/\\/g, '/').replace(/^\.?\//, ''));
	}

	async renameFile(from: string, to: string) {
		await this.editor.flush(from);
		// Asked before the call: the hub may close the old path's tab (collab.closed) before it answers.
		const wasOpen = this.editor.tabs.includes(from);
		const result = await this.call('workspace_rename_file', { from, to, expectedRevision: this.studio.workspace.revision });
		if (!result.isError && wasOpen) {
			if (this.editor.tabs.includes(from)) await this.editor.close(from);
			await this.editor.open(to);
		}
	}

	async deleteFile(path: string) {
		const result = await this.call('workspace_delete_file', { path, expectedRevision: this.studio.workspace.revision });
		if (!result.isError) this.toasts.show({ tone: 'info', message: `Deleted ${path}.`, action: { label: 'Undo', run: () => void this.undo() } });
	}

	/** A copy of a text file beside it ("about copy.html", then "about copy 2.html"). */
	async duplicateFile(path: string) {
		await this.editor.flush(path);
		const file = await this.studio.api.readFile(path);
		if (!file || file.content === null) return;
		const dot = path.lastIndexOf('.');
		const [stem, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
		const taken = new Set(this.studio.workspace.files.map((f) => f.path));
		let copy = `${stem} copy${ext}`;
		for (let n = 2; taken.has(copy); n++) copy = `${stem} copy ${n}${ext}`;
		const result = await this.call('workspace_create_file', { path: copy, content: file.content, expectedRevision: this.studio.workspace.revision });
		if (!result.isError) await this.openFile(copy);
	}

	/** Downloads one text file as it is now. */
	async downloadFile(path: string) {
		await this.editor.flush(path);
		const file = await this.studio.api.readFile(path);
		if (file && file.content !== null) downloadBytes(path.slice(path.lastIndexOf('/') + 1), file.content, file.mimeType);
	}

	/** Imports dropped files: text as UTF-8, everything else as base64 assets. */
	async importFiles(files: File[]) {
		let added = 0;
		for (const file of files) {
			const path = (file.webkitRelativePath || file.name).replace(/\\/g, '/');
			const text = TEXT_EXTENSIONS.test(path);
			const content = text ? await file.text() : bytesToBase64(new Uint8Array(await file.arrayBuffer()));
			const result = await this.call('workspace_write_file', { path, content, encoding: text ? 'utf8' : 'base64', createIfMissing: true });
			if (!result.isError) added++;
		}
		if (added) this.toasts.show({ tone: 'info', message: `Added ${added} file${added === 1 ? '' : 's'}.` });
	}

	// ── Folder ─────────────────────────────────────────────────────────────────────────────────────
	/** Whether this browser has a folder picker (Chromium desktop). */
	get canPickFolder(): boolean {
		return typeof window !== 'undefined' && 'showDirectoryPicker' in window;
	}

	/** An empty folder waiting for the person's word before the site is saved into it. */
	emptyFolder = $state<string | null>(null);

	/**
	 * Connects `handle`. A folder holding anything is imported (nothing on disk changes until the
	 * person saves; what could not be imported is listed). An empty one receives the site only after
	 * the person confirms.
	 */
	async connectFolder(handle: FileSystemDirectoryHandle) {
		const { name, hasFiles } = await this.studio.api.connectFolder(handle);
		await this.editor.flushAll();
		if (!hasFiles) {
			this.emptyFolder = name;
			return;
		}
		const result = await this.call('workspace_reload_folder');
		if (result.isError) return;
		const { skipped = [], changedPaths } = result.structuredContent as { skipped?: { path: string; reason: string }[]; changedPaths: string[] };
		const left = leftOut(skipped);
		this.toasts.show({ tone: 'info', message: `Opened “${name}”: ${changedPaths.length} file${changedPaths.length === 1 ? '' : 's'} changed in the workspace. Nothing was written to the folder.${left}` }, 12_000);
	}

	/** The person confirmed: save the site into the empty folder. */
	async fillEmptyFolder() {
		const name = this.emptyFolder;
		this.emptyFolder = null;
		const result = await this.call('workspace_save_all');
		if (!result.isError) this.toasts.show({ tone: 'info', message: `Saved the site into “${name}”.` });
	}

	/** The person declined: disconnect the empty folder. */
	async cancelEmptyFolder() {
		this.emptyFolder = null;
		await this.call('workspace_disconnect_folder');
	}

	async pickFolder() {
		const picker = (window as unknown as { showDirectoryPicker?(options: { mode: 'readwrite' }): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker;
		if (!picker) return;
		try {
			await this.connectFolder(await picker.call(window, { mode: 'readwrite' }));
		} catch (error) {
			if ((error as { name?: string })?.name !== 'AbortError') this.toasts.show({ tone: 'error', message: `Could not open the folder: ${(error as Error).message}` });
		}
	}

	async saveToFolder(overwrite?: string[]) {
		await this.editor.flushAll();
		const result = await this.studio.callTool('workspace_save_all', overwrite ? { overwrite } : {}, 'palette');
		if (!result.isError) {
			const { savedPaths, skipped = [] } = result.structuredContent as { savedPaths: string[]; skipped?: { path: string }[] };
			this.toasts.show({ tone: 'info', message: `Saved ${savedPaths.length} file${savedPaths.length === 1 ? '' : 's'} to the folder.${skipped.length ? ` ${skipped.length} not written (${skipped.map((s) => s.path).slice(0, 3).join(', ')}): the studio does not manage them on disk.` : ''}` }, 5000);
			return;
		}
		const error = result.structuredContent.error as ToolErrorShape;
		const conflicts = (error.details.conflicts as { path: string }[] | undefined) ?? [];
		if (error.code === 'WORKSPACE_FOLDER_STALE' && conflicts.length) {
			// The person decides: overwrite exactly these paths on disk, or take the disk's version.
			this.toasts.show({ tone: 'error', message: error.message, action: { label: `Overwrite ${conflicts.length} on disk`, run: () => void this.saveToFolder(conflicts.map((c) => c.path)) } }, 20_000);
		} else this.toasts.error(error, { reconnectFolder: () => void this.pickFolder() });
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
