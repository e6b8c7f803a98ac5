// What a drop on the file tree brings when it holds a folder (a site dragged from the file manager):
// every file under it with its path, read through the entries API. Loaded with the import code.

/** A dropped file and its path in the workspace-to-be. */
export interface DroppedFile {
	path: string;
	file: File;
}

/** A drop that holds at least one folder: its files, and how the import should place them. */
export interface DroppedTree {
	/** What the person dropped, for messages: the folder's name, or "the dropped files". */
	label: string;
	/**
	 * Every file, read after the drop event. `site`: one folder that holds a page at its top is a
	 * site, its files go to the workspace's root (as a .zip of one folder's do); any other folder
	 * keeps its name (a folder of images goes to `img/`).
	 */
	read: Promise<{ files: DroppedFile[]; site: boolean }>;
}

// Never read: the import leaves them out anyway, and a project's node_modules can hold tens of
// thousands of files that would take minutes to read first.
const SKIPPED = /^(?:\..*|node_modules)$/;

/** All of `reader`'s entries: it hands them out in batches of at most 100. */
async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
	const all: FileSystemEntry[] = [];
	for (;;) {
		const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
		if (!batch.length) return all;
		all.push(...batch);
	}
}

/** Every file under `entry`, with `prefix` + its path below it. */
async function filesOf(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
	if (SKIPPED.test(entry.name)) return;
	if (entry.isFile) {
		const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
		out.push({ path: prefix + entry.name, file });
		return;
	}
	const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
	for (const child of children) await filesOf(child, `${prefix}${entry.name}/`, out);
}

/**
 * A drop's folders and files, read (null: it holds no folder; its files are `data.files`). `entries`
 * were taken during the drop event, the only time a DataTransfer's items can be read (the Files
 * region does that, and loads this code only for a folder).
 */
export function droppedTree(entries: readonly FileSystemEntry[]): DroppedTree | null {
	const folders = entries.filter((entry) => entry.isDirectory);
	if (!folders.length) return null;
	const only = entries.length === 1 ? folders[0]! : null;
	const read = (async () => {
		const files: DroppedFile[] = [];
		for (const entry of entries) await filesOf(entry, '', files);
		return { files, site: only !== null && files.some((f) => /^[^/]+\/[^/]+\.html?$/i.test(f.path)) };
	})();
	return { label: only ? `“${only.name}”` : 'the dropped files', read };
}
