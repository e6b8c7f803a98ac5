// Three-way merge of two versions of a set of files against their common base: what a pull applies
// when the remote moved and this device has edits of its own. Text merges at line level (both sides'
// changes to different lines kept); the same lines changed both ways, or any binary file changed on
// both sides, is a conflict the person decides — never an overwrite.
import { diff3Merge } from 'node-diff3';

/** A file's content as a merge sees it: text, or bytes compared by their hash. */
export type MergeContent = { text: string } | { bytes: Uint8Array; hash: string };

/** One side of a merge: path → content (a missing path is no file). */
export type FileSet = ReadonlyMap<string, MergeContent>;

/** What a merge decided for one path. */
export type MergeOutcome =
	| { path: string; kind: 'unchanged' }
	| { path: string; kind: 'take'; content: MergeContent | null; from: 'remote' | 'merged' }
	| { path: string; kind: 'conflict'; base: MergeContent | null; local: MergeContent | null; remote: MergeContent | null };

const same = (a: MergeContent | null | undefined, b: MergeContent | null | undefined): boolean => {
	if (!a || !b) return !a && !b;
	if ('text' in a && 'text' in b) return a.text === b.text;
	if ('hash' in a && 'hash' in b) return a.hash === b.hash;
	return false;
};

/** Lines with their endings kept, so a merge writes back exactly what each side had. */
const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** The line-level merge of one text file; null when the same lines changed both ways. */
export function mergeText(base: string, local: string, remote: string): string | null {
	const merged: string[] = [];
	for (const region of diff3Merge(lines(local), lines(base), lines(remote), { excludeFalseConflicts: true })) {
		if (region.ok) merged.push(...region.ok);
		else return null;
	}
	return merged.join('');
}

/**
 * Merges the remote's files into the local ones, given the base both came from. Only what the
 * remote changed since the base is applied; what only this device changed stays as it is.
 */
export function mergeFileSets(base: FileSet, local: FileSet, remote: FileSet): MergeOutcome[] {
	const paths = [...new Set([...base.keys(), ...local.keys(), ...remote.keys()])].sort();
	return paths.map((path): MergeOutcome => {
		const b = base.get(path) ?? null;
		const l = local.get(path) ?? null;
		const r = remote.get(path) ?? null;
		if (same(b, r) || same(l, r)) return { path, kind: 'unchanged' }; // the remote did not change it, or both made the same change
		if (same(b, l)) return { path, kind: 'take', content: r, from: 'remote' }; // only the remote changed it
		if (b && l && r && 'text' in b && 'text' in l && 'text' in r) {
			const text = mergeText(b.text, l.text, r.text);
			if (text !== null) return { path, kind: 'take', content: { text }, from: 'merged' };
		}
		return { path, kind: 'conflict', base: b, local: l, remote: r };
	});
}
