// What the `location` rewrite's parse found in each script, kept by the script's fingerprint across
// the hub's starts. A site brought with its libraries names `location` in them (TinyMCE's two main
// files are 0.9 MB, about 0.8 s of Lezer's parse on a laptop and several on a phone): the studio
// parses each once per device, not at every start, and a start whose scripts are all known loads no
// parser at all. A cache, never the truth: what it lacks or holds wrong is parsed again.
import { hashText } from '../../domain/hash';
import { latestWriter } from '../../core/latest-write';

/** One rewrite in a script: the range of a name, and what it becomes. */
export type Finding = [from: number, to: number, name: string];

/** Where findings persist (the hub's preferences, for every workspace of this device). */
export interface FindingsStore {
	get(): Promise<unknown>;
	set(value: unknown): Promise<void>;
}

/** Scripts kept, the latest used; and their findings together, at most (a persisted value stays small). */
const MAX_SCRIPTS = 300;
const MAX_FINDINGS = 20_000;

/**
 * Scripts this long or longer are kept: libraries, whose parse is felt (16 KB is about 13 ms here) and
 * which nobody edits. A person's own script, parsed in a few milliseconds at each change, would
 * write the store at each save and push the libraries out.
 */
const KEPT_MIN_CHARS = 16 * 1024;

/** Whether the findings in `code` are worth keeping across starts. */
export const keptFor = (code: string): boolean => code.length >= KEPT_MIN_CHARS;

/** A script's fingerprint: its length and a 53-bit hash (about 1.5 ms a megabyte; a parse takes 800). */
export const fingerprint = (code: string): string => `${code.length}:${hashText(code)}`;

/** Findings that fit their script: in order, apart, within it. Anything else read back is dropped. */
function fits(findings: unknown, length: number): findings is Finding[] {
	if (!Array.isArray(findings)) return false;
	let at = 0;
	for (const finding of findings) {
		if (!Array.isArray(finding) || finding.length !== 3) return false;
		const [from, to, name] = finding as unknown[];
		if (!Number.isInteger(from) || !Number.isInteger(to) || typeof name !== 'string' || (from as number) < at || (to as number) < (from as number) || (to as number) > length) return false;
		at = to as number;
	}
	return true;
}

/** The findings of the scripts parsed lately on this device. */
export class LocationFindings {
	readonly #known = new Map<string, Finding[]>();
	#count = 0;
	#store: FindingsStore | undefined;
	#build = '';
	/** One write at a time; findings added meanwhile go in the next (a render parses several scripts). */
	readonly #persist = latestWriter(async () => {
		await this.#store?.set({ build: this.#build, scripts: [...this.#known] });
	});

	/** What the parse found in the script of this fingerprint, if it was parsed lately. */
	get(key: string): Finding[] | undefined {
		const findings = this.#known.get(key);
		if (!findings) return undefined;
		// Used again: the latest, the last to go.
		this.#known.delete(key);
		this.#known.set(key, findings);
		return findings;
	}

	/** Keeps what a parse found (and persists it, when a store is set). */
	add(key: string, findings: Finding[]): void {
		this.#remember(key, findings);
		this.#persist();
	}

	/**
	 * Reads what earlier starts of this build kept, and keeps what this one finds in `store` from now
	 * on. Another build's findings are dropped: its rewrite may differ (the next write replaces them).
	 */
	async load(store: FindingsStore, build: string): Promise<void> {
		this.#store = store;
		this.#build = build;
		const stored = (await store.get().catch(() => null)) as { build?: unknown; scripts?: unknown } | null;
		if (!stored || typeof stored !== 'object' || stored.build !== build || !Array.isArray(stored.scripts)) return;
		for (const entry of stored.scripts as unknown[]) {
			if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
			const length = Number.parseInt(entry[0], 10);
			if (Number.isInteger(length) && !this.#known.has(entry[0]) && fits(entry[1], length)) this.#remember(entry[0], entry[1]);
		}
	}

	#remember(key: string, findings: Finding[]): void {
		if (findings.length > MAX_FINDINGS) return;
		const before = this.#known.get(key);
		if (before) this.#count -= before.length;
		this.#known.delete(key);
		this.#known.set(key, findings);
		this.#count += findings.length;
		for (const [oldest, dropped] of this.#known) {
			if (this.#known.size <= MAX_SCRIPTS && this.#count <= MAX_FINDINGS) break;
			this.#known.delete(oldest);
			this.#count -= dropped.length;
		}
	}
}
