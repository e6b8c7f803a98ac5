// What the frames said about the pages they rendered: console lines, errors and warnings, each kept
// once, from one reporting host (every tab renders the same revision and would say it all again).
import type { HostRenderOutcome, PreviewConsoleLine, PreviewErrorLine } from './messages';
import type { PreviewOutcome } from '../runtime/ports';

/** Lines kept for preview_get_status. */
const MAX_LINES = 200;

/** The preview's console, errors and warnings, as `preview_get_status` shows them. */
export class PreviewLog {
	#console: PreviewConsoleLine[] = [];
	#errors: PreviewErrorLine[] = [];
	#warnings: PreviewErrorLine[] = [];
	/** The tab whose host reports (the first to acknowledge the latest render). */
	#reporter: string | null = null;

	/** `tabId` acknowledged a render first: it reports from now on; its errors are kept. */
	acknowledged(tabId: string, errors: readonly PreviewErrorLine[]): void {
		this.#reporter = tabId;
		for (const error of errors) this.#errors = pushOnce(this.#errors, error);
	}

	/** Console lines, late errors and warnings from a host (only the reporting one is heard). */
	report(tabId: string, lines: { console: PreviewConsoleLine[]; errors: PreviewErrorLine[]; warnings?: PreviewErrorLine[] }): void {
		if (this.#reporter && this.#reporter !== tabId) return;
		this.#console = [...this.#console, ...lines.console].slice(-MAX_LINES);
		for (const error of lines.errors) this.#errors = pushOnce(this.#errors, error);
		for (const warning of lines.warnings ?? []) this.#warnings = pushOnce(this.#warnings, warning);
	}

	/** The lines, errors located as `file:line`. */
	view() {
		const located = ({ message, revision, source, line }: PreviewErrorLine) => ({ message, revision, ...(source ? { at: line ? `${source}:${line}` : source } : {}) });
		return {
			console: this.#console.map(({ level, text, revision }) => ({ level, text, revision })),
			errors: this.#errors.map(located),
			warnings: this.#warnings.map(located)
		};
	}
}

/**
 * Keeps a line once: a host sends each error as it happens (report) and again in its
 * acknowledgement, and every tab that renders the revision reports the same lines.
 */
function pushOnce(lines: PreviewErrorLine[], line: PreviewErrorLine): PreviewErrorLine[] {
	const same = (e: PreviewErrorLine) => e.revision === line.revision && e.message === line.message && e.source === line.source && e.line === line.line && e.column === line.column;
	return lines.some(same) ? lines : [...lines, line].slice(-MAX_LINES);
}

/** A host's acknowledgement as the outcome the tools report (its first error is the message). */
export function outcomeOfAck(result: HostRenderOutcome): PreviewOutcome {
	const first = result.errors[0];
	return {
		revision: result.revision,
		status: result.status,
		code: result.status === 'error' ? 'PREVIEW_RUNTIME_ERROR' : result.status === 'timeout' ? 'PREVIEW_ACK_TIMEOUT' : result.status === 'superseded' ? 'PREVIEW_REVISION_SUPERSEDED' : undefined,
		message: result.message ?? (first ? `${first.message}${first.source ? ` (${first.source}:${first.line})` : ''}` : undefined),
		durationMs: result.durationMs
	};
}
