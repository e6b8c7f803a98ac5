// @ts-check
// `new SharedWorker('w.js')` of the site's own files, as on a host. The sandbox's opaque origin may
// start no shared worker, and the preview shows one page: so the first SharedWorker of a script and
// name starts a worker of the site as workers.js starts one (its file, location, fetch, console and
// errors), and each SharedWorker of them passes it its port, which frame/worker-loader.js makes the
// worker's `connect` event. Every SharedWorker of the page then talks to that one worker, as the
// page's tabs would on a host.

/**
 * Installs the shared worker program (after workers.js, whose Worker it starts them with).
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioSharedWorkers(api) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	var SiteWorker = window.Worker;
	if (!SiteWorker || typeof MessageChannel !== 'function') return;
	/** The worker of each script URL and name, started by its first SharedWorker. @type {Map<string, Worker>} */
	var running = new Map();

	/** A SharedWorker: its `port` to the worker, and an `error` event when the worker cannot start. */
	class SharedWorker extends EventTarget {
		/**
		 * @param {string | URL} href
		 * @param {string | WorkerOptions} [options] its name, or options with it
		 */
		constructor(href, options) {
			super();
			var settings = typeof options === 'string' ? { name: options } : options || {};
			var found = api.resolve(href);
			var key = (found ? found.href : String(href)) + '\n' + (settings.name || '');
			var worker = running.get(key);
			if (!worker) {
				worker = /** @type {Worker} */ (new SiteWorker(href, settings));
				running.set(key, worker);
			}
			var channel = new MessageChannel();
			/** The port to the worker (start it, or set its onmessage, as a host's). */
			this.port = channel.port1;
			/** @type {((event: Event) => void) | null} */
			this.onerror = null;
			// Only a worker that cannot start (workers.js fires a plain Event): an error its code throws is
			// the worker's own, which a host's page never hears of as the SharedWorker's.
			worker.addEventListener('error', (event) => {
				if (event instanceof ErrorEvent) return;
				var error = new NativeEvent('error');
				this.dispatchEvent(error);
				if (typeof this.onerror === 'function') this.onerror(error);
			});
			worker.postMessage({ __studioConnect: true }, [channel.port2]);
		}
	}
	/** @type {any} */ (window).SharedWorker = SharedWorker;
}
