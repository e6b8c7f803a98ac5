// The workspaces a browser keeps, as one hub manages them: list, create (from a starter, nothing, a
// .zip, another workspace or a git remote), rename, delete; and the downloads built here (a workspace or revision
// as .zip, a backup of every workspace with a manifest). Each workspace is served by its own hub;
// other hubs hear of a rename or delete through `announce`.
import { ToolError } from '../core/errors';
import { starterFilesOf, type StarterId } from '../domain/starters';
import type { FileRecord, Workspace } from '../domain/model';
import type { RepositoryPort, WorkspaceCatalogPort } from '../runtime/ports';
import type { WorkspaceService } from '../runtime/workspace-service';
import { restorePlan } from '../runtime/history-plans';
import { loadZipWriter, zipReader } from '../runtime/zip-loader';
import type { HubStorage } from './hub-storage';
import type { BlobDownload, CreatedWorkspace, HubAnnouncement, WorkspaceListing, WorkspaceSource } from './protocol';
import type { GitLinkInput } from '../runtime/git/link';
import { gitUnavailable } from './hub-git';

/** A git remote fetched for a new workspace: its files, what the workspace leaves to the repository, and the way to record the pull. */
export interface GitClone {
	files: FileRecord[];
	leftOut: CreatedWorkspace['skipped'];
	finish(workspace: Workspace): Promise<void>;
}

/** What the backup's manifest.json says (format 1). */
export interface BackupManifest {
	format: 'web-studio-backup';
	version: 1;
	createdAt: string;
	workspaces: { id: string; name: string; revision: number; folder: string; files: number }[];
}

type Announcement = Extract<HubAnnouncement, { kind: 'workspace-renamed' | 'workspace-deleted' }>;
type Unsigned<T> = T extends unknown ? Omit<T, 'hubId'> : never;

/** A folder name for a workspace in a backup: its name made path-safe, unique within the archive. */
function folderName(name: string, taken: Set<string>): string {
	const base = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 60) || 'workspace';
	let folder = base;
	for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${base}-${n}`;
	taken.add(folder.toLowerCase());
	return folder;
}

/** A stamp for download names (the date, UTC). */
const stamp = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Workspace management and downloads for one hub. */
export class HubWorkspaces {
	constructor(
		private readonly repository: RepositoryPort,
		private readonly service: WorkspaceService,
		private readonly storage: HubStorage,
		private readonly announce: (announcement: Unsigned<Announcement>) => void,
		private readonly now: () => number = Date.now,
		/** Keeps what a new workspace's import left out, for that workspace's preview to name. */
		private readonly rememberLeftOut?: (workspaceId: string, skipped: CreatedWorkspace['skipped']) => Promise<void>,
		/** Git for other workspaces: clone a remote for a new one, forget a deleted one's (absent: no git on this device). */
		private readonly git?: { clone(workspaceId: string, link: GitLinkInput): Promise<GitClone>; forget(workspaceId: string): Promise<void> }
	) {}

	/** The workspaces this storage keeps (absent: one workspace only, or storage failed). */
	get catalog(): WorkspaceCatalogPort | undefined {
		return this.storage.failure ? undefined : this.repository.workspaces;
	}

	/** The catalog, or a clear refusal where storage keeps one workspace (a folder, no IndexedDB). */
	get #catalog(): WorkspaceCatalogPort {
		const catalog = this.storage.failure ? undefined : this.repository.workspaces;
		if (!catalog) throw new ToolError('TOOL_EXECUTION_FAILED', 'This storage keeps a single workspace: several workspaces need the browser\'s storage (IndexedDB).', { reason: 'single-workspace' });
		return catalog;
	}

	/** Every workspace, most recently changed first; this hub's is marked current. */
	async list(): Promise<WorkspaceListing[]> {
		const current = this.service.workspace;
		if (!this.repository.workspaces || this.storage.failure) return [{ id: current.id, name: current.name, revision: current.revision, files: current.files.size, bytes: 0, historyCount: 0, updatedAt: 0, current: true }];
		return (await this.#catalog.list()).map((summary) => ({ ...summary, current: summary.id === current.id }));
	}

	/** Stores a new workspace; the tab that asked opens it. Nothing changes in this one. */
	async create(name: string, source: WorkspaceSource): Promise<CreatedWorkspace> {
		const catalog = this.#catalog;
		// In memory, the new workspace would be gone by the time the tab opens it (a page load).
		if (this.repository.kind === 'memory') throw new ToolError('TOOL_EXECUTION_FAILED', 'This browser gives Web Studio no storage, so a new workspace could not be kept. Download a .zip instead.', { reason: 'memory-storage' });
		let files: FileRecord[];
		let skipped: CreatedWorkspace['skipped'] = [];
		let activePath: string | null = null;
		const id = `ws-${crypto.randomUUID().slice(0, 8)}`;
		let cloned: GitClone | null = null;
		if (source.kind === 'git') {
			if (!this.git) throw gitUnavailable();
			cloned = await this.git.clone(id, source.link);
			({ files, leftOut: skipped } = cloned);
		} else if (source.kind === 'starter') files = source.starter === 'empty' ? [] : starterFilesOf(source.starter as StarterId);
		else if (source.kind === 'zip') {
			({ files, skipped } = await (await zipReader.load()).readZip(source.data));
			if (files.length === 0) throw new ToolError('TOOL_VALIDATION_FAILED', 'The .zip holds no file a workspace can keep; nothing was created.', { reason: 'empty-import', skipped });
		} else {
			const from = source.workspaceId === this.service.workspaceId ? this.service.workspace : null;
			if (!from && !(await catalog.exists(source.workspaceId))) throw new ToolError('TOOL_VALIDATION_FAILED', 'That workspace no longer exists.', { reason: 'no-workspace' });
			files = from ? [...from.files.values()] : await catalog.files(source.workspaceId);
			activePath = from?.activePath ?? null;
		}
		const paths = files.map((file) => file.path).sort();
		activePath ??= paths.find((path) => path === 'index.html') ?? paths.find((path) => path.endsWith('.html')) ?? paths[0] ?? null;
		const workspace: Workspace = { id, name, revision: 1, activePath, files: new Map(files.map((file) => [file.path, file])) };
		await catalog.create(workspace);
		// The pull is recorded once the files are kept: the workspace is the clone's working tree.
		await cloned?.finish(workspace);
		if (skipped.length) await this.rememberLeftOut?.(workspace.id, skipped.slice(0, 1000)).catch(() => undefined);
		return { id: workspace.id, name, files: files.length, skipped };
	}

	async rename(workspaceId: string, name: string): Promise<void> {
		await this.#catalog.rename(workspaceId, name);
		if (workspaceId === this.service.workspaceId) this.service.setName(name);
		this.announce({ kind: 'workspace-renamed', workspaceId, name });
	}

	/** Deletes a workspace, its files and history; its hub (maybe this one) stops writing. */
	async remove(workspaceId: string): Promise<void> {
		const catalog = this.#catalog;
		const all = await catalog.list();
		if (!all.some((summary) => summary.id === workspaceId)) return;
		if (all.length === 1) throw new ToolError('TOOL_VALIDATION_FAILED', 'This is the only workspace; create another first, or use Reset to start over.', { reason: 'last-workspace' });
		await catalog.remove(workspaceId);
		// Its git link, token and objects go with it (the remote keeps what was pushed).
		await this.git?.forget(workspaceId).catch(() => undefined);
		this.announce({ kind: 'workspace-deleted', workspaceId });
	}

	/** This workspace now, or as it was at `revision` (rewound from history; nothing changes). */
	async zip(revision?: number): Promise<BlobDownload> {
		const { workspace, undoState, workspaceId } = this.service;
		let files: Iterable<FileRecord> = workspace.files.values();
		if (revision !== undefined && revision !== workspace.revision) {
			const { change } = await restorePlan(this.repository, workspaceId, revision)(workspace, undoState);
			files = change.type === 'replace' ? change.files : [];
		}
		const base = folderName(workspace.name, new Set());
		const { zipBlob, zipEntries } = await loadZipWriter();
		return { name: revision === undefined ? `${base}-${stamp(this.now())}.zip` : `${base}-r${revision}.zip`, blob: await zipBlob(zipEntries(files)) };
	}

	/**
	 * Every workspace in one .zip: a folder per workspace and manifest.json naming each. When storage
	 * failed, whatever files are still readable from it (by workspace id).
	 */
	async backup(): Promise<BlobDownload> {
		const { zipBlob, zipEntries } = await loadZipWriter();
		const taken = new Set<string>(['manifest.json']);
		const manifest: BackupManifest = { format: 'web-studio-backup', version: 1, createdAt: new Date(this.now()).toISOString(), workspaces: [] };
		const entries: [string, Uint8Array][] = [];
		const add = (id: string, name: string, revision: number, files: FileRecord[]) => {
			const folder = folderName(name, taken);
			manifest.workspaces.push({ id, name, revision, folder, files: files.length });
			entries.push(...zipEntries(files, {}, `${folder}/`));
		};
		if (this.storage.failure) {
			const stored = await this.storage.readable();
			if (stored.size === 0) throw new Error("No file could be read from this browser's storage.");
			for (const [id, files] of stored) add(id, id, 0, files);
		} else if (this.repository.workspaces) {
			for (const summary of await this.repository.workspaces.list()) {
				const current = summary.id === this.service.workspaceId ? this.service.workspace : null;
				add(summary.id, summary.name, current?.revision ?? summary.revision, current ? [...current.files.values()] : await this.repository.workspaces.files(summary.id));
			}
		} else {
			const ws = this.service.workspace;
			add(ws.id, ws.name, ws.revision, [...ws.files.values()]);
		}
		entries.push(['manifest.json', new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`)]);
		entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return { name: `web-studio-backup-${stamp(this.now())}.zip`, blob: await zipBlob(entries) };
	}
}
