// The prompt behind "Fix with the agent": the error, where it happened, the lines around it and the
// console's last lines — what a person would paste into a chat, assembled for them.
import type { PreviewErrorLine } from '$lib/worker/protocol';

/** An error to fix, as the preview reported it (`source`: the workspace file it points at, '' when unknown). */
export type FixTarget = Pick<PreviewErrorLine, 'message' | 'source' | 'line' | 'revision'>;

/** Lines of context either side of the error line, and console lines kept. */
const AROUND = 8;
const CONSOLE_TAIL = 12;

/** The file's lines around `line` (1-based), numbered like an editor gutter. */
export function excerpt(text: string, line: number, around = AROUND): { from: number; to: number; text: string } {
	const lines = text.split('\n');
	const at = Math.min(Math.max(1, line || 1), lines.length);
	const from = Math.max(1, at - around);
	const to = Math.min(lines.length, at + around);
	const width = String(to).length;
	const body = lines
		.slice(from - 1, to)
		.map((content, i) => `${String(from + i).padStart(width)}${from + i === at ? '>' : '|'} ${content}`)
		.join('\n');
	return { from, to, text: body };
}

/** Builds the run's first message. `file` is the text of `target.source` when it is a workspace text file. */
export function fixPrompt(target: FixTarget, file: string | null, consoleLines: readonly string[]): string {
	const where = target.source ? `${target.source}:${target.line}` : 'an unknown place';
	const parts = [`The preview of revision ${target.revision} shows an error at ${where}:`, '', `    ${target.message}`];
	if (file !== null && target.source) {
		const cut = excerpt(file, target.line);
		parts.push('', `${target.source}, lines ${cut.from}–${cut.to} (">" marks line ${target.line}):`, '```', cut.text, '```');
	}
	const tail = consoleLines.slice(-CONSOLE_TAIL);
	if (tail.length) parts.push('', 'The console’s last lines:', '```', ...tail, '```');
	parts.push('', 'Find the cause and fix it: read the files you need first, change as little as possible, and make every change one workspace_apply_changes call when it touches more than one file.');
	return parts.join('\n');
}
