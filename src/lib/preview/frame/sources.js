// @ts-check
// Elements that load a site file from script. A site URL (https://site.invalid/…) is answered by no
// server: `src` set on an image, a medium, a source or a script loads the file's blob: URL instead
// (requests.js makes it, and keeps what each stands for), and reads the file's URL on the site, as on a host (an
// element of the page's markup, whose file the compiler made a marked data: URL, reads it too). A script's file is
// compiled as the page's own scripts are (its `location` is the page's); a module script's file
// comes with its module graph, added to the document's import maps (Chromium merges a later map into
// the first), and the element loads an entry that imports it. An element made from markup at run
// time (innerHTML, a router's copy of the next page's script) loads its site URL and fails: it is
// tried again with the file. A `srcset` a script sets (a lazy loader's) is written again with the
// files' blob: URLs.

/**
 * Installs the element shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioSources(api) {
	var blobOf = api.blobOf;
	var ask = api.ask;
	var held = api.sources;
	var named = api.fileUrl;
	if (!blobOf || !ask || !held || !named) return;
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
				// A module script's type is set before its src, as people and loaders write it.
				var setting = (script && isModule(this) ? moduleOf(url) : fileBlob(url, script)).then((blob) => {
					// Once settled, a later play() or decode() is the browser's own at once (`paused` turns false as it is called).
					if (settling.get(this) === setting) settling.delete(this);
					// Set to something else meanwhile (here or by setAttribute): that stays.
					if (asked.get(this) !== pending || get.call(this) !== pending.before) return;
					asked.delete(this);
					set.call(this, blob || 'data:,');
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
	// A module script the compiler loads through an import gets the src it was written with back
	// once parsed (compiler/scripts.ts WRITTEN_SRC): too late to load anything, as a host's has it.
	// A classic script the compiler inlined gets the attributes it was written with back and loses
	// its text (WRITTEN_TAG), a deferred one going back to where it was written (WRITTEN_PLACE): the
	// same element, so a widget that holds its script and puts things beside it later still can.
	// That is as the document turns interactive, when every script has started and before the
	// deferred ones and the modules run: Shoelace's autoloader finds its folder from its own script's
	// `src` as its module runs.
	document.addEventListener(
		'readystatechange',
		function () {
			if (document.readyState !== 'interactive') return;
			var places = document.querySelectorAll('template[data-studio-deferred]');
			document.querySelectorAll('script[data-studio-deferred]').forEach(function (script, i) {
				if (places[i]) places[i].replaceWith(script);
			});
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
					script.setAttribute(attribute.name, attribute.value);
				});
				script.textContent = '';
			});
			document.querySelectorAll('script[data-studio-src]').forEach(function (script) {
				script.setAttribute('src', String(script.getAttribute('data-studio-src')));
				script.removeAttribute('data-studio-src');
			});
		},
		true
	);

	/**
	 * A `srcset` a script set on an image or a picture's source (lazy loaders copy it from
	 * `data-srcset`), by property, `setAttribute` or markup added later: written again with the site's
	 * files as blob: URLs once they come, unless it changed meanwhile (the browser asked for the site's
	 * URLs first, and failed, as it does for a `src` set so).
	 * @param {Element} el
	 */
	function resrc(el) {
		var srcset = attributeOf(el, 'srcset');
		var list = srcset && api.candidates ? api.candidates(srcset) : [];
		if (
			!list.some(function (candidate) {
				return siteUrl(candidate[0]);
			})
		)
			return;
		Promise.all(
			list.map(function (candidate) {
				var url = siteUrl(candidate[0]);
				return (url ? fileBlob(url) : Promise.resolve(null)).then(function (blob) {
					return (blob || candidate[0]) + (candidate[1] ? ' ' + candidate[1] : '');
				});
			})
		).then(function (done) {
			if (attributeOf(el, 'srcset') !== srcset) return;
			el.setAttribute('srcset', done.join(', '));
			wrote(el, 'srcset', srcset, done.join(', '));
		});
	}
	new MutationObserver(function (records) {
		records.forEach(function (record) {
			if (record.type === 'attributes') return resrc(/** @type {Element} */ (record.target));
			record.addedNodes.forEach(function (node) {
				if (!(node instanceof Element)) return;
				if (node.hasAttribute('srcset')) resrc(node);
				if (node.firstElementChild) node.querySelectorAll('img[srcset], source[srcset]').forEach(resrc);
			});
		});
	}).observe(document, { attributes: true, attributeFilter: ['srcset'], childList: true, subtree: true });

	// Elements made from markup at run time (innerHTML) load their site URL and fail: load the file instead.
	window.addEventListener(
		'error',
		function (event) {
			var el = /** @type {any} */ (event.target);
			if (!el || el === window || !el.tagName) return;
			// An SVG <image> names its file in href (xlink:href by setAttributeNS reads as href).
			var attribute = el.tagName === 'LINK' || el.tagName === 'image' ? 'href' : el.tagName === 'OBJECT' ? 'data' : 'src';
			var written = attributeOf(el, attribute);
			// Without the attribute there is nothing to load (not the file "null").
			var found = written === null ? null : siteUrl(written);
			if (!found || el.getAttribute('data-studio-retried')) return;
			var url = found;
			el.setAttribute('data-studio-retried', '');
			(isModule(el) ? moduleOf(url) : fileBlob(url, el.tagName === 'SCRIPT')).then(function (blob) {
				if (!blob) return api.send({ type: 'error', message: 'Missing file: ' + url.pathname.slice(1) + ' is not in the workspace', source: '', line: 0, column: 0 });
				if (el.tagName === 'SCRIPT') {
					var copy = document.createElement('script');
					for (var i = 0; i < el.attributes.length; i++) copy.setAttribute(el.attributes[i].name, el.attributes[i].value);
					copy.src = blob;
					el.replaceWith(copy);
				} else {
					el.setAttribute(attribute, blob);
					wrote(el, attribute, written, blob);
				}
			});
		},
		true
	);
}
