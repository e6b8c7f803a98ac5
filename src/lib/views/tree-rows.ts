// The file tree's rows: folders before files, by name, and which folders are open. A folder the person
// never toggled is open when it is small or holds the active file: a site brought with a
// 1,800-file lib/ starts folded, with its pages in sight, and a file opened from the palette is shown.
import type { FileSummary } from '$lib/shared/types';

/** A folder with at most this many files under it starts open. */
export const SMALL_FOLDER = 12;

/** One row of the tree. */
export type TreeRow =
	| { kind: 'folder'; path: string; name: string; depth: number; /** Files under it, at any depth. */ files: number }
	| { kind: 'file'; path: string; name: string; depth: number; file: FileSummary };

/** A shown row: a folder says whether it is open. */
export type ShownRow = TreeRow & { open?: boolean };

/** Every row of `files`, folders first at each level, each level by name. */
export function treeRows(files: readonly FileSummary[]): TreeRow[] {
	const folders = new Map<string, Extract<TreeRow, { kind: 'folder' }>>();
	const out: TreeRow[] = [];
	for (const file of files) {
		const parts = file.path.split('/');
		for (let i = 0; i < parts.length - 1; i++) {
			const path = parts.slice(0, i + 1).join('/');
			let folder = folders.get(path);
			if (!folder) {
				folder = { kind: 'folder', path, name: parts[i]!, depth: i, files: 0 };
				folders.set(path, folder);
				out.push(folder);
			}
			folder.files++;
		}
		out.push({ kind: 'file', path: file.path, name: parts.at(-1)!, depth: parts.length - 1, file });
	}
	// Each segment marked folder (0) or file (1), so a level lists its folders before its files.
	const keys = new Map(out.map((row) => [row, row.path.split('/').map((segment, i, all) => (i === all.length - 1 && row.kind === 'file' ? `1${segment}` : `0${segment}`)).join('/')]));
	return out.sort((a, b) => (keys.get(a)! < keys.get(b)! ? -1 : 1));
}

/** Whether a folder is open: the person's choice, else small or holding the active file. */
export function folderOpen(folder: Extract<TreeRow, { kind: 'folder' }>, activePath: string | null, choices: Readonly<Record<string, boolean>>): boolean {
	// Own keys only: a folder named `constructor` is no choice.
	if (Object.hasOwn(choices, folder.path)) return choices[folder.path]!;
	return folder.files <= SMALL_FOLDER || (activePath?.startsWith(`${folder.path}/`) ?? false);
}

/** The rows a person sees: none inside a closed folder. */
export function shownRows(rows: readonly TreeRow[], activePath: string | null, choices: Readonly<Record<string, boolean>>): ShownRow[] {
	const out: ShownRow[] = [];
	/** The closed folder whose rows are skipped now (rows come in tree order). */
	let closed: string | null = null;
	for (const row of rows) {
		if (closed !== null && row.path.startsWith(`${closed}/`)) continue;
		closed = null;
		if (row.kind === 'file') {
			out.push(row);
			continue;
		}
		const open = folderOpen(row, activePath, choices);
		if (!open) closed = row.path;
		out.push({ ...row, open });
	}
	return out;
}

/** The folders that hold `path` (the outermost first). */
export function foldersOf(path: string): string[] {
	const parts = path.split('/');
	return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
