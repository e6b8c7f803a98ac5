// @ts-check
// A file's answer as a static host sends it (nginx, GitHub Pages, Netlify): its type and length,
// `Accept-Ranges: bytes`, and for a GET with `Range: bytes=…` the part asked for, 206 Partial Content
// with `Content-Range` (416 past the file's end). Libraries that read a large file in parts depend on
// it: PMTiles maps, sql.js-httpvfs, pdf.js's range loading, PapaParse's chunked download. Several
// ranges in one request get the whole file, as a host may answer them.

/**
 * Installs `api.answered` and `api.response`, used by requests.js for fetch and XHR (and by a
 * worker's loader, worker-loader.js).
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioRanges(api) {
	/** @param {unknown} body */
	function bytesOf(body) {
		if (typeof body === 'string') return new TextEncoder().encode(body);
		return body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(0);
	}
	/** @param {unknown} body */
	function lengthOf(body) {
		if (typeof body === 'string') return new Blob([body]).size;
		return body instanceof ArrayBuffer ? body.byteLength : 0;
	}
	/**
	 * The first and last byte a `Range` header asks of `size` bytes ([] past the end, null when it asks
	 * for the whole file: none, several ranges, or one a host ignores).
	 * @param {string | null} range @param {number} size
	 * @returns {number[] | null}
	 */
	function part(range, size) {
		var asked = range ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range) : null;
		if (!asked || (asked[1] === '' && asked[2] === '')) return null;
		if (asked[1] === '') {
			var last = Number(asked[2]);
			return last === 0 || size === 0 ? [] : [Math.max(0, size - last), size - 1];
		}
		var first = Number(asked[1]);
		var end = asked[2] === '' ? size - 1 : Math.min(Number(asked[2]), size - 1);
		if (asked[2] !== '' && Number(asked[2]) < first) return null;
		return first >= size ? [] : [first, end];
	}
	/**
	 * The answer to the page: status, body and headers (lower-case names), for the request's method
	 * and `Range` header (a host answers a range of a GET alone).
	 * @param {Record<string, unknown>} answer @param {string} method @param {string | null} range
	 */
	function answered(answer, method, range) {
		if (String(method).toUpperCase() !== 'GET') range = null;
		var status = Number(answer.status) || 404;
		var statusText = String(answer.statusText || '');
		var body = answer.body;
		/** @type {Record<string, string>} */
		var headers = { 'content-type': String(answer.mimeType || 'application/octet-stream') };
		if (status === 200) {
			headers['accept-ranges'] = 'bytes';
			var bytes = range ? bytesOf(body) : null;
			var wanted = bytes ? part(range, bytes.length) : null;
			if (bytes && wanted && wanted.length === 0) {
				headers['content-range'] = 'bytes */' + bytes.length;
				return { status: 416, statusText: 'Range Not Satisfiable', body: '', headers: Object.assign(headers, { 'content-length': '0' }) };
			}
			if (bytes && wanted) {
				var first = Number(wanted[0]);
				var last = Number(wanted[1]);
				headers['content-range'] = 'bytes ' + first + '-' + last + '/' + bytes.length;
				body = bytes.slice(first, last + 1).buffer;
				status = 206;
				statusText = 'Partial Content';
			}
		}
		headers['content-length'] = String(lengthOf(body));
		/** @type {string | undefined} */
		var redirected = typeof answer.redirected === 'string' ? answer.redirected : undefined;
		return { status: status, statusText: statusText, body: body, headers: headers, redirected: redirected };
	}
	api.answered = answered;
	/**
	 * Where the answer to a request of `url` came from: `url`, or where a host's redirect led (a folder
	 * asked without its slash), with the query asked, as a host keeps it; without the fragment, as a
	 * response's URL is.
	 * @param {URL} url @param {string | undefined} redirected
	 */
	function finalUrl(url, redirected) {
		var next = new URL(redirected || url.href, url);
		next.search = url.search;
		next.hash = '';
		return next;
	}
	api.finalUrl = finalUrl;
	/**
	 * The Response to a fetch of `url`, from the file's answer: at the URL it came from (`redirected`
	 * when a host's redirect led there), with the headers a host sends (its length: a download's
	 * progress bar divides by it; HEAD asks for it alone).
	 * @param {Record<string, unknown>} answer @param {string} method @param {string | null} range @param {URL} url
	 */
	api.response = function (answer, method, range, url) {
		var reply = answered(answer, method, range);
		var empty = method === 'HEAD' || reply.status === 204 || reply.status === 304;
		var response = new Response(empty ? null : /** @type {BodyInit} */ (reply.body), { status: reply.status, statusText: reply.statusText, headers: reply.headers });
		Object.defineProperty(response, 'url', { value: finalUrl(url, reply.redirected).href });
		if (reply.redirected) Object.defineProperty(response, 'redirected', { value: true });
		return response;
	};
}
