// The file tree's rows: folders before files, by name, and which folders are open. A folder the person
// never toggled is open when it is small or holds the active file: a site brought with a
// 1,800-file lib/ starts folded, with its pages in sight, and a file opened from the palette is shown.
import type { FileSummary } from '$lib/shared/types';

/** A folder with at most this many files under it starts open. */
export const SMALL_FOLDER = 12;

/** One row of the tree: a folder counts the files under it, at any depth; a shown one says whether it is open. */
export type TreeRow =
	| { kind: 'folder'; path: string; name: string; depth: number; files: number; open?: boolean }
	| { kind: 'file'; path: string; name: string; depth: number; file: FileSummary };

/** Every row of `files`, folders first at each level, each level by name. */
export function treeRows(files: readonly FileSummary[]): TreeRow[] {
	const folders = new Map<string, TreeRow & { kind: 'folder' }>();
	const out: TreeRow[] = [];
	for (const file of files) {
		const parts = file.path.split('/');
		for (let i = 1; i < parts.length; i++) {
			const path = parts.slice(0, i).join('/');
			let folder = folders.get(path);
			if (!folder) {
				folders.set(path, (folder = { kind: 'folder', path, name: parts[i - 1]!, depth: i - 1, files: 0 }));
				out.push(folder);
			}
			folder.files++;
		}
		out.push({ kind: 'file', path: file.path, name: parts.at(-1)!, depth: parts.length - 1, file });
	}
	// Each segment marked folder (0) or file (1), so a level lists its folders before its files.
	const order = (row: TreeRow) => row.path.replace(/[^/]+/g, (segment, at: number) => (row.kind === 'file' && at + segment.length === row.path.length ? '1' : '0') + segment);
	return out.sort((a, b) => (order(a) < order(b) ? -1 : 1));
}

/**
 * The rows a person sees (none inside a closed folder), each folder saying whether it is open: the
 * person's choice (own keys only: a folder named `constructor` is no choice), else small or holding
 * the active file.
 */
export function shownRows(rows: readonly TreeRow[], activePath: string | null, choices: Readonly<Record<string, boolean>>): TreeRow[] {
	const out: TreeRow[] = [];
	/** The closed folder whose rows are skipped now (rows come in tree order). */
	let closed: string | null = null;
	for (const row of rows) {
		if (closed !== null && row.path.startsWith(`${closed}/`)) continue;
		closed = null;
		if (row.kind === 'file') out.push(row);
		else {
			const open = Object.hasOwn(choices, row.path) ? choices[row.path]! : row.files <= SMALL_FOLDER || !!activePath?.startsWith(`${row.path}/`);
			if (!open) closed = row.path;
			out.push({ ...row, open });
		}
	}
	return out;
}
