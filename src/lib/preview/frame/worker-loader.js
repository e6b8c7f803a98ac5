// @ts-check
// The loader every worker the site starts from its own files begins with (frame/workers.js makes it
// a blob: URL of this function's text: it runs inside the worker and uses nothing outside itself).
// It holds the page's messages until the worker's own code has run; the page's first message brings
// that code, with a port back to the page. In the worker, `location` is the worker's file on the
// site, `fetch` and XMLHttpRequest of a site URL and console lines go over the port, and
// `importScripts` evaluates the scripts the page gathered for it. A synchronous XMLHttpRequest cannot
// wait for the port: it reads the site files the page handed the worker ahead (frame/workers.js
// fetches those its messages name before they arrive). A shared worker of the page runs here too,
// its connections coming as connect events (frame/shared-workers.js).

/**
 * Runs first in a worker of the site: the page's first message carries the site URL, the port to
 * the page, and a classic worker's code with its imported scripts, or a module worker's entry.
 * @param {string} origin the site's virtual origin
 * @param {Required<Pick<StudioFrameApi, 'answered' | 'finalUrl' | 'response'>>} ranges a file's answer as a host sends it (ranges.js)
 * @param {typeof studioXhr} makeXhr the site's XMLHttpRequest class (xhr.js)
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWorkerLoader(origin, ranges, makeXhr) {
	var scope = /** @type {any} */ (self);
	var loader = String(scope.location.href);
	// The worker's own timer, before its code may replace it (zone.js does).
	var later = scope.setTimeout.bind(scope);
	/** @type {MessageEvent[] | null} */
	var held = [];
	var started = false;
	/** Site files the page handed ahead, by path: a synchronous XMLHttpRequest's answers. @type {Record<string, Record<string, unknown>>} */
	var files = {};
	scope.addEventListener(
		'message',
		function (/** @type {MessageEvent} */ event) {
			var data = event.data;
			if (data && typeof data === 'object' && data.__studioFiles && typeof data.__studioFiles === 'object') {
				event.stopImmediatePropagation();
				Object.assign(files, data.__studioFiles);
				return;
			}
			// A page's SharedWorker of this worker (shared-workers.js): its port, as a connect event.
			if (data && typeof data === 'object' && data.__studioConnect && event.ports[0]) {
				event.stopImmediatePropagation();
				if (held) held.push(event);
				else connect(event);
				return;
			}
			if (!held) return;
			event.stopImmediatePropagation();
			if (!started && data && typeof data === 'object' && data.__studioWorker && event.ports[0]) {
				started = true;
				start(data.__studioWorker, event.ports[0]);
			} else held.push(event);
		},
		true
	);
	// The page's messages, in order, to the worker's own listeners, now that its code has set them.
	function release() {
		var events = held || [];
		held = null;
		events.forEach(function (event) {
			if (event.data && event.data.__studioConnect) connect(event);
			else scope.dispatchEvent(new MessageEvent('message', { data: event.data, ports: event.ports.slice() }));
		});
	}
	/**
	 * A shared worker's `connect`, with the page's port: to its listeners and its `onconnect`, as a
	 * shared worker's global scope fires it (this dedicated one has no such handler of its own).
	 * @param {MessageEvent} event
	 */
	function connect(event) {
		var connected = new MessageEvent('connect', { data: '', ports: event.ports.slice() });
		scope.dispatchEvent(connected);
		if (typeof scope.onconnect === 'function') scope.onconnect.call(scope, connected);
	}

	/** @param {Record<string, any>} init @param {MessagePort} port */
	function start(init, port) {
		var site = new URL(init.href);
		/** @type {Record<number, (answer: Record<string, unknown>) => void>} */
		var waiting = {};
		var nextId = 1;
		var lines = 0;
		port.onmessage = function (event) {
			var done = waiting[event.data.id];
			delete waiting[event.data.id];
			if (done) done(event.data.answer);
		};
		// The worker's code that called: the first stack frame that is not this loader's.
		function caller() {
			var stack = String(new Error().stack || '').split('\n');
			for (var i = 1; i < stack.length; i++) {
				var m = /\(?((?:blob:|https?:)?[^()\s]*?):(\d+):\d+\)?\s*$/.exec(stack[i] || '');
				if (m && m[1] && m[1] !== loader) return { source: m[1], line: Number(m[2]) };
			}
			return { source: '', line: 0 };
		}

		var location = {};
		['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].forEach(function (key) {
			/** @type {any} */ (location)[key] = /** @type {any} */ (site)[key];
		});
		/** @type {any} */ (location).toString = function () {
			return site.href;
		};
		Object.defineProperty(scope, 'location', { configurable: true, enumerable: true, get: () => location });
		// The compiler points a module's `location` at the page's (compiler/location.ts): in a worker, its own.
		scope.__studioLocation = location;
		// …and the holder of any other `.location`, which in a worker needs nothing: its own location is the site's.
		scope.__studioHolder = function (/** @type {unknown} */ object) {
			return object;
		};

		/**
		 * A site file, asked of the page over the port.
		 * @param {URL} url @param {string} method
		 * @returns {Promise<Record<string, any>>}
		 */
		function ask(url, method) {
			var from = caller();
			return new Promise(function (resolve) {
				var id = nextId++;
				waiting[id] = resolve;
				port.postMessage({ type: 'ask', id: id, path: url.pathname, method: method, source: from.source, line: from.line });
			});
		}
		scope.XMLHttpRequest = makeXhr(scope.XMLHttpRequest, {
			target: function (href) {
				var url = new URL(String(href), site);
				return url.origin === origin ? { url: url, local: null } : null;
			},
			ask: function (url, method) {
				return ask(url, method);
			},
			answered: ranges.answered,
			finalUrl: ranges.finalUrl,
			now: function (url, method) {
				var file = files[decodeURIComponent(url.pathname.slice(1))];
				if (file || method !== 'GET') return file || null;
				console.warn('The preview answers a synchronous request of a site file in a worker only for a file the page named in a message to it: ' + url.href);
				return null;
			}
		});

		var nativeFetch = scope.fetch;
		scope.fetch = function (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ options) {
			var url;
			try {
				url = new URL(input instanceof Request ? input.url : String(input), site);
			} catch {
				return nativeFetch.call(scope, input, options);
			}
			if (url.origin !== origin) return nativeFetch.call(scope, input, options);
			var method = String((options && options.method) || (input instanceof Request ? input.method : 'GET')).toUpperCase();
			var target = url;
			/** @type {string | null} */
			var range = null;
			try {
				range = new Headers((options && options.headers) || (input instanceof Request ? input.headers : undefined)).get('range');
			} catch {
				// Headers the browser refuses: the whole file is asked for.
			}
			return ask(target, method).then(function (answer) {
				return ranges.response(answer, method, range, target);
			});
		};

		var scripts = init.scripts || {};
		var nativeImport = scope.importScripts;
		scope.importScripts = function () {
			for (var i = 0; i < arguments.length; i++) {
				var url = new URL(String(arguments[i]), site);
				if (url.origin !== origin) {
					nativeImport.call(scope, url.href);
					continue;
				}
				var path = decodeURIComponent(url.pathname.slice(1));
				if (typeof scripts[path] !== 'string' || !scripts[path]) throw new DOMException("Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '" + url.href + "' failed to load.", 'NetworkError');
				(0, eval)(scripts[path] + '\n//# sourceURL=' + path);
			}
		};

		// A computed import() in a worker module (the compiler's resolver, compiler/prologue.ts): a file of the site is its module's blob: URL.
		var modules = init.modules || {};
		scope.__studioImport = function (/** @type {unknown} */ spec, /** @type {string} */ from) {
			var written = String(spec);
			if (!/^(?:\.{1,2}\/|\/)/.test(written) && written.indexOf(origin + '/') !== 0) return written;
			var url = new URL(written, origin + '/' + from.split('/').map(encodeURIComponent).join('/'));
			return (url.origin === origin && modules[init.virtual + decodeURIComponent(url.pathname.slice(1))]) || written;
		};

		['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
			var original = console[/** @type {'log'} */ (level)];
			console[/** @type {'log'} */ (level)] = function () {
				var args = Array.prototype.slice.call(arguments, 0, 20);
				// The page caps what it shows; a worker that logs without end stops being heard sooner.
				if (lines++ < 1000) {
					try {
						port.postMessage({ type: 'console', level: level, args: args });
					} catch {
						port.postMessage({ type: 'console', level: level, args: args.map(String) });
					}
				}
				return original.apply(console, /** @type {any} */ (arguments));
			};
		});

		if (typeof init.code === 'string') {
			try {
				(0, eval)(init.code);
			} finally {
				// As a browser delivers the messages a worker was sent before it ran: in a task after its
				// script and the promises it settled (webpack's start loads its chunks in a `.then`, where
				// Comlink's `expose` sets the listener Docusaurus's search worker answers on).
				later(release, 0);
			}
			return;
		}
		import(init.entry).then(release, function (error) {
			release();
			// Reported from where the module threw (its file and line), not from here.
			scope.reportError(error);
		});
	}
}
