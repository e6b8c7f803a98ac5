// @ts-check
// Responsive images chosen as on a host. The compiler makes each `srcset` candidate of the page's
// markup a marked data: URL, and Chromium takes a data: candidate denser than the one the screen
// needs as if it were loaded already (it saves a download that a data: URL never needs): on a 1x
// screen `a.png 1x, a@2x.png 2x` showed the 2x file, and `sizes` chose the widest file of a `w`
// list. Each such `srcset` is written again, as the parser or a script puts it in the document, with
// blob: URLs of the same bytes, among which Chromium chooses as among a host's files. A `srcset` a
// script sets with the site's URLs (a lazy loader's) is written again with the files' blob: URLs once
// they come. The page still reads what it wrote (written.js), and `currentSrc` the chosen file's URL
// on the site.

/**
 * Installs the `srcset` rewriting.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioSrcsets(api) {
	var list = api.candidates;
	var wrote = api.written;
	var held = api.attributeOf;
	var keep = api.keepBlob;
	var named = api.fileUrl;
	var decode = api.dataBlob;
	var load = api.blobOf;
	var watch = api.observe;
	if (!list || !wrote || !held || !keep || !named || !decode || !load || !watch) return;
	var observe = watch;
	var fileBlob = load;
	var siteUrl = api.siteUrl;
	var dataBlob = decode;
	var candidatesOf = list;
	var written = wrote;
	var attributeOf = held;
	var keepBlob = keep;
	var fileUrl = named;
	/** Blob: URLs made here, per marked data: URL (a file's bytes are decoded once). @type {Map<string, string | null>} */
	var made = new Map();
	/**
	 * A blob: URL of the bytes of a marked data: URL (null for any other URL): made at once, so the
	 * image chooses again before the page's scripts after it run.
	 * @param {string} url
	 */
	function blobOf(url) {
		if (made.has(url)) return made.get(url) || null;
		var site = url.indexOf('data:') === 0 ? fileUrl(url) : null;
		var bytes = site ? dataBlob(url) : null;
		var blob = bytes ? URL.createObjectURL(bytes) : null;
		if (site && blob) keepBlob(new URL(site), blob);
		made.set(url, blob);
		return blob;
	}
	/** @param {Element} el */
	function rechoose(el) {
		var srcset = attributeOf(el, 'srcset');
		var candidates = srcset ? candidatesOf(srcset) : [];
		// One candidate leaves nothing to choose; a srcset without the compiler's files is the page's own.
		if (
			candidates.length < 2 ||
			!candidates.some(function (candidate) {
				return blobOf(candidate[0]);
			})
		)
			return;
		var asWritten = el.getAttribute('srcset');
		var value = candidates
			.map(function (candidate) {
				return (blobOf(candidate[0]) || candidate[0]) + (candidate[1] ? ' ' + candidate[1] : '');
			})
			.join(', ');
		el.setAttribute('srcset', value);
		written(el, 'srcset', asWritten, value);
	}
	/**
	 * A `srcset` a script set on an image or a picture's source (lazy loaders copy it from
	 * `data-srcset`), by property, `setAttribute` or markup added later: written again with the site's
	 * files as blob: URLs once they come, unless it changed meanwhile (the browser asked for the site's
	 * URLs first, and failed, as it does for a `src` set so).
	 * @param {Element} el
	 */
	function resrc(el) {
		var srcset = attributeOf(el, 'srcset');
		var candidates = srcset ? candidatesOf(srcset) : [];
		if (
			!candidates.some(function (candidate) {
				return siteUrl(candidate[0]);
			})
		)
			return;
		Promise.all(
			candidates.map(function (candidate) {
				var url = siteUrl(candidate[0]);
				return (url ? fileBlob(url) : Promise.resolve(null)).then(function (blob) {
					return (blob || candidate[0]) + (candidate[1] ? ' ' + candidate[1] : '');
				});
			})
		).then(function (done) {
			if (attributeOf(el, 'srcset') !== srcset) return;
			el.setAttribute('srcset', done.join(', '));
			written(el, 'srcset', srcset, done.join(', '));
		});
	}
	/** @param {Element} el */
	function choose(el) {
		rechoose(el);
		resrc(el);
	}
	/** @param {Node} node */
	function scan(node) {
		if (!(node instanceof Element)) return;
		if ((node.tagName === 'IMG' || node.tagName === 'SOURCE') && node.hasAttribute('srcset')) choose(node);
		if (node.firstElementChild) node.querySelectorAll('img[srcset], source[srcset]').forEach(choose);
	}
	// A picture's sources come before its image: a source written again makes the image choose again.
	observe(
		function (records) {
			records.forEach(function (record) {
				if (record.type === 'attributes') choose(/** @type {Element} */ (record.target));
				else record.addedNodes.forEach(scan);
			});
		},
		{ attributes: true, attributeFilter: ['srcset'], childList: true, subtree: true }
	);
	scan(document.documentElement);
}
