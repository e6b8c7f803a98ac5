// Where this build is served from and the names it keeps its data under. BASE_PATH ('' at the root,
// '/my-studio' under a sub-path) is fixed at build time. Storage, channels and storage keys are per
// origin, so a build under another base path uses other names: two studios on one origin never open
// each other's database, hear each other's hubs, or read each other's unsaved text.

declare const __BASE_PATH__: string | undefined;

/** The path the studio is served under, without a trailing slash ('' at the root). */
export const BASE_PATH: string = typeof __BASE_PATH__ === 'string' ? __BASE_PATH__ : '';

/** `name` for this base path: unchanged at the root (existing data keeps its names), suffixed elsewhere. */
export function scoped(name: string): string {
	return BASE_PATH ? `${name}@${BASE_PATH}` : name;
}
