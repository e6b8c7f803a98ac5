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

	// What the page sees of an event taken over is read on Event's prototype, not set on the event:
	// an own `preventDefault` is none of a host's, and AngularJS's jqLite deletes the event's
	// `preventDefault` after its handlers ran (a non-configurable own one threw in its strict code).
	/** @type {WeakMap<Event, { prevented: boolean }>} */
	var taken = new WeakMap();
	var proto = Event.prototype;
	var nativePrevent = proto.preventDefault;
	/** @this {Event} */
	proto.preventDefault = function preventDefault() {
		var state = taken.get(this);
		if (state) state.prevented = true;
		else nativePrevent.call(this);
	};
	/**
	 * @param {'defaultPrevented' | 'returnValue'} name
	 * @param {(state: { prevented: boolean }) => boolean} read
	 * @param {(state: { prevented: boolean }, value: unknown) => void} [write]
	 */
	function seenAs(name, read, write) {
		var native = Object.getOwnPropertyDescriptor(proto, name);
		if (!native || !native.get) return;
		var get = native.get;
		var set = native.set;
		/** @type {PropertyDescriptor} */
		var seen = {
			configurable: true,
			enumerable: native.enumerable,
			/** @this {Event} */
			get: function () {
				var state = taken.get(this);
				return state ? read(state) : get.call(this);
			}
		};
		if (set && write) {
			var writing = write;
			var nativeSet = set;
			/** @this {Event} @param {unknown} value */
			seen.set = function (value) {
				var state = taken.get(this);
				if (state) writing(state, value);
				else nativeSet.call(this, value);
			};
		}
		Object.defineProperty(proto, name, seen);
	}
	seenAs('defaultPrevented', function (state) {
		return state.prevented;
	});
	seenAs(
		'returnValue',
		function (state) {
			return !state.prevented;
		},
		function (state, value) {
			if (value === false) state.prevented = true;
		}
	);

	api.takeOver = function (event, action) {
		var state = { prevented: false };
		nativePrevent.call(event);
		taken.set(event, state);
		var unwatch = watchHandlers(event.type, event.composedPath(), function (result) {
			if (result === false) state.prevented = true;
		});
		setTimeout(function () {
			unwatch();
			if (!state.prevented) action();
		}, 0);
	};
}
