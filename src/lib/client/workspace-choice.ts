// Which workspace a tab opens. Each tab pins its own, in its URL (`?workspace=<id>`): two tabs may
// show two workspaces, a reload keeps the tab's, and a new tab without one opens the last opened.
import { DEFAULT_WORKSPACE, isWorkspaceId } from '$lib/worker/protocol-calls';
import { scoped } from '$lib/core/base';

const LAST_KEY = scoped('studio:last-workspace');
const NOTICE_KEY = scoped('studio:workspace-notice');
const PARAM = 'workspace';

/** The tab's workspace: its URL's, else the last one opened in this browser, else the default. Pins it in the URL. */
export function chosenWorkspace(): string {
	const url = new URL(location.href);
	const fromUrl = url.searchParams.get(PARAM);
	let last: string | null = null;
	try {
		last = localStorage.getItem(LAST_KEY);
	} catch {
		// storage blocked: the URL alone decides
	}
	const id = isWorkspaceId(fromUrl) ? fromUrl : isWorkspaceId(last) ? last : DEFAULT_WORKSPACE;
	remember(id);
	if (fromUrl !== id && id !== DEFAULT_WORKSPACE) {
		url.searchParams.set(PARAM, id);
		history.replaceState(history.state, '', url);
	}
	return id;
}

function remember(id: string) {
	try {
		localStorage.setItem(LAST_KEY, id);
	} catch {
		// not remembered: new tabs open the default
	}
}

/** This page's address on workspace `id` (a share link's fragment is not carried over). */
export function workspaceHref(id: string): string {
	const url = new URL(location.href);
	url.hash = '';
	if (id === DEFAULT_WORKSPACE) url.searchParams.delete(PARAM);
	else url.searchParams.set(PARAM, id);
	return url.href;
}

/** Opens workspace `id` in this tab; `notice` is shown once it has opened. */
export function openWorkspace(id: string, notice?: string): void {
	remember(id);
	if (notice) {
		try {
			sessionStorage.setItem(NOTICE_KEY, notice);
		} catch {
			// the notice is a courtesy
		}
	}
	location.assign(workspaceHref(id));
}

/** The notice left by {@link openWorkspace}, once. */
export function takeWorkspaceNotice(): string | null {
	try {
		const notice = sessionStorage.getItem(NOTICE_KEY);
		sessionStorage.removeItem(NOTICE_KEY);
		return notice;
	} catch {
		return null;
	}
}
