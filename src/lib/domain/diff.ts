// Line diffs for people: what an approval would change, what a revision changed. Myers (jsdiff),
// bounded in time, pure.
import { diffArrays } from 'diff';

/** One line of a unified diff; `…` marks skipped unchanged lines or an explicit truncation. */
export interface DiffLine {
	kind: ' ' | '-' | '+' | '…';
	text: string;
}

/** A file's diff with its counts. `truncated` counts diff lines left out beyond `maxLines`. */
export interface LineDiff {
	lines: DiffLine[];
	added: number;
	removed: number;
	truncated: number;
}

/**
 * Myers can take O(N·D) time: beyond this edit length or time the middle is shown as removed then
 * added (still the whole change, only less tidy) so a diff never stalls the hub.
 */
const MAX_EDIT_LENGTH = 2000;
const DIFF_TIMEOUT_MS = 150;

function splitLines(text: string): string[] {
	if (text === '') return [];
	const lines = text.split('\n');
	if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line; it is not a line itself
	return lines;
}

/**
 * A unified line diff with `context` lines around each change and `…` for unchanged runs, at most
 * `maxLines` lines (then a final `…` line says how many more). An empty file has no lines, so a
 * created file shows only `+` lines.
 */
export function fileDiff(before: string, after: string, context = 3, maxLines = Infinity): LineDiff {
	const a = splitLines(before);
	const b = splitLines(after);
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const midA = a.slice(head, a.length - tail);
	const midB = b.slice(head, b.length - tail);
	const body: DiffLine[] = [];
	const parts = midA.length && midB.length ? diffArrays(midA, midB, { maxEditLength: MAX_EDIT_LENGTH, timeout: DIFF_TIMEOUT_MS }) : undefined;
	if (parts) {
		for (const part of parts) for (const text of part.value) body.push({ kind: part.added ? '+' : part.removed ? '-' : ' ', text });
	} else {
		for (const text of midA) body.push({ kind: '-', text });
		for (const text of midB) body.push({ kind: '+', text });
	}
	let added = 0;
	let removed = 0;
	for (const line of body) {
		if (line.kind === '+') added++;
		else if (line.kind === '-') removed++;
	}
	const full: DiffLine[] = [
		...a.slice(0, head).map((text) => ({ kind: ' ' as const, text })),
		...body,
		...a.slice(a.length - tail).map((text) => ({ kind: ' ' as const, text }))
	];
	const lines = collapse(full, context);
	if (lines.length <= maxLines) return { lines, added, removed, truncated: 0 };
	const truncated = lines.length - maxLines;
	return { lines: [...lines.slice(0, maxLines), { kind: '…', text: `${truncated} more diff lines not shown` }], added, removed, truncated };
}

/** The diff lines only (see {@link fileDiff}). */
export function lineDiff(before: string, after: string, context = 3, maxLines = Infinity): DiffLine[] {
	return fileDiff(before, after, context, maxLines).lines;
}

/** Collapses unchanged runs to `context` lines beside each change; a run is replaced by one `…` line. */
function collapse(lines: DiffLine[], context: number): DiffLine[] {
	const out: DiffLine[] = [];
	let run: DiffLine[] = [];
	const flush = (atEnd: boolean) => {
		const atStart = out.length === 0;
		const keepBefore = atStart ? 0 : context;
		const keepAfter = atEnd ? 0 : context;
		if (run.length > keepBefore + keepAfter + 1) {
			out.push(...run.slice(0, keepBefore), { kind: '…', text: `${run.length - keepBefore - keepAfter} unchanged lines` });
			if (keepAfter) out.push(...run.slice(-keepAfter));
		} else out.push(...run);
		run = [];
	};
	for (const line of lines) {
		if (line.kind === ' ') run.push(line);
		else {
			flush(false);
			out.push(line);
		}
	}
	flush(true);
	return out;
}
