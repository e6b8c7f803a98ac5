// The preview document's own policy: no network unless the person allows it for the workspace.
// Shared by the compiler (which puts it first in every document's head) and the page (which takes it
// out when the person switched the network on), so both agree on the exact tag.

/**
 * Off by default: fetch, XHR, WebSocket, EventSource and beacons to any server are refused. A frame's
 * relative URLs would otherwise reach the studio's own server, and a site under construction calls
 * nowhere unasked. The page's own data: and blob: URLs leave nothing: a JSON module (`import data from
 * './data.json' with { type: 'json' }`) is fetched under this directive, from the data: or blob: URL
 * the module bootstrap made of the file.
 */
export const PREVIEW_CSP = `<meta http-equiv="Content-Security-Policy" content="connect-src data: blob:">`;

/** The document as this workspace's preview runs it: without the no-network policy when allowed. */
export function withNetwork(html: string, allowed: boolean): string {
	return allowed ? html.replace(PREVIEW_CSP, '') : html;
}

/** Preference key of a workspace's choice (the hub keeps preferences per browser, not per workspace). */
export const previewNetworkKey = (workspaceId: string) => `preview-network:${workspaceId}`;

/** Preference key of the files a new workspace's import left out (its preview names them when a page references one). */
export const importLeftOutKey = (workspaceId: string) => `import-left-out:${workspaceId}`;

/** Preference key of a workspace's site localStorage (kept by the hub for the preview). */
export const siteStorageKey = (workspaceId: string) => `site-storage:${workspaceId}`;

/** Preference key of a workspace's site IndexedDB databases (kept by the hub for the preview). */
export const siteDatabasesKey = (workspaceId: string) => `site-databases:${workspaceId}`;

/** Preference key of a workspace's site cookies that outlive a session (kept by the hub for the preview). */
export const siteCookiesKey = (workspaceId: string) => `site-cookies:${workspaceId}`;

/** Preference key of what the `location` rewrite found in big scripts, by their fingerprints (one for every workspace). */
export const locationFindingsKey = 'location-findings';

/** Preference key of the page a workspace's preview shows (kept by the hub across its restarts). */
export const sitePlaceKey = (workspaceId: string) => `site-place:${workspaceId}`;
