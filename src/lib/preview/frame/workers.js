// @ts-check
// Workers the site starts from its own files (`new Worker('worker.js')`, `new Worker(new URL(
// './worker.js', import.meta.url), { type: 'module' })`), run as on a static host. The site's URL is
// no server's, so each starts from a loader (workerLoader, below) that holds the page's messages
// until the worker's code has run. A classic worker's code comes from the host with the scripts its
// importScripts() names; a module worker's modules are built from the sources the compiler put in
// the document (its imports pointed at blob: URLs: a worker reads no import map), or from the file
// as it is when the compiler did not see the worker start. Inside, the worker's location is its file
// on the site, its fetch() of a site URL is answered from the workspace over a port, and its console
// lines come here, to the page's console.

/**
 * Installs the worker program.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWorkers(api) {
	var NativeWorker = window.Worker;
	var ask = api.ask;
	if (!NativeWorker || !ask) return;
	var fileOf = ask;
	var origin = api.origin;
	// compiler/compiler.ts VIRTUAL_ORIGIN: what the compiler names the workspace's modules by.
	var MODULES = 'https://workspace.invalid/';
	var loaderUrl = URL.createObjectURL(new Blob(['(' + workerLoader + ')(' + JSON.stringify(origin) + ');'], { type: 'text/javascript' }));
	/** The workspace path of each worker module's blob: URL (errors and stacks name the file). @type {Record<string, string>} */
	var names = /** @type {any} */ (window).__studioModulePaths || {};
	/** @param {unknown} body */
	function text(body) {
		return typeof body === 'string' ? body : body instanceof ArrayBuffer ? new TextDecoder().decode(body) : '';
	}
	/** @param {URL} url */
	function pathOf(url) {
		return decodeURIComponent(url.pathname.slice(1));
	}
	/**
	 * Where a worker's line is, in workspace terms: a module's blob: URL is its file, an evaluated script is named by its sourceURL.
	 * @param {string} url @param {number} line
	 */
	function where(url, line) {
		return { source: names[url] || (url.indexOf(origin) === 0 ? url.slice(origin.length + 1) : url), line: line };
	}
	/** @param {string} source @param {string} path */
	function moduleUrl(source, path) {
		var url = URL.createObjectURL(new Blob([source + '\n//# sourceURL=' + path], { type: 'text/javascript' }));
		names[url] = path;
		return url;
	}

	/**
	 * The blob: URLs of a module and of every module it imports, from the document's sources: each
	 * made after its imports, whose URLs replace the compiler's virtual ones in its text. A cycle has
	 * no such order, and throws.
	 * @param {Record<string, string>} sources @param {string} entry
	 */
	function build(sources, entry) {
		/** @type {Record<string, string>} */
		var urls = {};
		var computed = false;
		/**
		 * @param {string} key @param {string[]} stack
		 * @returns {string}
		 */
		function make(key, stack) {
			var known = urls[key];
			if (known) return known;
			if (stack.indexOf(key) >= 0) throw new Error('The worker’s modules import each other in a cycle (' + stack.concat(key).map(nameOf).join(' → ') + '), which the preview cannot start a worker from');
			stack.push(key);
			/** @type {string} */
			var source = String(sources[key]).replace(/(["'])(https?:\/\/[^"'\s]+)\1/g, function (/** @type {string} */ whole, /** @type {string} */ quote, /** @type {string} */ url) {
				return url !== key && typeof sources[url] === 'string' ? quote + make(url, stack) + quote : whole;
			});
			stack.pop();
			if (source.indexOf('__studioImport(') >= 0) computed = true;
			return (urls[key] = moduleUrl(source, nameOf(key)));
		}
		var made = make(entry, []);
		// A computed import() may ask for any module: the worker then gets them all.
		if (computed)
			Object.keys(sources).forEach(function (key) {
				try {
					make(key, []);
				} catch {
					// A module in a cycle the worker may never import.
				}
			});
		return { entry: made, modules: urls };
	}
	/** @param {string} key */
	function nameOf(key) {
		return key.indexOf(MODULES) === 0 ? key.slice(MODULES.length) : key;
	}

	/**
	 * What the worker's loader needs to start it: a module worker's entry (and its modules), a classic
	 * one's code with the scripts its importScripts() names; null when the file is missing.
	 * @param {URL} url @param {boolean} isModule @param {{ source: string, line: number }} at
	 * @returns {Promise<Record<string, unknown> | null>}
	 */
	function prepare(url, isModule, at) {
		var path = pathOf(url);
		var sources = /** @type {Record<string, string> | undefined} */ (/** @type {any} */ (window).__studioModuleSources);
		if (isModule && sources && typeof sources[MODULES + path] === 'string') {
			var built = build(sources, MODULES + path);
			return Promise.resolve({ entry: built.entry, modules: built.modules, virtual: MODULES });
		}
		return fileOf(url, 'GET', at).then(function (answer) {
			if (Number(answer.status) !== 200) return null;
			var code = text(answer.body);
			if (isModule) return { entry: moduleUrl(code, path), modules: {}, virtual: MODULES };
			/** @type {Record<string, string>} */
			var scripts = {};
			return scriptsOf(code, url, scripts, 0).then(function () {
				return { code: code + '\n//# sourceURL=' + path, scripts: scripts };
			});
		});
	}

	/**
	 * The site's scripts a classic worker's code names in importScripts('…') (relative to the worker's
	 * own URL, as the browser resolves them), and theirs in turn, into `scripts` by path.
	 * @param {string} code @param {URL} worker @param {Record<string, string>} scripts @param {number} depth
	 * @returns {Promise<unknown>}
	 */
	function scriptsOf(code, worker, scripts, depth) {
		/** @type {URL[]} */
		var wanted = [];
		if (depth < 4)
			code.replace(/\bimportScripts\s*\(([^)]*)\)/g, function (call, args) {
				String(args).replace(/(['"`])([^'"`\n]+)\1/g, function (literal, quote, ref) {
					var url = new URL(ref, worker);
					if (url.origin === origin && !(pathOf(url) in scripts)) {
						scripts[pathOf(url)] = '';
						wanted.push(url);
					}
					return literal;
				});
				return call;
			});
		return Promise.all(
			wanted.map(function (url) {
				return fileOf(url, 'GET', { source: pathOf(worker), line: 0 }).then(function (answer) {
					if (Number(answer.status) !== 200) return void delete scripts[pathOf(url)];
					scripts[pathOf(url)] = text(answer.body);
					return scriptsOf(text(answer.body), worker, scripts, depth + 1);
				});
			})
		);
	}

	/**
	 * What a worker asks of the page over its port: a site file (answered from the workspace), or a console line.
	 * @param {MessagePort} port @param {any} data
	 */
	function serve(port, data) {
		if (!data || typeof data !== 'object') return;
		if (data.type === 'ask') {
			fileOf(new URL(String(data.path), origin), String(data.method), where(String(data.source), Number(data.line) || 0)).then(function (answer) {
				port.postMessage({ id: data.id, answer: answer });
			});
		} else if (data.type === 'console' && Array.isArray(data.args)) {
			var level = /** @type {'log'} */ (['log', 'info', 'warn', 'error', 'debug'].indexOf(data.level) >= 0 ? data.level : 'log');
			console[level].apply(console, data.args);
		}
	}

	/**
	 * `new Worker(url, options)`: a site URL starts from the loader, every other URL as the browser does.
	 * @param {string | URL} href @param {WorkerOptions} [options]
	 */
	function Worker(href, options) {
		var found = api.resolve(href);
		if (!found || found.origin !== origin) return new NativeWorker(href, options);
		var url = found;
		var worker = new NativeWorker(loaderUrl, options && options.name ? { name: options.name } : {});
		var channel = new MessageChannel();
		channel.port1.onmessage = function (event) {
			serve(channel.port1, event.data);
		};
		var at = api.caller();
		var started;
		try {
			started = prepare(url, !!options && options.type === 'module', at);
		} catch (error) {
			started = Promise.reject(error);
		}
		started.then(
			function (init) {
				// A missing file: the host reported it where the worker was made; the worker fails, as on a host.
				if (!init) {
					worker.terminate();
					worker.dispatchEvent(new Event('error'));
					return;
				}
				init.href = url.href;
				worker.postMessage({ __studioWorker: init }, [channel.port2]);
			},
			function (/** @type {Error} */ error) {
				api.send({ type: 'error', message: String(error && error.message), source: at.source, line: at.line, column: 0 });
				worker.terminate();
			}
		);
		return worker;
	}
	Worker.prototype = NativeWorker.prototype;
	window.Worker = /** @type {any} */ (Worker);

	/**
	 * The loader every worker of the site starts from (stringified into it: it uses nothing outside
	 * itself). It holds the page's messages until the worker's own code has run, and runs that code on
	 * the page's first message, which carries it: the site URL, the port to the page, and a classic
	 * worker's code with its imported scripts, or a module worker's entry.
	 * @param {string} origin the site's virtual origin
	 */
	function workerLoader(origin) {
		var scope = /** @type {any} */ (self);
		var loader = String(scope.location.href);
		/** @type {MessageEvent[] | null} */
		var held = [];
		var started = false;
		scope.addEventListener(
			'message',
			function (/** @type {MessageEvent} */ event) {
				if (!held) return;
				event.stopImmediatePropagation();
				var data = event.data;
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
				scope.dispatchEvent(new MessageEvent('message', { data: event.data, ports: event.ports.slice() }));
			});
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
				var from = caller();
				var target = url;
				return new Promise(function (resolve) {
					var id = nextId++;
					waiting[id] = resolve;
					port.postMessage({ type: 'ask', id: id, path: target.pathname, method: method, source: from.source, line: from.line });
				}).then(function (/** @type {Record<string, any>} */ answer) {
					var status = Number(answer.status) || 404;
					var empty = method === 'HEAD' || status === 204 || status === 304;
					var response = new Response(empty ? null : answer.body, { status: status, statusText: String(answer.statusText || ''), headers: { 'content-type': String(answer.mimeType || 'application/octet-stream') } });
					Object.defineProperty(response, 'url', { value: target.href });
					return response;
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
					release();
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
}
