// @ts-check
// Routes, as a single-page app makes them with history.pushState and replaceState. A srcdoc
// document's real URL can take a new fragment only, so the page's virtual URL (its `location`, the
// base its relative URLs resolve against; frame/address.js `route`) follows the address the page
// routes to instead, and each entry of the frame's history holds the address it is at: a traversal
// (history.back(), the browser's Back) brings it back before any handler of the page's reads it. A
// router (VitePress, React Router, Vue Router) then reads its path back as on a host. The next render
// of the page (an edit, a refresh) is what a browser's reload of the address shows: the page again at
// an address where no file of the site is, as a host that falls back to the app's page does; at
// another file of the site (a static site generator's next page), that file's page.

/**
 * Installs the route shims (after navigation.js; history.js wraps pushState after them).
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioRoutes(api) {
	var origin = api.origin;
	var resolve = api.resolve;
	var nativePush = history.pushState.bind(history);
	var nativeReplace = history.replaceState.bind(history);

	/**
	 * pushState/replaceState as on a host: the state is kept in the frame's real history (so
	 * history.back() and popstate work) with the address, which the page is at now; the preview bar
	 * shows it. Another origin is refused, as browsers refuse it.
	 * @param {(state: unknown, title: string, url?: string) => void} native
	 * @param {string} name
	 */
	function withRoute(native, name) {
		return function (/** @type {unknown} */ state, /** @type {string} */ title, /** @type {string | URL | null | undefined} */ href) {
			var url = href === undefined || href === null ? null : resolve(href);
			if (url && url.origin !== origin) throw new DOMException("Failed to execute '" + name + "' on 'History': A history state object with URL '" + url.href + "' cannot be created in a document with origin '" + origin + "' and URL '" + api.address().href + "'.", 'SecurityError');
			// A new entry is the one after the page's place among its own entries (history.js counts them).
			var at = placeAfter(name === 'pushState' ? 1 : 0);
			var to = url || api.address();
			if (name === 'pushState') entries.length = Math.min(entries.length, at);
			if (url) native(entry(state, url, at), title, 'about:srcdoc' + url.hash);
			else native(entry(state, to, at), title);
			keepState(state, at, to);
			if (url) moved(url);
		};
	}
	/** A kept state, at most (characters of its JSON): it travels in every render of the page. */
	var STATE_MAX = 64 * 1024;
	/** Entries before the page's kept for its next render, at most (the oldest go first). */
	var ENTRIES_MAX = 50;
	/**
	 * This document's entries as the page made them (0: its first), what the next render replays
	 * before its own: a host's reload keeps the page's entries in the tab's history, and a Back to one
	 * of them loads the page again at it.
	 * @type {StudioKeptEntry[]}
	 */
	var entries = [];
	/**
	 * A state as JSON, as the host's data carries it (one JSON cannot say, or a bigger one, is not kept).
	 * @param {unknown} state
	 */
	function jsonOf(state) {
		var text;
		try {
			text = state === null ? undefined : JSON.stringify(state);
		} catch {
			text = undefined;
		}
		return text !== undefined && text.length <= STATE_MAX ? text : undefined;
	}
	/**
	 * The state of the entry the page is at, kept for its next render as a browser's reload keeps
	 * it, with the entries before it; `to` (the entry's address, at `at`) also records the entry.
	 * @param {unknown} state
	 * @param {number} at
	 * @param {URL} [to]
	 */
	function keepState(state, at, to) {
		if (api.framed) return;
		var text = jsonOf(state);
		if (to) entries[at] = { address: to.pathname + to.search, hash: to.hash, state: text };
		// The oldest states go first past STATE_MAX in all: every render of the page carries them.
		var back = entries.slice(Math.max(0, at - ENTRIES_MAX), at);
		var room = STATE_MAX - (text ? text.length : 0);
		for (var i = back.length - 1; i >= 0; i--) {
			var one = /** @type {StudioKeptEntry} */ (back[i]);
			room -= one.state ? one.state.length : 0;
			if (room < 0) back[i] = { address: one.address, hash: one.hash };
		}
		api.keep({ state: text, entries: back.length ? back : undefined, hash: location.hash || undefined });
	}
	history.pushState = withRoute(nativePush, 'pushState');
	history.replaceState = withRoute(nativeReplace, 'replaceState');
	// A fragment navigation's new entry (navigation.js) keeps the address it was made at.
	api.marked = function () {
		var at = placeAfter(1);
		entries.length = Math.min(entries.length, at);
		nativeReplace(entry(null, api.address(), at), '');
		keepState(null, at, api.address());
	};

	// What an entry of the frame's history holds: the page's state, the address it is at, its place
	// among the document's own entries (0: its first), which a traversal brings back, and the document
	// that made it (an entry the render before made is another document's, as after a host's reload).
	var ADDRESS = '__studioAddress';
	var INDEX = '__studioIndex';
	var DOCUMENT = '__studioDocument';
	var THIS_DOCUMENT = Math.random().toString(36).slice(2);
	/**
	 * The place of an entry `steps` after the page's among its own (history.js counts them; a framed
	 * page, which keeps the browser's traversal, has none).
	 * @param {number} steps
	 */
	function placeAfter(steps) {
		return (api.entryIndex ? api.entryIndex() : 0) + steps;
	}
	/**
	 * @param {unknown} state
	 * @param {URL} url
	 * @param {number} at
	 * @param {string} [made] the document that made it (by default this one)
	 */
	function entry(state, url, at, made) {
		return { [ADDRESS]: url.pathname + url.search, [INDEX]: at, [DOCUMENT]: made || THIS_DOCUMENT, state: state };
	}
	/** @param {unknown} held */
	function stateOf(held) {
		return held !== null && typeof held === 'object' && Object.prototype.hasOwnProperty.call(held, ADDRESS) ? /** @type {{ state: unknown }} */ (held).state : held;
	}
	/**
	 * The page's `history.state` and a popstate event's `state` are its own, without the address.
	 * @param {object} proto
	 */
	function unwrapState(proto) {
		var own = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(proto, 'state'));
		Object.defineProperty(proto, 'state', {
			configurable: true,
			enumerable: true,
			get: function () {
				return stateOf(/** @type {() => unknown} */ (own.get).call(this));
			}
		});
		return /** @type {() => unknown} */ (own.get);
	}
	unwrapState(History.prototype);
	var eventState = unwrapState(PopStateEvent.prototype);
	/**
	 * The page's address is `url` now: its location and base follow, and the preview bar shows it.
	 * Resolves once the next render's start is kept.
	 * @param {URL} url
	 * @param {boolean} [kept] the render before kept it: the next render keeps it too
	 * @returns {Promise<void>}
	 */
	function moved(url, kept) {
		// A start at a kept route moves the address alone: the app's router reads the document's base as it starts.
		api.route(url, kept);
		shown(url);
		return kept ? Promise.resolve() : keepRoute(url);
	}
	/**
	 * The preview's address shows `url` (a route, a fragment), as a browser's address bar does.
	 * @param {URL} url
	 */
	function shown(url) {
		api.send({ type: 'route', path: decodeURIComponent(url.pathname), search: url.search, fragment: url.hash });
	}
	var routes = 0;
	/** The page is at an address where no file of the site is (keepRoute): its reload is its next render's. */
	var routed = false;
	/**
	 * What the next render of this page (an edit, a refresh) starts at, as a browser's reload of the
	 * address would: where no file of the site is (a single-page app's `/products/2`), the page again
	 * at that address, as a host that falls back to the app's page gives it; at another file of the
	 * site (a static site generator's next page), that file's page, which the studio renders as a
	 * page of its own.
	 * @param {URL} url
	 * @returns {Promise<void>}
	 */
	function keepRoute(url) {
		if (api.framed) return Promise.resolve();
		var route = url.pathname + url.search;
		var own = api.start();
		var ask = api.ask;
		var asked = ++routes;
		if (url.pathname === own.pathname || !ask) {
			routed = route !== own.pathname + own.search;
			api.keep({ route: routed ? route : undefined, page: undefined });
			return Promise.resolve();
		}
		// As a host finds a page: the file, else `intro.html` or `intro/index.html` for `intro`.
		var name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
		return found(ask, url, name ? [name + '.html', name + '/index.html'] : []).then(function (file) {
			if (asked !== routes) return;
			routed = !file;
			api.keep({ route: file ? undefined : route, page: file ? route : undefined });
		});
	}
	/**
	 * Where the page's reload goes (navigation.js): at an address where no file is, the page itself,
	 * whose next render starts there again (keepRoute), as a host that falls back to the app's page
	 * serves it; else the address. Without its fragment: the next render starts at the kept one.
	 */
	api.reloadUrl = function () {
		var url = routed ? api.start() : api.address();
		// Its fragment is kept (below) and put in before the page's first line, as a reload's URL
		// has it; a navigation's fragment would come only once the page is parsed.
		url.hash = '';
		return url;
	};
	/**
	 * Whether the site has a file at `url`, else at one of `more` (relative to it).
	 * @param {NonNullable<StudioFrameApi['ask']>} ask
	 * @param {URL} url
	 * @param {string[]} more
	 * @returns {Promise<boolean>}
	 */
	function found(ask, url, more) {
		return ask(url, 'GET', undefined, true).then(function (answer) {
			return Number(answer.status) !== 404 || (more.length > 0 && found(ask, new URL(String(more[0]), url), more.slice(1)));
		});
	}
	var kept = api.host.kept || {};
	var file = kept.page ? resolve(kept.page) : null;
	if (file && file.origin === origin && !api.framed) {
		// The render before had routed to another page of the site: the studio shows that page (a
		// new entry of its history, as the route made one), and nothing of this one runs. The page
		// keeps it no more: the studio's Back to it shows it.
		api.keep({ page: undefined, state: undefined, entries: undefined });
		api.send({ type: 'navigate', path: decodeURIComponent(file.pathname), search: file.search, fragment: '' });
		// A stopped document never loads: it is acknowledged now, as the studio's next render (that
		// page's) waits for this one to settle.
		window.stop();
		api.send({ type: 'ready' });
		return;
	}
	// The page's URL has its fragment from its first line, as on a host: the one a navigation named
	// (a link to `index.html#/guide`), else the one it was at before an edit or a refresh, as a
	// browser's reload keeps the URL's. A hash router (docsify, a deck's `#/3`, Vue Router's hash
	// mode) starts on that page, not on its home; navigation.js scrolls to a named one once parsed.
	var named = api.host.fragment && api.host.fragment.length > 1 ? api.host.fragment : '';
	var hash = api.framed ? '' : named || (typeof kept.hash === 'string' && /^#./.test(kept.hash) ? kept.hash : '');
	if (hash) nativeReplace(null, '', 'about:srcdoc' + hash);
	// An edit or a refresh runs the page again at the address it had routed to (see keepRoute).
	var again = kept.route ? resolve(kept.route) : null;
	if (again && again.origin === origin) {
		routed = true;
		again.hash = hash;
		void moved(again, true);
	} else if (hash) shown(api.address());
	if (!api.framed) replay(kept);
	// Each fragment the page goes to (a link, `location.hash`, Back) is the one its next render starts
	// at, and the preview's address shows it, as a browser's address bar does.
	if (!api.framed) {
		window.addEventListener('hashchange', function () {
			if (api.gone && api.gone()) return;
			api.keep({ hash: location.hash || undefined });
			shown(api.address());
		});
	}
	/** Where this document started: the address of an entry that has none of its own. */
	var first = api.address();
	// A traversal (history.back(), the browser's Back) brings back its entry's address before any
	// handler of the page's reads location: an entry without one is the document's own start.
	window.addEventListener(
		'popstate',
		function (event) {
			// The page has left: the browser stepping back over its entries is the preview's (history.js).
			// A fragment navigation's own popstate is no traversal (navigation.js marks the entry).
			if ((api.gone && api.gone()) || api.fragmenting) return;
			var held = eventState.call(event);
			var own = held !== stateOf(held);
			var fields = /** @type {Record<string, unknown>} */ (held);
			var url = (own && resolve(String(fields[ADDRESS]))) || new URL(first.href);
			// The browser's own Back or Forward (a phone's back gesture) moves the page among its entries too.
			var at = own ? Number(fields[INDEX]) : 0;
			if (!Number.isInteger(at) || at < 0) at = 0;
			if (api.atEntry) api.atEntry(at);
			url.hash = location.hash;
			keepState(stateOf(held), at);
			if (own && fields[DOCUMENT] !== THIS_DOCUMENT) {
				// An entry of the page the render before showed: as after a host's reload, the page loads
				// again at it (a page that reads its address as it starts shows it), and hears no popstate.
				event.stopImmediatePropagation();
				api.send({ type: 'traverse' });
				void moved(url).then(function () {
					/** @type {{ reload(): void }} */ (/** @type {any} */ (window).__studioLocation).reload();
				});
				return;
			}
			if (url.href !== api.address().href) void moved(url);
		},
		true
	);

	/**
	 * The entries the render before had made before the one it was at, as the tab's history keeps
	 * them across a host's reload (made by "another document": a traversal to one loads the page
	 * again), then this document's own entry with the state it was at (history.js starts there).
	 * @param {StudioKept} before
	 */
	function replay(before) {
		var back = Array.isArray(before.entries) ? before.entries : [];
		// The fragment this document is at (a kept one, put in above): the entries before it take theirs.
		var current = location.hash;
		var count = 0;
		back.forEach(function (/** @type {unknown} */ value) {
			var one = /** @type {Partial<StudioKeptEntry>} */ (value !== null && typeof value === 'object' ? value : {});
			var url = typeof one.address === 'string' ? resolve(one.address) : null;
			if (!url || url.origin !== origin) return;
			url.hash = typeof one.hash === 'string' ? one.hash : '';
			var text = typeof one.state === 'string' ? one.state : undefined;
			(count ? nativePush : nativeReplace)(entry(parsed(text), url, count, 'before'), '', 'about:srcdoc' + url.hash);
			entries[count++] = { address: url.pathname + url.search, hash: url.hash, state: text };
		});
		var state = parsed(before.state);
		if (count) nativePush(entry(state, api.address(), count), '', 'about:srcdoc' + current);
		else if (state !== null) nativeReplace(entry(state, api.address(), 0), '');
		var here = api.address();
		entries[count] = { address: here.pathname + here.search, hash: current, state: typeof before.state === 'string' ? before.state : undefined };
		api.replayed = count;
	}
	/**
	 * A state keepState wrote (null: none, or not its JSON).
	 * @param {unknown} text
	 */
	function parsed(text) {
		try {
			return typeof text === 'string' ? JSON.parse(text) : null;
		} catch {
			return null;
		}
	}
}
