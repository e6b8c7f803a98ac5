// @ts-check
// `javascript:` URLs, which a site's links (`<a href="javascript:history.back()">`,
// `javascript:window.print()`, `javascript:openMenu()`), forms (`action="javascript:search()"`) and
// navigations (`location.href = 'javascript:…'`) run on a host. Chromium runs none in a sandboxed frame of an opaque origin, the
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
			// A lone `%` (`x = 5 % 2`): the code as written.
		}
		evaluate(code);
	}
	api.scriptUrl = function (/** @type {unknown} */ href) {
		if (typeof href !== 'string' || !SCHEME.test(href)) return false;
		setTimeout(run, 0, href);
		return true;
	};
	/**
	 * Runs `href` after every handler of the page saw `event`, unless one prevented its default
	 * (navigation.js takes a form's submit over, and then reads as prevented only what the page prevented).
	 * @param {Event} event @param {string} href
	 */
	function after(event, href) {
		if (!SCHEME.test(href)) return;
		setTimeout(function () {
			if (!event.defaultPrevented) run(href);
		}, 0);
	}
	window.addEventListener(
		'click',
		function (event) {
			if (event.button !== 0) return;
			var target = event.target instanceof Element ? event.target : null;
			var link = target && target.closest('a[href], area[href]');
			after(event, (link && link.getAttribute('href')) || '');
		},
		true
	);
	// `<form action="javascript:search()">`: run, not sent (no query is added, as a host adds none).
	window.addEventListener(
		'submit',
		function (event) {
			var form = event.target instanceof HTMLFormElement ? event.target : null;
			var submitter = /** @type {SubmitEvent} */ (event).submitter;
			after(event, (submitter && submitter.getAttribute('formaction')) || (form && form.getAttribute('action')) || '');
		},
		true
	);
}
