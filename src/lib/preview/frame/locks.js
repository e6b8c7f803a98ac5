// @ts-check
// Web Locks and the StorageManager for the site's page: an opaque origin refuses both (a lock request
// throws a SecurityError, `navigator.storage.estimate()` rejects), so a page that guards its own
// work with `navigator.locks.request(…)` (an auth library refreshing a token once, a sync loop) or
// shows its storage use stopped there. Locks are the page's own, as on a host with one tab of the
// site open: exclusive and shared modes, `ifAvailable`, `steal`, an abort `signal`, `query()`, granted
// in the order asked. The StorageManager answers as a host does on a first visit of a site that was
// never installed: nothing used of a quota, storage not persisted and `persist()` refused; the origin
// private file system is not there.

/**
 * Installs the stand-ins.
 * @param {StudioFrameApi} _api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioLocks(_api) {
	/** @typedef {{ name: string, mode: string, run: () => void, abort: (reason: unknown) => void }} Ask */
	/** @type {{ name: string, mode: string, ask: Ask }[]} */
	var held = [];
	/** @type {Ask[]} */
	var pending = [];
	var clientId = Math.random().toString(36).slice(2);

	/** @param {string} name @param {string} mode */
	function Lock(name, mode) {
		var lock = Object.create(Lock.prototype);
		Object.defineProperty(lock, 'name', { enumerable: true, value: name });
		Object.defineProperty(lock, 'mode', { enumerable: true, value: mode });
		return lock;
	}
	Object.defineProperty(Lock.prototype, Symbol.toStringTag, { value: 'Lock' });

	/** @param {string} name @param {string} mode */
	function free(name, mode) {
		return held.every(function (lock) {
			return lock.name !== name || (mode === 'shared' && lock.mode === 'shared');
		});
	}
	/** Grants, in the order asked, each request nothing held or asked before it stands in the way of. */
	function grant() {
		/** @type {Set<string>} */
		var waiting = new Set();
		pending.slice().forEach(function (ask) {
			if (!waiting.has(ask.name) && free(ask.name, ask.mode)) {
				pending.splice(pending.indexOf(ask), 1);
				ask.run();
			} else waiting.add(ask.name);
		});
	}
	/** @param {string} message @param {string} name */
	var failure = function (message, name) {
		return Promise.reject(new DOMException("Failed to execute 'request' on 'LockManager': " + message, name));
	};

	var manager = {
		/**
		 * @param {unknown} name
		 * @param {any} options
		 * @param {any} [callback]
		 */
		request: function (name, options, callback) {
			if (typeof options === 'function') {
				callback = options;
				options = {};
			}
			options = options || {};
			if (typeof callback !== 'function') return Promise.reject(new TypeError("Failed to execute 'request' on 'LockManager': The callback provided as parameter 3 is not a function."));
			var key = String(name);
			var mode = options.mode === 'shared' ? 'shared' : 'exclusive';
			var signal = /** @type {AbortSignal | undefined} */ (options.signal);
			if (key.charAt(0) === '-') return failure("Names cannot start with '-'.", 'NotSupportedError');
			if (options.steal && options.ifAvailable) return failure("The 'steal' and 'ifAvailable' options cannot be used together.", 'NotSupportedError');
			if (options.steal && mode !== 'exclusive') return failure("The 'steal' option may only be used with 'exclusive' locks.", 'NotSupportedError');
			if (signal && (options.steal || options.ifAvailable)) return failure("The 'signal' and 'steal' or 'ifAvailable' options cannot be used together.", 'NotSupportedError');
			if (signal && signal.aborted) return Promise.reject(signal.reason);
			return new Promise(function (resolve, reject) {
				/** @type {Ask} */
				var ask = {
					name: key,
					mode: mode,
					abort: reject,
					run: function () {
						var entry = { name: key, mode: mode, ask: ask };
						held.push(entry);
						var release = function () {
							var at = held.indexOf(entry);
							if (at >= 0) held.splice(at, 1);
							grant();
						};
						// The callback runs in a task of its own, as a granted lock's does.
						Promise.resolve()
							.then(function () {
								return callback(Lock(key, mode));
							})
							.then(
								function (value) {
									release();
									resolve(value);
								},
								function (error) {
									release();
									reject(error);
								}
							);
					}
				};
				if (options.steal) {
					held = held.filter(function (lock) {
						if (lock.name !== key) return true;
						lock.ask.abort(new DOMException('The lock request was aborted: another request stole the lock.', 'AbortError'));
						return false;
					});
					return ask.run();
				}
				var first = !pending.some(function (other) {
					return other.name === key;
				});
				if (options.ifAvailable && !(first && free(key, mode))) {
					return Promise.resolve()
						.then(function () {
							return callback(null);
						})
						.then(resolve, reject);
				}
				pending.push(ask);
				var stop = signal;
				if (stop)
					stop.addEventListener('abort', function () {
						var at = pending.indexOf(ask);
						if (at < 0) return;
						pending.splice(at, 1);
						reject(/** @type {AbortSignal} */ (stop).reason);
					});
				grant();
			});
		},
		query: function () {
			/** @param {{ name: string, mode: string }} lock */
			var info = function (lock) {
				return { name: lock.name, mode: lock.mode, clientId: clientId };
			};
			return Promise.resolve({ held: held.map(info), pending: pending.map(info) });
		}
	};
	Object.defineProperty(manager, Symbol.toStringTag, { value: 'LockManager' });
	Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, enumerable: true, get: () => manager });

	var storage = {
		estimate: function () {
			// Chromium counts no localStorage here, and the preview's IndexedDB and Cache Storage live in
			// memory: usage is a first visit's.
			return Promise.resolve({ quota: 10 * 1024 * 1024 * 1024, usage: 0, usageDetails: {} });
		},
		persisted: function () {
			return Promise.resolve(false);
		},
		// A site that was never installed and that the person hardly used is refused, without a prompt.
		persist: function () {
			return Promise.resolve(false);
		},
		getDirectory: function () {
			return Promise.reject(new DOMException('The preview has no origin private file system for the site.', 'SecurityError'));
		}
	};
	Object.defineProperty(storage, Symbol.toStringTag, { value: 'StorageManager' });
	Object.defineProperty(Navigator.prototype, 'storage', { configurable: true, enumerable: true, get: () => storage });
}
