// Taking a site in and out of the browser: a .zip imported as one undoable revision, and share
// links that carry the site in the URL fragment (nothing is sent to a server). A .zip or link opened
// as a new workspace goes through the workspace actions.
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { CallToolResult } from '$lib/runtime/types';
import { bytesToBase64 } from '$lib/domain/base64';
import { archiveTooLarge } from '$lib/core/archive-limit';
import { downloadBlob } from '../download';
import { leftOut } from './left-out';
import { SHARE_PREFIX } from '../share-link';
import type { SharedSite } from '../share';
import { droppedTree, type DroppedFile } from '../dropped';

// The zip code (fflate and the import rules) loads only when a zip or a share link is used: it
// added 15 KB gzip to every start (B7 in `npm run bench`).
const zipCode = () => Promise.all([import('fflate'), import('../share')]);

type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** Zip import and share links for one tab. */
export class PortableActions {
	busy = $state(false);
	/** A share link opened in this tab, waiting for the person's word. */
	shared = $state.raw<SharedSite | null>(null);

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore,
		/** A direct call with the workbench's error toasts. */
		private readonly call: Call,
		private readonly download: () => void
	) {}

	/** Imports a .zip into this workspace (same paths replaced, others kept), then reports. */
	async importZip(file: File): Promise<void> {
		this.busy = true;
		try {
			await this.#merge(new Uint8Array(await file.arrayBuffer()), `“${file.name}”`);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `“${file.name}” could not be read: ${error instanceof Error ? error.message : String(error)}` });
		} finally {
			this.busy = false;
		}
	}

	/**
	 * Where no directory picker exists (Firefox, Safari, phones): the chosen folder's files are
	 * imported through the same rules as a .zip (one undoable revision), the folder's own name taken off.
	 */
	async uploadFolder(files: File[]): Promise<void> {
		const folder = (files[0]?.webkitRelativePath ?? '').split('/')[0];
		await this.#importFiles(Promise.resolve({ files: files.map((file) => ({ path: file.webkitRelativePath || file.name, file })), keepTop: false }), folder ? `“${folder}”` : 'the folder');
	}

	/**
	 * A drop that holds a folder: a site's folder (a page at its top) goes to the root, as an uploaded
	 * folder does; any other keeps its name, beside what else was dropped. One undoable revision.
	 */
	async importDropped(entries: readonly FileSystemEntry[]): Promise<void> {
		const tree = droppedTree(entries);
		if (tree) await this.#importFiles(tree.read.then(({ files, site }) => ({ files, keepTop: !site })), tree.label);
	}

	/**
	 * Files with their paths, zipped here and imported through the .zip rules. `keepTop`: a lone top
	 * folder stays a folder (the import takes a lone top folder off: the files go one folder deeper first).
	 */
	async #importFiles(read: Promise<{ files: DroppedFile[]; keepTop: boolean }>, from: string): Promise<void> {
		this.busy = true;
		try {
			const { files, keepTop } = await read;
			const wrap = keepTop ? 'dropped/' : '';
			const entries: Record<string, Uint8Array> = {};
			for (const { path, file } of files) entries[wrap + path] = new Uint8Array(await file.arrayBuffer());
			const [{ zipSync }] = await zipCode();
			await this.#merge(zipSync(entries), from);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `${from[0]!.toUpperCase()}${from.slice(1)} could not be read: ${error instanceof Error ? error.message : String(error)}` });
		} finally {
			this.busy = false;
		}
	}

	/** Downloads the files as they were at `revision` (History → Download .zip). */
	async downloadRevision(revision: number): Promise<void> {
		try {
			const { name, blob } = await this.studio.api.downloadZip(revision);
			downloadBlob(name, blob);
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `No .zip of revision ${revision}: ${error instanceof Error ? error.message : String(error)}` });
		}
	}

	/** Copies a link that carries the whole site; over the size a link can carry, offers the .zip. */
	async copyShareLink(): Promise<void> {
		const { blob } = await this.studio.api.downloadZip();
		const bytes = new Uint8Array(await blob.arrayBuffer());
		const [, { shareLink, SHARE_MAX_CHARS }] = await zipCode();
		const link = shareLink(bytes, location.href);
		if (!link.ok) {
			this.toasts.show({ tone: 'error', message: `This site needs ${link.length.toLocaleString('en')} characters as a link; links are kept under ${SHARE_MAX_CHARS.toLocaleString('en')}. Send the .zip instead.`, action: { label: 'Download .zip', run: this.download } }, 10_000);
			return;
		}
		try {
			await navigator.clipboard.writeText(link.url);
			this.toasts.show({ tone: 'info', message: `Share link copied (${link.url.length.toLocaleString('en')} characters). The site is inside the link: nothing was uploaded anywhere.` });
		} catch {
			// No clipboard permission: the link goes to the address bar, to copy from there.
			history.replaceState(history.state, '', link.url);
			this.toasts.show({ tone: 'info', message: 'The browser did not allow copying: the share link is in the address bar now — copy it from there.' }, 10_000);
		}
	}

	/** Reads a share link this tab was opened with (the dialog then asks before anything changes). */
	async checkShareLink(): Promise<void> {
		if (!location.hash.startsWith(SHARE_PREFIX)) return;
		try {
			const [, { readShareFragment }] = await zipCode();
			this.shared = await readShareFragment(location.hash);
		} catch (error) {
			this.#forgetLink();
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) }, 10_000);
		}
	}

	/** Takes the share link this tab was opened with, once the person chose how to open it. */
	take(): SharedSite | null {
		const shared = this.shared;
		this.shared = null;
		this.#forgetLink();
		return shared;
	}

	/** The shared site replaces this workspace's files as one undoable revision. */
	async replaceWith(shared: SharedSite): Promise<void> {
		this.#report(await this.call('workspace_import_zip', { data: shared.data, mode: 'replace', expectedRevision: this.studio.workspace.revision }), 'the shared link');
	}

	declineShared(): void {
		this.shared = null;
		this.#forgetLink();
	}

	#forgetLink() {
		history.replaceState(history.state, '', location.href.replace(/#.*$/, ''));
	}

	/** One archive merged in through the tool; one too large for it is named here, not sent. */
	async #merge(bytes: Uint8Array, from: string) {
		const tooLarge = archiveTooLarge(bytes.length);
		if (tooLarge) return void this.toasts.show({ tone: 'error', message: `${from}: ${tooLarge} Nothing was imported.` }, 10_000);
		// A template of a few MB takes seconds to read, store and render: say so until it is in.
		const progress = this.toasts.show({ tone: 'info', message: `Importing ${from} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)…` }, 120_000);
		try {
			this.#report(await this.call('workspace_import_zip', { data: bytesToBase64(bytes), mode: 'merge', expectedRevision: this.studio.workspace.revision }), from);
		} finally {
			this.toasts.dismiss(progress);
		}
	}

	#report(result: CallToolResult, from: string) {
		if (result.isError) return;
		const { imported, skipped } = result.structuredContent as { imported: string[]; skipped: { path: string; reason: string }[] };
		const left = leftOut(skipped);
		this.toasts.show({ tone: 'info', message: `Imported ${imported.length} file${imported.length === 1 ? '' : 's'} from ${from} (Undo takes it back).${left}` }, 12_000);
	}
}
