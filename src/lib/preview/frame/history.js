// @ts-check
// history.back(), forward() and go() as on a host. Every page of the site is a document of its own
// in the preview's frame, and the studio's tab holds the entries of the frame's earlier documents:
// the browser's own traversal would reload one of those behind the host's back. So the entries this
// document made itself (pushState, a fragment navigation) are traversed by the browser, and a step
// past them goes to the site's other pages through the host's history, as the preview bar's Back and
// Forward do (a step the host has nowhere to go does nothing, as on a host). go(0) reloads the page.
// The host hears of a traversal within the document as it happens (popstate).
//
// A page with entries of its own is asked to leave before a render replaces it (leaving.js), and
// steps the tab's history back to its first entry as it goes: entries of a frame that is gone stayed
// in the tab's history, and the browser's Back (a phone's back gesture) stepped through each of them
// with nothing happening. The next render of the page (an edit, a refresh) makes them again (routes.js).

/**
 * Installs the traversal shims (the site's page only: a page it frames keeps the browser's).
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioHistory(api) {
	if (api.framed) return;
	var nativeGo = history.go.bind(history);
	var push = history.pushState;
	/** Where this document is among the entries it made (0: its own first), and the last of them. */
	var index = api.replayed || 0;
	var last = index;
	/** How long the browser gets to step back over the page's entries as it leaves (a same-document traversal: a few ms; with the IndexedDB writes' wait, within the host's second). */
	var REWIND_WAIT_MS = 300;
	/** The page has left and its entries are being stepped back over: what to call once they are. */
	/** @type {(() => void) | null} */
	var rewinding = null;
	var gone = false;
	function pushed() {
		last = ++index;
		if (api.leaveFirst) api.leaveFirst();
	}
	if (index > 0 && api.leaveFirst) api.leaveFirst();
	api.pushed = pushed;
	api.entryIndex = function () {
		return index;
	};
	// A traversal the browser made itself (its Back or Forward within this document's entries).
	api.atEntry = function (at) {
		if (at >= 0 && at <= last) index = at;
	};
	api.gone = function () {
		return gone;
	};
	// The page has left: the tab's history goes back to its first entry, then `done`.
	api.rewind = function (done) {
		gone = true;
		if (!index) return done();
		var timer = setTimeout(function () {
			if (rewinding) rewinding();
		}, REWIND_WAIT_MS);
		rewinding = function () {
			rewinding = null;
			clearTimeout(timer);
			index = 0;
			done();
		};
		nativeGo(-index);
	};
	history.pushState = function () {
		push.apply(history, /** @type {any} */ (arguments));
		pushed();
	};
	/** @param {number} delta */
	function traverse(delta) {
		var to = index + delta;
		if (to >= 0 && to <= last) {
			index = to;
			nativeGo(delta);
		} else if (!api.leaving || api.leaving()) api.send({ type: 'navigate', direction: delta < 0 ? 'back' : 'forward' });
	}
	// A traversal within this document, the page's own (above) or the browser's (the Back or Forward
	// of the studio's tab, which go through the frame's entries): Chromium fires the frame's load
	// after it, from another process, and the host must not take that load for the page leaving.
	// Heard first, before the page's own listeners; the host waits a while after such a load for it.
	window.addEventListener(
		'popstate',
		function (event) {
			if (api.fragmenting) return;
			if (!gone) return api.send({ type: 'traverse' });
			// Stepping back as the page goes is the preview's: the page, which has left, hears none of it.
			event.stopImmediatePropagation();
			if (rewinding) rewinding();
		},
		true
	);
	window.addEventListener(
		'hashchange',
		function (event) {
			if (gone) event.stopImmediatePropagation();
		},
		true
	);
	history.back = function () {
		traverse(-1);
	};
	history.forward = function () {
		traverse(1);
	};
	history.go = function (/** @type {number | undefined} */ delta) {
		var steps = Math.trunc(Number(delta)) || 0;
		if (steps) traverse(steps);
		else /** @type {{ reload(): void }} */ (/** @type {any} */ (window).__studioLocation).reload();
	};
}
