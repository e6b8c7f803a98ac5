// @ts-check
// What a page hears as it leaves for another page of the site, as on a host: `beforeunload` (a
// handler that cancels it gets the browser's question, once the person has used the page), then
// `pagehide`, `visibilitychange` to hidden, and `unload`. In the preview the next page is another
// document the host loads beside this one, which goes only after it: the browser's own events came
// after the next page had started, and what their handlers stored (a draft saved on `pagehide`) never
// reached it. So they are fired here, before the page asks for the next one. A render the studio asks
// for (an edit, its Refresh, Back or address) replaces the page as a host's reload does: a page that
// listens for these events says so, and the host asks it to leave first (no question asked: an edit
// never waits on the page), so what its handlers store is in the next render.
//
// The page's `beforeunload`, `pagehide` and `unload` listeners are kept here, never given to the
// browser, which fires those events only as the frame goes, after the preview fired its own: a frame
// with such listeners keeps its renderer process when it goes, to run them, and a page stuck in an
// endless loop then held every later render of the site in that process (the preview stayed dead
// after the fix). `visibilitychange` stays the browser's: the page hears the studio's tab hide and show.

/**
 * Installs `api.leaving`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioLeaving(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	/** Fired by the browser only as the frame goes: the page's listeners are kept here. */
	var HELD = ['beforeunload', 'pagehide', 'unload'];
	var TYPES = HELD.concat('visibilitychange');
	var left = false;
	/** The page has left, and its entries are off the tab's history (history.js): the host may replace it. */
	var gone = false;
	var told = false;
	/**
	 * The page is to be asked before a render replaces it (it listens for leaving, or has entries of
	 * its own in the tab's history): told to the host once (a page that has neither costs a render nothing).
	 */
	function listens() {
		if (told || left || api.framed) return;
		told = true;
		api.send({ type: 'listens' });
	}
	api.leaveFirst = listens;

	/** @typedef {{ type: string, listener?: EventListenerOrEventListenerObject, capture?: boolean, once?: boolean, property?: string }} Held */
	/**
	 * The window's listeners of the held types, in the order the page added them; a handler property
	 * (`onpagehide`) has its place from when it was set, as in the DOM.
	 * @type {Held[]}
	 */
	var held = [];
	/** @type {Record<string, unknown>} */
	var handlers = {};
	/** @param {Held} entry */
	function drop(entry) {
		var at = held.indexOf(entry);
		if (at >= 0) held.splice(at, 1);
	}
	/** @param {string} type @param {unknown} listener @param {unknown} options */
	function find(type, listener, options) {
		var capture = typeof options === 'boolean' ? options : !!(options && /** @type {{ capture?: boolean }} */ (options).capture);
		return { capture: capture, entry: held.find(function (h) { return h.type === type && h.listener === listener && h.capture === capture; }) };
	}
	// Through the window's and the document's own `addEventListener`, which calls the one their
	// prototypes have at the time (a library that patches EventTarget's, as zone.js does, still sees
	// every other listener).
	[window, document].forEach(function (target) {
		var proto = function () {
			return /** @type {EventTarget} */ (Object.getPrototypeOf(target));
		};
		Object.defineProperty(target, 'addEventListener', {
			configurable: true,
			writable: true,
			value: function (/** @type {string} */ type, /** @type {EventListenerOrEventListenerObject | null} */ listener, /** @type {boolean | AddEventListenerOptions | undefined} */ options) {
				var name = String(type);
				if (TYPES.indexOf(name) >= 0) listens();
				// A bare `addEventListener(…)` in a module or strict code has no `this`: the window's.
				if ((this || window) !== window || HELD.indexOf(name) < 0) {
					return proto().addEventListener.apply(this, /** @type {any} */ (arguments));
				}
				if (!listener) return;
				var found = find(name, listener, options);
				var signal = options && typeof options === 'object' ? options.signal : undefined;
				if (found.entry || (signal && signal.aborted)) return;
				/** @type {Held} */
				var entry = { type: name, listener: listener, capture: found.capture, once: !!(options && typeof options === 'object' && options.once) };
				held.push(entry);
				if (signal) signal.addEventListener('abort', function () { drop(entry); });
			}
		});
		Object.defineProperty(target, 'removeEventListener', {
			configurable: true,
			writable: true,
			value: function (/** @type {string} */ type, /** @type {unknown} */ listener, /** @type {unknown} */ options) {
				var found = (this || window) === window ? find(String(type), listener, options) : { entry: undefined };
				if (found.entry) return drop(found.entry);
				return proto().removeEventListener.apply(this, /** @type {any} */ (arguments));
			}
		});
	});

	// Handler properties: `window.onpagehide = save` is kept with the listeners; the parser sets a
	// body's `onpagehide` attribute itself, which is moved here once the page has loaded.
	/** @type {Record<string, { get: () => unknown, set: (value: unknown) => void }>} */
	var natives = {};
	['onbeforeunload', 'onpagehide', 'onunload', 'onvisibilitychange'].forEach(function (name) {
		var target = name === 'onvisibilitychange' ? document : window;
		var owner = Object.prototype.hasOwnProperty.call(target, name) ? target : Object.getPrototypeOf(target);
		var property = Object.getOwnPropertyDescriptor(owner, name);
		if (!property || !property.get || !property.set || !property.configurable) return;
		var get = property.get;
		var set = property.set;
		var kept = target === window;
		natives[name] = { get: function () { return get.call(target); }, set: function (value) { set.call(target, value); } };
		Object.defineProperty(target, name, {
			configurable: true,
			enumerable: property.enumerable,
			get: function () {
				return kept ? (handlers[name] === undefined ? null : handlers[name]) : get.call(this);
			},
			set: function (/** @type {unknown} */ value) {
				if (typeof value === 'function') listens();
				if (!kept) {
					set.call(this, value);
					return;
				}
				var handler = typeof value === 'function' || (value !== null && typeof value === 'object') ? value : null;
				var entry = held.find(function (h) { return h.property === name; });
				if (handler && !entry) held.push({ type: name.slice(2), property: name });
				if (!handler && entry) drop(entry);
				handlers[name] = handler;
			}
		});
	});
	api.beforeReady(function () {
		Object.keys(natives).forEach(function (name) {
			var own = /** @type {{ get: () => unknown, set: (value: unknown) => void }} */ (natives[name]);
			var native = own.get();
			if (typeof native !== 'function') return;
			listens();
			if (name === 'onvisibilitychange') return;
			own.set(null);
			// One the page's script set since is the handler, as it replaced the markup's.
			if (!handlers[name]) /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[name] = native;
		});
	});

	/**
	 * Dispatches `event` at the window to the listeners kept here, for that dispatch only: as the
	 * browser would to its own (the window its target, once-listeners gone after, an error the page's).
	 * @param {Event} event
	 * @returns {boolean} false when a listener cancelled it
	 */
	function dispatchHeld(event) {
		/** @param {Event} e */
		var run = function (e) {
			held.filter(function (h) { return h.type === e.type; }).forEach(function (h) {
				if (h.once) drop(h);
				var fn = h.property ? handlers[h.property] : h.listener;
				try {
					if (typeof fn === 'function') fn.call(window, e);
					else if (fn && typeof fn === 'object' && typeof (/** @type {EventListenerObject} */ (fn)).handleEvent === 'function') /** @type {EventListenerObject} */ (fn).handleEvent(e);
				} catch (error) {
					window.reportError(error);
				}
			});
		};
		EventTarget.prototype.addEventListener.call(window, event.type, run);
		var result = EventTarget.prototype.dispatchEvent.call(window, event);
		EventTarget.prototype.removeEventListener.call(window, event.type, run);
		return result;
	}
	// A page that fires one of them itself (`dispatchEvent(new Event('beforeunload'))`, to run its own
	// save) reaches its listeners kept here too.
	Object.defineProperty(window, 'dispatchEvent', {
		configurable: true,
		writable: true,
		value: function (/** @type {Event} */ event) {
			if ((this || window) === window && event instanceof Event && HELD.indexOf(event.type) >= 0) return dispatchHeld(event);
			return Object.getPrototypeOf(window).dispatchEvent.apply(this, /** @type {any} */ (arguments));
		}
	});

	/**
	 * Whether the page lets itself be left: a cancelled `beforeunload` asks the person, as a host does
	 * (`ask` false: the studio replaces the page, which hears the event and is not asked).
	 * @param {boolean} ask
	 */
	function mayLeave(ask) {
		var event = new NativeEvent('beforeunload', { cancelable: true });
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
		dispatchHeld(event);
		unwatch();
		if (!ask) return true;
		var asks = event.defaultPrevented || (typeof asked === 'string' ? asked !== '' : Boolean(asked));
		// A browser asks only a page the person has used (a page cannot keep an unread visitor).
		if (!asks || !navigator.userActivation || !navigator.userActivation.hasBeenActive) return true;
		return window.confirm('Leave site?\n\nChanges that you made may not be saved.');
	}
	/** @param {boolean} ask */
	function leave(ask) {
		if (left) return true;
		if (!mayLeave(ask)) return false;
		left = true;
		dispatchHeld(new PageTransitionEvent('pagehide', { persisted: false }));
		Object.defineProperty(document, 'visibilityState', { configurable: true, get: function () { return 'hidden'; } });
		Object.defineProperty(document, 'hidden', { configurable: true, get: function () { return true; } });
		document.dispatchEvent(new NativeEvent('visibilitychange'));
		dispatchHeld(new NativeEvent('unload'));
		held = [];
		// The browser's own `visibilitychange`, if it comes as the frame goes, is kept from the page's
		// listeners (they heard it above); the other three reach none.
		EventTarget.prototype.addEventListener.call(window, 'visibilitychange', function (/** @type {Event} */ event) {
			if (event.isTrusted) event.stopImmediatePropagation();
		}, true);
		// What the handlers stored goes before the page asks for the next one, which is rendered from it;
		// then the host hears the page has left (it asks no more, and waits no longer), once the tab's
		// history is back at the page's first entry.
		api.flush();
		var done = function () {
			gone = true;
			if (!api.framed) api.send({ type: 'left' });
		};
		var rewind = function () {
			if (api.rewind) api.rewind(done);
			else done();
		};
		// IndexedDB writes the handlers started finish first, and go with the page (indexeddb.js).
		var written = api.writesDone && api.writesDone();
		if (written)
			written.then(function () {
				api.flush();
				rewind();
			});
		else rewind();
		return true;
	}
	api.leaving = function () {
		return leave(true);
	};
	// A render the studio asks for is about to replace the page.
	api.on('leave', function () {
		if (!left) leave(false);
		else if (gone) api.send({ type: 'left' });
	});
}
