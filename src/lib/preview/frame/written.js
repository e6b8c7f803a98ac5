// @ts-check
// What the page reads back of the elements whose files the frame loads, as on a host. An attribute
// (`img.getAttribute('src')`, jQuery's `.attr('src')`) reads as the page wrote it: a gallery's
// `.attr('src').replace('-thumb', '')` finds the name. Where a frame program pointed it at a file's
// blob: URL (or took it away until the file came), `api.written` keeps, per element and attribute,
// what was written and what the element holds for it, and the page reads the first while the
// element still holds the second (a value the page set since reads as it is). Where the compiler
// made the file a data: URL, its mark holds the reference as written (a srcset's, each
// candidate's). Only the compiler's marked URLs start with "data:" or, in a srcset, hold its mark:
// any other value passes at the first letter. The source chosen (`currentSrc`) reads as the file's
// URL on the site. A stylesheet link the compiler made serializes (`outerHTML`) with its href as written.

/**
 * Installs the read-back shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWritten(api) {
	var named = api.fileUrl;
	var ref = api.writtenRef;
	if (!named || !ref) return;
	var fileUrl = named;
	var writtenRef = ref;
	/** @param {string} url */
	function asWritten(url) {
		return writtenRef(url) || fileUrl(url) || url;
	}
	var getAttribute = Element.prototype.getAttribute;
	/** @type {WeakMap<Element, Record<string, [string | null, string | null]>>} */
	var writtenAs = new WeakMap();
	var anyWritten = false;
	/** @param {Element} el @param {string} name @param {string | null} value @param {string | null} held */
	function wrote(el, name, value, held) {
		var kept = writtenAs.get(el) || {};
		kept[name] = [value, held];
		writtenAs.set(el, kept);
		anyWritten = true;
	}
	api.written = wrote;
	Element.prototype.getAttribute = function (/** @type {string} */ name) {
		var value = getAttribute.call(this, name);
		var kept = anyWritten ? writtenAs.get(this) : undefined;
		var entry = kept && kept[String(name).toLowerCase()];
		if (entry && entry[1] === value) return entry[0];
		if (value === null) return value;
		if (name !== 'srcset') return value.charCodeAt(0) === 100 && value.indexOf('data:') === 0 ? asWritten(value) : value;
		if (value.indexOf(api.fileMark) < 0) return value;
		return candidates(value)
			.map(function (candidate) {
				return asWritten(candidate[0]) + (candidate[1] ? ' ' + candidate[1] : '');
			})
			.join(', ');
	};
	/** An attribute as the element holds it (the frame's programs read what loads, not what the page reads). @param {Element} el @param {string} name */
	api.attributeOf = function (el, name) {
		return getAttribute.call(el, name);
	};
	// The source chosen (of a srcset, a picture's or a medium's sources) reads as the file's URL too.
	[HTMLImageElement, HTMLMediaElement].forEach(function (type) {
		var current = Object.getOwnPropertyDescriptor(type.prototype, 'currentSrc');
		var chosen = current && current.get;
		if (!chosen) return;
		var read = chosen;
		Object.defineProperty(type.prototype, 'currentSrc', {
			configurable: true,
			enumerable: current && current.enumerable,
			get: function () {
				var value = read.call(this);
				return fileUrl(value) || value;
			}
		});
	});
	// A stylesheet link the compiler made (its href the sheet as a marked data: URL) serializes as
	// written: a router that compares the next page's head by its elements' markup (Turbo) finds the
	// page's own sheet there and adds no second one. A copy is serialized, never connected, so
	// nothing loads.
	var outer = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML');
	var serialize = outer && outer.get;
	if (outer && serialize) {
		var markup = serialize;
		Object.defineProperty(Element.prototype, 'outerHTML', {
			configurable: true,
			enumerable: outer.enumerable,
			get: function () {
				var href = this.tagName === 'LINK' ? getAttribute.call(this, 'href') : null;
				var written = href && href.indexOf('data:') === 0 ? writtenRef(href) : null;
				if (written === null) return markup.call(this);
				var copy = /** @type {Element} */ (this.cloneNode(false));
				copy.setAttribute('href', written);
				return markup.call(copy);
			},
			set: outer.set
		});
	}
	// `img.srcset` reads as the attribute does (a gallery copies it from one image to another).
	[HTMLImageElement, HTMLSourceElement].forEach(function (type) {
		var own = Object.getOwnPropertyDescriptor(type.prototype, 'srcset');
		if (!own || !own.set) return;
		Object.defineProperty(type.prototype, 'srcset', {
			configurable: true,
			enumerable: own.enumerable,
			get: function () {
				return this.getAttribute('srcset') || '';
			},
			set: own.set
		});
	});
	/**
	 * The candidates of a `srcset` (`a.jpg 1x, b.jpg 2x`), each `[url, descriptors]`: a URL runs to
	 * whitespace (a data: URL's comma is its own), commas after it end its candidate.
	 * @param {string} srcset
	 */
	function candidates(srcset) {
		/** @type {[string, string][]} */
		var out = [];
		var at = 0;
		while (at < srcset.length) {
			while (at < srcset.length && /[\s,]/.test(srcset.charAt(at))) at++;
			var start = at;
			while (at < srcset.length && !/\s/.test(srcset.charAt(at))) at++;
			var url = srcset.slice(start, at);
			var descriptors = '';
			if (/,$/.test(url)) url = url.replace(/,+$/, '');
			else {
				var end = srcset.indexOf(',', at);
				descriptors = srcset.slice(at, end < 0 ? srcset.length : end).trim();
				at = end < 0 ? srcset.length : end;
			}
			if (url) out.push(/** @type {[string, string]} */ ([url, descriptors]));
		}
		return out;
	}
	api.candidates = candidates;
}
