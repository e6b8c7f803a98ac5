// A workspace's git link in its hub: where it syncs (kept with the hub's preferences; the token with
// the settings, in and never out), its repository on this device, and the GitPort the git tools use.
import * as v from 'valibot';
import { GitLinkInputSchema, type GitLinkInput, type GitLinkView } from '../runtime/git/link';
import { ToolError } from '../core/errors';
import { httpUrl } from '../core/http-url';
import { makeFile, type FileRecord, type Workspace } from '../domain/model';
import type { GitFs, GitHttp, GitRemote, GitRepo } from '../runtime/git/repo';
import type { GitLink } from '../runtime/git/sync';
import type { GitPort } from '../runtime/ports';
import type { SettingsPort } from '../agents/settings';

/** Where the link (the preferences) and the token (the settings, never shown to tabs) are kept. */
export interface GitStores {
	preferences: SettingsPort;
	secrets: SettingsPort | null;
}

/** A hub without git on this device (memory mode: nothing would last). */
export function gitUnavailable(): ToolError {
	return new ToolError('GIT_NOT_LINKED', 'Git is not kept in this runtime (memory mode keeps nothing on the device).', { reason: 'no-git' });
}

/** Largest text of one side of a conflict the error carries (the person sees both sides). */
const CONFLICT_TEXT_MAX = 20_000;

/** The git link of one workspace. */
export class HubGit implements GitPort {
	#engine: Promise<{ repo: GitRepo; sync: typeof import('../runtime/git/sync'); fs: GitFs }> | null = null;
	#link: GitLink | null = null;
	#token = '';
	#loaded: Promise<void> | null = null;

	constructor(
		private readonly workspaceId: string,
		/** Opens the filesystem of the objects (lightning-fs in a browser). */
		private readonly fs: () => Promise<GitFs>,
		private readonly stores: GitStores,
		private readonly http?: GitHttp,
		private readonly now: () => number = Date.now,
		/** The folder the repositories live under (the filesystem's root in a browser). */
		private readonly root = '',
		/** Removes a repository folder from the filesystem (absent: it stays). */
		private readonly removeRepo?: (gitdir: string) => Promise<void>
	) {}

	get #gitdir() {
		return `${this.root}/${this.workspaceId}.git`;
	}

	/** Forgets this workspace's link, token and objects (the workspace was deleted). */
	async forget(): Promise<void> {
		await this.unlink();
		await this.removeRepo?.(this.#gitdir);
	}

	/** The git engine (isomorphic-git and the merge), loaded with the first git call: a hub that never syncs never loads it. */
	#git() {
		this.#engine ??= (async () => {
			const [{ GitRepo }, sync, fs] = await Promise.all([import('../runtime/git/repo'), import('../runtime/git/sync'), this.fs()]);
			return { repo: new GitRepo(fs, this.#gitdir, this.http), sync, fs };
		})();
		return this.#engine;
	}

	get #keys() {
		return { link: `git:${this.workspaceId}`, token: `git-token:${this.workspaceId}` };
	}

	load(): Promise<void> {
		this.#loaded ??= (async () => {
			const link = (await this.stores.preferences.get(this.#keys.link).catch(() => null)) as GitLink | null;
			this.#link = link && typeof link.url === 'string' && typeof link.branch === 'string' && link.author ? link : null;
			const token = await this.stores.secrets?.get(this.#keys.token).catch(() => '');
			this.#token = typeof token === 'string' ? token : '';
		})();
		return this.#loaded;
	}

	/** The link without its token. */
	async view(): Promise<GitLinkView> {
		await this.load();
		const link = this.#link;
		return link ? { linked: true, url: link.url, branch: link.branch, ...(link.corsProxy ? { corsProxy: link.corsProxy } : {}), author: { ...link.author }, ...(link.autoCommitMinutes ? { autoCommitMinutes: link.autoCommitMinutes } : {}), hasToken: this.#token.length > 0, base: link.base, marks: [...(link.marks ?? [])] } : { linked: false, hasToken: false };
	}

	/** Links the workspace (a new URL or branch starts the sync afresh; the same one keeps its base). */
	async link(input: GitLinkInput): Promise<GitLinkView> {
		await this.load();
		const parsed = v.parse(GitLinkInputSchema, input);
		const url = httpUrl(parsed.url, 'repository URL', 'url').toString();
		const corsProxy = parsed.corsProxy ? httpUrl(parsed.corsProxy, 'CORS proxy URL', 'corsProxy').toString().replace(/\/+$/, '') : undefined;
		const same = this.#link?.url === url && this.#link.branch === parsed.branch;
		this.#link = { url, branch: parsed.branch, ...(corsProxy ? { corsProxy } : {}), ...(parsed.username ? { username: parsed.username } : {}), author: parsed.author, ...(parsed.autoCommitMinutes ? { autoCommitMinutes: parsed.autoCommitMinutes } : {}), base: same ? this.#link!.base : null, ...(same && this.#link!.marks ? { marks: this.#link!.marks } : {}) };
		if (parsed.token !== undefined) this.#token = parsed.token.trim();
		await (await this.#git()).repo.ensure(this.#remote());
		await this.#save();
		return this.view();
	}

	async unlink(): Promise<GitLinkView> {
		await this.load();
		this.#link = null;
		this.#token = '';
		await this.#save();
		return this.view();
	}

	#remote(): GitRemote {
		const link = this.#required();
		return { url: link.url, branch: link.branch, ...(link.corsProxy ? { corsProxy: link.corsProxy } : {}), ...(link.username ? { username: link.username } : {}), ...(this.#token ? { token: this.#token } : {}) };
	}

	#required(): GitLink {
		if (!this.#link) throw new ToolError('GIT_NOT_LINKED', 'This workspace is not linked to a git remote yet: link it in the Git settings first.', {});
		return this.#link;
	}

	async #save() {
		await this.#flush();
		await this.stores.preferences.set(this.#keys.link, this.#link);
		await this.stores.secrets?.set(this.#keys.token, this.#token);
	}

	/**
	 * Makes what git wrote durable now. lightning-fs keeps its directory tree in memory and saves it
	 * 500 ms after the last write: a hub that ends sooner (its last tab went to the workspace it just
	 * cloned, or closed right after a commit) would leave refs that no other hub can see.
	 */
	async #flush() {
		const engine = await this.#engine;
		await (engine?.fs as { promises?: { flush?: () => Promise<void> } } | undefined)?.promises?.flush?.();
	}

	async status(workspace: Workspace) {
		await this.load();
		const link = this.#link;
		if (!link) return { linked: false, changes: [] };
		const { repo, sync } = await this.#git();
		const { head, changes } = await sync.changesSince(repo, link.branch, [...workspace.files.values()]);
		return { linked: true, url: link.url, branch: link.branch, head, base: link.base, changes };
	}

	async commit(workspace: Workspace, message: string, author?: { name: string; email: string }) {
		await this.load();
		const link = this.#required();
		const { repo, sync } = await this.#git();
		const made = await sync.commitWorkspace(repo, link, [...workspace.files.values()], message, author ?? link.author, this.now());
		if (made) {
			this.#link = sync.withMark(link, { revision: workspace.revision, oid: made.oid, kind: 'commit' });
			await this.#save();
		}
		return { commit: made?.oid ?? null, files: workspace.files.size, ignored: made?.ignored ?? [] };
	}

	async push(signal?: AbortSignal) {
		await this.load();
		const link = this.#required();
		const { repo, sync } = await this.#git();
		const pushed = await sync.pushBranch(repo, this.#remote(), link, signal);
		await this.#save();
		return { pushed, url: link.url, branch: link.branch };
	}

	async pullFiles(workspace: Workspace, signal?: AbortSignal, resolve: Readonly<Record<string, 'mine' | 'theirs'>> = {}) {
		await this.load();
		const link = this.#required();
		const { repo, sync } = await this.#git();
		const plan = await sync.planPull(repo, this.#remote(), link, [...workspace.files.values()], signal);
		if (plan.upToDate || !plan.remote) return null;
		const conflicts = plan.outcomes.filter((o) => o.kind === 'conflict' && !resolve[o.path]);
		if (conflicts.length) {
			const side = (content: unknown) => (content && typeof content === 'object' && 'text' in content ? String((content as { text: string }).text).slice(0, CONFLICT_TEXT_MAX) : content ? '(binary)' : null);
			throw new ToolError('GIT_MERGE_CONFLICT', `The same lines changed here and on the remote in ${conflicts.map((c) => c.path).join(', ')}: nothing was written. Decide each file (keep one side, or edit it to hold both), then pull again.`, {
				conflicts: conflicts.map((c) => (c.kind === 'conflict' ? { path: c.path, local: side(c.local), remote: side(c.remote), base: side(c.base) } : { path: c.path }))
			});
		}
		const files = new Map<string, FileRecord>(workspace.files);
		for (const outcome of plan.outcomes) {
			// A conflict the person decided: theirs is taken, mine stays as it is (the next push carries it).
			const content = outcome.kind === 'take' ? outcome.content : outcome.kind === 'conflict' && resolve[outcome.path] === 'theirs' ? outcome.remote : undefined;
			if (content === undefined) continue;
			if (!content) files.delete(outcome.path);
			else files.set(outcome.path, makeFile(outcome.path, 'text' in content ? content.text : content.bytes));
		}
		return { remote: plan.remote, files: [...files.values()], leftOut: plan.leftOut };
	}

	/**
	 * Clones the remote for a new workspace (this link's): links it, fetches the branch and answers its
	 * files with the way to record the pull once the workspace holds them. A repository without a
	 * commit on the branch gives no files (the first push makes it). A failure leaves no link behind.
	 */
	async clone(input: GitLinkInput, signal?: AbortSignal): Promise<{ files: FileRecord[]; leftOut: { path: string; reason: string }[]; finish: (workspace: Workspace) => Promise<void> }> {
		await this.link(input);
		const empty: Workspace = { id: this.workspaceId, name: '', revision: 0, activePath: null, files: new Map() };
		try {
			const pulled = await this.pullFiles(empty, signal);
			if (!pulled) return { files: [], leftOut: [], finish: async () => undefined };
			return { files: pulled.files, leftOut: pulled.leftOut, finish: (workspace) => this.finishPull(pulled.remote, workspace) };
		} catch (error) {
			await this.unlink().catch(() => undefined);
			throw error;
		}
	}

	async finishPull(remote: string, workspace: Workspace) {
		const link = this.#required();
		const { repo, sync } = await this.#git();
		await sync.finishPull(repo, link, remote, [...workspace.files.values()], this.now());
		if (workspace.revision > 0) this.#link = sync.withMark(link, { revision: workspace.revision, oid: remote, kind: 'pull' });
		await this.#save();
	}
}
