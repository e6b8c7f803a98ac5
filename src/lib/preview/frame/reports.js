// @ts-check
// What the page reports to the studio, as a browser's devtools would show it: uncaught errors (a
// script's, a file that did not load, a rejection nobody handled) at their workspace file and line,
// requests the preview's policy refused, and console lines, each value described as one bounded line.
// The page's dialogs (alert, confirm, prompt, print) show only in answer to the person. The bridge
// (bridge.js) caps and posts the lines.

/**
 * Installs the reports.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioReports(api) {
	var L = api.limits;
	// shadows.js is installed first, in every page the bridge starts.
	var listen = /** @type {NonNullable<StudioFrameApi['listen']>} */ (api.listen);
	/** Console calls passed on to the devtools console (past the caps, a few more, then none). */
	var native = 0;
	var MAX = L.lineChars - 40; // room for the "… (N chars)" suffix within one line
	/**
	 * A value as one line of text, bounded in depth, length and cycles.
	 * @param {unknown} value
	 * @param {number} depth
	 * @param {unknown[]} seen
	 * @returns {string}
	 */
	function describe(value, depth, seen) {
		var t = typeof value;
		if (value === null || value === undefined) return String(value);
		if (typeof value === 'string') return value.length > MAX ? value.slice(0, MAX) + '… (' + value.length + ' chars)' : value;
		if (t === 'number' || t === 'boolean' || t === 'bigint') return String(value);
		if (typeof value === 'function') return 'ƒ ' + (value.name || 'anonymous') + '()';
		if (typeof value === 'symbol') return value.toString();
		if (value instanceof Error) return value.name + ': ' + value.message;
		if (typeof Node !== 'undefined' && value instanceof Node) return '<' + String(value.nodeName || 'node').toLowerCase() + '>';
		if (seen.indexOf(value) >= 0) return '[circular]';
		if (depth > 3) return Array.isArray(value) ? '[…]' : '{…}';
		seen.push(value);
		try {
			if (Array.isArray(value))
				return (
					'[' +
					value
						.slice(0, 50)
						.map(function (v) {
							return describe(v, depth + 1, seen);
						})
						.join(', ') +
					(value.length > 50 ? ', …' : '') +
					']'
				);
			var object = /** @type {Record<string, unknown>} */ (value);
			var keys = Object.keys(object).slice(0, 50);
			return (
				'{' +
				keys
					.map(function (k) {
						return k + ': ' + describe(object[k], depth + 1, seen);
					})
					.join(', ') +
				'}'
			);
		} catch {
			return '[unreadable]';
		} finally {
			seen.pop();
		}
	}

	/**
	 * A written URL resolved against the page's virtual URL (itself when it cannot be).
	 * @param {string} href
	 */
	function resolvedHref(href) {
		try {
			return new URL(href, document.baseURI).href;
		} catch {
			return href;
		}
	}

	/**
	 * The other site's stylesheet a `<style>` element imports (a theme's web font from a CDN), which is
	 * what failed when the element fires error: null when it imports none.
	 * @param {Element} el
	 */
	function importOf(el) {
		if (el.tagName !== 'STYLE') return null;
		try {
			var sheet = /** @type {HTMLStyleElement} */ (el).sheet;
			var rules = sheet ? sheet.cssRules : [];
			for (var i = 0; i < rules.length; i++) {
				var rule = rules[i];
				if (rule instanceof CSSImportRule && /^https?:/.test(rule.href) && rule.href.indexOf(api.origin) !== 0) return rule.href;
			}
		} catch {
			// A sheet that cannot be read names nothing.
		}
		return null;
	}

	// On the window and in each shadow root (a component's image fails there, unheard by the window).
	listen(
		'error',
		function (event) {
			var el = /** @type {Element | null} */ (event.target && event.target !== window ? event.target : null);
			if (el && el.tagName) {
				// A reference the compiler could not resolve names the file it wanted and where it was asked for.
				var missing = el.getAttribute('data-missing');
				var at = missing ? String(el.getAttribute('data-missing-at') || '').split(':') : [];
				if (missing) return api.send({ type: 'error', message: 'Missing file: ' + missing + ' is not in the workspace', source: at[0] || '', line: Number(at[1]) || 0, column: 0 });
				// An <object> that fails shows its fallback content, which is the page's to decide; and
				// Chromium fires error now and then at one whose document did load, as a render replaces another.
				if (el.tagName === 'OBJECT') return;
				// A link the styles program pointed at its file's blob: URL: the failed load is the one it replaced (styles.js).
				if (el.tagName === 'LINK' && el.hasAttribute('data-studio-relinked')) return;
				// A style's import of a site file, which the rules program imports itself (rules.js).
				if (api.answers && api.answers(el)) return;
				// An SVG element's href is an animated string: its written value, resolved as the page means it.
				var svgHref = /** @type {any} */ (el).href && /** @type {any} */ (el).href.baseVal;
				var url = /** @type {any} */ (el).currentSrc || /** @type {any} */ (el).src || (typeof svgHref === 'string' ? resolvedHref(svgHref) : /** @type {any} */ (el).href) || importOf(el) || el.tagName.toLowerCase();
				if (String(url).indexOf(api.origin) === 0) return; // the request programs answer it from the workspace
				// Another site's file that did not load: the network is off or the host is down, not the page's fault.
				if (/^https?:/.test(String(url))) return api.send({ type: 'warning', message: 'Could not load ' + url + ' (offline, or its server did not answer)', source: '', line: 0, column: 0 });
				return api.send({ type: 'error', message: 'Failed to load ' + url, source: '', line: 0, column: 0 });
			}
			var e = /** @type {ErrorEvent} */ (event);
			// Chromium's word that a ResizeObserver's callback resized what it watches (a slide deck's
			// scaler, a chart's): dispatched to the page, but no error of its code, and a host's console
			// does not show it.
			if (/^ResizeObserver loop /.test(String(e.message))) return;
			var loc = api.where(e.filename, e.lineno || 0);
			// A page of the site reaching into another of its windows (Doxygen's search results call
			// `parent.searchBox.CloseResultsWindow()`): the preview's doing, not the page's (apart.js).
			var apart = !!api.keptApart && api.keptApart(e.message);
			api.send({ type: apart ? 'warning' : 'error', message: (apart ? 'On a host this works; the preview keeps each of the site\'s frames apart from the others (its sandbox gives each document an origin of its own): ' : '') + String(e.message || 'Script error'), source: loc.source, line: loc.line, column: e.colno || 0 });
		}
	);
	// The preview's policy (connect-src: no server) refused a request: a warning, with the line that made it.
	document.addEventListener('securitypolicyviolation', function (event) {
		if (event.effectiveDirective !== 'connect-src') return;
		var loc = api.where(event.sourceFile, event.lineNumber || 0);
		api.send({ type: 'warning', message: 'Blocked a network request to ' + (event.blockedURI || 'a URL') + ': the preview has no network access. Allow it with the globe button on the preview bar.', source: loc.source, line: loc.line, column: event.columnNumber || 0, network: true });
	});
	window.addEventListener('unhandledrejection', function (event) {
		var reason = event.reason;
		api.send({ type: 'error', message: 'Unhandled rejection: ' + (reason && reason.message ? reason.message : describe(reason, 0, [])), source: '', line: 0, column: 0 });
	});
	['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
		var c = /** @type {Record<string, (...args: unknown[]) => void>} */ (/** @type {unknown} */ (console));
		var found = c[level];
		if (!found) return;
		var original = found;
		c[level] = function () {
			// Past the caps a line is dropped here and also skipped in the devtools console: 10^5 native
			// console calls cost seconds of devtools plumbing, enough to time a render out.
			if (!api.admit('console')) {
				if (native++ < 2 * L.consolePerRender) original.apply(console, /** @type {any} */ (arguments));
				return;
			}
			native++;
			var args = [];
			for (var i = 0; i < arguments.length && i < 20; i++) args.push(describe(arguments[i], 0, []));
			api.send({ type: 'console', level: level, args: args });
			return original.apply(console, /** @type {any} */ (arguments));
		};
	});
	// A page's dialogs (the frame has allow-modals) show as on a host when they answer the person: a
	// click or a key in the page within the browser's activation window, the rule browsers apply to a
	// popup. The studio runs the page again on every edit, so a dialog at its load would take the
	// focus from the editor each time; and a loop of them ends with the activation (about 5 s), where
	// one at load would lock the studio's tab. The others become console lines, the first of a page
	// also a note on the preview bar; confirm() answers Cancel, prompt() null.
	var activation = navigator.userActivation;
	var gesture = -Infinity;
	if (!activation)
		['pointerdown', 'keydown'].forEach(function (type) {
			window.addEventListener(type, function (event) { if (event.isTrusted) gesture = Date.now(); }, true);
		});
	var noted = false;
	/**
	 * @param {'alert' | 'confirm' | 'prompt' | 'print'} name
	 * @param {unknown} answer
	 * @param {string} answered how the page was answered, in words
	 */
	function modal(name, answer, answered) {
		var own = /** @type {Function} */ (window[name]);
		return function (/** @type {unknown} */ message) {
			if (activation ? activation.isActive : Date.now() - gesture < 5000) return own.apply(window, arguments);
			var call = name + '(' + (name === 'print' || message === undefined ? '' : JSON.stringify(describe(message, 0, []))) + ')';
			api.send({ type: 'console', level: 'warn', args: [call + ' not shown' + answered + ': the preview shows a dialog only in answer to a click or a key in the page'] });
			if (!noted) {
				noted = true;
				var at = api.caller();
				api.send({ type: 'warning', message: 'The page\'s ' + call + ' was not shown' + answered + ': the preview shows a page\'s dialogs only in answer to a click or a key in it, not as it loads.', source: at.source, line: at.line, column: 0 });
			}
			return answer;
		};
	}
	window.alert = /** @type {any} */ (modal('alert', undefined, ''));
	window.confirm = /** @type {any} */ (modal('confirm', false, ' (answered Cancel)'));
	window.prompt = /** @type {any} */ (modal('prompt', null, ' (answered Cancel)'));
	window.print = /** @type {any} */ (modal('print', undefined, ''));
}
