// Route options: a client-only single-page app; the fallback document serves every path.
import { startHubEarly } from '$lib/client/hub-early';
export const ssr = false;
export const prerender = false;

// The hub's worker boots while the page's code loads and mounts (client/hub-early.ts).
if (typeof window !== 'undefined') startHubEarly();
