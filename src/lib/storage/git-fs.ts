// Where the git objects of this browser's workspaces live: a lightning-fs filesystem over its own
// IndexedDB database, beside the studio's (one bare repository folder per workspace).
import type { GitFs } from '../runtime/git/repo';
import { GIT_DB_NAME } from './names';

let shared: Promise<GitFs> | null = null;

/** The filesystem of the git objects (one per context: lightning-fs caches and locks in it). */
export function openGitFs(): Promise<GitFs> {
	shared ??= (async () => {
		// lightning-fs's text-encoding shim looks for `window` or `global`, neither of which a worker has:
		// it gets the worker's global under that name before it loads.
		const scope = globalThis as { global?: unknown };
		scope.global ??= globalThis;
		const { default: LightningFS } = await import('@isomorphic-git/lightning-fs');
		return new LightningFS(GIT_DB_NAME) as unknown as GitFs;
	})();
	return shared;
}

/** Removes a repository folder and everything in it (its workspace was deleted). */
export async function removeGitRepo(gitdir: string): Promise<void> {
	const fs = (await openGitFs()) as unknown as { promises: { readdir(p: string): Promise<string[]>; lstat(p: string): Promise<{ isDirectory(): boolean }>; unlink(p: string): Promise<void>; rmdir(p: string): Promise<void>; flush?(): Promise<void> } };
	const remove = async (path: string): Promise<void> => {
		const stat = await fs.promises.lstat(path).catch(() => null);
		if (!stat) return;
		if (!stat.isDirectory()) return fs.promises.unlink(path);
		for (const name of await fs.promises.readdir(path)) await remove(`${path}/${name}`);
		await fs.promises.rmdir(path);
	};
	await remove(gitdir);
	await fs.promises.flush?.();
}
