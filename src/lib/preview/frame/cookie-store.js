// @ts-check
// The Cookie Store API over the site's jar (cookies.js). In the opaque-origin frame every call of
// `cookieStore` rejects with SecurityError, so a page that prefers it where a browser has it
// (`if ('cookieStore' in window) await cookieStore.set('theme', 'dark')`) lost its setting there.
// These stand in on the browser's own object (its `change` events, `onchange` and
// `instanceof CookieStore` stay the browser's): get, getAll, set and delete as the specification
// takes them — `set` defaults to the path `/` and a session cookie — and a `change` event, a task
// later, for each change the page can see, whoever made it (`document.cookie`, another tab, a frame).

/**
 * Installs the page's `cookieStore` methods.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioCookieStore(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	if (!('cookieStore' in window) || !api.jar) return;
	var store = /** @type {EventTarget} */ (window.cookieStore);
	var jar = /** @type {StudioCookieJar} */ (api.jar);
	// The browser refuses these in a name or a value (a tab aside), as it does a `;`.
	// eslint-disable-next-line no-control-regex
	var REFUSED = /[\x00-\x08\x0a-\x1f\x7f;]/;

	/** @param {StudioCookie} cookie */
	function item(cookie) {
		return { name: cookie.name, value: cookie.value, domain: null, path: cookie.path, expires: cookie.expires, secure: true, sameSite: 'strict', partitioned: false };
	}
	/** @param {string} message */
	function refuse(message) {
		return new TypeError("Failed to execute on 'CookieStore': " + message);
	}
	/**
	 * A method's argument as options: a name, or an object.
	 * @param {unknown} arg
	 * @returns {Record<string, unknown>}
	 */
	function options(arg) {
		if (typeof arg === 'string') return { name: arg };
		return arg && typeof arg === 'object' ? /** @type {Record<string, unknown>} */ (arg) : {};
	}
	/**
	 * A path as the specification takes it: `/` when none is given, the page's folder when it is empty,
	 * else from `/` (and no `/` added at its end).
	 * @param {unknown} path
	 */
	function pathOf(path) {
		if (path === undefined || path === null) return '/';
		var text = String(path);
		if (text === '') return jar.folder(api.address().pathname);
		if (text.charAt(0) !== '/') throw refuse('Cookie path must start with "/".');
		return text;
	}
	/**
	 * The page's cookies an argument of get/getAll asks for.
	 * @param {unknown} arg @param {boolean} one
	 */
	function query(arg, one) {
		var asked = options(arg);
		if (one && asked.name === undefined && asked.url === undefined) throw refuse('Options must not be empty.');
		var here = api.address();
		if (asked.url !== undefined) {
			var url = new URL(String(asked.url), here);
			if (url.origin !== here.origin || url.pathname !== here.pathname) throw refuse('URL must match the document URL.');
		}
		var name = asked.name === undefined ? null : String(asked.name);
		return jar.visible(here.pathname)
			.filter(function (cookie) {
				return name === null || cookie.name === name;
			})
			.map(item);
	}
	/**
	 * A method as the page calls it: what it throws is the promise's rejection.
	 * @param {string} name @param {(...args: unknown[]) => unknown} fn
	 */
	function method(name, fn) {
		Object.defineProperty(store, name, {
			configurable: true,
			writable: true,
			value: function () {
				try {
					return Promise.resolve(fn.apply(null, Array.prototype.slice.call(arguments)));
				} catch (error) {
					return Promise.reject(error);
				}
			}
		});
	}

	method('get', function (arg) {
		return query(arg, true)[0] || null;
	});
	method('getAll', function (arg) {
		return query(arg, false);
	});
	method('set', function (first, second) {
		var given = typeof first === 'string' ? { name: first, value: second } : options(first);
		var name = String(given.name === undefined ? '' : given.name);
		var value = String(given.value === undefined ? '' : given.value);
		if (REFUSED.test(name) || REFUSED.test(value) || name.indexOf('=') >= 0) throw refuse('Cookie name or value holds a character a cookie cannot.');
		if (!name && (!value || value.indexOf('=') >= 0)) throw refuse('Cookie name must not be empty.');
		if (name.length + value.length > 4096) throw refuse('Cookie name and value are over 4096 characters together.');
		var path = pathOf(given.path);
		if (name.toLowerCase().indexOf('__host-') === 0 && (path !== '/' || given.path === '' || (given.domain !== undefined && given.domain !== null))) throw refuse('A __Host- cookie must have the path "/" and no domain.');
		var expires = given.expires === undefined || given.expires === null ? null : Number(given.expires);
		jar.put({ name: name, value: value, path: path, expires: expires === null || isNaN(expires) ? null : expires });
	});
	method('delete', function (arg) {
		var given = options(arg);
		jar.put({ name: String(given.name === undefined ? '' : given.name), value: '', path: pathOf(given.path), expires: 0 });
	});

	/** @type {typeof Event & (new (type: string, init: { changed: unknown[], deleted: unknown[] }) => Event) | undefined} */
	var ChangeEvent = /** @type {any} */ (window).CookieChangeEvent;
	jar.watch(function (changed, deleted) {
		var pathname = api.address().pathname;
		/** @param {StudioCookie} cookie */
		var seen = function (cookie) {
			return jar.under(cookie.path, pathname);
		};
		var init = {
			changed: changed.filter(seen).map(item),
			deleted: deleted.filter(seen).map(function (cookie) {
				var gone = item(cookie);
				return { name: gone.name, domain: gone.domain, path: gone.path, secure: gone.secure, sameSite: gone.sameSite, partitioned: gone.partitioned };
			})
		};
		if (!init.changed.length && !init.deleted.length) return;
		// A task later, as the browser queues it (after the call that made the change has returned).
		setTimeout(function () {
			var event = ChangeEvent ? new ChangeEvent('change', init) : Object.assign(new NativeEvent('change'), init);
			store.dispatchEvent(event);
		}, 0);
	});
}
