// @ts-check
// The bridge's core, the first program of every preview document (compiled before any byte of the
// page). It reads this render's nonce and the host's per-render data from its own tag and removes
// the tag before the page's first script can run; it posts ready / error / warning / console
// messages tagged with revision and nonce, capped and rate-limited, and gives the other frame
// programs (navigation, storage, requests) one way to talk to the host. A page the site shows in a
// frame of its own runs the same programs, framed: its messages go to its parent's bridge, which
// relays them (requests, console lines, errors) or hands them to its programs (navigations, storage);
// its acknowledgement is its parent's. Plain browser JavaScript, type-checked; bridge.ts joins the
// frame programs into the one script the compiler injects.

/**
 * Starts the bridge; returns what the other frame programs use.
 * @param {{ limits: import('../limits').PreviewLimits, origin: string }} config
 * @returns {StudioFrameApi}
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioBridge(config) {
	var me = /** @type {HTMLScriptElement} */ (document.currentScript);
	var framed = me.hasAttribute('data-framed');
	var revision = Number(me.getAttribute('data-revision'));
	/** @type {StudioHostData} */
	var hostData = read('data-host');
	// A framed page's token and storage, filled in by its parent's frame program as it loaded the frame.
	var link = framed ? read('data-storage') : {};
	if (framed) {
		hostData.local = link.local;
		hostData.session = link.session;
	}
	var nonce = framed ? String(link.token || '') : me.getAttribute('data-nonce') || '';
	me.remove();
	/**
	 * An attribute of this tag as JSON (an empty object when it is not).
	 * @param {string} name
	 * @returns {Record<string, any>}
	 */
	function read(name) {
		try {
			return JSON.parse(me.getAttribute(name) || '{}') || {};
		} catch {
			return {};
		}
	}
	// The studio is the parent of the preview document that holds this frame (preview/host.ts); a framed
	// page's messages go to the site's page that frames it.
	var studio = framed ? window.parent : window.parent.parent;
	var post = studio.postMessage.bind(studio);
	var L = config.limits;
	var sent = { console: 0, error: 0, chars: 0 };
	var dropped = 0;
	var windowStart = 0;
	var inWindow = 0;
	var native = 0;
	var stringify = JSON.stringify;
	var now = Date.now;

	/**
	 * Posts one message. A literal defines its properties: no setter a page put on Object.prototype
	 * runs, so the nonce reaches only postMessage.
	 * @param {Record<string, unknown>} m
	 * @param {number} [id]
	 */
	function raw(m, id) {
		var out = { type: m.type, nonce: nonce, revision: revision, studioChild: framed ? 1 : undefined, frame: m.frame, to: m.to, level: m.level, args: m.args, message: m.message, source: m.source, line: m.line, column: m.column, id: id, path: m.path, fragment: m.fragment, search: m.search, replace: m.replace, area: m.area, changes: m.changes, clear: m.clear, method: m.method, url: m.url, element: m.element, refused: m.refused, tag: m.tag, at: m.at, before: m.before, after: m.after, captureId: m.captureId, data: m.data, width: m.width, height: m.height, error: m.error, missing: m.missing, refresh: m.refresh };
		try {
			post(out, '*');
		} catch {
			/* the studio is gone */
		}
	}
	/**
	 * True when one more message of this kind may go now; otherwise it is counted as dropped. Checked
	 * before a message is even described, so a flood costs the page almost nothing.
	 * @param {string} kind
	 */
	function admit(kind) {
		var t = now();
		if (t - windowStart >= 1000) {
			windowStart = t;
			inWindow = 0;
		}
		if (inWindow >= L.messagesPerSecond || sent.chars >= L.charsPerRender || (kind === 'console' ? sent.console >= L.consolePerRender : sent.error >= L.errorsPerRender)) {
			dropped++;
			return false;
		}
		return true;
	}
	/** @param {Record<string, unknown>} message */
	function send(message) {
		var kind = String(message.type);
		if (kind !== 'console' && kind !== 'error' && kind !== 'warning') return raw(message);
		if (!admit(kind)) return;
		inWindow++;
		sent.chars += stringify(message.args || message.message || '').length;
		sent[kind === 'console' ? 'console' : 'error']++;
		raw(message);
	}
	setInterval(function () {
		if (!dropped || sent.console >= L.consolePerRender) return;
		var n = dropped;
		dropped = 0;
		sent.console++;
		raw({ type: 'console', level: 'warn', args: [n + ' more console messages or errors were not shown (the page sends too many).'] });
	}, 1000);

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

	/** @type {{ paths: string[], segments: [number, number, number][] }} */
	var lineMap = { paths: [], segments: [] };
	try {
		lineMap = JSON.parse(me.getAttribute('data-lines') || '') || lineMap;
	} catch {
		/* no map: locations stay the document's */
	}
	/**
	 * The workspace file and line of a line of this document (compile.ts maps every output line).
	 * @param {number} line
	 */
	function fromDocument(line) {
		var found = null;
		for (var i = 0; i < lineMap.segments.length; i++) {
			var segment = lineMap.segments[i];
			if (!segment || segment[0] > line) break;
			found = segment;
		}
		var path = found ? lineMap.paths[found[1]] : '';
		return found && path ? { source: path, line: found[2] + line - found[0] } : null;
	}
	/**
	 * A location in the workspace for one the browser reported. Module blob URLs name their file; a
	 * srcdoc document reports lines of inline code — the page's, and mostly those of inlined classic
	 * scripts even when their sourceURL names the file — as lines of the document, which the map turns
	 * back into file and line. A stack frame counts lines of the script itself.
	 * @param {string | undefined} url
	 * @param {number} line
	 * @param {boolean} [fromStack]
	 * @returns {{ source: string, line: number }}
	 */
	function where(url, line, fromStack) {
		var map = /** @type {Record<string, string>} */ (/** @type {any} */ (window).__studioModulePaths || {});
		if (url && map[url]) return { source: map[url], line: line };
		if (!url || url.indexOf('about:') === 0) return fromDocument(line) || { source: '', line: line };
		if (!fromStack && lineMap.paths.indexOf(url) > 0) {
			// Chromium counts an error's line in an inlined script named by its sourceURL from the
			// document's top, or for some scripts (a theme's, seen deferred to DOMContentLoaded) from the
			// script's own first line: a document line that the map does not put in that file is the file's.
			var inDocument = fromDocument(line);
			return inDocument && inDocument.source === url ? inDocument : { source: url, line: line };
		}
		if (url.indexOf(config.origin) === 0) return { source: url.slice(config.origin.length + 1), line: line };
		return { source: url, line: line };
	}
	/**
	 * Where the page's code that called into a shim is: the first stack frame outside the bridge.
	 * @returns {{ source: string, line: number }}
	 */
	function caller() {
		var stack = String(new Error().stack || '').split('\n');
		for (var i = 1; i < stack.length; i++) {
			var m = /\(?((?:blob:|about:|https?:)?[^()\s]*?):(\d+):\d+\)?\s*$/.exec(stack[i] || '');
			if (!m || !m[1]) continue;
			var at = where(m[1], Number(m[2]), true);
			if (at.source) return at;
		}
		return { source: '', line: 0 };
	}

	/** @type {Record<string, ((message: Record<string, unknown>) => void)[]>} */
	var handlers = {};
	/** @type {Record<number, (message: Record<string, unknown>) => void>} */
	var waiting = {};
	var nextId = 1;
	// Messages from the host carry this render's nonce, which no page script can know; the page's own
	// listeners never see them. (Their source is the window whose code posted them: the studio's, also
	// for the preview in a new window, which is not this frame's ancestor.)
	window.addEventListener(
		'message',
		function (event) {
			var data = event.data;
			if (!data || typeof data !== 'object' || data.studioFrame !== nonce || !nonce) return;
			event.stopImmediatePropagation();
			if (typeof data.id === 'number' && waiting[data.id]) {
				var done = waiting[data.id];
				delete waiting[data.id];
				if (done) done(data);
				return;
			}
			(handlers[data.type] || []).forEach(function (fn) {
				fn(data);
			});
		},
		true
	);

	window.addEventListener(
		'error',
		function (event) {
			var el = /** @type {Element | null} */ (event.target && event.target !== window ? event.target : null);
			if (el && el.tagName) {
				// A reference the compiler could not resolve names the file it wanted and where it was asked for.
				var missing = el.getAttribute('data-missing');
				var at = missing ? String(el.getAttribute('data-missing-at') || '').split(':') : [];
				if (missing) return send({ type: 'error', message: 'Missing file: ' + missing + ' is not in the workspace', source: at[0] || '', line: Number(at[1]) || 0, column: 0 });
				// An <object> that fails shows its fallback content, which is the page's to decide; and
				// Chromium fires error now and then at one whose document did load, as a render replaces another.
				if (el.tagName === 'OBJECT') return;
				// An SVG element's href is an animated string: its written value, resolved as the page means it.
				var svgHref = /** @type {any} */ (el).href && /** @type {any} */ (el).href.baseVal;
				var url = /** @type {any} */ (el).currentSrc || /** @type {any} */ (el).src || (typeof svgHref === 'string' ? resolvedHref(svgHref) : /** @type {any} */ (el).href) || el.tagName.toLowerCase();
				if (String(url).indexOf(config.origin) === 0) return; // the request programs answer it from the workspace
				// Another site's file that did not load: the network is off or the host is down, not the page's fault.
				if (/^https?:/.test(String(url))) return send({ type: 'warning', message: 'Could not load ' + url + ' (offline, or its server did not answer)', source: '', line: 0, column: 0 });
				return send({ type: 'error', message: 'Failed to load ' + url, source: '', line: 0, column: 0 });
			}
			var e = /** @type {ErrorEvent} */ (event);
			var loc = where(e.filename, e.lineno || 0);
			send({ type: 'error', message: String(e.message || 'Script error'), source: loc.source, line: loc.line, column: e.colno || 0 });
		},
		true
	);
	// The preview's policy (connect-src 'none') refused a request: a warning, with the line that made it.
	document.addEventListener('securitypolicyviolation', function (event) {
		if (event.effectiveDirective !== 'connect-src') return;
		var loc = where(event.sourceFile, event.lineNumber || 0);
		send({ type: 'warning', message: 'Blocked a network request to ' + (event.blockedURI || 'a URL') + ': the preview has no network access. Allow it with the globe button on the preview bar.', source: loc.source, line: loc.line, column: event.columnNumber || 0 });
	});
	window.addEventListener('unhandledrejection', function (event) {
		var reason = event.reason;
		send({ type: 'error', message: 'Unhandled rejection: ' + (reason && reason.message ? reason.message : describe(reason, 0, [])), source: '', line: 0, column: 0 });
	});
	['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
		var c = /** @type {Record<string, (...args: unknown[]) => void>} */ (/** @type {unknown} */ (console));
		var found = c[level];
		if (!found) return;
		var original = found;
		c[level] = function () {
			// Past the caps a line is dropped here and also skipped in the devtools console: 10^5 native
			// console calls cost seconds of devtools plumbing, enough to time a render out.
			if (!admit('console')) {
				if (native++ < 2 * L.consolePerRender) original.apply(console, /** @type {any} */ (arguments));
				return;
			}
			native++;
			var args = [];
			for (var i = 0; i < arguments.length && i < 20; i++) args.push(describe(arguments[i], 0, []));
			send({ type: 'console', level: level, args: args });
			return original.apply(console, /** @type {any} */ (arguments));
		};
	});
	/**
	 * The frame has no allow-modals: a looping alert() would lock the studio; it becomes a console line.
	 * @param {string} name
	 * @param {unknown} answer
	 */
	function modal(name, answer) {
		return function (/** @type {unknown} */ message) {
			send({ type: 'console', level: 'warn', args: [name + '(): ' + describe(message === undefined ? '' : message, 0, [])] });
			return answer;
		};
	}
	window.alert = /** @type {any} */ (modal('alert', undefined));
	window.confirm = /** @type {any} */ (modal('confirm', false));
	window.prompt = /** @type {any} */ (modal('prompt', null));
	window.print = function () {};
	// Capture, and first: a page's own load listener cannot stop this one, and a synthetic load
	// (dispatchEvent) is not the browser's.
	// While the page loads, a beat twice a second says it is alive: a slow page (a big theme on a busy
	// phone) gets more time than the deadline, an endless loop beats no more and is stopped.
	var beat = framed
		? 0
		: setInterval(function () {
				raw({ type: 'alive' });
			}, 500);
	/** @type {(() => void)[]} */
	var beforeReady = [];
	/** What the acknowledgement waits for besides the page's load: the site's own pages in its frames (frames.js). */
	/** @type {Promise<unknown>[]} */
	var holds = [];
	window.addEventListener(
		'load',
		function (event) {
			if (!event.isTrusted) return;
			Promise.all(holds).then(function () {
				clearInterval(beat);
				// What the page wrote while loading goes first: the host renders the next revision from it.
				beforeReady.forEach(function (fn) {
					fn();
				});
				if (!framed) send({ type: 'ready' });
			});
		},
		true
	);

	/**
	 * Asks the host (a framed page: its parent, which asks on) and resolves with its answer.
	 * @param {Record<string, unknown>} message
	 * @returns {Promise<Record<string, unknown>>}
	 */
	function ask(message) {
		var id = nextId++;
		return new Promise(function (resolve) {
			waiting[id] = resolve;
			raw(message, id);
		});
	}

	/** @type {Record<string, ((message: Record<string, unknown>, frame: HTMLIFrameElement) => void)[]>} */
	var childHandlers = {};

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

	/** The page's own path ("/about.html"). */
	function page() {
		try {
			return new URL(document.baseURI).pathname;
		} catch {
			return '/';
		}
	}

	return {
		origin: config.origin,
		host: hostData,
		page: page,
		/**
		 * A URL as the page means it (relative to its virtual URL), or null. A srcdoc document's own
		 * location is about:srcdoc (its pathname "srcdoc"): a URL built from it means this page.
		 * @param {unknown} href
		 */
		resolve: function (href) {
			try {
				var url = new URL(String(href), document.baseURI);
				if (url.protocol === 'about:' && url.pathname === 'srcdoc') return new URL(page() + url.search + url.hash, config.origin);
				if (url.origin === config.origin && url.pathname === '/srcdoc') url.pathname = page();
				return url;
			} catch {
				return null;
			}
		},
		send: send,
		caller: caller,
		request: ask,
		on: function (type, fn) {
			(handlers[type] = handlers[type] || []).push(fn);
		},
		framed: framed,
		onChild: function (type, fn) {
			(childHandlers[type] = childHandlers[type] || []).push(fn);
		},
		fromChild: function (message, frame) {
			(childHandlers[String(message.type)] || []).forEach(function (fn) {
				fn(message, frame);
			});
		},
		/** @param {() => void} fn */
		beforeReady: function (fn) {
			beforeReady.push(fn);
		},
		/** @param {Promise<unknown>} promise */
		hold: function (promise) {
			holds.push(promise);
		}
	};
}
