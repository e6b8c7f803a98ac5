// @ts-check
// The site's own pages in frames of its page (`<iframe src="demo/part.html">`), as on a static host,
// where they are pages of the same site. The compiler puts each such page, compiled, in the frame's
// data-studio-frame attribute; this program makes it the frame's srcdoc as the frame enters the
// document, filled in with a token and the storage this page has then (the frame's opaque origin is
// another than this page's: the two share storage only by messages). A frame whose src a script sets
// to a page of the site, one made from markup at run time, and a link, form or window.open aimed at a
// frame by its name, load the page compiled by the hub (a `request` with `frame`). The framed page's
// messages come here: requests are asked on and answered back, console lines and errors passed on,
// a navigation of its own (or of `_parent`, `_top`, a named frame) carried out where it belongs, and
// its storage changes handed to the storage program, which tells the other frames.

/**
 * Installs the frame programs of the site's own frames.
 * @param {StudioFrameApi} api
 * @param {string} placeholder what the framed page's bridge tag holds in place of its token and storage
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioFrames(api, placeholder) {
	var FRAME = 'data-studio-frame';
	var WRITTEN = 'data-studio-src';
	/** How long a frame's page may hold the acknowledgement (a page that never loads holds it no longer). */
	var HOLD_MS = 5000;
	var srcdoc = /** @type {(this: HTMLIFrameElement, v: string) => void} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'srcdoc')).set);
	var contentWindow = /** @type {(this: HTMLIFrameElement) => Window | null} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')).get);
	// The browser's own: windows.js hands the site stand-ins of the site's other windows.
	var sourceOf = /** @type {(this: MessageEvent) => MessageEventSource | null} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')).get);
	var originOf = /** @type {(this: MessageEvent) => string} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'origin')).get);
	var getAttribute = Element.prototype.getAttribute;
	var setAttribute = Element.prototype.setAttribute;
	var removeAttribute = Element.prototype.removeAttribute;
	/**
	 * The frames this page filled: their token, whether their page has started (its bridge said hello),
	 * and the storage changes kept for it until then (a message posted mid-navigation is lost).
	 * @type {Map<HTMLIFrameElement, { token: string, live: boolean, held: Record<string, unknown>[] }>}
	 */
	var filled = new Map();
	/** The src a script set on a frame, whose page is loading into it. */
	/** @type {WeakMap<HTMLIFrameElement, string>} */
	var loading = new WeakMap();

	/** @param {string} text */
	function escapeAttr(text) {
		return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
	}
	/** @param {'localStorage' | 'sessionStorage'} name */
	function items(name) {
		/** @type {Record<string, string>} */
		var out = {};
		try {
			var area = window[name];
			// The keys at once: key(i) makes a list of them on each call.
			Object.keys(area).forEach(function (key) {
				var value = area.getItem(key);
				if (value !== null) out[key] = value;
			});
		} catch {
			/* no storage here (a sandboxed frame of a sandboxed frame): the framed page starts empty */
		}
		return out;
	}
	/**
	 * Shows a compiled page in `frame`, with a new token and this page's storage as it is now.
	 * @param {HTMLIFrameElement} frame
	 * @param {string} html
	 * @param {string} [referrer] what the framed page reads as `document.referrer` (by default this page, by its policy)
	 */
	function fill(frame, html, referrer) {
		var token = Math.random().toString(36).slice(2) + Date.now().toString(36);
		var from = referrer === undefined ? (api.referrerFrom ? api.referrerFrom(frame) : '') : referrer;
		var link = JSON.stringify({ token: token, depth: api.depth + 1, local: items('localStorage'), session: items('sessionStorage'), cookies: api.cookies ? api.cookies() : {}, referrer: from });
		filled.set(frame, { token: token, live: false, held: [] });
		removeAttribute.call(frame, FRAME);
		srcdoc.call(
			frame,
			html.replace(placeholder, function () {
				return escapeAttr(link);
			})
		);
	}
	/**
	 * Loads a page of the site (or another file of it) into `frame`, compiled by the hub from the revision shown.
	 * @param {HTMLIFrameElement} frame
	 * @param {URL} url
	 * @param {string} [referrer] what its page reads as `document.referrer` (by default this page)
	 */
	function load(frame, url, referrer) {
		var at = api.caller();
		api.request({ type: 'request', frame: true, path: decodeURIComponent(url.pathname), search: url.search, fragment: url.hash, method: 'GET', source: at.source, line: at.line }).then(function (answer) {
			var body = answer.body;
			if (String(answer.mimeType).indexOf('text/html') === 0 && typeof body === 'string') return fill(frame, body, referrer);
			// An image, a text or a PDF of the site: the frame shows the file itself.
			filled.delete(frame);
			setAttribute.call(frame, 'src', URL.createObjectURL(new Blob([/** @type {BlobPart} */ (body || '')], { type: String(answer.mimeType || 'text/plain') })));
		});
	}

	/**
	 * The frame of this page that `source` is the window of.
	 * @param {unknown} source
	 */
	function frameOf(source) {
		if (!source) return null;
		var all = document.getElementsByTagName('iframe');
		for (var i = 0; i < all.length; i++) if (contentWindow.call(/** @type {HTMLIFrameElement} */ (all[i])) === source) return /** @type {HTMLIFrameElement} */ (all[i]);
		return null;
	}
	// What a framed page asks is what this page could ask itself, so no more than its frame is checked.
	window.addEventListener(
		'message',
		function (event) {
			var data = event.data;
			if (!data || typeof data !== 'object' || data.studioChild !== 1 || typeof data.nonce !== 'string') return;
			var source = /** @type {Window} */ (sourceOf.call(event));
			var found = frameOf(source);
			var state = found && filled.get(found);
			if (!found || !state || state.token !== data.nonce) return;
			var frame = found;
			event.stopImmediatePropagation();
			var type = String(data.type);
			if (type === 'hello') {
				state.live = true;
				state.held.splice(0).forEach(function (message) {
					post(frame, message);
				});
			} else if (type === 'request') {
				api.request({ type: 'request', path: data.path, method: data.method, source: data.source, line: data.line, frame: data.frame, search: data.search, fragment: data.fragment, probe: data.probe, as: data.as }).then(function (answer) {
					var body = answer.body;
					try {
						source.postMessage({ studioFrame: data.nonce, type: 'response', id: data.id, status: answer.status, statusText: answer.statusText, mimeType: answer.mimeType, body: body, redirected: answer.redirected }, '*', body instanceof ArrayBuffer ? [body] : []);
					} catch {
						/* the frame is gone */
					}
				});
			} else if (type === 'console' || type === 'error' || type === 'warning') api.send({ type: type, level: data.level, args: data.args, message: data.message, source: data.source, line: data.line, column: data.column, network: data.network });
			else api.fromChild(data, frame);
		},
		true
	);
	/**
	 * Posts a message to a framed page (kept until its page has started).
	 * @param {HTMLIFrameElement} frame
	 * @param {Record<string, unknown>} message
	 */
	function post(frame, message) {
		var state = filled.get(frame);
		var win = contentWindow.call(frame);
		if (!state || !win) return;
		if (!state.live) return void state.held.push(message);
		try {
			win.postMessage(Object.assign({ studioFrame: state.token }, message), '*');
		} catch {
			/* the frame is gone */
		}
	}
	api.toFrames = function (message, except) {
		filled.forEach(function (_state, frame) {
			if (!frame.isConnected) filled.delete(frame);
			else if (frame !== except) post(frame, message);
		});
	};

	/**
	 * The frame of this page named `name` (`<iframe name="main">`), if there is one.
	 * @param {string} name
	 */
	function named(name) {
		var all = document.getElementsByTagName('iframe');
		for (var i = 0; i < all.length; i++) if (getAttribute.call(/** @type {Element} */ (all[i]), 'name') === name) return /** @type {HTMLIFrameElement} */ (all[i]);
		return null;
	}
	/**
	 * Carries out a navigation aimed at `target` ('self', 'parent', 'top' or a frame's name) from this
	 * page: a frame of this page named so loads it; this page goes itself when it is the target (its
	 * own host, or its parent, carries that out); any other target is its parent's to find.
	 * @param {URL} url
	 * @param {string} target
	 * @param {boolean} replace
	 * @param {string} referrer what the next page reads as `document.referrer`
	 */
	function navigate(url, target, replace, referrer) {
		var frame = target === 'self' || target === 'parent' || target === 'top' ? null : named(target);
		if (frame) return load(frame, url, referrer);
		// A framed page tells its parent where the page goes ('self': its own frame); the site's page goes itself.
		var to = api.framed ? target : 'self';
		if (to === 'self' && api.leaving && !api.leaving()) return;
		api.send({ type: 'navigate', path: decodeURIComponent(url.pathname), fragment: url.hash, search: url.search, replace: replace, to: to, referrer: referrer });
	}
	api.navigate = navigate;
	// `frames.results.location = 'search/all_6.html?oven'` (Doxygen's search), a frameset menu's
	// `parent.frames.main.location = …` or `top.location = …`: the window's own location would load the
	// site's URL, which no server answers (and the sandbox lets a page navigate no window but its own
	// and its frames'). A frame of this page loads the page; any other window of the site is asked to
	// go there itself, by a message its frame program takes.
	api.goWindow = function (win, url, replace) {
		var frame = frameOf(win);
		if (frame) {
			load(frame, url);
			return true;
		}
		try {
			/** @type {Window} */ (win).postMessage({ studioGo: 1, href: url.href, replace: replace, referrer: api.referrerFrom ? api.referrerFrom(null) : '' }, '*');
			return true;
		} catch {
			return false;
		}
	};
	window.addEventListener(
		'message',
		function (event) {
			var data = event.data;
			// Only the sandbox's documents, the site's (an embedded page of another site has its own origin).
			if (!data || typeof data !== 'object' || data.studioGo !== 1 || originOf.call(event) !== 'null') return;
			event.stopImmediatePropagation();
			var url = api.siteUrl(data.href);
			if (url) navigate(url, 'self', data.replace === true, typeof data.referrer === 'string' ? data.referrer : '');
		},
		true
	);
	// A framed page's navigation: of itself (its frame loads the page), of this page, or further up.
	api.onChild('navigate', function (data, frame) {
		var url = api.resolve(String(data.path || '/') + String(data.search || '') + String(data.fragment || ''));
		if (!url) return;
		var to = String(data.to || 'self');
		var referrer = typeof data.referrer === 'string' ? data.referrer : '';
		if (to === 'self') load(frame, url, referrer);
		else navigate(url, to === 'parent' ? 'self' : to, data.replace === true, referrer);
	});

	/**
	 * A frame that entered the document or changed its src: a compiled page waiting in it is shown,
	 * and a page of the site named by its src (set from script, or markup added at run time) is loaded.
	 * @param {Element} el
	 */
	function frameIn(el) {
		if (el.tagName !== 'IFRAME') return;
		var frame = /** @type {HTMLIFrameElement} */ (el);
		var waiting = getAttribute.call(frame, FRAME);
		if (waiting !== null) {
			var html = waiting;
			removeAttribute.call(frame, FRAME);
			// A srcdoc set while the parser inserts the frame is not loaded by Chromium: set a task later,
			// with the acknowledgement held until the frame's page has loaded, as a host's load waits for
			// it — unless the frame loads lazily (offscreen it may never load) or is gone meanwhile.
			var wait = !/^lazy$/i.test(getAttribute.call(frame, 'loading') || '');
			var shown = new Promise(function (done) {
				setTimeout(function () {
					fill(frame, html);
					if (!wait || !frame.isConnected) return done(undefined);
					frame.addEventListener('load', done, { once: true });
					setTimeout(done, HOLD_MS);
				}, 0);
			});
			if (wait) api.hold(shown);
			return;
		}
		var at = getAttribute.call(frame, 'src');
		if (at !== null && loading.get(frame) === at) return; // the src setter loads it already
		// A srcdoc of the page's own wins over src, as in browsers; one this program set does not.
		var url = at && (!frame.hasAttribute('srcdoc') || filled.has(frame)) ? api.resolve(at) : null;
		if (url && url.origin === api.origin) load(frame, url);
	}
	// `frame.src = 'page.html'` from a script: the page is loaded into the frame, and an empty srcdoc
	// set first keeps the browser from asking for the site's URL meanwhile (a srcdoc wins over src).
	var src = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src'));
	Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
		configurable: true,
		enumerable: src.enumerable,
		// A frame whose page the compiler put in it reads the src it was written with (compiler/elements.ts).
		get: function () {
			var written = getAttribute.call(this, 'src') === null ? getAttribute.call(this, WRITTEN) : null;
			var url = written === null ? null : api.resolve(written);
			return url ? url.href : /** @type {() => string} */ (src.get).call(this);
		},
		set: function (/** @type {unknown} */ value) {
			var url = api.resolve(value);
			if (!url || url.origin !== api.origin) {
				/** @type {(v: unknown) => void} */ (src.set).call(this, value);
				return;
			}
			if (!this.hasAttribute('srcdoc')) srcdoc.call(this, '');
			loading.set(this, String(value));
			setAttribute.call(this, 'src', String(value));
			load(this, url);
		}
	});
	new MutationObserver(function (records) {
		records.forEach(function (record) {
			if (record.type === 'attributes') return frameIn(/** @type {Element} */ (record.target));
			record.addedNodes.forEach(function (node) {
				if (!(node instanceof Element)) return;
				frameIn(node);
				if (node.firstElementChild) Array.prototype.forEach.call(node.getElementsByTagName('iframe'), frameIn);
			});
		});
	}).observe(document, { attributes: true, attributeFilter: ['src'], childList: true, subtree: true });

	if (api.framed) api.send({ type: 'hello' });
}
