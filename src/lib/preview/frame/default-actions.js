// @ts-check
// A default action the preview carries out itself — a link's click, a form's submit, which would
// take the site's frame to an address no server answers — and still leaves to the page: prevented at
// once, then carried out after every handler of the page ran, unless one of them prevented it. What
// the handlers see of the event says nothing was prevented, and what they do to it is counted:
// `preventDefault()`, `returnValue = false`, and an event handler attribute's `return false`
// (`<form onsubmit="return validate()">`, `<a onclick="return false">`), which cancels the event
// inside the browser, where nothing of the page's world sees it.

/**
 * Installs `api.takeOver` and `api.watchHandlers`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioDefaultActions(api) {
	/**
	 * Wraps the event handler `on<type>` (`onclick`, `onsubmit`, `onbeforeunload`) of each of
	 * `targets` for one dispatch, so that `seen` gets what each returns; returns the undo. A handler
	 * keeps its place among the listeners when its value changes, so it still runs in its turn.
	 * @param {string} type @param {EventTarget[]} targets @param {(result: unknown) => void} seen
	 */
	function watchHandlers(type, targets, seen) {
		var name = 'on' + type;
		/** @type {[Record<string, unknown>, unknown, unknown][]} */
		var wrapped = [];
		targets.forEach(function (target) {
			var node = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (target));
			var handler = node[name];
			if (typeof handler !== 'function') return;
			var original = /** @type {(this: unknown, ...args: unknown[]) => unknown} */ (handler);
			/** @this {unknown} @param {unknown[]} args */
			var wrapper = function (...args) {
				var result = original.apply(this, args);
				seen(result);
				return result;
			};
			node[name] = wrapper;
			wrapped.push([node, handler, wrapper]);
		});
		return function () {
			wrapped.forEach(function (entry) {
				// One the page set meanwhile stays.
				if (entry[0][name] === entry[2]) entry[0][name] = entry[1];
			});
		};
	}
	api.watchHandlers = watchHandlers;

	api.takeOver = function (event, action) {
		var prevented = false;
		event.preventDefault();
		Object.defineProperty(event, 'preventDefault', {
			value: function () {
				prevented = true;
			}
		});
		Object.defineProperty(event, 'defaultPrevented', {
			get: function () {
				return prevented;
			}
		});
		Object.defineProperty(event, 'returnValue', {
			get: function () {
				return !prevented;
			},
			set: function (/** @type {unknown} */ value) {
				if (value === false) prevented = true;
			}
		});
		var unwatch = watchHandlers(event.type, event.composedPath(), function (result) {
			if (result === false) prevented = true;
		});
		setTimeout(function () {
			unwatch();
			if (!prevented) action();
		}, 0);
	};
}
