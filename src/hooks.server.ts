// The app shell is rendered once, at build time (the static fallback page; `vite dev` renders it per
// request): it carries the starter's first screen, so a first visit paints before any script loads.
import type { Handle } from '@sveltejs/kit';
import { starterScreenJson } from '$lib/client/starter-screen';

const STARTER = starterScreenJson();

export const handle: Handle = ({ event, resolve }) => resolve(event, { transformPageChunk: ({ html }) => html.replace('%studio.starter-screen%', STARTER) });
