// @ts-check
// Styles that name the site's files at run time, answered from the workspace: a `<link
// rel="stylesheet">` a script adds (as Vite's code splitting does for a lazy chunk's CSS, then waits
// for its load event), url()s in a style set from script, and SVG sprites in markup added later. The
// page's own markup comes compiled (its stylesheets inlined, url()s data: URLs); these come after.
// A style read back (`getComputedStyle`) names those files by their URLs on the site, as on a host:
// Leaflet finds its markers' folder from its stylesheet's url().

/**
 * Installs the style shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioStyles(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	var blobOf = api.blobOf;
	var ask = api.ask;
	var watch = api.observe;
	var listening = api.listen;
	if (!blobOf || !ask || !watch || !listening) return;
	var observe = watch;
	var listen = listening;
	var fileBlob = blobOf;
	var fileOf = ask;
	var origin = api.origin;
	var siteUrl = api.siteUrl;
	var attributeOf =
		api.attributeOf ||
		function (/** @type {Element} */ el, /** @type {string} */ name) {
			return el.getAttribute(name);
		};
	var wrote = api.written || function () {};

	/** @type {Map<string, Promise<string | null>>} */
	var sheets = new Map();
	var IMPORT = /@import\s+(?:url\(\s*)?(['"]?)([^'")\s;]+)\1\s*\)?/g;
	var URL_REF = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;
	/**
	 * A blob: URL of the stylesheet at `url` (null when it is missing), made once per path: its
	 * `@import`s and url()s, relative to the sheet as on a host, point at blob: URLs of those files
	 * (a blob: URL has no folder to resolve them against).
	 * @param {URL} url @param {number} depth
	 * @returns {Promise<string | null>}
	 */
	function sheetOf(url, depth) {
		var known = sheets.get(url.pathname);
		if (known) return known;
		var made = fileOf(url, 'GET').then(function (answer) {
			if (Number(answer.status) !== 200) return null;
			var css = typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(/** @type {ArrayBuffer} */ (answer.body));
			return replaced(css, IMPORT, function (ref) {
				var target = siteIn(ref, url);
				return target && depth < 8 ? sheetOf(target, depth + 1) : null;
			})
				.then(function (text) {
					return withFiles(text, url) || text;
				})
				.then(function (text) {
					return URL.createObjectURL(new Blob([text], { type: 'text/css' }));
				});
		});
		sheets.set(url.pathname, made);
		return made;
	}
	api.sheetOf = function (url) {
		return sheetOf(url, 0);
	};
	/** @param {string} ref @param {URL} base */
	function siteIn(ref, base) {
		try {
			var url = new URL(ref, base);
			return url.origin === origin ? url : null;
		} catch {
			return null;
		}
	}
	/**
	 * The site file a stylesheet's url() names (relative to `base`, by default the page), or null:
	 * url(#gradient) names an element of this page (an SVG paint server), and the compiler's data:
	 * URLs are no files.
	 * @param {string} ref @param {URL} [base]
	 */
	function fileIn(ref, base) {
		return ref.charAt(0) === '#' || /^data:/i.test(ref) ? null : base ? siteIn(ref, base) : siteUrl(ref);
	}
	/**
	 * `css` with each url() that names a site file its file's blob: URL, once every answer is in (a
	 * missing file's stays as written, and fails as on a host); null when it names none, found by a
	 * scan that asks for nothing (a page's compiled styles, large, pass through it). Shared as
	 * `api.cssFiles` (fonts.js, rules.js).
	 * @param {string} css @param {URL} [base]
	 * @returns {Promise<string> | null}
	 */
	function withFiles(css, base) {
		if (css.indexOf('url(') < 0) return null;
		var site = false;
		var found;
		URL_REF.lastIndex = 0;
		while (!site && (found = URL_REF.exec(css))) site = !!fileIn(String(found[2]).trim(), base);
		return site
			? replaced(css, URL_REF, function (ref) {
					var target = fileIn(ref, base);
					return target ? fileBlob(target) : null;
				})
			: null;
	}
	api.cssFiles = withFiles;
	/** True when `css` imports a site file (relative to the page). Shared as `api.cssImports` (rules.js). @param {string} css */
	api.cssImports = function (css) {
		var found = false;
		if (css.indexOf('@import') >= 0)
			css.replace(IMPORT, function (whole, _quote, /** @type {string} */ ref) {
				found = found || !!siteUrl(ref);
				return whole;
			});
		return found;
	};
	/**
	 * `text` with each match of `pattern` whose reference (its second group) `to` gives a URL for
	 * written as `url("…")`, once every answer is in; the others stay as written.
	 * @param {string} text @param {RegExp} pattern @param {(ref: string) => Promise<string | null> | null} to
	 */
	function replaced(text, pattern, to) {
		/** @type {{ start: number, end: number, text: Promise<string | null> | null, keep: string, lead: string }[]} */
		var found = [];
		text.replace(pattern, function (whole, quote, ref, at) {
			found.push({ start: at, end: at + whole.length, text: to(String(ref).trim()), keep: whole, lead: whole.indexOf('@import') === 0 ? '@import ' : '' });
			return whole;
		});
		return Promise.all(
			found.map(function (match) {
				return match.text;
			})
		).then(function (urls) {
			var out = '';
			var at = 0;
			found.forEach(function (match, i) {
				out += text.slice(at, match.start) + (urls[i] ? match.lead + 'url("' + urls[i] + '")' : match.keep);
				at = match.end;
			});
			return out + text.slice(at);
		});
	}

	var hrefOf = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLLinkElement.prototype, 'href'));
	var setHref = /** @type {(this: HTMLLinkElement, v: string) => void} */ (hrefOf.set);
	/**
	 * Points `link` at the blob: URL of the site file `url` once the host has answered: a stylesheet
	 * with its references resolved, any other file as it is. A missing file fails the link, as on a host.
	 * The page reads its href attribute as `written` meanwhile and after.
	 * @param {HTMLLinkElement} link @param {URL} url @param {string} written
	 */
	function point(link, url, written) {
		var rel = String(link.rel).toLowerCase();
		wrote(link, 'href', written, attributeOf(link, 'href'));
		(/\bstylesheet\b/.test(rel) ? sheetOf(url, 0) : fileBlob(url)).then(function (blob) {
			if (!blob) return link.dispatchEvent(new NativeEvent('error'));
			// A CORS load of a blob: URL fails in an opaque origin (Vite sets crossOrigin = ''); the file is the site's own.
			link.removeAttribute('crossorigin');
			setHref.call(link, blob);
			wrote(link, 'href', written, blob);
			// A stylesheet's blob (its references resolved) stands for its file too: `link.href` reads the file's URL.
			if (api.sources) api.sources.set(blob, url.href);
		});
	}
	var readHref = /** @type {(this: HTMLLinkElement) => string} */ (hrefOf.get);
	// link.href = '/assets/lazy.css' (Vite's preload): no load starts until the blob: URL is there.
	Object.defineProperty(HTMLLinkElement.prototype, 'href', {
		configurable: true,
		enumerable: hrefOf.enumerable,
		get: function () {
			var value = readHref.call(this);
			return (fileUrl && fileUrl(value)) || value;
		},
		set: function (/** @type {unknown} */ value) {
			var url = siteUrl(value);
			if (url) point(this, url, String(value));
			else setHref.call(this, String(value));
		}
	});
	/**
	 * A link whose href attribute names a site file (markup added later, setAttribute): the attribute
	 * goes before its load fails (the observer runs before the network's answer), and comes back as the file's blob: URL.
	 * @param {Element} el
	 */
	function relink(el) {
		var href = el.tagName === 'LINK' ? attributeOf(el, 'href') : null;
		var url = href === null ? null : siteUrl(href);
		if (!url) return;
		el.setAttribute(RELINKED, '');
		el.removeAttribute('href');
		point(/** @type {HTMLLinkElement} */ (el), url, String(href));
	}
	// The load of the site's URL that a relinked link had started may still fail after it was removed
	// (on a busy machine, even once the blob: URL has loaded): neither the page nor the reports
	// (reports.js skips such a link) hear of it. A missing file fires an error of ours, untrusted.
	var RELINKED = 'data-studio-relinked';
	listen('error', function (event) {
		var el = /** @type {Element} */ (event.target);
		if (event.isTrusted && el && el.tagName === 'LINK' && el.hasAttribute(RELINKED)) event.stopImmediatePropagation();
	});

	// url(…) in a style set from script (el.style.backgroundImage = 'url(img/hero.jpg)', as sliders and
	// lazy loaders do; setProperty, cssText, a style attribute, markup added later): the style attribute
	// is written again with the site's files as blob: URLs once the host has answered, unless it has
	// changed meanwhile. The style's properties are no accessors to wrap in Chromium; the attribute
	// reflects them all.
	/**
	 * `el`'s style attribute again, each site URL in a url() its file's blob: URL (a missing file's stays).
	 * @param {Element} el
	 */
	function restyle(el) {
		var style = attributeOf(el, 'style');
		var done = style && withFiles(style);
		var page = style;
		if (done)
			done.then(function (text) {
				if (attributeOf(el, 'style') !== page) return;
				el.setAttribute('style', text);
				wrote(el, 'style', page, text);
			});
	}
	/** SVG elements that load the file their `href` names: a sprite's `<use>`, an `<image>` (Lottie's image layers, D3's). */
	var SVG_REFS = ['use', 'image', 'feImage'];
	/**
	 * A `<use>` or an `<image>` made at run time that names a site file (`icons.svg#home`): pointed at
	 * the file's blob: URL, with its fragment, before the browser refuses the site's URL (the compiler
	 * does the same for the page's own markup). One set by `setAttributeNS` once the element is in the
	 * page goes unseen by the observer (it hears no namespaced attribute): its failed load brings the
	 * file (sources.js).
	 * @param {Element} el
	 */
	function sprite(el) {
		if (SVG_REFS.indexOf(el.tagName) < 0) return;
		var name = el.hasAttribute('href') ? 'href' : 'xlink:href';
		var written = attributeOf(el, name);
		var url = written && written.trim().charAt(0) !== '#' ? siteUrl(written) : null;
		if (!url) return;
		var hash = url.hash;
		el.removeAttribute(name);
		wrote(el, name, written, null);
		fileBlob(url).then(function (blob) {
			// A missing file is reported by the host, as every 404 of the page's.
			if (!blob || el.hasAttribute('href')) return;
			el.setAttribute('href', blob + hash);
			// Read as the page wrote it: an xlink:href stays one, and no href appears.
			wrote(el, 'href', name === 'href' ? written : null, blob + hash);
		});
	}

	/** @param {Element} el */
	function added(el) {
		if (SVG_REFS.indexOf(el.tagName) >= 0) sprite(el);
		else if (el.tagName === 'LINK') relink(el);
		else restyle(el);
	}

	var fileUrl = api.fileUrl;
	/**
	 * `value` with each url() of a file the compiler or this program made a data: or blob: URL of
	 * named by the file's URL, as a host's style reads.
	 * @param {unknown} value
	 */
	function asWritten(value) {
		if (typeof value !== 'string' || value.indexOf('url(') < 0 || !fileUrl) return value;
		var named = fileUrl;
		return value.replace(/url\("([^"]*)"\)/g, function (whole, /** @type {string} */ href) {
			var site = named(href);
			return site ? 'url("' + site + '")' : whole;
		});
	}
	var computed = window.getComputedStyle;
	window.getComputedStyle = function (/** @type {Element} */ el, /** @type {string | null | undefined} */ pseudo) {
		var style = computed.call(window, el, pseudo);
		return new Proxy(style, {
			get: function (target, key) {
				var value = Reflect.get(target, key, target);
				if (typeof value !== 'function') return asWritten(value);
				if (key === 'constructor') return value;
				if (key === 'getPropertyValue')
					return function (/** @type {string} */ name) {
						return asWritten(target.getPropertyValue(name));
					};
				return value.bind(target);
			},
			set: function (target, key, value) {
				return Reflect.set(target, key, value, target);
			}
		});
	};

	observe(
		function (records) {
			records.forEach(function (record) {
				var target = /** @type {Element} */ (record.target);
				if (record.type === 'attributes') return record.attributeName === 'style' ? restyle(target) : target.tagName === 'LINK' || SVG_REFS.indexOf(target.tagName) >= 0 ? added(target) : undefined;
				record.addedNodes.forEach(function (node) {
					if (!(node instanceof Element)) return;
					added(node);
					if (node.firstElementChild) node.querySelectorAll('[style*="url("], use, image, feImage, link[href]').forEach(added);
				});
			});
		},
		{ attributes: true, attributeFilter: ['style', 'href'], childList: true, subtree: true }
	);
}
