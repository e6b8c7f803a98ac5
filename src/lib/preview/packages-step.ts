// The step before a render that has packages: compile, hand what the page lacked (files not on the
// device, releases not resolved, imports not pinned) to the hub's packages, and again while that
// made something new available — a package's modules first, then what they import.
import type { Workspace } from '../domain/model';
import type { PackageView } from '../domain/packages';
import type { CompiledPreview } from './compile';

/** The coordinator's packages: a view for compilations, and the step that fetches what one lacked. */
export interface PreviewPackages {
	view(workspace: Workspace): PackageView;
	/** Counts changes to what a view reads: a compilation from an earlier count may be stale. */
	readonly changes: number;
	/** Fetches (or resolves, or pins) what a compilation reported; true when compiling again would differ. */
	prepare(workspace: Workspace, wanted: CompiledPreview['packages']): Promise<boolean>;
}

/** Rounds at most: each follows one more level of what became available. */
const ROUNDS = 4;

/**
 * Makes what `workspace`'s page needs of packages available before it is rendered. Never throws.
 * Resolves with the compilation when the first one lacked nothing (nothing was awaited after it, so
 * it is the render's document), else null.
 */
export async function preparePackages(packages: PreviewPackages, workspace: Workspace, compileWith: (view: PackageView) => CompiledPreview): Promise<CompiledPreview | null> {
	try {
		for (let round = 0; round < ROUNDS; round++) {
			const compiled = compileWith(packages.view(workspace));
			const wanted = compiled.packages;
			if (!wanted.needs.length && !wanted.unresolved.length && !wanted.unpinned.length) return round === 0 ? compiled : null;
			if (!(await packages.prepare(workspace, wanted))) return null;
		}
	} catch {
		// A package the hub could not get is a diagnostic of the render, not a failed render.
	}
	return null;
}
