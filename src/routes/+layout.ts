// Route options: a client-only single-page app; the fallback document serves every path.
export const ssr = false;
export const prerender = false;
