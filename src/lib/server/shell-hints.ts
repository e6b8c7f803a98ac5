// What the app shell names before any of the studio's code runs, read from the client build when the
// shell is rendered (the static fallback page is rendered after the client build): the hub worker's
// file, which the first paint starts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The shell's hints (empty where there is no client build: `vite dev` renders the shell per request). */
export interface ShellHints {
	/** The hub worker's URL, or '' (the root layout then starts it, as before). */
	hub: string;
}

/**
 * The hints for a build whose client output is in `<kitDir>/output/client`, served under `base`.
 * (Preloading the route nodes' modules here too was tried: a desktop start gained nothing measurable,
 * and a phone's first paint on slow 4G came about 200 ms later, its bandwidth shared with them.)
 */
export function shellHints(base: string, kitDir = process.env.STUDIO_KIT_DIR ?? '.svelte-kit'): ShellHints {
	const workers = join(kitDir, 'output', 'client', '_app', 'immutable', 'workers');
	const hub = existsSync(workers) ? readdirSync(workers).find((file) => /^hub\.worker-[\w-]+\.js$/.test(file)) : undefined;
	return { hub: hub ? `${base}/_app/immutable/workers/${hub}` : '' };
}
