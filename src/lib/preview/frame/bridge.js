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
 * @param {{ limits: import('../limits').PreviewLimits, origin: string, fileMark: string, writtenMark: string }} config
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
		hostData.cookies = link.cookies;
		hostData.referrer = link.referrer;
	}
	var nonce = framed ? String(link.token || '') : me.getAttribute('data-nonce') || '';
	var root = me.hasAttribute('data-root');
	// A framed page's prologue puts its <base> first, a <base> of the page's own resolved when it has one.
	var based = me.hasAttribute('data-based') || (framed && !document.querySelector('base[data-studio-base]'));
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
	var stringify = JSON.stringify;
	var now = Date.now;

	/**
	 * Posts one message. A literal defines its properties: no setter a page put on Object.prototype
	 * runs, so the nonce reaches only postMessage.
	 * @param {Record<string, unknown>} m
	 * @param {number} [id]
	 */
	function raw(m, id) {
		var out = { type: m.type, nonce: nonce, revision: revision, studioChild: framed ? 1 : undefined, frame: m.frame, to: m.to, level: m.level, args: m.args, message: m.message, source: m.source, line: m.line, column: m.column, id: id, path: m.path, fragment: m.fragment, search: m.search, replace: m.replace, area: m.area, changes: m.changes, clear: m.clear, method: m.method, url: m.url, element: m.element, refused: m.refused, tag: m.tag, at: m.at, before: m.before, after: m.after, captureId: m.captureId, data: m.data, width: m.width, height: m.height, error: m.error, missing: m.missing, refresh: m.refresh, network: m.network, kept: m.kept, probe: m.probe, as: m.as, direction: m.direction, referrer: m.referrer };
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

	// Capture, and first: a page's own load listener cannot stop this one, and a synthetic load
	// (dispatchEvent) is not the browser's.
	// While the page loads, a beat twice a second says it is alive: a slow page (a big theme on a busy
	// phone) gets more time than the deadline, an endless loop beats no more and is stopped. The first
	// goes now, before any of the page's code: a frame that never sent it never ran (a page before it,
	// stuck in its own code, holds the renderer process it was given), which the host tries again afresh.
	if (!framed) raw({ type: 'alive' });
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

	/** @type {StudioKept} */
	var kept = hostData.kept || {};
	// The page's address, its route and the URLs it means come next (address.js), from what the
	// compiler said on this tag.
	/** @type {Omit<StudioFrameApi, 'page' | 'address' | 'start' | 'route' | 'resolve' | 'siteUrl'>} */
	var api = {
		origin: config.origin,
		fileMark: config.fileMark,
		writtenMark: config.writtenMark,
		host: hostData,
		tag: { root: root, based: based },
		keep: function (part) {
			kept = Object.assign({}, kept, part);
			send({ type: 'keep', kept: kept });
		},
		send: send,
		admit: admit,
		limits: L,
		where: where,
		caller: caller,
		request: ask,
		on: function (type, fn) {
			(handlers[type] = handlers[type] || []).push(fn);
		},
		framed: framed,
		depth: framed ? Number(link.depth) || 1 : 0,
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
		flush: function () {
			beforeReady.forEach(function (fn) {
				fn();
			});
		},
		/** @param {Promise<unknown>} promise */
		hold: function (promise) {
			holds.push(promise);
		}
	};
	return /** @type {StudioFrameApi} */ (api);
}
