// The app shell is rendered once, at build time (the static fallback page; `vite dev` renders it per
// request): it carries the starter's first screen, so a first visit paints before any script loads,
// and the hub worker's file, which the first paint starts (lib/server/shell-hints).
import type { Handle } from '@sveltejs/kit';
import { base } from '$app/paths';
import { building } from '$app/environment';
import { starterScreenJson } from '$lib/client/starter-screen';
import { shellHints } from '$lib/server/shell-hints';

const STARTER = starterScreenJson();
/**
 * The hub's file: named only in a build (read when the shell is rendered, after the client build:
 * the module itself loads before it). `vite dev` serves no built worker, and a client build left in
 * the kit's output from before would name one it does not serve; the root layout starts the hub there.
 */
let hub: string | null = null;

export const handle: Handle = ({ event, resolve }) => {
	hub ??= building ? shellHints(base).hub : '';
	const named = hub;
	return resolve(event, { transformPageChunk: ({ html }) => html.replace('%studio.starter-screen%', STARTER).replace('%studio.hub%', named) });
};
