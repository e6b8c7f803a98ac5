// The Git section's commands: link the workspace, then commit, push and pull — each a direct call of
// the person's own through the same git tools agents use; a pull's conflicts wait for a side per file.
import type { GitLinkInput, GitLinkView } from '$lib/worker/protocol';
import type { GitChangeView } from '$lib/shared/types';
import type { ToolErrorShape } from '$lib/core/errors';
import type { StudioClient } from '../studio.svelte';
import type { ToastStore } from '../toasts.svelte';

/** A file both sides changed on the same lines: the person picks one. */
export interface GitConflict {
	path: string;
	local: string | null;
	remote: string | null;
}

/** Git section state and commands. */
export class GitActions {
	link = $state.raw<GitLinkView | null>(null);
	/** What changed since the last commit, each text file with its diff (null: not read yet). */
	changes = $state.raw<GitChangeView[] | null>(null);
	busy = $state<string | null>(null);
	conflicts = $state.raw<GitConflict[]>([]);
	/** The sides picked so far, by path. */
	picked = $state<Record<string, 'mine' | 'theirs'>>({});
	message = $state('');
	editing = $state(false);

	/** History's marks: revision → what git made of it ("commit 1a2b3c4", "pulled 1a2b3c4"). */
	get marks(): Record<number, string> {
		return Object.fromEntries((this.link?.marks ?? []).map((m) => [m.revision, `${m.kind === 'commit' ? 'commit' : 'pulled'} ${m.oid.slice(0, 7)}`]));
	}

	constructor(
		private readonly studio: StudioClient,
		private readonly toasts: ToastStore
	) {}

	async load() {
		this.link = await this.studio.api.gitLink().catch(() => null);
		await this.refresh();
	}

	/** What changed since the last commit, and the link's marks (a commit or pull may have come from an agent or another tab). */
	async refresh() {
		if (!this.link?.linked) return void (this.changes = []);
		this.link = await this.studio.api.gitLink().catch(() => this.link);
		const result = await this.studio.callTool('git_status', {}, 'palette');
		// An unread status is unknown, not "no change".
		this.changes = result.isError ? null : ((result.structuredContent.changes as GitChangeView[]) ?? []);
	}

	async save(input: GitLinkInput) {
		await this.#run('link', async () => {
			this.link = await this.studio.api.setGitLink(input);
			this.editing = false;
			this.toasts.show({ tone: 'info', message: `Linked to ${this.link.url} (${this.link.branch}).` }, 4000);
			await this.refresh();
		});
	}

	async unlink() {
		await this.#run('unlink', async () => {
			this.link = await this.studio.api.unlinkGit();
			this.changes = [];
		});
	}

	async commit() {
		const message = this.message.trim() || 'Update from Web Studio';
		await this.#tool('git_commit', { message }, (out) => {
			this.message = '';
			this.toasts.show({ tone: 'info', message: out.commit ? `Committed ${String(out.commit).slice(0, 7)} on this device. Push sends it.` : 'Nothing to commit: no file changed since the last commit.' }, 4000);
		});
	}

	async push() {
		await this.#tool('git_push', {}, (out) => this.toasts.show({ tone: 'info', message: out.pushed ? `Pushed ${String(out.pushed).slice(0, 7)} to ${out.url}.` : 'Nothing to push yet: commit first.' }, 4000));
	}

	/** Pulls; with conflicts listed, pulls again with the sides the person picked. */
	async pull() {
		const resolve = this.conflicts.length ? { ...this.picked } : undefined;
		await this.#tool('git_pull', resolve ? { resolve } : {}, (out) => {
			this.conflicts = [];
			this.picked = {};
			this.toasts.show({ tone: 'info', message: out.upToDate ? 'Already up to date.' : `Pulled ${String(out.pulled).slice(0, 7)}: ${(out.changedPaths as string[]).length} files changed in one revision (Undo reverts it).` }, 5000);
		});
	}

	pick(path: string, side: 'mine' | 'theirs') {
		this.picked = { ...this.picked, [path]: side };
	}

	async #tool(name: string, args: Record<string, unknown>, done: (out: Record<string, unknown>) => void) {
		await this.#run(name, async () => {
			const result = await this.studio.callTool(name, args, 'palette');
			if (!result.isError) {
				done(result.structuredContent);
				await this.refresh();
				return;
			}
			const error = result.structuredContent.error as ToolErrorShape;
			if (error.code === 'GIT_MERGE_CONFLICT') {
				this.conflicts = ((error.details.conflicts as GitConflict[]) ?? []).map((c) => ({ path: c.path, local: c.local, remote: c.remote }));
				this.picked = {};
			}
			this.toasts.error(error, { retry: error.retryable ? () => void this.#tool(name, args, done) : undefined });
		});
	}

	async #run(what: string, work: () => Promise<void>) {
		this.busy = what;
		try {
			await work();
		} catch (error) {
			this.toasts.show({ tone: 'error', message: error instanceof Error ? error.message : String(error) });
		} finally {
			this.busy = null;
		}
	}
}
