// @ts-check
// Workers the site starts from its own files (`new Worker('worker.js')`, `new Worker(new URL(
// './worker.js', import.meta.url), { type: 'module' })`), run as on a static host. The site's URL is
// no server's, so each starts from a loader (frame/worker-loader.js) that holds the page's messages
// until the worker's code has run. A classic worker's code comes from the host with the scripts its
// importScripts() names; a module worker's modules are built from the sources the compiler put in
// the document (its imports pointed at blob: URLs: a worker reads no import map), or from the file
// as it is when the compiler did not see the worker start. Inside, the worker's location is its file
// on the site, its fetch() of a site URL is answered from the workspace over a port, and its console
// lines come here, to the page's console; its XMLHttpRequest is the page's class (xhr.js), and a
// synchronous one reads the site files the page's messages to it named, fetched before they go. A
// classic worker the page starts from a blob: or data:
// URL of its own making starts from the loader too: its code may name site URLs (Ace's
// `importScripts('https://…/worker.js')`, made from its script's src), which load as on a host.

/**
 * Installs the worker program.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioWorkers(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	var NativeWorker = window.Worker;
	var ask = api.ask;
	if (!NativeWorker || !ask) return;
	var fileOf = ask;
	var origin = api.origin;
	// compiler/compiler.ts VIRTUAL_ORIGIN: what the compiler names the workspace's modules by.
	var MODULES = 'https://workspace.invalid/';
	// The page's own URL.createObjectURL is in-page.js's, which keeps each Blob: the frame's own blob: URLs are not the page's.
	var objectUrl = api.objectUrl || URL.createObjectURL;
	var inPage = api.inPage || function () {
		return null;
	};
	// The worker answers its fetches as the page does: ranges.js's functions, run in the worker.
	var answers = '(function () { var api = {}; (' + studioRanges + ')(api); return api; })()';
	var loaderUrl = objectUrl.call(URL, new Blob(['(' + studioWorkerLoader + ')(' + JSON.stringify(origin) + ', ' + answers + ', ' + studioXhr + ');'], { type: 'text/javascript' }));
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
		var url = objectUrl.call(URL, new Blob([source + '\n//# sourceURL=' + path], { type: 'text/javascript' }));
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
			return classic(code, url, path);
		});
	}
	/**
	 * A classic worker's start: its code, named `name` in errors, with the scripts it imports.
	 * @param {string} code @param {URL} url @param {string} name
	 * @returns {Promise<Record<string, unknown>>}
	 */
	function classic(code, url, name) {
		/** @type {Record<string, string>} */
		var scripts = {};
		return scriptsOf(code, url, scripts, 0).then(function () {
			return { code: code + '\n//# sourceURL=' + name, scripts: scripts };
		});
	}
	/**
	 * The code of a classic worker started from a blob: or data: URL the page made (it may name site
	 * URLs: Ace's `importScripts('https://…/worker.js')`, made from its script's src); null for any
	 * other URL, which the browser starts (in-page.js reads them: the page's CSP refuses them to XHR).
	 * @param {URL} url
	 * @returns {Promise<string> | null}
	 */
	function madeCode(url) {
		var read = inPage(url.href);
		return read
			? read.then(function (answer) {
					return new TextDecoder().decode(answer.body);
				})
			: null;
	}

	/** A string literal in a worker's code that names a script file (`'lunr.js'`, `"../vendor/x.js"`). */
	var SCRIPT_LITERAL = /(['"`])((?:\.{0,2}\/)?[\w@%+~-][\w@%+~./-]*\.js)\1/g;
	/** importScripts called with what the code holds elsewhere: `importScripts.apply(null, urls)`, `importScripts(base + name)`. */
	var COMPUTED_IMPORT = /\bimportScripts\s*(?:\.\s*(?:apply|call)\b|\(\s*(?!['"`)]))/;
	/**
	 * The site's scripts a classic worker's code names in importScripts('…') (relative to the worker's
	 * own URL, as the browser resolves them), and theirs in turn, into `scripts` by path. A worker
	 * that computes what it imports (MkDocs's search worker: `importScripts.apply(null, urls)` over
	 * `['lunr.js', …]`) may ask for any script its code names, or a chunk webpack's runtime names
	 * (webpack-chunks.js): those are asked as probes, a missing one no error of the page's, at most 16
	 * named and 32 in all a worker. Its importScripts is synchronous: what was not gathered before it
	 * started cannot load.
	 * @param {string} code @param {URL} worker @param {Record<string, string>} scripts @param {number} depth
	 * @returns {Promise<unknown>}
	 */
	function scriptsOf(code, worker, scripts, depth) {
		/** @type {{ url: URL, probe: boolean }[]} */
		var wanted = [];
		/** @param {string} ref @param {boolean} probe */
		var want = function (ref, probe) {
			var url = null;
			try {
				url = new URL(ref, worker);
			} catch {
				// A relative URL in a worker made from a blob: or data: URL: the browser fails it too.
			}
			if (url && url.origin === origin && !(pathOf(url) in scripts)) {
				scripts[pathOf(url)] = '';
				wanted.push({ url: url, probe: probe });
			}
		};
		if (depth < 4) {
			var computed = COMPUTED_IMPORT.test(code);
			code.replace(/\bimportScripts\s*\(([^)]*)\)/g, function (call, args) {
				String(args).replace(/(['"`])([^'"`\n]+)\1/g, function (literal, quote, ref) {
					// A template its code fills in as it runs (Material for MkDocs's `${e}/min/lunr.${n}.min.js`,
					// asked only for other languages): no name to ask for, so its code is searched as a computed import's.
					if (quote === '`' && ref.indexOf('${') >= 0) computed = true;
					else want(ref, false);
					return literal;
				});
				return call;
			});
			if (computed) {
				var named = 0;
				code.replace(SCRIPT_LITERAL, function (literal, quote, ref) {
					if (named++ < 16) want(ref, true);
					return literal;
				});
				studioWebpackChunks(code).forEach(function (ref) {
					if (named++ < 32) want(ref, true);
				});
			}
		}
		return Promise.all(
			wanted.map(function (one) {
				var url = one.url;
				return fileOf(url, 'GET', { source: worker.origin === origin ? pathOf(worker) : '', line: 0 }, one.probe).then(function (answer) {
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

	/** A string of a message that names a site file: an address on the site, or a file's relative path. */
	var FILE_NAME = /^(?:\.{0,2}\/)?[\w@%+~-][\w@%+~./-]*\.[A-Za-z0-9]{1,8}(?:[?#][^\s]*)?$/;
	/**
	 * The site files a message to a worker names (itself, or a value in it, one level down; at most
	 * 8), resolved against the worker's URL: a synchronous request in the worker can only read a file
	 * it was handed ahead (PapaParse's worker, told the CSV's URL, reads it so).
	 * @param {unknown} message @param {URL} base
	 */
	function namedFiles(message, base) {
		/** @type {URL[]} */
		var found = [];
		/** @param {unknown} value @param {number} depth */
		var look = function (value, depth) {
			if (found.length >= 8) return;
			if (typeof value === 'string') {
				if (value.length > 2048 || (value.indexOf(origin + '/') !== 0 && !FILE_NAME.test(value))) return;
				try {
					var url = new URL(value, base);
					if (url.origin === origin && !found.some((known) => known.pathname === url.pathname)) found.push(url);
				} catch {
					// Not a URL against this worker's (a relative one in a worker made from a blob: URL).
				}
			} else if (depth < 2 && value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
				Object.keys(value).forEach((key) => look(/** @type {Record<string, unknown>} */ (value)[key], depth + 1));
			} else if (depth < 2 && Array.isArray(value)) value.slice(0, 32).forEach((item) => look(item, depth + 1));
		};
		look(message, 0);
		return found;
	}
	/**
	 * The worker's postMessage: a message naming site files goes once they are fetched, after the
	 * files, and every message after it waits its turn (their order is the page's).
	 * @param {Worker} worker @param {URL} base
	 */
	function handAhead(worker, base) {
		var post = worker.postMessage;
		/** @type {Promise<unknown> | null} */
		var queue = null;
		var behind = 0;
		Object.defineProperty(worker, 'postMessage', {
			configurable: true,
			writable: true,
			value: function () {
				var args = arguments;
				var named = namedFiles(args[0], base);
				if (!named.length && !behind) return post.apply(worker, /** @type {any} */ (args));
				var at = api.caller();
				var files = Promise.all(
					named.map(function (url) {
						return fileOf(url, 'GET', at, true).then(
							(answer) => [pathOf(url), answer],
							() => null
						);
					})
				);
				behind++;
				queue = (queue || Promise.resolve())
					.then(() => files)
					.then(function (pairs) {
						/** @type {Record<string, unknown>} */
						var found = {};
						pairs.forEach((pair) => pair && Number(/** @type {any} */ (pair[1]).status) === 200 && (found[/** @type {string} */ (pair[0])] = pair[1]));
						if (Object.keys(found).length) post.call(worker, { __studioFiles: found });
						post.apply(worker, /** @type {any} */ (args));
					})
					.catch(() => undefined)
					.then(() => void behind--);
			}
		});
	}

	/**
	 * `new Worker(url, options)`: a site URL starts from the loader, every other URL as the browser does.
	 * @param {string | URL} href @param {WorkerOptions} [options]
	 */
	function Worker(href, options) {
		var found = api.resolve(href);
		var isModule = !!options && options.type === 'module';
		var made = found && found.origin !== origin && !isModule ? madeCode(found) : null;
		if (!found || (found.origin !== origin && !made)) return new NativeWorker(href, options);
		var url = found;
		var worker = new NativeWorker(loaderUrl, options && options.name ? { name: options.name } : {});
		handAhead(worker, url);
		var channel = new MessageChannel();
		channel.port1.onmessage = function (event) {
			serve(channel.port1, event.data);
		};
		var at = api.caller();
		var started;
		try {
			started = made
				? made.then(function (code) {
						return classic(code, url, at.source + ' (worker)');
					})
				: prepare(url, isModule, at);
		} catch (error) {
			started = Promise.reject(error);
		}
		started.then(
			function (init) {
				// A missing file: the host reported it where the worker was made; the worker fails, as on a host.
				if (!init) {
					worker.terminate();
					worker.dispatchEvent(new NativeEvent('error'));
					return;
				}
				init.href = url.href;
				// Past the page's messages held for their files: the loader holds those until this one.
				NativeWorker.prototype.postMessage.call(worker, { __studioWorker: init }, { transfer: [channel.port2] });
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
}
