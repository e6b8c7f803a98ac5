// @ts-check
// Elements that load a site file from script. A site URL (https://site.invalid/…) is answered by no
// server: `src` set on an image, a medium, a source or a script loads the file's blob: URL instead
// (requests.js makes it, and keeps what each stands for), and reads the file's URL on the site, as on a host (an
// element of the page's markup, whose file the compiler made a marked data: URL, reads it too). A script's file is
// compiled as the page's own scripts are (its `location` is the page's); a module script's file
// comes with its module graph, added to the document's import maps (Chromium merges a later map into
// the first), and the element loads an entry that imports it. `setAttribute('src', …)` goes the same
// way (AMD loaders such as Monaco's write a script's src so). An element made from markup at run
// time (innerHTML, a parsed fragment) loads its site URL and fails: the page does not hear that
// failure, the file is loaded instead, and the page hears `load` (or `error` for a missing file), as
// from a host.

/**
 * Installs the element shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioSources(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	var blobOf = api.blobOf;
	var ask = api.ask;
	var held = api.sources;
	var named = api.fileUrl;
	var listening = api.listen;
	if (!blobOf || !ask || !held || !named || !listening) return;
	var listen = listening;
	var fileBlob = blobOf;
	var fileUrl = named;
	var askFile = ask;
	var sources = held;
	var siteUrl = api.siteUrl;
	// What an element holds, and what the page wrote there (written.js).
	var attributeOf =
		api.attributeOf ||
		function (/** @type {Element} */ el, /** @type {string} */ name) {
			return el.getAttribute(name);
		};
	var wrote = api.written || function () {};
	/** @param {Element} el */
	function isModule(el) {
		return el.tagName === 'SCRIPT' && String(/** @type {HTMLScriptElement} */ (el).type).trim().toLowerCase() === 'module';
	}

	/** @type {Map<string, Promise<string | null>>} */
	var modules = new Map();
	/**
	 * The URL a module script of the site file at `url` loads (null when it is missing): an entry that
	 * imports the file's virtual URL, once its graph is in the document's import maps. Made once per path.
	 * @param {URL} url
	 */
	function moduleOf(url) {
		var key = url.pathname;
		var known = modules.get(key);
		if (known) return known;
		var made = askFile(url, 'GET', undefined, false, 'module').then(function (answer) {
			if (Number(answer.status) !== 200 || typeof answer.body !== 'string') return null;
			/** @type {{ entry: string, bootstrap: string }} */
			var graph = JSON.parse(answer.body);
			// The bootstrap puts its import map right after itself, and names its modules' files.
			var boot = document.createElement('script');
			boot.text = graph.bootstrap;
			(document.head || document.documentElement).appendChild(boot);
			boot.remove();
			var entry = URL.createObjectURL(new Blob(['import ' + JSON.stringify(graph.entry) + ';'], { type: 'text/javascript' }));
			var site = new URL(url.href);
			site.hash = '';
			sources.set(entry, site.href);
			return entry;
		});
		modules.set(key, made);
		return made;
	}

	/** The element's src being set to a site file's blob: URL (settles once set, or left as the page set it meanwhile). @type {WeakMap<object, Promise<void>>} */
	var settling = new WeakMap();
	/** Elements whose file is missing: they load its site URL, which fails as a host's 404 does (heard by the page). @type {WeakSet<object>} */
	var missing = new WeakSet();
	/**
	 * `src` set from script on images, media and scripts: a site URL loads the file's blob: URL instead.
	 * @param {{ prototype: object }} type
	 * @param {string} attribute
	 */
	function redirect(type, attribute) {
		var descriptor = Object.getOwnPropertyDescriptor(type.prototype, attribute);
		if (!descriptor || !descriptor.set || !descriptor.get) return;
		var set = descriptor.set;
		var get = descriptor.get;
		var script = type === HTMLScriptElement;
		/**
		 * The site URL an element was set to, while its blob is on its way (the URL it reads meanwhile,
		 * as on a host) and after, until the page sets it to something else.
		 * @type {WeakMap<object, { href: string, before: string }>}
		 */
		var asked = new WeakMap();
		Object.defineProperty(type.prototype, attribute, {
			configurable: true,
			enumerable: descriptor.enumerable,
			// An element of a document the page parsed (DOMParser, a fetched page) resolves against the
			// page's address, as it does on a host: such a document has no URL of its own in a srcdoc frame.
			get: function () {
				var value = get.call(this);
				var pending = asked.get(this);
				if (pending && value === pending.before) return pending.href;
				var site = fileUrl(value);
				if (site) return site;
				if (this.ownerDocument === document || !value || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
				var url = api.resolve(attributeOf(this, attribute));
				return url ? url.href : value;
			},
			set: function (/** @type {unknown} */ value) {
				missing.delete(this);
				var url = siteUrl(value);
				if (!url) {
					asked.delete(this);
					settling.delete(this);
					set.call(this, value);
					return;
				}
				var pending = { href: url.href, before: get.call(this) };
				asked.set(this, pending);
				var name = attribute;
				var page = String(value);
				wrote(this, name, page, attributeOf(this, name));
				// Whether a script is a module is read once the code that made it has run on (a microtask):
				// its type may be set before its src, as most write it, or just after.
				var file = url;
				var loading = script ? Promise.resolve().then(() => (isModule(this) ? moduleOf(file) : fileBlob(file, true))) : fileBlob(file, false);
				var setting = loading.then((blob) => {
					// Once settled, a later play() or decode() is the browser's own at once (`paused` turns false as it is called).
					if (settling.get(this) === setting) settling.delete(this);
					// Set to something else meanwhile (here or by setAttribute): that stays.
					if (asked.get(this) !== pending || get.call(this) !== pending.before) return;
					asked.delete(this);
					if (!blob) missing.add(this);
					set.call(this, blob || pending.href);
					wrote(this, name, page, attributeOf(this, name));
				});
				settling.set(this, setting);
			}
		});
	}
	/**
	 * `method` of `type`, called right after a site file was set as the element's src (`img.decode()`
	 * in a lazy loader, `new Audio('click.wav').play()` in a game), waits for the file's blob: URL to
	 * be its src, as a host's waits for the file.
	 * @param {{ prototype: any }} type @param {string} method
	 */
	function waitsForSrc(type, method) {
		var native = type.prototype[method];
		type.prototype[method] = function () {
			var set = settling.get(this);
			var args = arguments;
			return set ? set.then(() => native.apply(this, args)) : native.apply(this, args);
		};
	}
	waitsForSrc(HTMLImageElement, 'decode');
	waitsForSrc(HTMLMediaElement, 'play');
	// `new Audio('click.wav')` sets its src as the element's own code, past the setter below: made here
	// as `document.createElement('audio')` is, with the browser's preload, its src through the setter.
	var NativeAudio = window.Audio;
	var Audio = /** @type {any} */ (
		function (/** @type {string | undefined} */ src) {
			var audio = document.createElement('audio');
			audio.preload = 'auto';
			if (src !== undefined) audio.src = src;
			return audio;
		}
	);
	Audio.prototype = NativeAudio.prototype;
	window.Audio = Audio;
	redirect(HTMLImageElement, 'src');
	redirect(HTMLMediaElement, 'src');
	redirect(HTMLSourceElement, 'src');
	redirect(HTMLScriptElement, 'src');
	// The frame programs' own writes of a src as written (below) go past the page's route.
	var setAttribute = Element.prototype.setAttribute;
	/**
	 * Whether a src set on `el` loads its file. A script in the document with a src or text has
	 * started already (an inlined script writing back the src it was written with, compiler/scripts.ts).
	 * @param {Element} el
	 */
	function loadsSrc(el) {
		if (el instanceof HTMLScriptElement) return !(el.isConnected && (el.text !== '' || el.hasAttribute('src')));
		return el instanceof HTMLImageElement || el instanceof HTMLMediaElement || el instanceof HTMLSourceElement;
	}
	// A site URL given to setAttribute loads as the same URL given to the property does: a script made
	// so and put in the document at once waits for its file's blob: URL (a script without src or text
	// has not started), where the site URL would fail first and the loader hear that failure. An
	// element of another document (a template's, a parsed page's) loads nothing, as on a host.
	Element.prototype.setAttribute = function (/** @type {string} */ name, /** @type {string} */ value) {
		if (this.ownerDocument === document && loadsSrc(this) && String(name).toLowerCase() === 'src' && siteUrl(value)) {
			/** @type {any} */ (this).src = value;
			return;
		}
		return setAttribute.call(this, name, value);
	};
	// A module script the compiler loads through an import gets the src it was written with back
	// once parsed (compiler/scripts.ts WRITTEN_SRC): too late to load anything, as a host's has it.
	// A classic script the compiler inlined gets the attributes it was written with back and loses
	// its text (WRITTEN_TAG; a deferred one ran in its place, DEFERRED_TYPE): the same element, so a
	// widget that holds its script and puts things beside it later still can.
	// That is as the document turns interactive, when every script has started and before the
	// deferred ones and the modules run: Shoelace's autoloader finds its folder from its own script's
	// `src` as its module runs.
	document.addEventListener(
		'readystatechange',
		function () {
			if (document.readyState !== 'interactive') return;
			document.querySelectorAll('script[data-studio-tag]').forEach(function (script) {
				var parse = document.createElement('template');
				// The open tag alone: the parser makes the element of it (a closing tag written here would end the bridge's own).
				parse.innerHTML = String(script.getAttribute('data-studio-tag'));
				var written = parse.content.firstElementChild;
				if (!written) return;
				Array.from(script.attributes).forEach(function (attribute) {
					script.removeAttribute(attribute.name);
				});
				Array.from(written.attributes).forEach(function (attribute) {
					setAttribute.call(script, attribute.name, attribute.value);
				});
				script.textContent = '';
			});
			document.querySelectorAll('script[data-studio-src]').forEach(function (script) {
				setAttribute.call(script, 'src', String(script.getAttribute('data-studio-src')));
				script.removeAttribute('data-studio-src');
			});
		},
		true
	);


	// Elements made from markup at run time (innerHTML, a parsed fragment) load their site URL and
	// fail (in the document or a shadow root). A host's load succeeds, so the page does not hear this
	// failure (this listener is the first on its way); it hears the file's `load`, or an `error` when
	// the file is missing.
	listen(
		'error',
		function (event) {
			var el = /** @type {any} */ (event.target);
			if (!el || el === window || !el.tagName) return;
			// An SVG <image> names its file in href (xlink:href by setAttributeNS reads as href).
			var attribute = el.tagName === 'LINK' || el.tagName === 'image' ? 'href' : el.tagName === 'OBJECT' ? 'data' : 'src';
			var written = attributeOf(el, attribute);
			// Without the attribute there is nothing to load (not the file "null").
			var found = written === null ? null : siteUrl(written);
			if (!found || missing.has(el) || el.getAttribute('data-studio-retried')) return;
			var url = found;
			event.stopImmediatePropagation();
			el.setAttribute('data-studio-retried', '');
			/** @param {string} type */
			function tell(type) {
				el.dispatchEvent(new NativeEvent(type));
			}
			(isModule(el) ? moduleOf(url) : fileBlob(url, el.tagName === 'SCRIPT')).then(function (blob) {
				if (!blob) {
					api.send({ type: 'error', message: 'Missing file: ' + url.pathname.slice(1) + ' is not in the workspace', source: '', line: 0, column: 0 });
					return tell('error');
				}
				if (el.tagName === 'SCRIPT') {
					// A started script never loads again: a copy runs the file, beside it while it loads,
					// and the page's element (held by its loader) hears how that went.
					var copy = document.createElement('script');
					for (var i = 0; i < el.attributes.length; i++) setAttribute.call(copy, el.attributes[i].name, el.attributes[i].value);
					copy.addEventListener('load', function () {
						copy.remove();
						tell('load');
					});
					copy.addEventListener('error', function () {
						copy.remove();
						tell('error');
					});
					copy.src = blob;
					if (el.parentNode) el.after(copy);
					else (document.head || document.documentElement).appendChild(copy);
				} else {
					el.setAttribute(attribute, blob);
					wrote(el, attribute, written, blob);
				}
			});
		}
	);
}
