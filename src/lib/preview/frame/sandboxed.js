// @ts-check
// What a site's page may use on a host and the preview's sandbox refuses (an opaque origin has no
// service workers and no Cache Storage: reading either throws a SecurityError, which stopped a page's
// script at its first line of PWA boilerplate). Service workers are registered, as on a first visit,
// and never started (the preview answers the page's requests itself; a worker of the site's would
// take them from it): `register()` checks the script is in the workspace and resolves, `ready` waits
// and `controller` is null. Cache Storage works in memory for the page's lifetime.

/**
 * Installs the stand-ins.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioSandboxed(api) {
	var origin = api.origin;
	/**
	 * Names a stand-in as the browser names the object it stands for (`String(caches)` is `[object CacheStorage]`).
	 * @param {object} object @param {string} name
	 */
	function tag(object, name) {
		Object.defineProperty(object, Symbol.toStringTag, { value: name });
	}

	/** @type {Record<string, any>[]} */
	var registrations = [];
	var told = false;
	/** @param {string} scope */
	function registration(scope) {
		var reg = /** @type {Record<string, any>} */ (new EventTarget());
		reg.scope = scope;
		reg.installing = reg.waiting = reg.active = null;
		reg.updateViaCache = 'imports';
		reg.onupdatefound = null;
		tag(reg, 'ServiceWorkerRegistration');
		reg.update = function () {
			return Promise.resolve(reg);
		};
		reg.unregister = function () {
			var at = registrations.indexOf(reg);
			if (at >= 0) registrations.splice(at, 1);
			return Promise.resolve(at >= 0);
		};
		reg.getNotifications = function () {
			return Promise.resolve([]);
		};
		reg.showNotification = function () {
			return Promise.reject(new TypeError("Failed to execute 'showNotification' on 'ServiceWorkerRegistration': No active registration available on the ServiceWorkerRegistration."));
		};
		return reg;
	}
	var container = /** @type {Record<string, any>} */ (new EventTarget());
	container.controller = null;
	container.oncontrollerchange = container.onmessage = container.onmessageerror = null;
	// Resolves when a worker is active, which in the preview none ever is (as on a first visit, before it installs).
	container.ready = new Promise(function () {});
	container.startMessages = function () {};
	container.register = function (/** @type {string | URL} */ href, /** @type {RegistrationOptions | undefined} */ options) {
		var url = api.resolve(href);
		if (!url || url.origin !== origin) return Promise.reject(new DOMException("Failed to register a ServiceWorker: The origin of the provided scriptURL ('" + String(href) + "') does not match the current origin.", 'SecurityError'));
		var script = url;
		var scope = new URL((options && options.scope) || './', script).href;
		var ask = /** @type {NonNullable<StudioFrameApi['ask']>} */ (api.ask);
		return ask(script, 'GET').then(function (answer) {
			if (Number(answer.status) !== 200) throw new TypeError("Failed to register a ServiceWorker for scope ('" + scope + "') with script ('" + script.href + "'): A bad HTTP response code (" + Number(answer.status) + ') was received when fetching the script.');
			var known = registrations.filter(function (reg) {
				return reg.scope === scope;
			})[0];
			if (known) return known;
			var reg = registration(scope);
			registrations.push(reg);
			if (!told) console.info('The preview runs no service worker: ' + decodeURIComponent(script.pathname.slice(1)) + ' is registered but never starts, so the page runs as on its first visit.');
			told = true;
			return reg;
		});
	};
	container.getRegistration = function (/** @type {string | undefined} */ client) {
		var url = api.resolve(client === undefined ? '' : client);
		var href = url ? url.href : '';
		return Promise.resolve(
			registrations.filter(function (reg) {
				return href.indexOf(reg.scope) === 0;
			})[0]
		);
	};
	container.getRegistrations = function () {
		return Promise.resolve(registrations.slice());
	};
	Object.defineProperty(Navigator.prototype, 'serviceWorker', {
		configurable: true,
		enumerable: true,
		get: function () {
			return container;
		}
	});

	/** @param {RequestInfo | URL} request */
	function keyOf(request) {
		var url = api.resolve(request instanceof Request ? request.url : String(request));
		return url ? url.href : String(request);
	}
	/** @param {string} key @param {CacheQueryOptions | undefined} options */
	function matcher(key, options) {
		var strip = function (/** @type {string} */ href) {
			var at = href.search(options && options.ignoreSearch ? /[?#]/ : /#/);
			return at < 0 ? href : href.slice(0, at);
		};
		return function (/** @type {{ key: string }} */ entry) {
			return strip(entry.key) === strip(key);
		};
	}
	/** One cache: requests and their responses, in the order they were put. */
	function cache() {
		/** @type {{ key: string, request: Request, response: Response }[]} */
		var entries = [];
		var one = {
			[Symbol.toStringTag]: 'Cache',
			match: function (/** @type {RequestInfo | URL} */ request, /** @type {CacheQueryOptions | undefined} */ options) {
				var hit = entries.filter(matcher(keyOf(request), options))[0];
				return Promise.resolve(hit ? hit.response.clone() : undefined);
			},
			matchAll: function (/** @type {RequestInfo | URL | undefined} */ request, /** @type {CacheQueryOptions | undefined} */ options) {
				var hits = request === undefined ? entries : entries.filter(matcher(keyOf(request), options));
				return Promise.resolve(
					hits.map(function (entry) {
						return entry.response.clone();
					})
				);
			},
			put: function (/** @type {RequestInfo | URL} */ request, /** @type {Response} */ response) {
				var key = keyOf(request);
				entries = entries.filter(function (entry) {
					return entry.key !== key;
				});
				entries.push({ key: key, request: new Request(key), response: response });
				return Promise.resolve();
			},
			add: function (/** @type {RequestInfo | URL} */ request) {
				return fetch(request).then(function (response) {
					if (!response.ok) throw new TypeError("Failed to execute 'add' on 'Cache': Request failed");
					return one.put(request, response);
				});
			},
			addAll: function (/** @type {(RequestInfo | URL)[]} */ requests) {
				return Promise.all(requests.map(one.add)).then(function () {});
			},
			delete: function (/** @type {RequestInfo | URL} */ request, /** @type {CacheQueryOptions | undefined} */ options) {
				var before = entries.length;
				var hit = matcher(keyOf(request), options);
				entries = entries.filter(function (entry) {
					return !hit(entry);
				});
				return Promise.resolve(entries.length < before);
			},
			keys: function () {
				return Promise.resolve(
					entries.map(function (entry) {
						return entry.request;
					})
				);
			}
		};
		return one;
	}
	/** @type {Map<string, ReturnType<typeof cache>>} */
	var caches = new Map();
	var storage = {
		open: function (/** @type {string} */ name) {
			var key = String(name);
			if (!caches.has(key)) caches.set(key, cache());
			return Promise.resolve(caches.get(key));
		},
		has: function (/** @type {string} */ name) {
			return Promise.resolve(caches.has(String(name)));
		},
		delete: function (/** @type {string} */ name) {
			return Promise.resolve(caches.delete(String(name)));
		},
		keys: function () {
			return Promise.resolve([...caches.keys()]);
		},
		match: function (/** @type {RequestInfo | URL} */ request, /** @type {MultiCacheQueryOptions | undefined} */ options) {
			var named = options && options.cacheName !== undefined ? [caches.get(options.cacheName)] : [...caches.values()];
			return named.reduce(function (found, one) {
				return found.then(function (hit) {
					return hit || !one ? hit : one.match(request, options);
				});
			}, /** @type {Promise<Response | undefined>} */ (Promise.resolve(undefined)));
		}
	};
	Object.defineProperty(window, 'caches', { configurable: true, enumerable: true, get: () => storage });
	tag(storage, 'CacheStorage');
	tag(container, 'ServiceWorkerContainer');
}

