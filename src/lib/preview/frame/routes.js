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
			if (url) native(entry(state, url, at), title, 'about:srcdoc' + url.hash);
			else native(entry(state, api.address(), at), title);
			keepState(state);
			if (url) moved(url);
		};
	}
	/** A kept state, at most (characters of its JSON): it travels in every render of the page. */
	var STATE_MAX = 64 * 1024;
	/**
	 * The state of the entry the page is at, kept for its next render as a browser's reload keeps
	 * it: as JSON, which the host's data carries (one JSON cannot say, or a bigger one, is not kept).
	 * @param {unknown} state
	 */
	function keepState(state) {
		if (api.framed) return;
		var text;
		try {
			text = state === null ? undefined : JSON.stringify(state);
		} catch {
			text = undefined;
		}
		api.keep({ state: text !== undefined && text.length <= STATE_MAX ? text : undefined });
	}
	history.pushState = withRoute(nativePush, 'pushState');
	history.replaceState = withRoute(nativeReplace, 'replaceState');
	// A fragment navigation's new entry (navigation.js) keeps the address it was made at.
	api.marked = function () {
		nativeReplace(entry(null, api.address(), placeAfter(1)), '');
		keepState(null);
	};

	// What an entry of the frame's history holds: the page's state, the address it is at, and its
	// place among the document's own entries (0: its first), which a traversal brings back.
	var ADDRESS = '__studioAddress';
	var INDEX = '__studioIndex';
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
	 */
	function entry(state, url, at) {
		return { [ADDRESS]: url.pathname + url.search, [INDEX]: at, state: state };
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
	 * @param {URL} url
	 * @param {boolean} [kept] the render before kept it: the next render keeps it too
	 */
	function moved(url, kept) {
		// A start at a kept route moves the address alone: the app's router reads the document's base as it starts.
		api.route(url, kept);
		api.send({ type: 'route', path: decodeURIComponent(url.pathname), search: url.search, fragment: url.hash });
		if (!kept) keepRoute(url);
	}
	var routes = 0;
	/**
	 * What the next render of this page (an edit, a refresh) starts at, as a browser's reload of the
	 * address would: where no file of the site is (a single-page app's `/products/2`), the page again
	 * at that address, as a host that falls back to the app's page gives it; at another file of the
	 * site (a static site generator's next page), that file's page, which the studio renders as a
	 * page of its own.
	 * @param {URL} url
	 */
	function keepRoute(url) {
		if (api.framed) return;
		var route = url.pathname + url.search;
		var own = api.start();
		var ask = api.ask;
		var asked = ++routes;
		if (url.pathname === own.pathname || !ask) return api.keep({ route: route === own.pathname + own.search ? undefined : route, page: undefined });
		// As a host finds a page: the file, else `intro.html` or `intro/index.html` for `intro`.
		var name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
		found(ask, url, name ? [name + '.html', name + '/index.html'] : []).then(function (file) {
			if (asked === routes) api.keep({ route: file ? undefined : route, page: file ? route : undefined });
		});
	}
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
		api.keep({ page: undefined, state: undefined });
		api.send({ type: 'navigate', path: decodeURIComponent(file.pathname), search: file.search, fragment: '' });
		// A stopped document never loads: it is acknowledged now, as the studio's next render (that
		// page's) waits for this one to settle.
		window.stop();
		api.send({ type: 'ready' });
		return;
	}
	// An edit or a refresh runs the page again at the address it had routed to (see keepRoute).
	var again = kept.route ? resolve(kept.route) : null;
	if (again && again.origin === origin) moved(again, true);
	if (typeof kept.state === 'string' && !api.framed) {
		try {
			nativeReplace(entry(JSON.parse(kept.state), api.address(), 0), '');
		} catch {
			// Not the JSON keepState wrote: the entry starts without a state.
		}
	}
	/** Where this document started: the address of an entry that has none of its own. */
	var first = api.address();
	// A traversal (history.back(), the browser's Back) brings back its entry's address before any
	// handler of the page's reads location: an entry without one is the document's own start.
	window.addEventListener(
		'popstate',
		function (event) {
			var held = eventState.call(event);
			var own = held !== stateOf(held);
			var url = (own && resolve(String(/** @type {Record<string, unknown>} */ (held)[ADDRESS]))) || new URL(first.href);
			// The browser's own Back or Forward (a phone's back gesture) moves the page among its entries too.
			var at = own ? Number(/** @type {Record<string, unknown>} */ (held)[INDEX]) : 0;
			if (api.atEntry && Number.isInteger(at)) api.atEntry(at);
			url.hash = location.hash;
			keepState(stateOf(held));
			if (url.href !== api.address().href) moved(url);
		},
		true
	);
}
