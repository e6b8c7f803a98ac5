// @ts-check
// Fonts a script makes from the site's files: `new FontFace('Game', 'url(fonts/game.woff2)')`, as
// canvas games and font loaders do. The browser would load the site's URL, which no server answers,
// and the constructor must return at once, so the face the page holds stands in for one made of the
// files' blob: URLs once the host has answered: its `load()`, `loaded` and `status` are that face's,
// and `document.fonts.add()`, `delete()`, `load()` and `ready` take it in its place, as on a host
// where the face loads its files itself. A face of data, of `local()` or of another origin's URLs is
// the browser's own.

/**
 * Installs the FontFace shim.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioFonts(api) {
	var cssFiles = api.cssFiles;
	var NativeFontFace = window.FontFace;
	var set = document.fonts;
	if (!cssFiles || !NativeFontFace || !set) return;
	var withFiles = cssFiles;
	var fonts = set;
	/** The face made of blob: URLs each stand-in loads as. @type {WeakMap<FontFace, Promise<FontFace>>} */
	var behind = new WeakMap();
	/** Faces the page added whose files are still on their way: the set's `load()` and `ready` wait for them. @type {Set<Promise<unknown>>} */
	var adding = new Set();

	var FontFace = /** @type {any} */ (
		function (/** @type {string} */ family, /** @type {string | BufferSource} */ source, /** @type {FontFaceDescriptors | undefined} */ descriptors) {
			var files = typeof source === 'string' ? withFiles(source) : null;
			var face = new NativeFontFace(family, source, descriptors);
			if (!files) return face;
			var real = files.then(function (blobs) {
				return new NativeFontFace(family, blobs, descriptors);
			});
			behind.set(face, real);
			/** @type {FontFace | null} */
			var made = null;
			real.then(function (f) {
				made = f;
			});
			var asked = false;
			Object.defineProperties(face, {
				status: {
					get: function () {
						return made ? made.status : asked ? 'loading' : 'unloaded';
					}
				},
				loaded: {
					get: function () {
						return real.then(function (f) {
							return f.loaded;
						}).then(function () {
							return face;
						});
					}
				},
				load: {
					value: function () {
						asked = true;
						return real.then(function (f) {
							return f.load();
						}).then(function () {
							return face;
						});
					}
				}
			});
			return face;
		}
	);
	FontFace.prototype = NativeFontFace.prototype;
	window.FontFace = FontFace;

	var add = fonts.add;
	var remove = fonts.delete;
	var load = fonts.load;
	var ready = /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(Object.getPrototypeOf(fonts), 'ready')).get;
	fonts.add = function (/** @type {FontFace} */ face) {
		var real = behind.get(face);
		if (!real) return add.call(fonts, face);
		var added = real.then(function (f) {
			add.call(fonts, f);
		});
		adding.add(added);
		added.then(function () {
			adding.delete(added);
		});
		return fonts;
	};
	fonts.delete = function (/** @type {FontFace} */ face) {
		var real = behind.get(face);
		if (!real) return remove.call(fonts, face);
		real.then(function (f) {
			remove.call(fonts, f);
		});
		return true;
	};
	fonts.load = function () {
		var args = arguments;
		return Promise.all([...adding]).then(function () {
			return load.apply(fonts, /** @type {any} */ (args));
		});
	};
	Object.defineProperty(fonts, 'ready', {
		configurable: true,
		get: function () {
			return Promise.all([...adding]).then(function () {
				return /** @type {() => Promise<FontFaceSet>} */ (ready).call(fonts);
			});
		}
	});
}
