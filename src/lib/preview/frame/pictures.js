// @ts-check
// A picture of the page or of one element for the screenshot tool. The host sends the rasteriser
// (modern-screenshot) with each request; this program runs it once, hidden from the page's module
// loaders, and draws the viewport, the whole page (up to a height) or the element a selector names, on
// the page's own background, as a PNG or JPEG data: URL with its size. Plain browser JavaScript, type-checked.

/**
 * Installs the picture taker.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioPictures(api) {
	/** @type {any} */
	var raster = null;
	/** @param {string} source */
	function rasteriser(source) {
		if (raster) return raster;
		// Run as a script of its own with its module loaders hidden: a page's AMD loader must not take it.
		var key = '__studioRaster' + Math.random().toString(36).slice(2);
		/** @type {Record<string, any>} */
		var holder = {};
		/** @type {any} */ (window)[key] = holder;
		var script = document.createElement('script');
		script.textContent = '(function(define,exports,module,globalThis,self){' + source + '\n}).call(window.' + key + ',void 0,void 0,void 0,window.' + key + ',window.' + key + ');';
		document.documentElement.appendChild(script);
		script.remove();
		delete (/** @type {any} */ (window)[key]);
		raster = holder.modernScreenshot || null;
		return raster;
	}
	api.on('capture', function (message) {
		var id = Number(message.captureId);
		var reply = function (/** @type {Record<string, unknown>} */ m) {
			api.send(Object.assign({ type: 'captured', captureId: id }, m));
		};
		var lib = rasteriser(String(message.lib || ''));
		if (!lib) return reply({ error: 'The page does not let the studio run its rasteriser (its content security policy?).' });
		/** @type {Element | null} */
		var node = document.documentElement;
		if (message.selector) {
			try {
				node = document.querySelector(String(message.selector));
			} catch {
				return reply({ error: 'Not a CSS selector: ' + String(message.selector), missing: true });
			}
			if (!node) return reply({ error: 'No element on the page matches ' + String(message.selector), missing: true });
		}
		var whole = !message.selector;
		var height = whole ? (message.fullPage ? Math.min(Number(message.maxHeight) || 8000, document.documentElement.scrollHeight) : innerHeight) : undefined;
		var jpeg = message.format === 'jpeg';
		var background = getComputedStyle(document.body || document.documentElement).backgroundColor;
		var fonts = document.fonts ? document.fonts.ready : Promise.resolve();
		fonts
			.then(function () {
				// No helper frame for default styles: a child of this sandboxed frame is another origin.
				var options = { scale: 1, width: whole ? innerWidth : undefined, height: height, type: jpeg ? 'image/jpeg' : 'image/png', quality: Number(message.quality) || 0.85, backgroundColor: whole || jpeg ? (/rgba\(0, 0, 0, 0\)|transparent/.test(background) ? '#ffffff' : background) : null, sandbox: { contentWindow: null, remove: function () {} } };
				return jpeg ? lib.domToJpeg(node, options) : lib.domToPng(node, options);
			})
			.then(function (/** @type {string} */ url) {
				var image = new Image();
				image.onload = function () {
					reply({ data: url, width: image.naturalWidth, height: image.naturalHeight });
				};
				image.onerror = function () {
					reply({ error: 'The rasteriser made no image.' });
				};
				image.src = url;
			})
			.catch(function (/** @type {unknown} */ error) {
				reply({ error: 'The page could not be drawn: ' + String(error && /** @type {Error} */ (error).message ? /** @type {Error} */ (error).message : error) });
			});
	});
}
