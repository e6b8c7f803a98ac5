// @ts-check
// The page's address, installed right after the bridge's core: its virtual URL, its fragment aside
// (the document's own), where the host put it (the document's base before any markup of the page; a
// framed page's from its data, as its own <base> may say otherwise), then where history.pushState
// and replaceState take it (routes.js), as a host's address follows them; and the URLs the page
// means, resolved against it. The site's entry reached at its root is at the root (compile.ts). The
// document's own URL (`document.URL`, `documentURI`) reads as that address.

/**
 * Gives the other frame programs the page's address and the URLs it means.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioAddress(api) {
	var origin = api.origin;
	var fallback = new URL(api.host.url || document.baseURI);
	fallback.hash = '';
	var address = fallback;
	var start = new URL(fallback.href);
	if (api.tag.root) start.pathname = '/';
	/** The page's own path ("/about.html"). */
	function page() {
		return address.pathname;
	}
	/**
	 * The page is at `url` now: its address, and the base its relative URLs resolve against (unless
	 * `alone`). A srcdoc document's base cannot change but by a <base> element: one of the preview's,
	 * first in the head, once the page left its start; a <base> of the page's own wins, as on a host.
	 * @param {URL} url
	 * @param {boolean} [alone] the address alone: a router that reads the document's <base> as the
	 *   app's own (Vue Router's) would take a route for it
	 */
	function route(url, alone) {
		address = new URL(url.href);
		address.hash = '';
		if (api.tag.based || alone) return;
		var base = document.querySelector('base[data-studio-base]');
		if (!base) {
			if (address.href === fallback.href) return;
			base = document.createElement('base');
			base.setAttribute('data-studio-base', '');
			(document.head || document.documentElement).prepend(base);
		}
		base.setAttribute('href', address.href);
	}
	route(start);

	api.page = page;
	api.address = function () {
		var url = new URL(address.href);
		url.hash = location.hash;
		return url;
	};
	// The document's own URL reads as its address too, as on a host (a srcdoc document's is
	// about:srcdoc): SvelteKit's start reloads a page whose `document.URL` is not its `location.href`
	// (a URL with credentials in it), and did so again and again here.
	['URL', 'documentURI'].forEach(function (name) {
		var own = Object.getOwnPropertyDescriptor(Document.prototype, name);
		var get = own && own.get;
		if (!own || !get) return;
		var read = get;
		Object.defineProperty(Document.prototype, name, {
			configurable: true,
			enumerable: own.enumerable,
			get: function () {
				return this === document ? api.address().href : read.call(this);
			}
		});
	});
	api.start = function () {
		return new URL(start.href);
	};
	api.route = route;
	/**
	 * A URL as the page means it (relative to its virtual URL), or null. A srcdoc document's own
	 * location is about:srcdoc (its pathname "srcdoc"): a URL built from it means this page.
	 * @param {unknown} href
	 */
	api.resolve = function (href) {
		try {
			var url = new URL(String(href), document.baseURI);
			if (url.protocol === 'about:' && url.pathname === 'srcdoc') return new URL(page() + (url.search || address.search) + url.hash, origin);
			if (url.origin === origin && url.pathname === '/srcdoc') url.pathname = page();
			return url;
		} catch {
			return null;
		}
	};
	/**
	 * A URL of the site's own (its virtual origin), as the page means it, or null: what the programs
	 * answer from the workspace, where any other is the browser's.
	 * @param {unknown} href
	 */
	api.siteUrl = function (href) {
		var url = api.resolve(href);
		return url && url.origin === origin ? url : null;
	};
}
