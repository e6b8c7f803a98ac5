// @ts-check
// The site's cookies. An opaque-origin frame throws SecurityError on document.cookie, so a consent
// banner could never stay dismissed. This is a browser's jar for one site: a cookie per name and
// path, each page reading those its path is under (the longest path first, then the oldest), expiry
// by Max-Age or Expires (Max-Age wins), HttpOnly ones refused (a script cannot set them), the
// __Secure- and __Host- prefixes checked, 4 KB a cookie and 180 a site at most. The hub keeps the jar
// per workspace and shares it with every tab's preview, as a browser shares one jar across its tabs:
// a persistent cookie outlives the studio's restart, a session one lasts while the studio runs. Each
// change goes to the host at once (a page may leave right after setting one); another document's is
// applied here without an event (a browser fires none). A page the site shows in a frame of its own
// shares the jar with the page that frames it. An entry crosses the host as `name; path=/p` →
// `value` or `value; expires=<ISO time>` (preview/site-cookies.ts reads the same form).

/**
 * Installs `document.cookie`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioCookies(api) {
	/** A cookie's name and value together, at most (characters), as browsers allow 4096 bytes. */
	var MAX_CHARS = 4096;
	/** Cookies a site keeps at most (Chromium's per-domain limit): the oldest goes first. */
	var MAX_COOKIES = 180;
	var PATH = '; path=';
	var EXPIRES = '; expires=';
	// Browsers refuse a cookie holding a control character (a tab aside).
	// eslint-disable-next-line no-control-regex
	var CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

	/** @typedef {StudioCookie} Cookie */
	/** In the order they were made (a replaced cookie keeps its place, as it keeps its creation time). */
	/** @type {Map<string, Cookie>} */
	var jar = new Map();
	/** Who hears each change of the jar, whoever made it (cookie-store.js). */
	/** @type {((changed: Cookie[], deleted: Cookie[]) => void)[]} */
	var watchers = [];
	/** @param {Cookie[]} changed @param {Cookie[]} deleted */
	function tell(changed, deleted) {
		if (changed.length || deleted.length)
			watchers.forEach(function (fn) {
				fn(changed, deleted);
			});
	}

	/** @param {Cookie} cookie */
	function keyOf(cookie) {
		return cookie.name + PATH + cookie.path;
	}
	/** @param {Cookie} cookie */
	function textOf(cookie) {
		return cookie.value + (cookie.expires === null ? '' : EXPIRES + new Date(cookie.expires).toISOString());
	}
	/**
	 * A cookie as the host keeps it (null: not one). Neither a name nor a value holds a `;`.
	 * @param {string} key @param {string} text
	 * @returns {Cookie | null}
	 */
	function parse(key, text) {
		var at = key.indexOf(PATH);
		if (at < 0) return null;
		var until = text.indexOf(EXPIRES);
		var expires = until < 0 ? null : Date.parse(text.slice(until + EXPIRES.length));
		if (expires !== null && isNaN(expires)) return null;
		return { name: key.slice(0, at), value: until < 0 ? text : text.slice(0, until), path: key.slice(at + PATH.length), expires: expires };
	}
	/** @param {Cookie} cookie */
	function live(cookie) {
		return cookie.expires === null || cookie.expires > Date.now();
	}
	/**
	 * The path a cookie set without one gets: the folder of the page's address (`/blog` for `/blog/post.html`).
	 * @param {string} pathname
	 */
	function defaultPath(pathname) {
		var last = pathname.lastIndexOf('/');
		return pathname.charAt(0) !== '/' || last <= 0 ? '/' : pathname.slice(0, last);
	}
	/**
	 * Whether a page at `pathname` reads a cookie of `path` (RFC 6265's path-match).
	 * @param {string} path @param {string} pathname
	 */
	function under(path, pathname) {
		if (pathname === path) return true;
		return pathname.indexOf(path) === 0 && (path.charAt(path.length - 1) === '/' || pathname.charAt(path.length) === '/');
	}
	/** @param {[string, string | null][]} changes */
	function send(changes) {
		api.send({ type: 'storage', area: 'cookie', changes: changes, clear: false });
		if (api.toFrames) api.toFrames({ type: 'storage-event', area: 'cookie', changes: changes, clear: false }, null);
	}
	/**
	 * Applies a change another document made (another tab's preview, the page framing this one, a frame of it).
	 * @param {unknown} key @param {unknown} text
	 */
	function apply(key, text) {
		if (typeof key !== 'string') return;
		var cookie = typeof text === 'string' ? parse(key, text) : null;
		var before = jar.get(key);
		if (cookie) jar.set(key, cookie);
		else jar.delete(key);
		// A change this page already has (it loaded after it) is none, as with Web Storage.
		if (cookie && !(before && before.value === cookie.value && before.expires === cookie.expires)) tell([cookie], []);
		else if (!cookie && before) tell([], [before]);
	}

	var seeded = api.host.cookies || {};
	Object.keys(seeded).forEach(function (key) {
		apply(key, seeded[key]);
	});

	/**
	 * `document.cookie = text`, as a browser takes it; what it refuses changes nothing.
	 * @param {string} text
	 */
	function set(text) {
		var parts = text.split(';');
		var pair = /** @type {string} */ (parts.shift());
		var eq = pair.indexOf('=');
		var name = eq < 0 ? '' : pair.slice(0, eq).trim();
		var value = (eq < 0 ? pair : pair.slice(eq + 1)).trim();
		if ((!name && !value) || name.length + value.length > MAX_CHARS || CONTROL.test(name + value)) return;
		var pathname = api.address().pathname;
		/** @type {number | null} */
		var expires = null;
		/** @type {number | null} */
		var maxAge = null;
		var path = defaultPath(pathname);
		var secure = false;
		var domain = false;
		for (var i = 0; i < parts.length; i++) {
			var part = /** @type {string} */ (parts[i]);
			var at = part.indexOf('=');
			var attribute = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
			var given = at < 0 ? '' : part.slice(at + 1).trim();
			if (attribute === 'max-age' && /^-?\d+$/.test(given)) maxAge = Number(given);
			else if (attribute === 'expires' && !isNaN(Date.parse(given))) expires = Date.parse(given);
			else if (attribute === 'path') path = given.charAt(0) === '/' ? given.slice(0, 1024) : defaultPath(pathname);
			else if (attribute === 'secure') secure = true;
			// The site's own host name is not known here: a Domain is taken as naming it.
			else if (attribute === 'domain' && given) domain = true;
			else if (attribute === 'httponly') return;
		}
		var lower = name.toLowerCase();
		if (lower.indexOf('__secure-') === 0 && !secure) return;
		if (lower.indexOf('__host-') === 0 && (!secure || domain || path !== '/')) return;
		if (maxAge !== null) expires = maxAge <= 0 ? 0 : Date.now() + maxAge * 1000;
		put({ name: name, value: value, path: path, expires: expires });
	}

	/**
	 * Sets a cookie (an expired one deletes its own), sends the change on and tells the watchers.
	 * @param {Cookie} cookie
	 */
	function put(cookie) {
		var key = keyOf(cookie);
		var before = jar.get(key);
		if (!live(cookie)) {
			if (!before) return;
			jar.delete(key);
			send([[key, null]]);
			tell([], [before]);
			return;
		}
		if (before && before.value === cookie.value && before.expires === cookie.expires) return;
		jar.set(key, cookie);
		/** @type {[string, string | null][]} */
		var changes = [[key, textOf(cookie)]];
		/** @type {Cookie[]} */
		var dropped = [];
		if (jar.size > MAX_COOKIES) {
			var oldest = /** @type {string} */ (jar.keys().next().value);
			dropped.push(/** @type {Cookie} */ (jar.get(oldest)));
			jar.delete(oldest);
			changes.push([oldest, null]);
		}
		send(changes);
		tell([cookie], dropped);
	}

	/**
	 * The cookies a page at `pathname` reads, the longest path first, then the oldest.
	 * @param {string} pathname
	 */
	function visible(pathname) {
		return [...jar.values()]
			.filter(function (cookie) {
				return live(cookie) && under(cookie.path, pathname);
			})
			.sort(function (a, b) {
				return b.path.length - a.path.length;
			});
	}

	/** What the page reads. */
	function get() {
		return visible(api.address().pathname)
			.map(function (cookie) {
				return cookie.name ? cookie.name + '=' + cookie.value : cookie.value;
			})
			.join('; ');
	}

	Object.defineProperty(document, 'cookie', {
		configurable: true,
		enumerable: true,
		get: get,
		set: function (/** @type {unknown} */ text) {
			set(String(text));
		}
	});

	/** @param {Record<string, unknown>} message */
	function changed(message) {
		if (message.clear) {
			var all = [...jar.values()];
			jar.clear();
			tell([], all);
		}
		var changes = Array.isArray(message.changes) ? message.changes : [];
		changes.forEach(function (change) {
			if (Array.isArray(change)) apply(change[0], change[1]);
		});
	}
	api.on('storage-event', function (message) {
		if (message.area !== 'cookie') return;
		changed(message);
		if (api.toFrames) api.toFrames(message, null);
	});
	// A framed page's change is this page's too: kept, sent on to the host and the other frames.
	api.onChild('storage', function (message, frame) {
		if (message.area !== 'cookie') return;
		changed(message);
		api.send({ type: 'storage', area: 'cookie', changes: message.changes, clear: message.clear === true });
		if (api.toFrames) api.toFrames({ type: 'storage-event', area: 'cookie', changes: message.changes, clear: message.clear === true }, frame);
	});
	api.jar = {
		visible: visible,
		put: put,
		under: under,
		folder: defaultPath,
		/** @param {(changed: Cookie[], deleted: Cookie[]) => void} fn */
		watch: function (fn) {
			watchers.push(fn);
		}
	};
	/** The jar as a framed page starts from it (frames.js). */
	api.cookies = function () {
		/** @type {Record<string, string>} */
		var out = {};
		jar.forEach(function (cookie, key) {
			if (live(cookie)) out[key] = textOf(cookie);
		});
		return out;
	};
}
