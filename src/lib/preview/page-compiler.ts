// What a render's document is compiled from — the workspace, the page shown, the files its import
// left out, the packages' view — and the step before a render that makes what the page lacks
// available, whose trial compile the render then takes instead of compiling the page again.
// Framework-neutral.
import type { Workspace } from '../domain/model';
import { compile, type CompiledPreview } from './compile';
import { loadLocationParser, locationParserReady, locationParserWanted } from './compiler/location';
import { preparePackages, type PreviewPackages } from './packages-step';
import { htmlParser } from '../domain/html-parser';

/** Left-out files kept for diagnostics (the latest ones). */
const LEFT_OUT_KEPT = 1000;

/** Compiles the page a hub's previews show. */
export class PageCompiler {
	readonly #packages: PreviewPackages | undefined;
	readonly #page: () => string | null;
	/** Files imports left out (archive path → why), for the diagnostics of pages that reference them. */
	readonly #leftOut = new Map<string, string>();
	/** Counts changes to what imports left out (a trial compiled before one is stale). */
	#leftOutChanges = 0;
	/**
	 * The trial compile of `prepare` when it lacked nothing, and what it was compiled from: the render
	 * that follows in the same task takes it instead of compiling the page a second time (every render
	 * did, a start's first one cold). It lapses at the end of the task: later, packages or the page may
	 * have changed.
	 */
	#trial: { workspace: Workspace; page: string | null; leftOut: number; compiled: CompiledPreview } | null = null;

	/** `page`: the page the previews show (null: the workspace's entry). */
	constructor(packages: PreviewPackages | undefined, page: () => string | null) {
		this.#packages = packages;
		this.#page = page;
	}

	/** Compiles the page shown of `workspace` (the trial of `prepare`, when it still stands). */
	compile(workspace: Workspace): CompiledPreview {
		const trial = this.#trial;
		this.#trial = null;
		const page = this.#page();
		if (trial && trial.workspace === workspace && trial.page === page && trial.leftOut === this.#leftOutChanges) return trial.compiled;
		return compile(workspace, page, this.#leftOut, this.#packages?.view(workspace));
	}

	/** Whether a render must wait for `prepare` (else it is sent in the same turn it is asked). */
	get prepares(): boolean {
		return this.#packages !== undefined || !locationParserReady() || !htmlParser.ready;
	}

	/**
	 * What the page lacks is made available before it renders: the HTML parser (loaded once), packages
	 * (from the device, else fetched once), and the `location` rewrite's parser when a trial compile met `location`.
	 */
	async prepare(workspace: Workspace): Promise<void> {
		// Before anything is read: the parser's load is awaited, and the page or packages may change meanwhile.
		if (!htmlParser.ready) await htmlParser.load();
		const packages = this.#packages;
		const page = this.#page();
		const leftOut = this.#leftOutChanges;
		let trial: CompiledPreview | null = null;
		if (packages) trial = await preparePackages(packages, workspace, (view) => compile(workspace, page, this.#leftOut, view));
		else if (!locationParserReady()) trial = compile(workspace, page, this.#leftOut);
		if (locationParserWanted()) return loadLocationParser();
		if (!trial) return;
		const kept = { workspace, page, leftOut, compiled: trial };
		this.#trial = kept;
		setTimeout(() => {
			if (this.#trial === kept) this.#trial = null;
		}, 0);
	}

	/** Files an import left out, with why (the latest thousand kept). */
	noteLeftOut(skipped: readonly { path: string; reason: string }[]): void {
		this.#leftOutChanges++;
		for (const { path, reason } of skipped) this.#leftOut.set(path, reason);
		for (const path of this.#leftOut.keys()) if (this.#leftOut.size > LEFT_OUT_KEPT) this.#leftOut.delete(path);
	}
}
