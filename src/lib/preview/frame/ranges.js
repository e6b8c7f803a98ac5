// @ts-check
// A file's answer as a static host sends it (nginx, GitHub Pages, Netlify): its type and length,
// `Accept-Ranges: bytes`, and for a GET with `Range: bytes=…` the part asked for, 206 Partial Content
// with `Content-Range` (416 past the file's end). Libraries that read a large file in parts depend on
// it: PMTiles maps, sql.js-httpvfs, pdf.js's range loading, PapaParse's chunked download. Several
// ranges in one request get the whole file, as a host may answer them.

/**
 * Installs `api.answered`, used by requests.js for fetch and XHR.
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
	api.answered = function (answer, method, range) {
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
		return { status: status, statusText: statusText, body: body, headers: headers };
	};
}
