// @ts-check
// Shadow roots the page attaches (web components: Lit's, Shoelace's, a page's own), watched as its
// document is. An observer of the document and a listener on the window see nothing inside a shadow
// tree: its changes and its files' failed loads stay in it. The frame programs that point a site's
// files at the workspace (reports.js, sources.js, styles.js, srcsets.js, rules.js) watch through `api.observe`
// and `api.listen`, which reach each root the page attaches from then on, so an image, a stylesheet
// link or a style a component renders loads as on a host. (A root declared in the page's markup is
// compiled with it.)

/**
 * Installs `api.observe` and `api.listen`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioShadows(api) {
	/** @type {[MutationObserver, MutationObserverInit][]} */
	var observers = [];
	/** @type {[string, (event: Event) => void][]} */
	var listeners = [];
	/**
	 * Observes the document, and each shadow root attached from now on, with one observer.
	 * @param {MutationCallback} callback @param {MutationObserverInit} options
	 */
	api.observe = function (callback, options) {
		var observer = new MutationObserver(callback);
		observer.observe(document, options);
		observers.push([observer, options]);
	};
	/**
	 * Listens on the window, and on each shadow root attached from now on, in the capture phase (first
	 * on an event's way, before the page's listeners).
	 * @param {string} type @param {(event: Event) => void} listener
	 */
	api.listen = function (type, listener) {
		window.addEventListener(type, listener, true);
		listeners.push([type, listener]);
	};
	var attach = Element.prototype.attachShadow;
	Element.prototype.attachShadow = function (/** @type {ShadowRootInit} */ init) {
		var root = attach.call(this, init);
		observers.forEach(function (watch) {
			watch[0].observe(root, watch[1]);
		});
		listeners.forEach(function (listen) {
			root.addEventListener(listen[0], listen[1], true);
		});
		return root;
	};
}
