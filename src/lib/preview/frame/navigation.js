// @ts-check
// Navigation inside the site, as on a static host. The site's document is an about:srcdoc frame
// whose base URL is the page's virtual URL (https://site.invalid/<page>, set by the host), so
// relative links resolve as they would on a host — and would leave the preview if followed. The
// Navigation API is off in opaque-origin frames, so the default actions are taken over: a link's
// click and a form's submit are prevented at once and carried out after the page's own handlers ran,
// unless one of them prevented it: a fragment of this page is a real fragment navigation (scroll,
// :target, hashchange), another page of the site goes to the host (which renders it from the same
// revision), another site opens in a new window. window.open and form.submit() are shimmed the same
// way; history's pushState/replaceState are routes.js's.
// `location` itself cannot be shimmed (its members are unforgeable): the compiler points the site's
// own references to it at `__studioLocation` (compiler/location.ts), the page's virtual location,
// whose href, assign, replace and reload go here too.

/**
 * Installs the navigation shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioNavigation(api) {
	var origin = api.origin;
	var nativeOpen = window.open.bind(window);
	var nativeSubmit = HTMLFormElement.prototype.submit;

	var page = api.page;
	var resolve = api.resolve;
	/** The page's query, as its virtual URL has it ("" or "?…"). */
	function search() {
		return api.address().search;
	}
	/**
	 * Carries out a navigation of the site's frame to `url`.
	 * @param {URL} url
	 * @param {boolean} newWindow the link or form asked for another window
	 * @param {boolean} [replace] leave no entry behind it (location.replace)
	 * @param {string} [target] where it goes: 'self' (the default), 'parent', 'top' or a frame's name
	 * @param {Element | null} [from] the link or form it follows (none: a script's navigation)
	 */
	function go(url, newWindow, replace, target, from) {
		if (url.origin !== origin) {
			if (/^https?:$/.test(url.protocol)) nativeOpen(url.href, '_blank', 'noopener');
			return;
		}
		// "#" and "#id" on this page: a real fragment navigation of this document ("#" scrolls to the top).
		if (!newWindow && url.pathname === page() && url.search === search() && (url.hash || /#$/.test(url.href))) {
			toFragment(url.hash);
			return;
		}
		show(url, replace === true, target || 'self', referrerFrom(from || null));
	}
	/** @param {Element | null} from */
	function referrerFrom(from) {
		return api.referrerFrom ? api.referrerFrom(from) : '';
	}
	/**
	 * A fragment navigation of this document; a new entry of its history when its URL changed (history.js counts them).
	 * @param {string} hash
	 */
	function toFragment(hash) {
		var before = location.href;
		// Chromium fires the new entry's popstate (state null) within this assignment: it is not a
		// traversal, and read as one it put the page back at its first entry (routes.js, history.js).
		api.fragmenting = true;
		try {
			location.hash = hash;
		} finally {
			api.fragmenting = false;
		}
		if (location.href === before) return;
		if (api.marked) api.marked();
		if (api.pushed) api.pushed();
	}
	/**
	 * Asks the host to show `url`'s page of the site (rendered from the same revision), or a frame of
	 * the site's pages to (frames.js).
	 * @param {URL} url
	 * @param {boolean} replace leave no entry behind it
	 * @param {string} target
	 * @param {string} referrer what the next page reads as `document.referrer` (referrer.js)
	 */
	function show(url, replace, target, referrer) {
		if (api.navigate) return api.navigate(url, target, replace, referrer);
		api.send({ type: 'navigate', path: decodeURIComponent(url.pathname), fragment: url.hash, search: url.search, replace: replace, referrer: referrer });
	}
	/**
	 * Where a link, form or window.open aims (HTML's target keywords are ASCII case-insensitive; a
	 * frame's name is not). Another window is the preview itself: it shows the page.
	 * @param {string | null | undefined} target
	 */
	function targetOf(target) {
		var name = String(target || '');
		var keyword = name.toLowerCase();
		if (keyword === '' || keyword === '_self') return 'self';
		if (keyword === '_parent') return 'parent';
		if (keyword === '_top' || keyword === '_blank' || keyword === '_unfencedtop') return 'top';
		return name;
	}
	// A link's click and a form's submit: carried out after the page's handlers (default-actions.js).
	var takeOver = /** @type {NonNullable<StudioFrameApi['takeOver']>} */ (api.takeOver);

	/**
	 * A download link of the site's own file (`<a href="cv.pdf" download>`): the browser would ask the
	 * site's origin, which no server answers, so the file's bytes come from the revision shown, under
	 * the name the link gives. Another URL (a blob: or data: URL the page made) is the browser's own.
	 * @param {Event} event
	 * @param {HTMLAnchorElement | HTMLAreaElement} link
	 */
	function download(event, link) {
		var file = resolve(link.getAttribute('href') || '');
		var blobOf = api.blobOf;
		if (!file || file.origin !== origin || !blobOf) return;
		var name = link.getAttribute('download') || decodeURIComponent(file.pathname.split('/').pop() || '') || 'download';
		var bytes = blobOf(file);
		takeOver(event, function () {
			bytes.then(function (blob) {
				if (!blob) return; // missing: reported where the page asked, as a host's 404
				var save = document.createElement('a');
				save.href = blob;
				save.download = name;
				save.click();
			});
		});
	}

	window.addEventListener(
		'click',
		function (event) {
			if (event.button !== 0 && event.type === 'click') return;
			var target = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null);
			var link = /** @type {HTMLAnchorElement | HTMLAreaElement | null} */ (target && target.closest('a[href], area[href]'));
			if (!link) return;
			if (link.hasAttribute('download')) return download(event, link);
			var href = link.getAttribute('href') || '';
			if (/^\s*javascript:/i.test(href)) return; // script-urls.js
			var resolved = resolve(link.getAttribute('href') || '');
			if (!resolved || (resolved.origin !== origin && !/^https?:$/.test(resolved.protocol))) return; // mailto:, tel:, data: …: the browser's own
			var url = resolved;
			var frameTarget = (link.getAttribute('target') || '').toLowerCase();
			var newWindow = (frameTarget !== '' && frameTarget !== '_self' && frameTarget !== '_top' && frameTarget !== '_parent') || event.ctrlKey || event.metaKey || event.shiftKey;
			var where = event.ctrlKey || event.metaKey || event.shiftKey ? 'top' : targetOf(link.getAttribute('target'));
			takeOver(event, function () {
				go(url, newWindow, false, where, link);
			});
		},
		true
	);

	/**
	 * Where a form goes: its action with the fields as the query (a GET form), or its action alone.
	 * @param {HTMLFormElement} form
	 * @param {HTMLElement | null} submitter
	 */
	function formTarget(form, submitter) {
		var action = (submitter && submitter.getAttribute('formaction')) || form.getAttribute('action') || '';
		var url = action ? resolve(action) : api.address();
		if (!url) return null;
		var method = ((submitter && submitter.getAttribute('formmethod')) || form.method || 'get').toLowerCase();
		if (method === 'dialog') return null;
		if (method === 'get') {
			var data = new FormData(form, /** @type {any} */ (submitter) || undefined);
			var query = new URLSearchParams();
			data.forEach(function (value, key) {
				query.append(key, typeof value === 'string' ? value : value.name);
			});
			url.search = query.toString() ? '?' + query.toString() : '';
			if (!action || action.charAt(0) === '#') url.hash = '';
		}
		return url;
	}
	window.addEventListener(
		'submit',
		function (event) {
			var form = /** @type {HTMLFormElement} */ (event.target);
			var submitter = /** @type {SubmitEvent} */ (event).submitter;
			var url = formTarget(form, submitter);
			if (!url) return;
			var where = targetOf((submitter && submitter.getAttribute('formtarget')) || form.getAttribute('target'));
			takeOver(event, function () {
				go(/** @type {URL} */ (url), false, false, where, form);
			});
		},
		true
	);
	// form.submit() fires no submit event: it would leave the preview.
	HTMLFormElement.prototype.submit = function () {
		var url = formTarget(this, null);
		if (url) go(url, false, false, targetOf(this.getAttribute('target')), this);
		else nativeSubmit.call(this);
	};

	window.open = function (href, frameTarget, features) {
		var url = href === undefined || href === '' ? null : resolve(href);
		if (url && url.origin === origin) {
			go(url, false, false, targetOf(frameTarget === undefined ? '_blank' : frameTarget));
			return null;
		}
		return nativeOpen(/** @type {any} */ (href), frameTarget, features);
	};

	/**
	 * Goes to `href` as a script's navigation does (resolved against the page's virtual URL).
	 * @param {unknown} href
	 * @param {boolean} [replace]
	 */
	function assign(href, replace) {
		if (api.scriptUrl && api.scriptUrl(href)) return;
		var url = resolve(href);
		if (url) go(url, false, replace);
	}
	/**
	 * A navigation that changes one part of the page's URL (`location.search = '?q=2'`).
	 * @param {'pathname' | 'search'} part
	 * @param {unknown} value
	 */
	function change(part, value) {
		var url = api.address();
		url[part] = String(value);
		url.hash = '';
		go(url, false);
	}
	/** @param {'origin' | 'protocol' | 'host' | 'hostname' | 'port'} part */
	function read(part) {
		return function () {
			return api.address()[part];
		};
	}
	// What the site's `location` is in the preview: its page's virtual URL, as on a host.
	var siteLocation = Object.create(null, {
		href: { enumerable: true, get: function () { return api.address().href; }, set: function (/** @type {unknown} */ value) { assign(value); } },
		origin: { enumerable: true, get: read('origin') },
		protocol: { enumerable: true, get: read('protocol') },
		host: { enumerable: true, get: read('host') },
		hostname: { enumerable: true, get: read('hostname') },
		port: { enumerable: true, get: read('port') },
		pathname: { enumerable: true, get: function () { return api.address().pathname; }, set: function (/** @type {unknown} */ value) { change('pathname', value); } },
		search: { enumerable: true, get: function () { return api.address().search; }, set: function (/** @type {unknown} */ value) { change('search', value); } },
		hash: { enumerable: true, get: function () { return location.hash; }, set: function (/** @type {unknown} */ value) { toFragment(String(value)); } },
		ancestorOrigins: { get: function () { return location.ancestorOrigins; } },
		assign: { value: function (/** @type {unknown} */ href) { assign(href); } },
		replace: { value: function (/** @type {unknown} */ href) { assign(href, true); } },
		reload: {
			value: function () {
				// A reload keeps the page's own referrer.
				show(api.reloadUrl ? api.reloadUrl() : api.address(), true, 'self', api.referrer ? api.referrer() : '');
			}
		},
		toString: { value: function () { return api.address().href; } },
		valueOf: { value: function () { return siteLocation; } }
	});
	siteLocation[Symbol.toPrimitive] = function () {
		return api.address().href;
	};
	// `window.location = x` and `document.location = x` are navigations too: a setter on each.
	/** @type {PropertyDescriptor} */
	var holder = { configurable: false, get: function () { return siteLocation; }, set: function (/** @type {unknown} */ value) { assign(value); } };
	Object.defineProperty(window, '__studioLocation', holder);
	Object.defineProperty(Document.prototype, '__studioLocation', holder);
	// The window or the document under another name (`var w = window; w.location`, a minifier's
	// `o.location`): the compiler wraps the holder of such a `.location` in this, decided as the code runs.
	// Another window of the site reached by its name (`top.classFrame.location = …`, old Javadoc's
	// frameset) is its stand-in, whose location loads the site's page there (windows.js).
	var aliased = Object.create(null, { location: holder });
	Object.defineProperty(window, '__studioHolder', {
		value: function (/** @type {unknown} */ object) {
			if (object === window || object === document) return aliased;
			return api.standIn ? api.standIn(object) : object;
		}
	});

	// <meta http-equiv="refresh" content="2; url=about.html">, which the compiler disarmed: a replacing
	// navigation after the delay, or a reload of the page without a URL, as browsers do it.
	document.addEventListener('DOMContentLoaded', function () {
		var meta = document.querySelector('meta[data-studio-refresh]');
		var parts = meta && /^\s*(\d+)?(?:\.[\d.]*)?\s*(?:[;,]\s*(?:url\s*=\s*)?(['"]?)(.*?)\2\s*)?$/i.exec(meta.getAttribute('data-studio-refresh') || '');
		if (!parts) return;
		var target = parts[3] || '';
		setTimeout(function () {
			if (target) assign(target, true);
			else siteLocation.reload();
		}, Number(parts[1] || 0) * 1000);
	});

	// The fragment the page was opened with (a link to about.html#team): gone to once the page is
	// parsed. The site's own page has it in its URL from the start (routes.js): going to it again
	// scrolls and sets :target, with no hashchange and no new entry, as a host's load of the URL does.
	var fragment = api.host.fragment;
	if (fragment && fragment.length > 1) {
		document.addEventListener('DOMContentLoaded', function () {
			location.hash = fragment || '';
		});
	}
}
