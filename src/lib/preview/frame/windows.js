// @ts-check
// The site's windows as on a host, where all its pages share one origin. In the preview each page's
// document has an opaque origin of its own ("null"), so a message aimed at the site's origin (a page
// to its frame, a frame to its parent, a page to itself) was dropped, a listener's
// `event.origin !== location.origin` check refused what did arrive, and the site's page found a
// parent (the preview's document) where a host's top-level page is its own. Here `window.origin` and
// a message's origin are the site's; a message this page posts aimed at the site's origin goes out
// aimed at '*'; the site's page is its own parent; and another window of the site (a frame's
// `contentWindow`, `frames[i]`, a framed page's `parent`, a message's `source`) is handed out as one
// stand-in per window, whose postMessage does the same, and whose location, set, loads the site's
// page there through the frame programs (`frames.results.location = 'search/all_6.html?oven'`, a
// framed page's `parent.location = …`: the window's own would ask the site's URL, which no server
// answers). The stand-in passes everything else to the window. `top` is a property no page can
// replace: the compiler points the site's references to it at `__studioTop`, the site's page.
// Installed last: the programs before it keep the browser's own getters they took at their start.

/**
 * Installs the site's origin on this page's windows and messages.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWindows(api) {
	var origin = api.origin;
	/** @param {object} on @param {string} key */
	function getter(on, key) {
		return /** @type {(this: any) => any} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(on, key)).get);
	}
	var nativeSource = getter(MessageEvent.prototype, 'source');
	var nativeOrigin = getter(MessageEvent.prototype, 'origin');
	var nativeContent = getter(HTMLIFrameElement.prototype, 'contentWindow');
	var nativeParent = getter(window, 'parent');

	/** Whether `target` (a postMessage's targetOrigin) means the site's origin. @param {unknown} target */
	function mine(target) {
		try {
			return typeof target === 'string' && target !== '*' && target !== '/' && new URL(target).origin === origin;
		} catch {
			return false;
		}
	}
	/**
	 * A postMessage's arguments with a target of the site's origin made '*' (the receiving document's
	 * origin is opaque, which no named origin matches). Only the site's own documents are framed here.
	 * @param {IArguments | unknown[]} args
	 */
	function aimed(args) {
		var out = Array.prototype.slice.call(args);
		var target = out[1];
		if (target && typeof target === 'object' && mine(target.targetOrigin)) out[1] = Object.assign({}, target, { targetOrigin: '*' });
		else if (mine(target)) out[1] = '*';
		return out;
	}

	Object.defineProperty(window, 'origin', { configurable: true, enumerable: true, get: () => origin });
	var messageOrigin = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'origin'));
	Object.defineProperty(MessageEvent.prototype, 'origin', {
		configurable: true,
		enumerable: messageOrigin.enumerable,
		get: function () {
			var from = nativeOrigin.call(this);
			return from === 'null' ? origin : from;
		}
	});
	var nativePost = window.postMessage;
	window.postMessage = /** @type {typeof window.postMessage} */ (
		function () {
			return nativePost.apply(window, /** @type {any} */ (aimed(arguments)));
		}
	);

	/**
	 * Whether `value` is a window: a window of another origin still tells its `window`, which is itself
	 * (a message's source may also be a MessagePort or a ServiceWorker).
	 * @param {unknown} value
	 */
	function isWindow(value) {
		try {
			return !!value && typeof value === 'object' && /** @type {{ window?: unknown }} */ (value).window === value;
		} catch {
			return false;
		}
	}
	/** @type {WeakMap<object, object>} */
	var standIns = new WeakMap();
	/** @type {WeakSet<object>} */
	var made = new WeakSet();
	/**
	 * The stand-in of another window (this one, and what is not a window, as they are). One per window,
	 * so `event.source === frame.contentWindow` holds as on a host. Every other window here is of
	 * another origin (each document of the preview's sandbox has its own, a frame a script made too),
	 * so it has only the few properties such a window has; its methods are called on it.
	 * @template T @param {T} win
	 * @returns {T}
	 */
	function standIn(win) {
		if (!isWindow(win) || win === /** @type {unknown} */ (window) || made.has(/** @type {object} */ (win))) return win;
		var known = standIns.get(/** @type {object} */ (win));
		if (known) return /** @type {T} */ (known);
		var target = /** @type {Record<PropertyKey, any>} */ (win);
		/** @type {Map<Function, Function>} */
		var bound = new Map();
		var post = function () {
			return target.postMessage.apply(target, aimed(arguments));
		};
		var place = /** @type {object | null} */ (null);
		var proxy = new Proxy(target, {
			get: function (_target, key) {
				if (key === 'postMessage') return post;
				if (key === 'window' || key === 'self' || key === 'frames') return proxy;
				if (key === 'location') return place || (place = locationOf(target));
				var value = target[key];
				if (typeof value !== 'function') return standIn(value); // `parent`, `opener`, `frames[0]`…
				var fn = bound.get(value);
				if (!fn) bound.set(value, (fn = value.bind(target)));
				return fn;
			},
			set: function (_target, key, value) {
				if (key !== 'location' || !went(target, value, false)) target[key] = value;
				return true;
			}
		});
		standIns.set(/** @type {object} */ (win), proxy);
		made.add(proxy);
		return /** @type {T} */ (proxy);
	}

	/**
	 * Navigates another window of the site to `href` through the frame programs, as a host loads the
	 * site's page there; false when it is no page of the site or no window they know.
	 * @param {Record<PropertyKey, any>} win @param {unknown} href @param {boolean} replace
	 */
	function went(win, href, replace) {
		var url = api.siteUrl(href);
		return !!url && !!api.goWindow && api.goWindow(win, url, replace);
	}
	/**
	 * Another window's location: what sets it (`href`, `assign`, `replace`) loads the page there through
	 * the frame programs; what reads it is the window's own, which the sandbox keeps apart.
	 * @param {Record<PropertyKey, any>} win
	 */
	function locationOf(win) {
		/** @param {boolean} replace */
		var go = function (replace) {
			return function (/** @type {unknown} */ href) {
				if (!went(win, href, replace)) win.location[replace ? 'replace' : 'assign'](href);
			};
		};
		return new Proxy(/** @type {Record<PropertyKey, any>} */ ({}), {
			get: function (_place, key) {
				if (key === 'assign') return go(false);
				if (key === 'replace') return go(true);
				var value = win.location[key];
				return typeof value === 'function' ? value.bind(win.location) : value;
			},
			set: function (_place, key, value) {
				if (key !== 'href' || !went(win, value, false)) win.location[key] = value;
				return true;
			}
		});
	}

	api.standIn = standIn;

	/** @param {object} on @param {string} key @param {(this: any) => unknown} get */
	function redefine(on, key, get) {
		var was = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(on, key));
		Object.defineProperty(on, key, { configurable: true, enumerable: was.enumerable, get: get, set: was.set });
	}
	redefine(HTMLIFrameElement.prototype, 'contentWindow', function () {
		return standIn(nativeContent.call(this));
	});
	redefine(MessageEvent.prototype, 'source', function () {
		return standIn(nativeSource.call(this));
	});
	// The site's page is a top-level page on a host: its parent is itself. A framed page's is the site's page.
	var parent = api.framed ? standIn(nativeParent.call(window)) : window;
	redefine(window, 'parent', function () {
		return parent;
	});
	// `top` cannot be replaced: the compiler points the site's references to it here (compiler/location.ts
	// SITE_TOP). No setter and not configurable: `var top = 1` at a script's top level changes it no
	// more than it changes a host's `top`. A framed page's is the site's page, `depth` frames up
	// (a frameset menu's `top.frames.main`, `top.location`), not the studio the browser's would be.
	var siteTop = /** @type {Window} */ (window);
	for (var up = 0; up < api.depth; up++) siteTop = up === 0 ? nativeParent.call(window) : siteTop.parent;
	var topWindow = standIn(siteTop);
	Object.defineProperty(window, '__studioTop', {
		get: function () {
			return topWindow;
		}
	});
	// `frames[0]` and `frames.name` are frames' windows: `frames` is a stand-in of this window that
	// hands out the frames' stand-ins (so `frames === window` no longer holds; a page rarely asks).
	var framesProxy = new Proxy(window, {
		get: function (_target, key) {
			var value = /** @type {any} */ (window)[key];
			if (typeof value !== 'function') return standIn(value);
			return 'prototype' in value ? value : value.bind(window); // a method is called on the window; a constructor is itself
		}
	});
	redefine(window, 'frames', function () {
		return framesProxy;
	});
}
