// @ts-check
// XMLHttpRequest for the site's own files, one class for the page (requests.js) and its workers
// (worker-loader.js, which gets this function's text: it uses nothing outside itself). A site URL
// is no server's: its file is asked of the host and answered as a host answers it (status, type,
// headers, ranges), with the events a browser fires; every other URL is the browser's. A synchronous
// request (a worker's, as PapaParse's and Emscripten's make them; a page's, as old loaders and
// jQuery's `async: false` make them) is answered from the files the worker was handed ahead, or the
// page's document carries (`now`); where there is none the browser's own network error is thrown.

/**
 * The XMLHttpRequest class over `NativeXHR`.
 * @param {typeof XMLHttpRequest} NativeXHR
 * @param {StudioXhrSource} from
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioXhr(NativeXHR, from) {
	/** The browser's Event, as the frame started: MooTools 1.2–1.4 replace the global with their own. */
	var NativeEvent = Event;
	/** @param {unknown} body */
	function text(body) {
		if (typeof body === 'string') return body;
		if (body instanceof ArrayBuffer) return new TextDecoder().decode(body);
		return '';
	}

	/** @typedef {{ url: URL, local: Promise<Record<string, unknown>> | null, method: string, sync: boolean, readyState: number, status: number, statusText: string, mimeType: string, body: unknown, accept: string, range: string | null, headers: Record<string, string>, doc?: Document | null }} XhrState */


	/** XMLHttpRequest that answers site URLs from the workspace and leaves every other to the browser. */
	class StudioXHR extends NativeXHR {
		constructor() {
			super();
			/** @type {XhrState | null} */
			this.studio = null;
			/** The MIME type the page said to read the answer as (`overrideMimeType('text/xml')`). @type {string | null} */
			this.overridden = null;
		}
		/**
		 * @param {string} mime
		 * @override
		 */
		overrideMimeType(mime) {
			this.overridden = String(mime);
			return super.overrideMimeType(mime);
		}
		/**
		 * The answer as a document, as a browser makes it: an XML one for an XML type (null when it is
		 * not well-formed: DOMParser's document then holds a `parsererror`, in the XHTML namespace in
		 * Chromium, Mozilla's in Firefox), an HTML one only when the page asked for a document; made once.
		 * @param {XhrState} state @param {boolean} html
		 * @returns {Document | null}
		 */
		#document(state, html) {
			if (state.doc !== undefined) return state.doc;
			var mime = String((this.overridden || state.mimeType).split(';')[0]).trim().toLowerCase();
			var xml = /^(?:text|application)\/xml$|\+xml$/.test(mime);
			// A worker has no DOMParser (and its XHR no document), as in a browser.
			if (typeof DOMParser !== 'function' || (!xml && !(html && mime === 'text/html'))) return (state.doc = null);
			var doc = new DOMParser().parseFromString(text(state.body), xml ? 'application/xml' : 'text/html');
			return (state.doc = xml && doc.getElementsByTagNameNS('*', 'parsererror').length > 0 ? null : doc);
		}
		/**
		 * What old AJAX code reads an XML file as (`xhr.responseXML.getElementsByTagName('item')`).
		 * @override
		 */
		get responseXML() {
			var state = this.studio;
			if (!state) return super.responseXML;
			var type = this.responseType;
			if (type !== '' && type !== 'document') throw new DOMException("Failed to read the 'responseXML' property from 'XMLHttpRequest': The value is only accessible if the object's 'responseType' is '' or 'document' (was '" + type + "').", 'InvalidStateError');
			return state.readyState === 4 ? this.#document(state, type === 'document') : null;
		}
		/**
		 * @param {string} method
		 * @param {string | URL} href
		 * @param {...any} rest
		 * @override
		 */
		open(method, href, ...rest) {
			var target = from.target(href);
			if (!target) {
				this.studio = null;
				return /** @type {any} */ (super.open)(method, href, ...rest);
			}
			this.studio = { url: target.url, local: target.local, method: String(method).toUpperCase(), sync: rest.length > 0 && !rest[0], readyState: 1, status: 0, statusText: '', mimeType: '', body: null, accept: '', range: null, headers: {} };
			this.dispatchEvent(new NativeEvent('readystatechange'));
		}
		/**
		 * @param {any} [body]
		 * @override
		 */
		send(body) {
			var state = this.studio;
			if (!state) return super.send(body);
			if (state.sync && from.now && !state.local) {
				var answer = from.now(state.url, state.method);
				if (!answer) throw new DOMException("Failed to execute 'send' on 'XMLHttpRequest': Failed to load '" + state.url.href + "'.", 'NetworkError');
				return this.#settle(state, answer);
			}
			var asked = state;
			// An asynchronous request starts as send returns, as a host's does.
			this.dispatchEvent(new ProgressEvent('loadstart', { loaded: 0, total: 0 }));
			if (this.studio !== state) return;
			(state.local || from.ask(state.url, state.method, state.accept)).then((/** @type {Record<string, unknown>} */ answer) => this.#settle(asked, answer));
		}
		/**
		 * The file's answer arrived: the response a host sends, then its progress, state and load.
		 * @param {XhrState} state @param {Record<string, unknown>} answer
		 */
		#settle(state, answer) {
			if (this.studio !== state) return;
			var reply = from.answered(answer, state.method, state.local ? null : state.range);
			state.status = reply.status;
			state.statusText = reply.statusText;
			state.headers = reply.headers;
			state.mimeType = reply.headers['content-type'] || '';
			state.body = state.method === 'HEAD' ? '' : reply.body;
			// responseURL: where a host's redirect led (a folder asked without its slash).
			state.url = from.finalUrl(state.url, reply.redirected);
			// As a host's answer arrives: its headers (2), its body loading (3) with its progress, the
			// length it sent, then done (4) and the load. A synchronous one hears done only.
			var size = Number(reply.headers['content-length']);
			var progress = { lengthComputable: true, loaded: size, total: size };
			if (!state.sync)
				for (var step = 2; step <= 3; step++) {
					state.readyState = step;
					this.dispatchEvent(new NativeEvent('readystatechange'));
					// Aborted or opened again by its handler: this answer is no one's now.
					if (this.studio !== state) return;
				}
			if (!state.sync) this.dispatchEvent(new ProgressEvent('progress', progress));
			state.readyState = 4;
			this.dispatchEvent(new NativeEvent('readystatechange'));
			this.dispatchEvent(new ProgressEvent('load', progress));
			this.dispatchEvent(new ProgressEvent('loadend', progress));
		}
		/** @override */
		abort() {
			if (!this.studio) return super.abort();
			this.studio = null;
			this.dispatchEvent(new ProgressEvent('abort'));
		}
		/**
		 * @param {string} name @param {string} value
		 * @override
		 */
		setRequestHeader(name, value) {
			if (!this.studio) return super.setRequestHeader(name, value);
			var header = String(name).toLowerCase();
			if (header === 'accept') this.studio.accept += (this.studio.accept ? ', ' : '') + String(value);
			else if (header === 'range') this.studio.range = String(value);
		}
		/**
		 * @param {string} name
		 * @override
		 */
		getResponseHeader(name) {
			if (!this.studio) return super.getResponseHeader(name);
			if (this.studio.readyState !== 4) return null;
			var value = this.studio.headers[String(name).toLowerCase()];
			return value === undefined ? null : value;
		}
		/** @override */
		getAllResponseHeaders() {
			var state = this.studio;
			if (!state) return super.getAllResponseHeaders();
			if (state.readyState !== 4) return '';
			var headers = state.headers;
			return Object.keys(headers)
				.sort()
				.map(function (name) {
					return name + ': ' + headers[name] + '\r\n';
				})
				.join('');
		}
		/** @override */
		get readyState() {
			return this.studio ? this.studio.readyState : super.readyState;
		}
		/** @override */
		get status() {
			return this.studio ? this.studio.status : super.status;
		}
		/** @override */
		get statusText() {
			return this.studio ? this.studio.statusText : super.statusText;
		}
		/** @override */
		get responseURL() {
			return this.studio ? this.studio.url.href : super.responseURL;
		}
		/** @override */
		get responseText() {
			if (!this.studio) return super.responseText;
			// The whole answer arrives in one piece: loading (3), its text is all there.
			return this.studio.readyState >= 3 ? text(this.studio.body) : '';
		}
		/** @override */
		get response() {
			var state = this.studio;
			if (!state) return super.response;
			if (state.readyState !== 4) return this.responseType === '' || this.responseType === 'text' ? '' : null;
			var type = this.responseType;
			if (type === 'json') {
				try {
					return JSON.parse(text(state.body));
				} catch {
					return null;
				}
			}
			if (type === 'arraybuffer') return typeof state.body === 'string' ? new TextEncoder().encode(state.body).buffer : state.body;
			if (type === 'blob') return new Blob([/** @type {BlobPart} */ (state.body)], { type: state.mimeType });
			if (type === 'document') return this.#document(state, true);
			return text(state.body);
		}
	}
	return StudioXHR;
}
