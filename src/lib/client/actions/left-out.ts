// One sentence for what an import (folder, zip, upload, share link) could not take, for toasts.

/** A node_modules/ folder or a dot folder (.git/) a path is in: its entries are named once, with their count. */
const FOLDER = /^(?:[^/]+\/)*?(?:node_modules|\.[^/]+)\//;

/** " N left out: a (why); node_modules/ (127 files: why); c (why)…", or '' when nothing was. */
export function leftOut(skipped: readonly { path: string; reason: string }[]): string {
	if (skipped.length === 0) return '';
	const groups = new Map<string, { folder: string; path: string; reason: string; count: number }>();
	for (const { path, reason } of skipped) {
		const folder = FOLDER.exec(path)?.[0] ?? path;
		const key = `${folder}\n${reason}`;
		const group = groups.get(key);
		if (group) group.count++;
		else groups.set(key, { folder, path, reason, count: 1 });
	}
	// A folder's one file is named by its path.
	const named = [...groups.values()].slice(0, 3).map((g) => (g.count > 1 ? `${g.folder} (${g.count} files: ${g.reason})` : `${g.path} (${g.reason})`));
	return ` ${skipped.length} left out: ${named.join('; ')}${groups.size > 3 ? '…' : ''}`;
}
