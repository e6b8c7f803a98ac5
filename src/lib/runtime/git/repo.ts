// The git objects of one workspace, on this device, through isomorphic-git: a bare repository (no
// working tree — the workspace is the working tree) that turns a set of files into a commit, pushes
// and fetches over smart HTTP, and reads a commit back into files. Failures become canonical errors.
import * as git from 'isomorphic-git';
import webHttp from 'isomorphic-git/http/web';
import { Buffer as BufferShim } from 'buffer';
import { ToolError } from '../../core/errors';

// isomorphic-git reads Node's global Buffer at call time: a worker gets the package's (Node has its own).
const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= BufferShim;

/** The filesystem the objects live in (lightning-fs in a browser, node:fs in tests). */
export type GitFs = Parameters<typeof git.init>[0]['fs'];
/** The HTTP client (isomorphic-git's fetch-based one by default). */
export type GitHttp = Parameters<typeof git.push>[0]['http'];

/** Where a workspace syncs: the remote, its branch, and how to reach it. The token is a secret. */
export interface GitRemote {
	url: string;
	branch: string;
	/** A CORS proxy for hosts that send no CORS headers (GitHub's git endpoints do not). */
	corsProxy?: string;
	/** Sent as the password of HTTP basic auth (GitHub, GitLab, Gitea: a personal access token). */
	token?: string;
	/** The basic-auth user name that goes with the token (most hosts accept any). */
	username?: string;
}

/** Who a commit is by. */
export interface GitAuthor {
	name: string;
	email: string;
}

/** A commit as the history shows it. */
export interface GitCommitInfo {
	oid: string;
	message: string;
	author: GitAuthor & { timestamp: number };
	parents: string[];
}

const FILE_MODE = '100644';
const TREE_MODE = '040000';

/** One workspace's repository. */
export class GitRepo {
	/**
	 * isomorphic-git's cache of parsed pack indexes: without it every object read parses the pack
	 * again. Packs are never rewritten under one name, so it stays valid while the repository lives.
	 */
	readonly #cache: object = {};

	constructor(
		private readonly fs: GitFs,
		private readonly gitdir: string,
		private readonly http: GitHttp = webHttp
	) {}

	/** Creates the bare repository when it is missing, and points `origin` at the remote. */
	async ensure(remote: GitRemote): Promise<void> {
		await git.init({ fs: this.fs, gitdir: this.gitdir, bare: true, defaultBranch: remote.branch });
		await git.addRemote({ fs: this.fs, gitdir: this.gitdir, remote: 'origin', url: remote.url, force: true });
	}

	/** The commit a branch points at (null: none yet). */
	async head(branch: string): Promise<string | null> {
		return git.resolveRef({ fs: this.fs, gitdir: this.gitdir, ref: `refs/heads/${branch}` }).catch(() => null);
	}

	/** Moves a branch to a commit. */
	async setHead(branch: string, oid: string): Promise<void> {
		await git.writeRef({ fs: this.fs, gitdir: this.gitdir, ref: `refs/heads/${branch}`, value: oid, force: true });
	}

	/** Writes the files as a tree and a commit on top of `parents`; answers the commit's id. */
	async commit(files: ReadonlyMap<string, Uint8Array>, message: string, author: GitAuthor, parents: string[], now = Date.now()): Promise<string> {
		const tree = await this.#tree(files);
		const person = { name: author.name, email: author.email, timestamp: Math.floor(now / 1000), timezoneOffset: 0 };
		return git.writeCommit({ fs: this.fs, gitdir: this.gitdir, commit: { message: message.endsWith('\n') ? message : `${message}\n`, tree, parent: parents, author: person, committer: person } });
	}

	/** The tree id the files make (the same files always make the same tree). */
	async treeOf(files: ReadonlyMap<string, Uint8Array>): Promise<string> {
		return this.#tree(files);
	}

	/** The tree id of a commit. */
	async treeAt(oid: string): Promise<string> {
		return (await git.readCommit({ fs: this.fs, cache: this.#cache, gitdir: this.gitdir, oid })).commit.tree;
	}

	async #tree(files: ReadonlyMap<string, Uint8Array>): Promise<string> {
		// Nested folders become nested trees, written bottom up; entries sorted as git sorts them.
		type Folder = { files: Map<string, Uint8Array>; folders: Map<string, Folder> };
		const root: Folder = { files: new Map(), folders: new Map() };
		for (const [path, bytes] of files) {
			const parts = path.split('/');
			let folder = root;
			for (const part of parts.slice(0, -1)) {
				if (!folder.folders.has(part)) folder.folders.set(part, { files: new Map(), folders: new Map() });
				folder = folder.folders.get(part)!;
			}
			folder.files.set(parts.at(-1)!, bytes);
		}
		const write = async (folder: Folder): Promise<string> => {
			const entries: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
			for (const [name, bytes] of folder.files) entries.push({ mode: FILE_MODE, path: name, oid: await git.writeBlob({ fs: this.fs, gitdir: this.gitdir, blob: bytes }), type: 'blob' });
			for (const [name, child] of folder.folders) entries.push({ mode: TREE_MODE, path: name, oid: await write(child), type: 'tree' });
			// git orders entries by name, a folder as if its name ended in '/'.
			const key = (entry: { path: string; type: string }) => (entry.type === 'tree' ? `${entry.path}/` : entry.path);
			entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
			return git.writeTree({ fs: this.fs, gitdir: this.gitdir, tree: entries });
		};
		return write(root);
	}

	/** Every file of a commit. */
	async files(oid: string): Promise<Map<string, Uint8Array>> {
		const out = new Map<string, Uint8Array>();
		const walk = async (treeOid: string, prefix: string) => {
			const { tree } = await git.readTree({ fs: this.fs, cache: this.#cache, gitdir: this.gitdir, oid: treeOid });
			for (const entry of tree) {
				const path = `${prefix}${entry.path}`;
				if (entry.type === 'tree') await walk(entry.oid, `${path}/`);
				else if (entry.type === 'blob') out.set(path, (await git.readBlob({ fs: this.fs, cache: this.#cache, gitdir: this.gitdir, oid: entry.oid })).blob);
			}
		};
		await walk(await this.treeAt(oid), '');
		return out;
	}

	/** Whether `ancestor` is `oid` or one of its ancestors. */
	async contains(oid: string, ancestor: string): Promise<boolean> {
		if (oid === ancestor) return true;
		return git.isDescendent({ fs: this.fs, cache: this.#cache, gitdir: this.gitdir, oid, ancestor, depth: -1 }).catch(() => false);
	}

	/** The newest commits of a branch, newest first. */
	async log(branch: string, depth = 50): Promise<GitCommitInfo[]> {
		const entries = await git.log({ fs: this.fs, cache: this.#cache, gitdir: this.gitdir, ref: `refs/heads/${branch}`, depth }).catch(() => []);
		return entries.map((entry) => ({ oid: entry.oid, message: entry.commit.message.trim(), author: { name: entry.commit.author.name, email: entry.commit.author.email, timestamp: entry.commit.author.timestamp }, parents: entry.commit.parent }));
	}

	/** Fetches the remote branch; answers the commit it points at (null: the remote has no such branch yet). */
	async fetch(remote: GitRemote, signal?: AbortSignal): Promise<string | null> {
		try {
			const result = await git.fetch({ fs: this.fs, cache: this.#cache, http: this.http, gitdir: this.gitdir, remote: 'origin', ref: remote.branch, singleBranch: true, tags: false, ...this.#auth(remote) });
			if (signal?.aborted) throw new ToolError('TOOL_CANCELLED', 'The pull was cancelled.');
			return result.fetchHead ?? null;
		} catch (error) {
			if (isEmptyRemote(error)) return null;
			throw gitError(error, remote, 'fetch');
		}
	}

	/** Pushes the local branch to the remote one (never forced: a remote that moved is a conflict). */
	async push(remote: GitRemote, signal?: AbortSignal): Promise<void> {
		try {
			const result = await git.push({ fs: this.fs, cache: this.#cache, http: this.http, gitdir: this.gitdir, remote: 'origin', ref: remote.branch, remoteRef: remote.branch, signal, ...this.#auth(remote) });
			if (result.ok === false || result.error) throw new ToolError('GIT_REMOTE_REFUSED', `The remote refused the push: ${result.error ?? 'no reason given'}.`, { url: remote.url });
		} catch (error) {
			throw gitError(error, remote, 'push');
		}
	}

	#auth(remote: GitRemote) {
		return {
			...(remote.corsProxy ? { corsProxy: remote.corsProxy } : {}),
			onAuth: () => (remote.token ? { username: remote.username || 'x-access-token', password: remote.token } : undefined),
			// One try: a wrong token is said at once, never retried in a loop.
			onAuthFailure: () => ({ cancel: true })
		};
	}
}

function isEmptyRemote(error: unknown): boolean {
	const e = error as { code?: string; message?: string };
	return e.code === 'NotFoundError' && /refs\/heads|Could not find/.test(e.message ?? '');
}

/** The canonical error of a failed fetch or push. */
export function gitError(error: unknown, remote: GitRemote, what: 'fetch' | 'push'): ToolError {
	if (error instanceof ToolError) return error;
	const e = error as { code?: string; message?: string; data?: { statusCode?: number; reason?: string } };
	const details = { url: remote.url, branch: remote.branch, operation: what };
	const status = e.data?.statusCode;
	if (e.code === 'UserCanceledError' || status === 401 || status === 403) return new ToolError('GIT_AUTH_FAILED', `The git host refused the credentials for ${remote.url} (check the token in the git settings).`, details);
	if (e.code === 'PushRejectedError' && e.data?.reason === 'not-fast-forward') return new ToolError('GIT_NOT_FAST_FORWARD', `The remote branch ${remote.branch} has commits this workspace does not: pull first, then push.`, details);
	if (e.code === 'HttpError' || e.code === 'SmartHttpError' || e.code === 'ParseError' || e.code === 'UrlParseError' || e.code === 'UnknownTransportError' || status === 404) {
		return new ToolError('GIT_NOT_A_REPOSITORY', `${remote.url} did not answer as a git server (${(e.message ?? '').slice(0, 160)}).`, details);
	}
	return new ToolError('GIT_NETWORK_UNAVAILABLE', `The git host could not be reached (${(e.message ?? String(error)).slice(0, 160)}); nothing was lost — try again when online.`, details);
}
