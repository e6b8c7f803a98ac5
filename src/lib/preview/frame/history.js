// @ts-check
// history.back(), forward() and go() as on a host. Every page of the site is a document of its own
// in the preview's frame, and the studio's tab holds the entries of the frame's earlier documents:
// the browser's own traversal would reload one of those behind the host's back. So the entries this
// document made itself (pushState, a fragment navigation) are traversed by the browser, and a step
// past them goes to the site's other pages through the host's history, as the preview bar's Back and
// Forward do (a step the host has nowhere to go does nothing, as on a host). go(0) reloads the page.
// The host hears of a traversal within the document as it happens (popstate).

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
	var index = 0;
	var last = 0;
	function pushed() {
		last = ++index;
	}
	api.pushed = pushed;
	api.entryIndex = function () {
		return index;
	};
	// A traversal the browser made itself (its Back or Forward within this document's entries).
	api.atEntry = function (at) {
		if (at >= 0 && at <= last) index = at;
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
		function () {
			api.send({ type: 'traverse' });
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
