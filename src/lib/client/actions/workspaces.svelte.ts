// Workspace commands for one tab: the switcher's list, create (starter, empty, .zip, duplicate, a git clone),
// rename, delete with a confirmation naming what is lost, and switching (this tab only: each tab
// pins its own workspace in its URL).
import { forgetFirstScreen } from '../first-screen';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';
import type { WorkspaceListing } from '$lib/worker/protocol';
import type { StarterId } from '$lib/domain/starters';
import { base64ToBytes } from '$lib/domain/base64';
import { openWorkspace } from '../workspace-choice';
import { leftOut } from './left-out';
import type { PaletteCommand } from './workbench.svelte';
import type { GitLinkInput } from '$lib/worker/protocol';
import type { GitLinkDraft } from '$lib/shared/types';

/** What the workspace dialog is doing. */
export type WorkspaceDialog = { kind: 'create' } | { kind: 'rename'; workspace: WorkspaceListing } | { kind: 'delete'; workspace: WorkspaceListing } | null;

/** `https://host/you/my-site.git` → `my-site` (null: no name in it). */
function repositoryName(url: string): string | null {
	const name = url.trim().replace(/\/+$/, '').replace(/\.git$/i, '').split('/').pop() ?? '';
	return /^[\w.-]{1,80}$/.test(name) && !url.trim().endsWith(':') && url.includes('/') ? name : null;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024).toLocaleString('en')} KB`);

/** The switcher's state and commands. */
export class WorkspaceActions {
	list = $state.raw<WorkspaceListing[]>([]);
	dialog = $state.raw<WorkspaceDialog>(null);
	/** The name typed in the create or rename dialog. */
	draftName = $state('');
	draftStarter = $state<StarterId | 'empty' | 'git'>('landing');
	/** The fields of the remote a new workspace clones (the starter `git`), as the dialog keeps them; null: untouched. */
	draftGit = $state.raw<GitLinkDraft | null>(null);
	busy = $state(false);

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore,
		/** Saves what the editors hold before the tab leaves this workspace. */
		private readonly flush: () => Promise<void> | void
	) {}

	/** Re-reads the list (when the switcher opens). */
	async refresh(): Promise<void> {
		try {
			this.list = await this.studio.api.listWorkspaces();
		} catch (error) {
			this.toasts.show({ tone: 'error', message: `The workspaces could not be listed: ${message(error)}` });
		}
	}

	/** Opens another workspace in this tab (other tabs keep theirs). */
	async switchTo(id: string, notice?: string): Promise<void> {
		if (id === this.studio.workspaceId && !notice) return;
		await Promise.resolve(this.flush()).catch(() => undefined);
		openWorkspace(id, notice);
	}

	startCreate(from: 'starter' | 'git' = 'starter'): void {
		this.draftName = this.#freeName('New site');
		this.draftStarter = from === 'git' ? 'git' : 'landing';
		this.draftGit = null;
		this.dialog = { kind: 'create' };
	}

	/** An edit of the clone's fields; while the name is still the one offered, it follows the repository's. */
	editGit(draft: GitLinkDraft, patch: Partial<GitLinkDraft>): void {
		const before = this.draftGit ?? draft;
		const next = { ...before, ...patch };
		const offered = this.#freeName(repositoryName(before.url) ?? 'New site');
		if (patch.url !== undefined && this.draftName === offered) this.draftName = this.#freeName(repositoryName(next.url) ?? 'New site');
		this.draftGit = next;
	}

	startRename(workspace: WorkspaceListing): void {
		this.draftName = workspace.name;
		this.dialog = { kind: 'rename', workspace };
	}

	startDelete(workspace: WorkspaceListing): void {
		this.dialog = { kind: 'delete', workspace };
	}

	/** What deleting loses, said before it happens. */
	deleteMessage(workspace: WorkspaceListing): string {
		const files = `${workspace.files} file${workspace.files === 1 ? '' : 's'} (${kb(workspace.bytes)})`;
		const history = workspace.historyCount ? ` and ${workspace.historyCount} revision${workspace.historyCount === 1 ? '' : 's'} of history` : '';
		const open = workspace.current ? ' This tab then opens another workspace.' : '';
		return `Its ${files}${history} are deleted from this browser. This cannot be undone — Download backup keeps a copy of every workspace first.${open}`;
	}

	/** Confirms the open dialog (`git`: the remote to clone, when the starter is a git repository). */
	async confirm(git?: GitLinkInput): Promise<void> {
		const dialog = this.dialog;
		if (!dialog || this.busy) return;
		this.busy = true;
		try {
			if (dialog.kind === 'create' && this.draftStarter === 'git' && git) {
				// A failed clone (a wrong token, a mistyped URL) keeps the dialog open to fix it.
				const link = { ...git, branch: git.branch ?? 'main' };
				const created = await this.studio.api.createWorkspace(this.draftName, { kind: 'git', link });
				this.dialog = null;
				await this.switchTo(created.id, `Cloned ${link.url} (${link.branch}) as “${created.name}” (${created.files} file${created.files === 1 ? '' : 's'}).${leftOut(created.skipped)}`);
			} else if (dialog.kind === 'create') {
				const created = await this.studio.api.createWorkspace(this.draftName, { kind: 'starter', starter: this.draftStarter === 'git' ? 'empty' : this.draftStarter });
				this.dialog = null;
				await this.switchTo(created.id, `Created “${created.name}”.`);
			} else if (dialog.kind === 'rename') {
				await this.studio.api.renameWorkspace(dialog.workspace.id, this.draftName);
				this.dialog = null;
				await this.refresh();
			} else {
				await this.studio.api.deleteWorkspace(dialog.workspace.id);
				forgetFirstScreen(dialog.workspace.id); // deleted from this browser: its picture too
				this.dialog = null;
				await this.refresh();
				if (dialog.workspace.current) await this.#leave(`Deleted “${dialog.workspace.name}”.`);
				else this.toasts.show({ tone: 'info', message: `Deleted “${dialog.workspace.name}”.` });
			}
		} catch (error) {
			const cloning = dialog.kind === 'create' && this.draftStarter === 'git';
			this.toasts.show({ tone: 'error', message: cloning ? `The repository could not be cloned: ${message(error)}` : message(error) }, 10_000);
		} finally {
			this.busy = false;
		}
	}

	cancel(): void {
		this.dialog = null;
	}

	/** A copy of a workspace's files (not its history), opened in this tab. */
	async duplicate(workspace: WorkspaceListing): Promise<void> {
		await this.#create(this.#freeName(`${workspace.name} copy`), { kind: 'duplicate', workspaceId: workspace.id }, `Duplicated “${workspace.name}”`);
	}

	/** A .zip as a new workspace (every entry through the import rules), opened in this tab. */
	async importAsNew(file: File): Promise<void> {
		const data = new Uint8Array(await file.arrayBuffer());
		await this.#create(this.#freeName(file.name.replace(/\.zip$/i, '') || 'Imported site'), { kind: 'zip', data }, `Imported “${file.name}”`);
	}

	/** A share link's site as a new workspace, opened in this tab. */
	async openSharedAsNew(data: string): Promise<boolean> {
		const bytes = base64ToBytes(data);
		if (!bytes) {
			this.toasts.show({ tone: 'error', message: 'This share link is damaged: nothing was opened.' });
			return false;
		}
		return this.#create(this.#freeName('Shared site'), { kind: 'zip', data: bytes }, 'Opened the shared site');
	}

	/** The workspace this tab asked for does not exist: open the most recent one instead. */
	async recoverMissing(): Promise<void> {
		await this.refresh();
		await this.#leave('That workspace no longer exists (deleted in another tab, or the link came from another browser).');
	}

	async #leave(notice: string): Promise<void> {
		const next = this.list.find((workspace) => workspace.id !== this.studio.workspaceId);
		openWorkspace(next?.id ?? 'default', next ? `${notice} Opened “${next.name}”.` : notice);
	}

	async #create(name: string, source: Parameters<StudioClient['api']['createWorkspace']>[1], done: string): Promise<boolean> {
		this.busy = true;
		try {
			const created = await this.studio.api.createWorkspace(name, source);
			const left = leftOut(created.skipped);
			await this.switchTo(created.id, `${done} as “${created.name}” (${created.files} file${created.files === 1 ? '' : 's'}).${left}`);
			return true;
		} catch (error) {
			this.toasts.show({ tone: 'error', message: message(error) }, 10_000);
			return false;
		} finally {
			this.busy = false;
		}
	}

	/** `base`, or `base 2`, `base 3`… when a workspace has that name already. */
	#freeName(base: string): string {
		const taken = new Set(this.list.map((workspace) => workspace.name.toLowerCase()));
		if (!taken.has(base.toLowerCase())) return base;
		let n = 2;
		while (taken.has(`${base} ${n}`.toLowerCase())) n++;
		return `${base} ${n}`;
	}

	/** The palette's workspace commands: create, and open each other workspace. */
	paletteCommands(): PaletteCommand[] {
		return [
			{ id: 'workspace:new', label: 'New workspace…', hint: 'workspace', run: () => this.startCreate() },
			{ id: 'workspace:clone', label: 'New workspace from a git repository…', hint: 'workspace', run: () => this.startCreate('git') },
			...this.list.filter((workspace) => !workspace.current).map((workspace) => ({ id: `workspace:${workspace.id}`, label: `Open workspace ${workspace.name}`, hint: 'workspace', run: () => void this.switchTo(workspace.id) }))
		];
	}
}
