// A Node file-system repository: the workspace is a local folder (for the MCP stdio server). Same
// port and the same path rules as IndexedDB; the revision and history live in `.web-studio/`.
import { mkdir, readFile, readdir, rm, writeFile, rename } from 'node:fs/promises';
import { join, resolve, sep, dirname } from 'node:path';
import { ToolError } from '../tools/errors';
import { historyWithinBounds, pruneUndoState, type HistoryEntry, type UndoState } from '../domain/history';
import { HISTORY_MAX_BYTES, HISTORY_MAX_REVISIONS, WORKSPACE_MAX_FILES } from '../domain/limits';
import { makeFile, type FileRecord, type Workspace } from '../domain/model';
import { kindOf } from '../domain/kinds';
import { tryNormalizePath } from '../domain/paths';
import type { CommitRequest, LoadedWorkspace, QuarantinedRecord, RepositoryPort } from '../runtime/ports';

/** Folder of the studio's own state inside the workspace folder (never part of the site). */
export const STATE_DIR = '.web-studio';
const META = 'meta.json';
const SKIP = new Set([STATE_DIR, 'node_modules', '.git']);

interface Meta {
	revision: number;
	undo: number[];
	redo: number[];
}

/** The workspace in a directory on disk. */
export class FsRepository implements RepositoryPort {
	readonly kind = 'filesystem' as const;
	readonly root: string;
	#history: HistoryEntry[] = [];
	#bytes = 0;
	#meta: Meta = { revision: 0, undo: [], redo: [] };

	constructor(root: string) {
		this.root = resolve(root);
	}

	/** The absolute path of a workspace path, refusing anything outside the root. */
	#abs(path: string): string {
		const normalized = tryNormalizePath(path);
		const abs = normalized ? resolve(this.root, normalized) : '';
		if (!normalized || !abs.startsWith(this.root + sep)) {
			throw new ToolError('WORKSPACE_PATH_INVALID', `Refusing to touch ${path}: outside the workspace folder.`, { reason: 'outside-root', path });
		}
		return abs;
	}

	async #readMeta(): Promise<Meta | null> {
		try {
			const meta = JSON.parse(await readFile(join(this.root, STATE_DIR, META), 'utf8')) as Meta;
			return Number.isInteger(meta.revision) ? { revision: meta.revision, undo: meta.undo ?? [], redo: meta.redo ?? [] } : null;
		} catch {
			return null;
		}
	}

	async #writeMeta(meta: Meta): Promise<void> {
		await mkdir(join(this.root, STATE_DIR), { recursive: true });
		const file = join(this.root, STATE_DIR, META);
		await writeFile(`${file}.tmp`, JSON.stringify(meta));
		await rename(`${file}.tmp`, file); // atomic replace: a crash never leaves half a meta file
	}

	/** Every accepted file under the root; files the studio cannot hold are reported, not dropped. */
	async #scan(): Promise<{ files: FileRecord[]; skipped: QuarantinedRecord[] }> {
		const files: FileRecord[] = [];
		const skipped: QuarantinedRecord[] = [];
		const walk = async (dir: string, prefix: string) => {
			for (const entry of await readdir(dir, { withFileTypes: true })) {
				if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
				const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
				if (entry.isDirectory()) await walk(join(dir, entry.name), rel);
				else if (entry.isFile()) {
					const info = kindOf(rel);
					if (!info || files.length >= WORKSPACE_MAX_FILES) {
						skipped.push({ store: 'folder', key: rel, reason: info ? 'too many files' : 'unsupported file type' });
						continue;
					}
					try {
						const bytes = await readFile(join(dir, entry.name));
						files.push(makeFile(rel, info.kind === 'text' ? bytes.toString('utf8') : new Uint8Array(bytes)));
					} catch (error) {
						skipped.push({ store: 'folder', key: rel, reason: error instanceof ToolError ? error.code : 'unreadable' });
					}
				}
			}
		};
		await walk(this.root, '');
		return { files, skipped };
	}

	async load(workspaceId: string, initial: () => Workspace): Promise<LoadedWorkspace> {
		await mkdir(this.root, { recursive: true });
		let { files, skipped } = await this.#scan();
		// History lives in memory for the life of the server, so undo starts empty on every start.
		const meta = { revision: (await this.#readMeta())?.revision ?? 1, undo: [], redo: [] };
		if (files.length === 0) {
			// An empty folder starts from the starter site, written to disk.
			const start = initial();
			for (const file of start.files.values()) await this.#writeFile(file);
			({ files, skipped } = await this.#scan());
		}
		this.#meta = meta;
		await this.#writeMeta(meta);
		const active = files.find((f) => f.path === 'index.html')?.path ?? files[0]?.path ?? null;
		return {
			workspace: { id: workspaceId, name: this.root.split(sep).pop() || 'folder', revision: meta.revision, activePath: active, files: new Map(files.map((f) => [f.path, f])) },
			undo: { undo: meta.undo, redo: meta.redo } satisfies UndoState,
			quarantined: skipped
		};
	}

	async #writeFile(file: FileRecord): Promise<void> {
		const abs = this.#abs(file.path);
		await mkdir(dirname(abs), { recursive: true });
		await writeFile(abs, file.kind === 'text' ? (file.content ?? '') : (file.bytes ?? new Uint8Array()));
	}

	async commit(request: CommitRequest): Promise<void> {
		// Another server on the same folder moves the revision on disk: compare with it, not our memory.
		const onDisk = (await this.#readMeta())?.revision ?? this.#meta.revision;
		if (onDisk !== request.expectedRevision) {
			throw new ToolError('WORKSPACE_REVISION_CONFLICT', `The workspace is at revision ${onDisk}, not ${request.expectedRevision}. Read it again, then retry.`, {
				expectedRevision: request.expectedRevision,
				currentRevision: onDisk
			});
		}
		for (const change of request.diff.changes) {
			if (change.after) await this.#writeFile(change.after);
			else await rm(this.#abs(change.path), { force: true });
		}
		this.#history.push(request.entry);
		this.#bytes += request.entry.bytes;
		while (!historyWithinBounds(this.#history.length, this.#bytes, HISTORY_MAX_REVISIONS, HISTORY_MAX_BYTES)) this.#bytes -= this.#history.shift()!.bytes;
		const undo = pruneUndoState(request.undo, this.#history[0]!.revision);
		this.#meta = { revision: request.diff.toRevision, undo: undo.undo, redo: undo.redo };
		await this.#writeMeta(this.#meta);
	}

	async history(_workspaceId: string, limit: number): Promise<HistoryEntry[]> {
		return [...this.#history].reverse().slice(0, limit);
	}

	async entriesAfter(_workspaceId: string, after: number): Promise<HistoryEntry[]> {
		return this.#history.filter((entry) => entry.revision > after);
	}

	async entry(_workspaceId: string, revision: number): Promise<HistoryEntry | undefined> {
		return this.#history.find((entry) => entry.revision === revision);
	}

	async setActivePath(): Promise<void> {}

	close(): void {}
}
