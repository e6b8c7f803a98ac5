// @ts-check
// What a page hears as it leaves for another page of the site, as on a host: `beforeunload` (a
// handler that cancels it gets the browser's question, once the person has used the page), then
// `pagehide`, `visibilitychange` to hidden, and `unload`. In the preview the next page is another
// document the host loads beside this one, which goes only after it: the browser's own events came
// after the next page had started, and what their handlers stored (a draft saved on `pagehide`) never
// reached it. So they are fired here, before the page asks for the next one; the browser's own, when
// the frame goes, are then kept from the page's listeners.

/**
 * Installs `api.leaving`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioLeaving(api) {
	var left = false;
	/**
	 * The browser's own events, when the frame goes, kept from the page's listeners (not capturing,
	 * as pages listen). Listened for only once the page has left: a frame with `beforeunload` or
	 * `unload` listeners keeps its process for them when it goes, and a page spinning in an endless
	 * loop then held up the next render in that process.
	 */
	function silenceBrowserEvents() {
		['beforeunload', 'pagehide', 'visibilitychange', 'unload'].forEach(function (type) {
			window.addEventListener(
				type,
				function (event) {
					if (event.isTrusted) event.stopImmediatePropagation();
				},
				true
			);
		});
	}
	/** Whether the page lets itself be left: a cancelled `beforeunload` asks the person, as a host does. */
	function mayLeave() {
		var event = new Event('beforeunload', { cancelable: true });
		/** @type {unknown} */
		var asked = '';
		// A handler asks by setting returnValue to a string (a BeforeUnloadEvent's), or by preventDefault.
		Object.defineProperty(event, 'returnValue', {
			get: function () {
				return asked;
			},
			set: function (/** @type {unknown} */ value) {
				asked = value;
			}
		});
		// `window.onbeforeunload = function () { return 'Unsaved changes'; }`: a string returned asks too,
		// which the browser reads of its own event only; the handler is watched for this dispatch.
		var unwatch = /** @type {NonNullable<StudioFrameApi['watchHandlers']>} */ (api.watchHandlers)('beforeunload', [window], function (result) {
			if (typeof result === 'string') asked = result;
		});
		window.dispatchEvent(event);
		unwatch();
		var ask = event.defaultPrevented || (typeof asked === 'string' ? asked !== '' : Boolean(asked));
		// A browser asks only a page the person has used (a page cannot keep an unread visitor).
		if (!ask || !navigator.userActivation || !navigator.userActivation.hasBeenActive) return true;
		return window.confirm('Leave site?\n\nChanges that you made may not be saved.');
	}
	api.leaving = function () {
		if (left) return true;
		if (!mayLeave()) return false;
		left = true;
		window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
		Object.defineProperty(document, 'visibilityState', { configurable: true, get: function () { return 'hidden'; } });
		Object.defineProperty(document, 'hidden', { configurable: true, get: function () { return true; } });
		document.dispatchEvent(new Event('visibilitychange'));
		window.dispatchEvent(new Event('unload'));
		silenceBrowserEvents();
		// What the handlers stored goes before the page asks for the next one, which is rendered from it.
		api.flush();
		return true;
	};
}
