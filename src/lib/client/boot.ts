// The page's start, once it is mounted: the screen and network followed, the console API, install
// and keyboard helpers, then — once the hub answers — the workspace's layout, look, agent settings,
// open file, share link, launched files and recovered typing; the tool catalog once the start is
// over. Returns what undoes it.
import type { StudioApp } from './app.svelte';
import { EDITOR_LOOK_KEY } from './app.svelte';
import { LAYOUT_KEY } from './layout.svelte';
import { exposeConsoleApi } from './console-api';
import { installShortcuts } from './shortcuts';
import { forgetFirstScreen } from './first-screen';
import { openPickedWith, pickedInOutline, removeFirstPaint } from './first-paint';
import { afterStart } from './after-start';
import { takeWorkspaceNotice } from './workspace-choice';
import { SHARE_PREFIX } from './share-link';

/** The installed app's shortcuts (manifest `shortcuts`) open with `?action=`; the parameter is then dropped. */
function openShortcut(app: StudioApp) {
	const url = new URL(location.href);
	const action = url.searchParams.get('action');
	if (!action) return;
	if (action === 'new-workspace') app.workspaces.run((workspaces) => workspaces.startCreate());
	if (action === 'agent') app.layout.reveal('agent');
	url.searchParams.delete('action');
	history.replaceState(history.state, '', url);
}

/** A share link in the address: the dialog asks before anything changes (the zip and share code loads only then). */
function checkShareLink(app: StudioApp) {
	if (location.hash.startsWith(SHARE_PREFIX)) app.portable.run((portable) => portable.checkShareLink());
}

/** Once connected: what the workspace needs before the person works in it, in this order. */
async function whenConnected(app: StudioApp) {
	const { studio, workspaces, previewer, layout, code, actions, toasts } = app;
	const ws = studio.workspace;
	if (ws.missing) {
		forgetFirstScreen(studio.workspaceId);
		return workspaces.run((ui) => ui.recoverMissing());
	}
	if (studio.hub.state !== 'connected') return;
	// The first screen's file goes to the live runtime first: what was typed while it started is kept.
	void code.goLive().then(() => {
		if (ws.activePath && !pickedInOutline()) void code.open(ws.activePath);
	});
	// The picture for the next start: its code is no first screen's (about 300 bytes of the laptop's
	// 80 KB, B7 in `npm run bench`), and its first write waits a moment after the start anyway.
	afterStart(() => void import('./first-screen-keeper.svelte').then(({ keepFirstScreen }) => keepFirstScreen(() => [ws.revision, ws.files, code.active, previewer.last, layout.screen()], () => app.firstScreenNow(), studio.onHide)).catch(() => undefined));
	// The notice a switch left for this page (the workspace it opened, and why), once.
	const notice = takeWorkspaceNotice();
	if (notice) toasts.show({ tone: 'info', message: notice }, 8000);
	void previewer.followNetwork(studio.workspaceId, { get: (key) => studio.api.getPreference(key), set: (key, value) => studio.api.setPreference(key, value) });
	await layout.restore({ load: () => studio.api.getPreference(LAYOUT_KEY), save: (value) => studio.api.setPreference(LAYOUT_KEY, value) });
	const look = (await studio.api.getPreference(EDITOR_LOOK_KEY).catch(() => null)) as { fontSize?: number; wrap?: boolean } | null;
	if (look) code.setLook({ fontSize: typeof look.fontSize === 'number' ? look.fontSize : undefined, wrap: typeof look.wrap === 'boolean' ? look.wrap : undefined });
	// The catalog (every page of tools/list, the remote servers) loads once the start is over, and
	// browser agents get it then: the palette, the Tools panel and the bridge are not the first
	// screen's. Loaded here before, it was four calls of the hub and the page beside the first render.
	// Not awaited: a browser that never answers a registration must not hold anything.
	afterStart(() => void actions.loadTools().then(() => app.offerToBrowserAgents(actions.tools)).catch(() => undefined));
	checkShareLink(app);
	openShortcut(app);
	// Files the installed app was opened with (the browser holds them until a consumer is set): once the
	// start is over, where the browser can deliver any; each opens as a new workspace.
	if ('launchQueue' in window) afterStart(() => void import('./launch').then(({ consumeLaunchedFiles }) => consumeLaunchedFiles({ importAsNew: async (file) => (await workspaces.get()).importAsNew(file) })));
	// Text a closed or crashed tab typed but never saved comes back now.
	void code.recoverWhenLoaded();
}

/** Starts the page's side of the studio; returns its teardown. */
export function boot(app: StudioApp): () => void {
	const { studio, code, actions } = app;
	const stops = [
		app.viewport.start(() => code.revealCursor()),
		app.offer.start(),
		app.updates.beforeReload(() => code.flushAll()),
		installShortcuts({ palette: () => actions.openPalette(), typed: (key) => actions.typedAhead(key), undo: () => void actions.undo(), redo: () => void actions.redo() }),
		() => app.withdrawFromBrowserAgents()
	];
	exposeConsoleApi(studio, code);
	// The first paint's outline stays until the editor shows its text (and takes what was typed there,
	// and the file picked in its list).
	openPickedWith((path) => void actions.openFile(path));
	if (!app.firstScreen?.open) removeFirstPaint();
	void app.started.then(() => whenConnected(app));
	// A share link pasted into a tab that is already open arrives as a hash change.
	const onHash = () => {
		if (studio.hub.state === 'connected') checkShareLink(app);
	};
	addEventListener('hashchange', onHash);
	stops.push(() => removeEventListener('hashchange', onHash));
	return () => {
		for (const stop of stops) stop();
	};
}
