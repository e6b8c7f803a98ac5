// Writing the first screen for the next start (client/first-screen.ts reads it): trimmed to its caps,
// in localStorage's form (the open file's head, which the outline shows, apart from its rest), and
// smaller when the quota is short. Loaded with the keeper once the start is over: no first screen
// needs it.
import { localStore, tryWrite } from './local-store';
import { FIRST_SCREEN_LIMITS, firstScreenKey, forgetFirstScreen, forgetFirstScreens, shownEnd, type FirstScreen, type StoredFirstScreen } from './first-screen';

/** What is kept of `screen` within the caps (an open file or a page past them is left out). */
export function trimFirstScreen(screen: FirstScreen): FirstScreen {
	const open = screen.open && screen.open.text.length <= FIRST_SCREEN_LIMITS.text ? screen.open : null;
	const preview = screen.preview && screen.preview.html.length + JSON.stringify(screen.preview.local).length <= FIRST_SCREEN_LIMITS.html ? screen.preview : null;
	return { ...screen, files: screen.files.slice(0, FIRST_SCREEN_LIMITS.files), open, preview };
}

/** `screen` as localStorage keeps it: the open file's head (what the outline shows) apart from the rest. */
export function storedFirstScreen(screen: FirstScreen): StoredFirstScreen {
	const file = screen.open;
	const end = file ? shownEnd(file.text) : 0;
	return { ...screen, open: file && { path: file.path, text: file.text.slice(0, end), rest: file.text.slice(end), language: file.language, revision: file.revision } };
}

/**
 * Keeps `screen` (synchronously: it is also written as the page hides). Over the quota, other
 * workspaces' pictures go first (this one is in use), then this one's page, then its text: the typing
 * journal shares this storage and matters more.
 */
export function writeFirstScreen(screen: FirstScreen): void {
	const store = localStore();
	if (!store) return;
	const name = firstScreenKey(screen.workspaceId);
	const trimmed = trimFirstScreen(screen);
	const write = (value: FirstScreen) => tryWrite(store, name, JSON.stringify(storedFirstScreen(value)));
	if (write(trimmed) || (forgetFirstScreens(screen.workspaceId) && write(trimmed))) return;
	if (write({ ...trimmed, preview: null }) || write({ ...trimmed, preview: null, open: null })) return;
	forgetFirstScreen(screen.workspaceId);
}
