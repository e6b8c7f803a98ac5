// The programs that run first inside the preview frame, joined into the one script the compiler
// injects before any byte of the page: the bridge's core (acknowledgement, errors, console, the
// host channel), then storage, requests, navigation and the inspector (source locations, picking, editing a text in
// place, pictures for the screenshot tool). Each is a plain, type-checked browser
// script in frame/; this module only joins them with their configuration. Message shapes:
// FrameMessage and HostToFrameMessage in messages.ts.
import { PREVIEW_LIMITS } from './limits';
import { SITE_ORIGIN } from './site';
import core from './frame/bridge.js?raw';
import storage from './frame/storage.js?raw';
import requests from './frame/requests.js?raw';
import navigation from './frame/navigation.js?raw';
import inspect from './frame/inspect.js?raw';

export { NONCE_PLACEHOLDER, HOST_PLACEHOLDER } from './placeholders';

const config = { limits: PREVIEW_LIMITS, origin: SITE_ORIGIN };

/** The bridge script (plain browser JavaScript). Storage goes first: a page's first script may read it. */
export const BRIDGE_SOURCE = `(function () {
${core}
${storage}
${requests}
${navigation}
${inspect}
var api = studioBridge(${JSON.stringify(config)});
studioStorage(api);
studioRequests(api);
studioNavigation(api);
studioInspect(api);
})();`;
