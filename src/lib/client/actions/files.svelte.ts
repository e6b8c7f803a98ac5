// The file tree's commands (create, rename, delete, duplicate, download, drop files in) and the folder's
// (connect, fill an empty one, save to it): made the first time one is used (app.files), so their code
// is not the first screen's. Every change is a direct call through the workbench's `call`.
import { downloadBytes } from '../download';
import type { ToolErrorShape } from '$lib/core/errors';
import { leftOut } from './left-out';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { EditorController } from '../editor/editor.svelte';
import { bytesToBase64 } from '$lib/domain/base64';
import type { CallToolResult } from '$lib/runtime/types';

const TEXT_EXTENSIONS = /\.(html?|css|m?js|json|md|txt|svg|ts)$/i;

/** What these commands use of the workbench's (workbench.svelte.ts). */
export interface WorkbenchCalls {
	/** A direct call; a failure becomes a toast with its recovery. */
	call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
	openFile(path: string, line?: number): Promise<void>;
	undo(): Promise<void>;
}

/** The file tree's and the folder's commands. */
export class FileActions {
	constructor(
		private readonly studio: StudioClient,
		private readonly editor: EditorController,
		private readonly toasts: ToastStore,
		private readonly workbench: WorkbenchCalls
	) {}

	// ── Files ──────────────────────────────────────────────────────────────────────────────────────
	async createFile(path: string) {
		const result = await this.workbench.call('workspace_create_file', { path, content: '', expectedRevision: this.studio.workspace.revision });
		if (!result.isError) await this.workbench.openFile(path.replace(/\\/g, '/').replace(/^\.?\//, ''));
	}

	async renameFile(from: string, to: string) {
		await this.editor.flush(from);
		// Asked before the call: the hub may close the old path's tab (collab.closed) before it answers.
		const wasOpen = this.editor.tabs.includes(from);
		const result = await this.workbench.call('workspace_rename_file', { from, to, expectedRevision: this.studio.workspace.revision });
		if (!result.isError && wasOpen) {
			if (this.editor.tabs.includes(from)) await this.editor.close(from);
			await this.editor.open(to);
		}
	}

	async deleteFile(path: string) {
		const result = await this.workbench.call('workspace_delete_file', { path, expectedRevision: this.studio.workspace.revision });
		if (!result.isError) this.toasts.show({ tone: 'info', message: `Deleted ${path}.`, action: { label: 'Undo', run: () => void this.workbench.undo() } });
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
		const result = await this.workbench.call('workspace_create_file', { path: copy, content: file.content, expectedRevision: this.studio.workspace.revision });
		if (!result.isError) await this.workbench.openFile(copy);
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
			const result = await this.workbench.call('workspace_write_file', { path, content, encoding: text ? 'utf8' : 'base64', createIfMissing: true });
			if (!result.isError) added++;
		}
		if (added) this.toasts.show({ tone: 'info', message: `Added ${added} file${added === 1 ? '' : 's'}.` });
	}

	// ── Folder ─────────────────────────────────────────────────────────────────────────────────────
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
		const result = await this.workbench.call('workspace_reload_folder');
		if (result.isError) return;
		const { skipped = [], changedPaths } = result.structuredContent as { skipped?: { path: string; reason: string }[]; changedPaths: string[] };
		const left = leftOut(skipped);
		this.toasts.show({ tone: 'info', message: `Opened “${name}”: ${changedPaths.length} file${changedPaths.length === 1 ? '' : 's'} changed in the workspace. Nothing was written to the folder.${left}` }, 12_000);
	}

	/** The person confirmed: save the site into the empty folder. */
	async fillEmptyFolder() {
		const name = this.emptyFolder;
		this.emptyFolder = null;
		const result = await this.workbench.call('workspace_save_all');
		if (!result.isError) this.toasts.show({ tone: 'info', message: `Saved the site into “${name}”.` });
	}

	/** The person declined: disconnect the empty folder. */
	async cancelEmptyFolder() {
		this.emptyFolder = null;
		await this.workbench.call('workspace_disconnect_folder');
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
}
