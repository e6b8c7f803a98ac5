// @ts-check
// Style rules a script writes that name the site's files: a `<style>` it adds or writes (MathJax's
// fonts, a theme switcher), `insertRule` (emotion, styled-components) and constructed sheets. The
// browser would load the site's URLs, which no server answers, so each such rule is put again in its
// place with the files' blob: URLs once the host has answered. The element's text stays as written,
// and the sheet's other rules (inserted meanwhile too) stay as they are. The page's own styles come
// compiled (their files data: URLs) and are passed over by a scan of their text.

/**
 * Installs the style rule shims.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioRules(api) {
	var cssFiles = api.cssFiles;
	var sheetOf = api.sheetOf;
	var cssImports = api.cssImports;
	var watch = api.observe;
	var listening = api.listen;
	if (!cssFiles || !sheetOf || !cssImports || !watch || !listening) return;
	var observe = watch;
	var listen = listening;
	var withFiles = cssFiles;
	var importOf = sheetOf;
	var imports = cssImports;
	var siteUrl = api.siteUrl;
	var insert = CSSStyleSheet.prototype.insertRule;

	/**
	 * Puts `rule` of `owner` again in its place, its site files as blob: URLs, once they have come
	 * (unless it left its sheet meanwhile). A missing file's rule stays, and fails as on a host.
	 * @param {CSSStyleSheet | CSSGroupingRule} owner @param {CSSRule} rule
	 */
	function rewrite(owner, rule) {
		var imported = rule instanceof CSSImportRule ? siteUrl(rule.href) : null;
		var done = imported
			? importOf(imported).then(function (blob) {
					return blob && rule.cssText.replace(/^@import\s+url\([^)]*\)/, '@import url("' + blob + '")');
				})
			: withFiles(rule.cssText);
		if (done)
			done.then(function (text) {
				var at = Array.prototype.indexOf.call(owner.cssRules, rule);
				if (!text || at < 0) return;
				owner.deleteRule(at);
				if (owner instanceof CSSStyleSheet) insert.call(owner, text, at);
				else owner.insertRule(text, at);
			});
	}
	/** Every rule of `owner`, inside `@media` and `@supports` too. @param {CSSStyleSheet | CSSGroupingRule} owner */
	function rewriteAll(owner) {
		Array.prototype.forEach.call(owner.cssRules, function (/** @type {CSSRule} */ rule) {
			if (rule instanceof CSSGroupingRule) rewriteAll(rule);
			else rewrite(owner, rule);
		});
	}
	/** True when `css` names a site file, in an `@import` or a url() (those files are then asked for, once: the rewrite gets the same). @param {string} css */
	function namesFiles(css) {
		return imports(css) || withFiles(css) !== null;
	}
	/** A `<style>` added or written: its rules, when its text names a site file. @param {Element} el */
	function restyle(el) {
		var sheet = /** @type {HTMLStyleElement} */ (el).sheet;
		if (sheet && namesFiles(el.textContent || '')) rewriteAll(sheet);
	}
	// The browser's load of a site URL a style imports fails, as no server answers it; the rewrite
	// imports the file instead. Neither the reports (reports.js asks) nor the page hear of that failure.
	/** @param {Element} el */
	function answers(el) {
		return el.tagName === 'STYLE' && imports(el.textContent || '');
	}
	api.answers = answers;
	listen('error', function (event) {
		var el = /** @type {Element} */ (event.target);
		if (event.isTrusted && el && el.tagName && answers(el)) event.stopImmediatePropagation();
	});

	CSSStyleSheet.prototype.insertRule = function (/** @type {string} */ rule, /** @type {number | undefined} */ index) {
		var at = insert.call(this, rule, index);
		var made = this.cssRules[at];
		if (made && /url\(|@import/.test(String(rule))) rewrite(this, made);
		return at;
	};
	var replaceSync = CSSStyleSheet.prototype.replaceSync;
	CSSStyleSheet.prototype.replaceSync = function (/** @type {string} */ text) {
		replaceSync.call(this, text);
		if (namesFiles(String(text))) rewriteAll(this);
	};
	var replace = CSSStyleSheet.prototype.replace;
	CSSStyleSheet.prototype.replace = function (/** @type {string} */ text) {
		return replace.call(this, text).then(function (sheet) {
			if (namesFiles(String(text))) rewriteAll(sheet);
			return sheet;
		});
	};

	observe(
		function (records) {
			records.forEach(function (record) {
				var target = record.target;
				// A style's text written again: textContent, a text node appended or changed.
				var style = target.nodeName === 'STYLE' ? target : target.parentNode && target.parentNode.nodeName === 'STYLE' ? target.parentNode : null;
				if (style) return restyle(/** @type {Element} */ (style));
				record.addedNodes.forEach(function (node) {
					if (!(node instanceof Element)) return;
					if (node.tagName === 'STYLE') restyle(node);
					else if (node.firstElementChild) node.querySelectorAll('style').forEach(restyle);
				});
			});
		},
		{ childList: true, characterData: true, subtree: true }
	);
}
