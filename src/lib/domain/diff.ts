// Line diffs for people: what an approval would change, what a revision changed. Bounded, pure.

/** One line of a unified diff. */
export interface DiffLine {
	kind: ' ' | '-' | '+' | '…';
	text: string;
}

/** Largest middle section (after trimming common head and tail) diffed line by line. */
const MAX_CELLS = 250_000;

/**
 * A unified line diff with `context` lines around changes, at most `maxLines` lines. Common head
 * and tail are trimmed first; a middle too large for LCS is shown as removed-then-added.
 */
export function lineDiff(before: string, after: string, context = 3, maxLines = 300): DiffLine[] {
	const a = before.split('\n');
	const b = after.split('\n');
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const midA = a.slice(head, a.length - tail);
	const midB = b.slice(head, b.length - tail);
	const body: DiffLine[] = [];
	if (midA.length * midB.length <= MAX_CELLS) {
		// LCS table, then walk it: classic and small enough after trimming.
		const n = midA.length;
		const m = midB.length;
		const table = new Uint32Array((n + 1) * (m + 1));
		for (let i = n - 1; i >= 0; i--)
			for (let j = m - 1; j >= 0; j--)
				table[i * (m + 1) + j] = midA[i] === midB[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
		let i = 0;
		let j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && midA[i] === midB[j]) {
				body.push({ kind: ' ', text: midA[i]! });
				i++;
				j++;
			} else if (i < n && (j === m || table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!)) body.push({ kind: '-', text: midA[i++]! });
			else body.push({ kind: '+', text: midB[j++]! });
		}
	} else {
		for (const line of midA) body.push({ kind: '-', text: line });
		for (const line of midB) body.push({ kind: '+', text: line });
	}
	const lines: DiffLine[] = [
		...a.slice(Math.max(0, head - context), head).map((text) => ({ kind: ' ' as const, text })),
		...collapse(body, context),
		...a.slice(a.length - tail, a.length - tail + context).map((text) => ({ kind: ' ' as const, text }))
	];
	if (head - context > 0) lines.unshift({ kind: '…', text: `${head - context} unchanged lines` });
	return lines.length > maxLines ? [...lines.slice(0, maxLines), { kind: '…', text: `${lines.length - maxLines} more lines` }] : lines;
}

/** Collapses long unchanged runs inside the body to `context` lines on each side. */
function collapse(lines: DiffLine[], context: number): DiffLine[] {
	const out: DiffLine[] = [];
	let run: DiffLine[] = [];
	const flush = (last: boolean) => {
		if (run.length > context * 2 + 1) {
			out.push(...run.slice(0, out.length ? context : 0), { kind: '…', text: `${run.length - (out.length ? context : 0) - (last ? 0 : context)} unchanged lines` });
			if (!last) out.push(...run.slice(-context));
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
