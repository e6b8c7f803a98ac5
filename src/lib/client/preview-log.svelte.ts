// The preview panel's lines in this tab (console, errors, warnings), capped, and their report to the
// hub in batches: a chatty page must not flood the hub with one call per console line.
import type { PreviewLines } from '$lib/preview/host';
import type { PreviewConsoleLine, PreviewErrorLine } from '$lib/worker/protocol';

/** Lines kept per list (older ones drop off). */
const MAX_LINES = 500;
/** How long lines gather before they go to the hub. */
const REPORT_EVERY_MS = 100;

type Batch = { console: PreviewConsoleLine[]; errors: PreviewErrorLine[]; warnings: PreviewErrorLine[] };

/** The console drawer's read model, and the outbox of what the page said. */
export class PreviewLog {
	console = $state.raw<PreviewConsoleLine[]>([]);
	errors = $state.raw<PreviewErrorLine[]>([]);
	/** Resources refused or out of reach (the network is off): warnings, not errors of the site. */
	warnings = $state.raw<PreviewErrorLine[]>([]);
	#outbox: Batch = { console: [], errors: [], warnings: [] };
	#timer: ReturnType<typeof setTimeout> | null = null;
	readonly #report: (batch: Batch) => void;

	/** `report` sends a batch to the hub (at most every 100 ms, the newest lines of each kind). */
	constructor(report: (batch: Batch) => void) {
		this.#report = report;
	}

	/** Lines the page (or the frame on its behalf) said: shown here, and reported to the hub. */
	add(lines: PreviewLines): void {
		const warnings = lines.warnings ?? [];
		if (lines.console.length) this.console = [...this.console, ...lines.console].slice(-MAX_LINES);
		if (lines.errors.length) this.errors = [...this.errors, ...lines.errors].slice(-MAX_LINES);
		if (warnings.length) this.warnings = [...this.warnings, ...warnings].slice(-MAX_LINES);
		this.#outbox.console.push(...lines.console);
		this.#outbox.errors.push(...lines.errors);
		this.#outbox.warnings.push(...warnings);
		if (this.#timer !== null) return;
		this.#timer = setTimeout(() => {
			this.#timer = null;
			const batch = { console: this.#outbox.console.slice(-200), errors: this.#outbox.errors.slice(-100), warnings: this.#outbox.warnings.slice(-100) };
			this.#outbox = { console: [], errors: [], warnings: [] };
			this.#report(batch);
		}, REPORT_EVERY_MS);
	}

	/** A problem of the studio's own (not the site's): shown here, never reported as the page's. */
	studioError(message: string): void {
		this.errors = [...this.errors, { message, source: '', line: 0, column: 0, revision: 0 }].slice(-MAX_LINES);
	}

	clear(): void {
		this.console = [];
		this.errors = [];
		this.warnings = [];
	}
}
