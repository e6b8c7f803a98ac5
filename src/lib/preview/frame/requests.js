// @ts-check
// Requests for the site's own files, answered from the revision the frame shows. A relative URL
// resolves to the virtual origin (https://site.invalid/…), which no server answers: fetch and
// XMLHttpRequest of such a URL ask the host instead (a missing file is a 404, reported with the
// file:line that asked), and a site file wanted as a URL comes as a blob: URL made here once (a
// script's compiled as the page's own are). Elements that load a file from script: frame/sources.js;
// styles and stylesheets: frame/styles.js; workers: frame/workers.js.
// Requests to other origins are the browser's (the preview's policy decides whether they leave).

/**
 * Installs the request shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioRequests(api) {
	var nativeFetch = window.fetch.bind(window);
	var NativeXHR = window.XMLHttpRequest;
	var siteUrl = api.siteUrl;
	// ranges.js's: a file's answer, its Response, and the URL it came from.
	var answering = api.answered;
	var responding = api.response;
	var ending = api.finalUrl;
	if (!answering || !responding || !ending) return;
	var answered = answering;
	var respond = responding;
	var finalUrl = ending;
	/**
	 * The file behind a site URL, from the host: { status, statusText, mimeType, body }; `at`: where
	 * the code that asked is (a missing file is reported there), by default the page's caller.
	 * @param {URL} url
	 * @param {string} method
	 * @param {{ source: string, line: number }} [at]
	 * @param {boolean} [probe] only to learn whether it is there: a missing one is not the page's error
	 * @param {'script' | 'module' | 'fetched'} [as] a classic script or a module the page runs (the
	 *   module with its graph), or a file its code fetched (an HTML page's scripts, which a router
	 *   runs): their `location` pointed at the page's by the hub
	 */
	function ask(url, method, at, probe, as) {
		var from = at || api.caller();
		return api.request({ type: 'request', path: decodeURIComponent(url.pathname), method: method, source: from.source, line: from.line, probe: probe, as: as });
	}
	api.ask = ask;
	/**
	 * What the page's own fetch or XHR asks a file as: a script when it accepts JavaScript (jQuery's
	 * `getScript` runs what comes), else a fetched file (an HTML page's inline scripts are a router's
	 * to run, jQuery's `.load()`'s too).
	 * @param {string} method
	 * @param {string | null | undefined} accept
	 * @returns {'script' | 'fetched' | undefined}
	 */
	function fetchedAs(method, accept) {
		if (method !== 'GET') return undefined;
		return /javascript|ecmascript/i.test(accept || '') ? 'script' : 'fetched';
	}

	var inPage = api.inPage || function () {
		return null;
	};
	window.fetch = function (input, init) {
		var href = input instanceof Request ? input.url : input;
		var local = inPage(href);
		if (local)
			return local.then(function (answer) {
				return respond(answer, 'GET', null, new URL(String(href)));
			});
		var url = siteUrl(href);
		if (!url) return nativeFetch(input, init);
		var method = String((init && init.method) || (input instanceof Request ? input.method : 'GET')).toUpperCase();
		var target = url;
		var accept = null;
		/** @type {string | null} */
		var range = null;
		try {
			var headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
			accept = headers.get('accept');
			range = headers.get('range');
		} catch {
			// Headers the browser refuses: the file is asked for as it is.
		}
		return ask(url, method, undefined, false, fetchedAs(method, accept)).then(function (answer) {
			return respond(answer, method, range, target);
		});
	};
	// XMLHttpRequest: the class the page's workers get too (xhr.js).
	window.XMLHttpRequest = /** @type {any} */ (
		studioXhr(NativeXHR, {
			target: function (href) {
				var local = inPage(href);
				var url = local ? new URL(String(href)) : siteUrl(href);
				return url ? { url: url, local: local } : null;
			},
			ask: function (url, method, accept) {
				return ask(url, method, undefined, false, fetchedAs(method, accept));
			},
			answered: answered,
			finalUrl: finalUrl,
			// A synchronous request: from the answers the document carries for the files the page's
			// scripts name (compiler/sync-requests.ts); the host's message would come after `send` returned.
			now: function (url, method) {
				var answers = /** @type {any} */ (window).__studioSyncAnswers || {};
				var path = decodeURIComponent(url.pathname.slice(1));
				var answer = answers[path === '' || path.slice(-1) === '/' ? path + 'index.html' : path];
				// Refused and missing files are the page's errors, named where it asked: the request also goes
				// to the host, which reports them as it reports an asynchronous one's (its answer is not waited for).
				var at = api.caller();
				var told = function () {
					ask(url, method, at).catch(function () {});
				};
				if (method !== 'GET' && method !== 'HEAD') {
					told();
					return { status: 405, statusText: 'Method Not Allowed', mimeType: 'text/plain', body: '405 Method Not Allowed' };
				}
				if (answer && Number(answer.status) === 404) told();
				if (answer) return answer;
				// Not carried: a file over 64 KB, or one neither data nor named as written. The browser's network error, with why.
				console.warn('The preview answers a synchronous XMLHttpRequest only for a site file of up to 64 KB that is data (JSON, text, XML, CSV…) or whose name the page\'s scripts write out: ' + url.href);
				return null;
			}
		})
	);

	/** @type {Map<string, Promise<string | null>>} */
	var blobs = new Map();
	/**
	 * Where a blob: URL made for the page came from, its file's URL on the site (here, and a module
	 * script's entry in sources.js): what an element's `src` set to the file reads, as on a host
	 * (`img.src.endsWith('.jpg')`, a library finding its folder from its script's `src`).
	 * @type {Map<string, string>}
	 */
	var sources = new Map();
	/**
	 * A blob: URL of the site file at `url` (null when it is missing), made once per path. `script`: a
	 * classic script the page runs (its `src` set from script, or a router's copy of a fetched page's
	 * script), compiled as the page's own scripts are, so its `location` is the page's; its errors name
	 * the file, as a module's do.
	 * @param {URL} url
	 * @param {boolean} [script]
	 */
	function blobOf(url, script) {
		var key = (script ? 'script:' : '') + url.pathname;
		var known = blobs.get(key);
		if (known) return known;
		var made = ask(url, 'GET', undefined, false, script ? 'script' : undefined).then(function (answer) {
			if (Number(answer.status) !== 200) return null;
			var blob = URL.createObjectURL(new Blob([/** @type {BlobPart} */ (answer.body)], { type: String(answer.mimeType || '') }));
			var site = new URL(url.href);
			site.hash = '';
			sources.set(blob, site.href);
			if (script) {
				var w = /** @type {any} */ (window);
				(w.__studioModulePaths || (w.__studioModulePaths = {}))[blob] = decodeURIComponent(url.pathname.slice(1));
			}
			return blob;
		});
		blobs.set(key, made);
		return made;
	}
	api.blobOf = blobOf;
	api.sources = sources;
	/**
	 * A blob: URL made elsewhere of the site file at `url` (srcsets.js): `blobOf` gives it again, so a
	 * file has one URL, loaded once, as on a host (where Chromium prefers a `srcset` candidate already loaded).
	 * @param {URL} url
	 * @param {string} blob
	 */
	api.keepBlob = function (url, blob) {
		var site = new URL(url.href);
		site.hash = '';
		sources.set(blob, site.href);
		if (!blobs.has(url.pathname)) blobs.set(url.pathname, Promise.resolve(blob));
	};
	var mark = api.fileMark;
	var asWritten = api.writtenMark;
	/**
	 * The mark of a data: URL the compiler made of a site file (preview/file-mark.ts): the file's URL,
	 * and the reference as an element's attribute wrote it (null: not an attribute's). Null for any other URL.
	 * @param {string} text
	 * @returns {[string, string | null] | null}
	 */
	function marked(text) {
		var at = text.lastIndexOf('#');
		if (!(at > 0 && text.indexOf(mark, at) === at && text.indexOf('data:') === 0)) return null;
		var rest = text.slice(at + mark.length);
		var cut = rest.indexOf(asWritten);
		return cut < 0 ? [decodeURIComponent(rest), null] : [decodeURIComponent(rest.slice(0, cut)), decodeURIComponent(rest.slice(cut + asWritten.length))];
	}
	/**
	 * The site URL behind a URL the studio made of a site file: a blob: URL made here, or a data: URL
	 * the compiler marked; null for any other. What a page reads back (`img.src`, `currentSrc`, a
	 * computed style) is then the file's URL, as on a host.
	 * @param {unknown} value
	 * @returns {string | null}
	 */
	api.fileUrl = function (value) {
		var text = String(value);
		var site = sources.get(text);
		if (site) return site;
		var found = marked(text);
		return found && found[0];
	};
	/** The reference an element's attribute was written with, behind the data: URL the compiler made of it; null for any other. @param {string} value */
	api.writtenRef = function (value) {
		var found = marked(value);
		return found && found[1];
	};
}
