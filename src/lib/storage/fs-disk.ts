// Node file operations for a workspace folder, contained: every path is resolved with realpath and
// must stay under the folder's real root (symlinked folders and files are refused), writes are
// atomic (a temp file renamed over the target), and a lock file serialises writers of one folder.
import { link, lstat, mkdir, open, readFile, readdir, realpath, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { ToolError } from '../core/errors';
import { normalizePath } from '../domain/paths';
import { diskHash, type DiskFingerprint } from '../domain/disk-rule';

/** Folder of the studio's own state inside the workspace folder (never part of the site). */
export const STATE_DIR = '.web-studio';

/** The name of a temp file: an atomic write's (see {@link ContainedFolder.write}), or the folder lock's holder. */
const TEMP_FILE = /^\..+\.web-studio-(\d+)-[0-9a-z]+\.tmp$/;
/**
 * The temp file beside `path` (a dot file named after it, its writer's process and a random part, so
 * two writers of one process never share one): the name TEMP_FILE knows, removed by a restart once its
 * writer is dead.
 */
const tempFile = (path: string) => join(dirname(path), `.${path.slice(dirname(path).length + 1)}.web-studio-${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}.tmp`);

const outside = (path: string, why: string) =>
	new ToolError('WORKSPACE_PATH_INVALID', `Refusing to touch ${path}: ${why}.`, { reason: 'outside-root', path });

/** True when `child` is `root` or inside it. */
function within(root: string, child: string): boolean {
	const rel = relative(root, child);
	return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
}

/** A folder on disk with contained, atomic access. Create with {@link ContainedFolder.open}. */
export class ContainedFolder {
	private constructor(readonly root: string) {}

	/** Opens `dir` (created when missing) at its real path. */
	static async open(dir: string): Promise<ContainedFolder> {
		await mkdir(dir, { recursive: true });
		return new ContainedFolder(await realpath(dir));
	}

	/**
	 * The absolute path of workspace path `path`, checked to stay inside the real root: its nearest
	 * existing ancestor is resolved with realpath (a symlinked folder pointing outside is refused),
	 * and an existing file must not be a symlink.
	 */
	async resolve(path: string): Promise<string> {
		const normalized = normalizePath(path);
		const abs = join(this.root, ...normalized.split('/'));
		let ancestor = dirname(abs);
		for (;;) {
			try {
				const real = await realpath(ancestor);
				if (!within(this.root, real)) throw outside(path, 'a folder on the way is a link that leaves the workspace folder');
				break;
			} catch (error) {
				if (error instanceof ToolError) throw error;
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
				ancestor = dirname(ancestor);
				if (!within(this.root, ancestor)) throw outside(path, 'it is outside the workspace folder');
			}
		}
		try {
			if ((await lstat(abs)).isSymbolicLink()) throw outside(path, 'it is a symbolic link (the studio does not follow links)');
		} catch (error) {
			if (error instanceof ToolError) throw error;
			if (!absent(error)) throw error;
		}
		return abs;
	}

	/** The file's fingerprint, or null when there is no file at `path`. */
	async fingerprint(path: string): Promise<DiskFingerprint | null> {
		const abs = await this.resolve(path);
		try {
			const bytes = await readFile(abs);
			const info = await stat(abs);
			return { size: info.size, mtime: info.mtimeMs, hash: diskHash(path, bytes) };
		} catch (error) {
			if (absent(error)) return null;
			throw error;
		}
	}

	/** The bytes at `path` (contained). */
	async read(path: string): Promise<Buffer> {
		return readFile(await this.resolve(path));
	}

	/**
	 * Writes atomically: the content goes to a temp file beside the target, then is renamed over it,
	 * so a crash leaves either the old file or the new one, never half of one. Returns the fingerprint.
	 */
	async write(path: string, data: string | Uint8Array): Promise<DiskFingerprint> {
		const abs = await this.resolve(path);
		await mkdir(dirname(abs), { recursive: true });
		// Checked again after creating folders: nothing may have appeared on the way.
		await this.resolve(path);
		const temp = tempFile(abs);
		const handle = await open(temp, 'wx');
		try {
			await handle.writeFile(data);
			await handle.sync();
		} finally {
			await handle.close();
		}
		try {
			await rename(temp, abs);
		} catch (error) {
			await rm(temp, { force: true });
			throw error;
		}
		const info = await stat(abs);
		return { size: info.size, mtime: info.mtimeMs, hash: diskHash(path, typeof data === 'string' ? Buffer.from(data, 'utf8') : data) };
	}

	/** Deletes `path` (contained); a missing file is fine. */
	async remove(path: string): Promise<void> {
		await rm(await this.resolve(path), { force: true });
	}

	/**
	 * Every file under the root (relative paths with "/"), except the studio's state folder; symlinks
	 * are listed as such and never followed. `empty` is true only when there is no entry at all
	 * besides dot entries.
	 */
	async list(): Promise<{ files: { path: string; size: number; mtime: number }[]; links: string[]; empty: boolean }> {
		const files: { path: string; size: number; mtime: number }[] = [];
		const links: string[] = [];
		let empty = true;
		const walk = async (dir: string, prefix: string) => {
			for (const entry of await readdir(dir, { withFileTypes: true })) {
				if (!prefix && entry.name === STATE_DIR) continue;
				if (!entry.name.startsWith('.')) empty = false;
				const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
				if (entry.isSymbolicLink()) links.push(rel);
				else if (entry.isDirectory()) {
					if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue; // never read, never counted as site files
					await walk(join(dir, entry.name), rel);
				} else if (entry.isFile()) {
					if (TEMP_FILE.test(entry.name)) continue; // another writer's file on its way in
					// A file may vanish between listing and stat (renamed or deleted by another writer).
					const info = await stat(join(dir, entry.name)).catch(() => null);
					if (info) files.push({ path: rel, size: info.size, mtime: info.mtimeMs });
				}
			}
		};
		await walk(this.root, '');
		return { files, links, empty };
	}

	/** Removes temp files a crashed writer left (they are dot files: never site files). */
	async cleanTemps(): Promise<void> {
		const walk = async (dir: string) => {
			for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
				if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git') await walk(join(dir, entry.name));
				else if (entry.isFile()) {
					// Only a dead writer's temp file: a live server may be about to rename its own.
					const writer = Number(TEMP_FILE.exec(entry.name)?.[1]);
					if (writer && writer !== process.pid && !alive(writer)) await rm(join(dir, entry.name), { force: true });
				}
			}
		};
		await walk(this.root);
	}

	/** Writes a state file (inside `.web-studio/`) atomically. */
	async writeState(name: string, text: string): Promise<void> {
		const dir = join(this.root, STATE_DIR);
		await mkdir(dir, { recursive: true });
		const temp = join(dir, `${name}.${process.pid}-${Date.now().toString(36)}.tmp`);
		await writeFile(temp, text);
		await rename(temp, join(dir, name));
	}

	/** Reads a state file, or null. */
	async readState(name: string): Promise<string | null> {
		return readFile(join(this.root, STATE_DIR, name), 'utf8').catch(() => null);
	}

	/**
	 * Runs `task` holding the folder's lock (`.web-studio/lock`, created exclusively): two servers on
	 * one folder take turns. A lock whose holder process is gone, or older than `staleMs`, is broken.
	 */
	async locked<T>(task: () => Promise<T>, timeoutMs = 10_000, staleMs = 15_000): Promise<T> {
		const dir = join(this.root, STATE_DIR);
		await mkdir(dir, { recursive: true });
		const lock = join(dir, 'lock');
		const deadline = Date.now() + timeoutMs;
		// The lock is created whole: its holder is written to a temp file of its own, then linked into
		// place; a link fails when the lock exists. Created empty and written after, a server killed in
		// between left a lock naming no one, which held every other server off until it went stale.
		const mine = tempFile(lock);
		await writeFile(mine, `${process.pid} ${Date.now()}`);
		try {
			for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
				try {
					await takeLock(mine, lock);
					break;
				} catch (error) {
					if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
					const age = Date.now() - ((await stat(lock).catch(() => null))?.mtimeMs ?? Date.now());
					const holder = Number((await readFile(lock, 'utf8').catch(() => '')).split(' ')[0]);
					if (age > staleMs || (holder && holder !== process.pid && !alive(holder))) await rm(lock, { force: true });
					else if (Date.now() > deadline) throw new ToolError('TOOL_TIMEOUT', 'Another Web Studio server is busy writing this folder; retry in a moment.', { reason: 'folder-locked' });
					else await new Promise((resolve) => setTimeout(resolve, wait));
				}
			}
		} finally {
			await rm(mine, { force: true });
		}
		try {
			return await task();
		} finally {
			await rm(lock, { force: true });
		}
	}
}

/**
 * Puts `holder` (a written file) in place as `lock`, failing with EEXIST when the lock exists. A
 * folder on a file system without hard links (FAT, some network shares) takes it the plain way:
 * created exclusively, then written.
 */
async function takeLock(holder: string, lock: string): Promise<void> {
	try {
		await link(holder, lock);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'EEXIST' || !(code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS')) throw error;
		const handle = await open(lock, 'wx');
		try {
			await handle.writeFile(await readFile(holder, 'utf8'));
		} finally {
			await handle.close();
		}
		return;
	}
	// Its age counts from now, not from when the holder's file was written.
	const now = new Date();
	await utimes(lock, now, now).catch(() => undefined);
}

/** True when a process with this id runs (on this machine). */
function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}


/** No file there: the path does not exist, or a file stands where a folder on the way should be. */
function absent(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException).code;
	return code === 'ENOENT' || code === 'ENOTDIR';
}
