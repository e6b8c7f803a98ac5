// The programs that run first inside the preview frame, joined into the one script the compiler
// injects before any byte of the page: the bridge's core (acknowledgement, the host channel) and the
// page's address, the shadow roots the page attaches (watched as its document is), the reports (errors, console), then storage (with IndexedDB for a page that uses
// it), the URLs a page reads without the network (data:, its own blob:), a file's answer as a host sends it (its ranges), requests, the elements that load a file from script, responsive images chosen as on a host, styles and the rules scripts write, fonts, workers, what the sandbox refuses (service workers, Cache Storage, Web Locks, the
// StorageManager), navigation, its routes and its history, the site's own frames (and what the sandbox keeps apart between them), where the page is scrolled, the inspector (source locations, picking,
// editing a text in place) and pictures for the screenshot tool (neither in a page framed by the
// site), and last the site's origin on its windows and messages (the programs before it keep the
// browser's own getters). Each is a plain, type-checked browser script in frame/; this module only
// joins them with their configuration. Message shapes: FrameMessage and HostToFrameMessage in messages.ts.
import { PREVIEW_LIMITS } from './limits';
import { SITE_ORIGIN } from './site';
import { FILE_MARK, WRITTEN_MARK } from './file-mark';
import core from './frame/bridge.js?raw';
import address from './frame/address.js?raw';
import shadows from './frame/shadows.js?raw';
import reports from './frame/reports.js?raw';
import storage from './frame/storage.js?raw';
import cookies from './frame/cookies.js?raw';
import cookieStore from './frame/cookie-store.js?raw';
import inPage from './frame/in-page.js?raw';
import ranges from './frame/ranges.js?raw';
import xhr from './frame/xhr.js?raw';
import requests from './frame/requests.js?raw';
import written from './frame/written.js?raw';
import sources from './frame/sources.js?raw';
import srcsets from './frame/srcsets.js?raw';
import styles from './frame/styles.js?raw';
import fonts from './frame/fonts.js?raw';
import rules from './frame/rules.js?raw';
import webpackChunks from './frame/webpack-chunks.js?raw';
import workers from './frame/workers.js?raw';
import workerLoader from './frame/worker-loader.js?raw';
import sharedWorkers from './frame/shared-workers.js?raw';
import sandboxed from './frame/sandboxed.js?raw';
import locks from './frame/locks.js?raw';
import defaultActions from './frame/default-actions.js?raw';
import leaving from './frame/leaving.js?raw';
import navigation from './frame/navigation.js?raw';
import referrer from './frame/referrer.js?raw';
import scriptUrls from './frame/script-urls.js?raw';
import routes from './frame/routes.js?raw';
import frames from './frame/frames.js?raw';
import apart from './frame/apart.js?raw';
import inspect from './frame/inspect.js?raw';
import pictures from './frame/pictures.js?raw';
import windows from './frame/windows.js?raw';
import scroll from './frame/scroll.js?raw';
import historyProgram from './frame/history.js?raw';
import indexedDB from './frame/indexeddb.js?raw';
import { FRAME_STORAGE_PLACEHOLDER } from './placeholders';

export { NONCE_PLACEHOLDER, HOST_PLACEHOLDER, FRAME_STORAGE_PLACEHOLDER } from './placeholders';

const config = { limits: PREVIEW_LIMITS, origin: SITE_ORIGIN, fileMark: FILE_MARK, writtenMark: WRITTEN_MARK };

/** The bridge script: `more` runs after the storage shims, before any other (its programs and calls). */
const bridge = (more = '') => `(function () {
${core}
${address}
${shadows}
${reports}
${storage}
${cookies}
${cookieStore}
${inPage}
${ranges}
${xhr}
${requests}
${written}
${sources}
${srcsets}
${styles}
${fonts}
${rules}
${webpackChunks}
${workers}
${workerLoader}
${sharedWorkers}
${sandboxed}
${locks}
${defaultActions}
${leaving}
${navigation}
${referrer}
${scriptUrls}
${routes}
${frames}
${apart}
${inspect}
${pictures}
${windows}
${scroll}
${historyProgram}
var api = studioBridge(${JSON.stringify(config)});
studioAddress(api);
studioShadows(api);
studioReferrer(api);
studioReports(api);
studioStorage(api);
studioCookies(api);
studioCookieStore(api);
${more}studioInPage(api);
studioRanges(api);
studioRequests(api);
studioWritten(api);
studioSources(api);
studioSrcsets(api);
studioStyles(api);
studioFonts(api);
studioRules(api);
studioWorkers(api);
studioSharedWorkers(api);
studioSandboxed(api);
studioLocks(api);
studioScriptUrls(api);
studioDefaultActions(api);
studioLeaving(api);
studioNavigation(api);
studioRoutes(api);
studioHistory(api);
studioFrames(api, ${JSON.stringify(FRAME_STORAGE_PLACEHOLDER)});
studioApart(api);
studioScroll(api);
if (!api.framed) {
	studioInspect(api);
	studioPictures(api);
}
studioWindows(api);
})();`;

/** The bridge script (plain browser JavaScript). Storage goes first: a page's first script may read it. */
export const BRIDGE_SOURCE = bridge();

/**
 * The bridge of a page that uses IndexedDB: `library` the bundled library's script (it declares
 * `studioIndexedDBLibrary`), `seed` a script expression of the databases the hub keeps, `limit` the
 * characters a database's text may have (frame/indexeddb.js).
 */
export function bridgeWithIndexedDB(library: string, seed: string, limit: number): string {
	return bridge(`${library}\n${indexedDB}\nstudioIndexedDB(api, studioIndexedDBLibrary, ${seed}, ${limit});\n`);
}
