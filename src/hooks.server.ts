// The app shell is rendered once, at build time (the static fallback page; `vite dev` renders it per
// request): it carries the starter's first screen, so a first visit paints before any script loads,
// and the hub worker's file, which the first paint starts (lib/server/shell-hints).
import type { Handle } from '@sveltejs/kit';
import { base } from '$app/paths';
import { starterScreenJson } from '$lib/client/starter-screen';
import { shellHints } from '$lib/server/shell-hints';

const STARTER = starterScreenJson();

export const handle: Handle = ({ event, resolve }) => {
	const hints = shellHints(base);
	return resolve(event, {
		transformPageChunk: ({ html }) => html.replace('%studio.starter-screen%', STARTER).replace('%studio.hub%', hints.hub)
	});
};
