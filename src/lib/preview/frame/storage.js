// @ts-check
// Web Storage for the site. An opaque-origin frame throws SecurityError on localStorage and
// sessionStorage, so a todo list that remembers its items could not run. These
// stand in, with the semantics sites rely on (string values, length/key(), property access, a quota,
// storage events): seeded by the host for each render, every change sent to the host in one message
// per task, and what is left before the page's acknowledgement. localStorage is the workspace's (kept by the hub across renders, reloads and restarts, and
// shared with the other tabs' previews, which get storage events); sessionStorage is this tab's,
// across renders and the site's pages. Cookies: cookies.js. None of it is ever the studio's own storage. A page the site
// shows in a frame of its own shares both areas with the page that frames it, as on a host: it starts
// from what that page had as it loaded, its changes go to that page (which keeps them as its own and
// fires storage events for them), and that page's changes come to it (frames.js carries them).

/**
 * Installs the storage shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioStorage(api) {
	/** Characters an area holds at most (keys and values), as browsers allow about 5 MB. */
	var QUOTA = 5 * 1024 * 1024;

	/**
	 * One storage area.
	 * @param {'local' | 'session'} area
	 * @param {Record<string, string> | undefined} seed
	 */
	function makeStorage(area, seed) {
		/** @type {Map<string, string>} */
		var data = new Map();
		var used = 0;
		if (seed) for (var k in seed) if (Object.prototype.hasOwnProperty.call(seed, k) && typeof seed[k] === 'string') set(k, /** @type {string} */ (seed[k]));
		/** @type {(string | null)[][]} */
		var pending = [];
		var clearFirst = false;
		/** This page's own changes, for the frames of its pages (those a frame made go to the others at once). */
		/** @type {(string | null)[][]} */
		var own = [];
		var ownClear = false;
		var scheduled = false;
		function flush() {
			scheduled = false;
			if (own.length || ownClear) {
				if (api.toFrames) api.toFrames({ type: 'storage-event', area: area, changes: own, clear: ownClear }, null);
				own = [];
				ownClear = false;
			}
			if (!pending.length && !clearFirst) return;
			api.send({ type: 'storage', area: area, changes: pending, clear: clearFirst });
			pending = [];
			clearFirst = false;
		}
		function schedule() {
			if (!scheduled) {
				scheduled = true;
				setTimeout(flush, 0);
			}
		}
		/** @param {string} key @param {string | null} value @param {boolean} [fromFrame] */
		function record(key, value, fromFrame) {
			pending.push([key, value]);
			if (!fromFrame) own.push([key, value]);
			schedule();
		}
		/** @param {boolean} [fromFrame] */
		function recordClear(fromFrame) {
			pending = [];
			clearFirst = true;
			if (!fromFrame) {
				own = [];
				ownClear = true;
			}
			schedule();
		}
		/** @param {string} key @param {string} value */
		function set(key, value) {
			var before = data.get(key);
			var next = used - (before === undefined ? 0 : key.length + before.length) + key.length + value.length;
			if (next > QUOTA) throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '" + key + "' exceeded the quota.", 'QuotaExceededError');
			data.set(key, value);
			used = next;
		}
		/** @param {string} key */
		function remove(key) {
			var before = data.get(key);
			if (before === undefined) return false;
			data.delete(key);
			used -= key.length + before.length;
			return true;
		}
		api.beforeReady(flush);
		var methods = {
			/** @param {unknown} key */
			getItem: function (key) {
				var value = data.get(String(key));
				return value === undefined ? null : value;
			},
			/** @param {unknown} key @param {unknown} value */
			setItem: function (key, value) {
				var k = String(key);
				var v = String(value);
				if (data.get(k) === v) return;
				set(k, v);
				record(k, v);
			},
			/** @param {unknown} key */
			removeItem: function (key) {
				var k = String(key);
				if (remove(k)) record(k, null);
			},
			clear: function () {
				if (!data.size) return;
				data.clear();
				used = 0;
				recordClear();
			},
			/** @param {unknown} index */
			key: function (index) {
				var i = Number(index) | 0;
				var keys = [...data.keys()];
				return i >= 0 && i < keys.length ? /** @type {string} */ (keys[i]) : null;
			},
			get length() {
				return data.size;
			}
		};
		// A Storage as the page tests it (`localStorage instanceof Storage`); its members are the ones above.
		var proto = Object.create(Storage.prototype, { [Symbol.toStringTag]: { value: 'Storage' } });
		/** @type {Record<string | symbol, unknown>} */
		var target = Object.create(proto);
		/** @param {string | symbol} prop */
		var isMethod = function (prop) {
			return Object.prototype.hasOwnProperty.call(methods, prop);
		};
		var storage = new Proxy(target, {
			get: function (_t, prop) {
				if (isMethod(prop)) return prop === 'length' ? methods.length : /** @type {any} */ (methods)[prop];
				if (typeof prop === 'string' && data.has(prop)) return data.get(prop);
				return /** @type {any} */ (proto)[prop];
			},
			set: function (_t, prop, value) {
				if (typeof prop !== 'string' || isMethod(prop)) return true;
				methods.setItem(prop, value);
				return true;
			},
			deleteProperty: function (_t, prop) {
				if (typeof prop === 'string') methods.removeItem(prop);
				return true;
			},
			has: function (_t, prop) {
				return isMethod(prop) || (typeof prop === 'string' && data.has(prop));
			},
			ownKeys: function () {
				return [...data.keys()];
			},
			getOwnPropertyDescriptor: function (_t, prop) {
				if (typeof prop !== 'string' || !data.has(prop)) return undefined;
				return { value: data.get(prop), writable: true, enumerable: true, configurable: true };
			},
			defineProperty: function (_t, prop, descriptor) {
				if (typeof prop === 'string' && 'value' in descriptor) methods.setItem(prop, descriptor.value);
				return true;
			}
		});
		return {
			storage: storage,
			/**
			 * Another preview of the workspace changed an item: apply it and fire a storage event.
			 * @param {string | null} key
			 * @param {string | null} value
			 */
			apply: function (key, value) {
				var old = key === null ? null : data.has(key) ? /** @type {string} */ (data.get(key)) : null;
				// As in browsers, a change that changes nothing fires no event (a page that loaded after it already has it).
				if (key === null ? data.size === 0 : old === value) return;
				if (key === null) {
					data.clear();
					used = 0;
				} else if (value === null) remove(key);
				else set(key, value);
				window.dispatchEvent(new SiteStorageEvent('storage', { key: key, oldValue: old, newValue: value, url: document.baseURI, storageArea: /** @type {Storage} */ (/** @type {unknown} */ (storage)) }));
			},
			/**
			 * A frame of the site's pages changed it: kept as this page's own change (sent on with them).
			 * @param {string | null} key
			 * @param {string | null} value
			 */
			fromFrame: function (key, value) {
				this.apply(key, value);
				if (key === null) recordClear(true);
				else record(key, value, true);
			}
		};
	}

	// A storage event names its area (`event.storageArea === localStorage`), and a page may make one
	// for its own listeners (Docusaurus: `initStorageEvent(…, localStorage)`), which the browser's
	// refuses for an area that is not its own Storage: the event takes the area here.
	var NativeStorageEvent = window.StorageEvent;
	/** @type {WeakMap<Event, unknown>} */
	var areas = new WeakMap();
	/** @param {unknown} value */
	var isArea = function (value) {
		return value === local.storage || value === session.storage;
	};
	var SiteStorageEvent = new Proxy(NativeStorageEvent, {
		construct: function (target, args, newTarget) {
			var init = args[1];
			var area = init && typeof init === 'object' ? /** @type {StorageEventInit} */ (init).storageArea : undefined;
			var event = Reflect.construct(target, isArea(area) ? [args[0], Object.assign({}, init, { storageArea: null })] : args, newTarget);
			if (isArea(area)) areas.set(event, area);
			return event;
		}
	});
	var nativeArea = Object.getOwnPropertyDescriptor(NativeStorageEvent.prototype, 'storageArea');
	var nativeInit = NativeStorageEvent.prototype.initStorageEvent;
	if (nativeArea && nativeArea.get) {
		var readArea = nativeArea.get;
		Object.defineProperty(NativeStorageEvent.prototype, 'storageArea', {
			configurable: true,
			enumerable: true,
			get: function () {
				return areas.has(this) ? areas.get(this) : readArea.call(this);
			}
		});
	}
	NativeStorageEvent.prototype.initStorageEvent = function () {
		var args = [...arguments];
		var area = args[7];
		if (isArea(area)) args[7] = null;
		nativeInit.apply(this, /** @type {any} */ (args));
		if (isArea(area)) areas.set(this, area);
		else areas.delete(this);
	};
	window.StorageEvent = SiteStorageEvent;

	var local = makeStorage('local', api.host.local);
	var session = makeStorage('session', api.host.session);
	Object.defineProperty(window, 'localStorage', { configurable: true, enumerable: true, get: function () { return local.storage; } });
	Object.defineProperty(window, 'sessionStorage', { configurable: true, enumerable: true, get: function () { return session.storage; } });
	/**
	 * Applies a change another document made (another tab's preview, the page framing this one, or a
	 * frame of the site's pages: `frame`), and tells the frames of this page's that did not make it.
	 * @param {Record<string, unknown>} message
	 * @param {HTMLIFrameElement | null} frame
	 */
	function changed(message, frame) {
		if (message.area === 'cookie') return;
		// A framed page's databases go on to the host as they are (frame/indexeddb.js).
		if (message.area === 'indexeddb') {
			if (frame) api.send({ type: 'storage', area: 'indexeddb', changes: message.changes, clear: false });
			return;
		}
		var changes = /** @type {[string | null, string | null][]} */ (Array.isArray(message.changes) ? message.changes : []);
		var area = message.area === 'session' ? session : local;
		/** @param {string | null} key @param {string | null} value */
		var take = function (key, value) {
			try {
				if (frame) area.fromFrame(key, value);
				else area.apply(key, value);
			} catch {
				/* over the quota here: the item stays as it was */
			}
		};
		if (message.clear) take(null, null);
		changes.forEach(function (change) {
			if (Array.isArray(change) && typeof change[0] === 'string') take(change[0], typeof change[1] === 'string' ? change[1] : null);
		});
		if (api.toFrames) api.toFrames({ type: 'storage-event', area: message.area === 'session' ? 'session' : 'local', changes: changes, clear: message.clear === true }, frame);
	}
	api.on('storage-event', function (message) {
		changed(message, null);
	});
	api.onChild('storage', changed);
}
