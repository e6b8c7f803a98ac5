// @ts-check
// `javascript:` URLs, which a site's links (`<a href="javascript:history.back()">`,
// `javascript:window.print()`, `javascript:openMenu()`) and navigations (`location.href =
// 'javascript:…'`) run on a host. Chromium runs none in a sandboxed frame of an opaque origin, the
// preview's: the link did nothing. Here the URL's code runs as a host runs it: after the click's
// handlers, unless one of them prevented it, percent-decoded, in the page's global scope, its errors
// the page's. (A host would also show a string the code ends with as a new page; the preview keeps
// the page.) The compiler points the `location` in a link's code at the page's own, as in its
// handlers (compiler/elements.ts).

/**
 * Installs the runner of `javascript:` URLs.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioScriptUrls(api) {
	var SCHEME = /^\s*javascript:/i;
	var evaluate = eval;
	/** @param {string} href */
	function run(href) {
		var code = href.replace(SCHEME, '');
		try {
			code = decodeURIComponent(code);
		} catch {
			// A lone `%` (`x = 5 % 2`) is kept, as the URL parser keeps it; the escapes around it are decoded.
			code = code.replace(/(?:%[0-9a-f]{2})+/gi, function (/** @type {string} */ escapes) {
				try {
					return decodeURIComponent(escapes);
				} catch {
					return escapes;
				}
			});
		}
		evaluate(code);
	}
	api.scriptUrl = function (/** @type {unknown} */ href) {
		if (typeof href !== 'string' || !SCHEME.test(href)) return false;
		setTimeout(function () {
			run(href);
		}, 0);
		return true;
	};
	window.addEventListener(
		'click',
		function (event) {
			if (event.button !== 0) return;
			var target = event.target instanceof Element ? event.target : null;
			var link = target && target.closest('a[href], area[href]');
			var href = (link && link.getAttribute('href')) || '';
			if (!SCHEME.test(href)) return;
			// After every handler of the page: the default a handler can still prevent.
			setTimeout(function () {
				if (!event.defaultPrevented) run(href);
			}, 0);
		},
		true
	);
}
