// @ts-check
// URLs a page reads without the network: a data: URL, and a blob: URL it made itself. A host's page
// fetches both; the preview's `connect-src 'none'` would refuse them (Shoelace fetches its system
// icons from data: URLs), so the page's fetch and XMLHttpRequest (requests.js) answer them here. The
// Blob behind each blob: URL the page made is kept for as long as the URL lives, and a worker started
// from one reads it there (workers.js).

/**
 * Installs the page's own URLs.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioInPage(api) {
	var objectUrl = URL.createObjectURL;
	var revokeUrl = URL.revokeObjectURL;
	/**
	 * The Blob behind each blob: URL the page made and has not revoked (the browser keeps those alive
	 * anyway): read for the page's fetch of it, and for a worker started from it even when the page
	 * revokes it at once (workers.js).
	 * @type {Map<string, Blob>}
	 */
	var made = new Map();
	URL.createObjectURL = function (/** @type {Blob | MediaSource} */ object) {
		var url = objectUrl.call(URL, object);
		if (object instanceof Blob) made.set(url, object);
		return url;
	};
	URL.revokeObjectURL = function (/** @type {string} */ url) {
		made.delete(String(url));
		return revokeUrl.call(URL, url);
	};

	/**
	 * The answer for a data: URL, or a blob: URL the page made, which a host reads without the network
	 * and the page's `connect-src 'none'` would refuse (Shoelace fetches its system icons from data:
	 * URLs); null for any other URL.
	 * @param {unknown} href
	 * @returns {Promise<{ status: number, statusText: string, mimeType: string, body: ArrayBuffer }> | null}
	 */
	function inPage(href) {
		// A fragment is no part of what is read.
		var text = String(href).replace(/#[^]*$/, '');
		var blob = /^data:/i.test(text) ? fromData(text) : /^blob:/i.test(text) ? made.get(text) : undefined;
		if (!blob) return null;
		var type = blob.type;
		return blob.arrayBuffer().then(function (body) {
			return { status: 200, statusText: 'OK', mimeType: type, body: body };
		});
	}
	/**
	 * A data: URL's bytes and type, as the fetch standard reads one (percent-decoded, then base64 when
	 * it says so); null when it has no comma.
	 * @param {string} href
	 */
	function fromData(href) {
		var comma = href.indexOf(',');
		if (comma < 0) return null;
		var meta = href.slice(5, comma);
		var body = href.slice(comma + 1);
		// Most bodies have no escape to decode (base64 never needs one): read as they are.
		var data = body.indexOf('%') < 0 ? new TextEncoder().encode(body) : percentDecoded(body);
		if (/;\s*base64\s*$/i.test(meta)) {
			// A photo's base64 is hundreds of thousands of characters: made text in slices, not one call's arguments.
			var text = '';
			for (var at = 0; at < data.length; at += 0x8000) text += String.fromCharCode.apply(null, Array.from(data.subarray(at, at + 0x8000)));
			var binary = atob(text.replace(/\s/g, ''));
			data = new Uint8Array(binary.length);
			for (var i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
		}
		var type = meta.replace(/;\s*base64\s*$/i, '').trim();
		return new Blob([data], { type: type && type.charAt(0) !== ';' ? type : 'text/plain;charset=US-ASCII' });
	}
	/**
	 * The bytes of a data: URL's body, its `%XX` escapes decoded.
	 * @param {string} body
	 */
	function percentDecoded(body) {
		var encoded = new TextEncoder().encode(body);
		var bytes = new Uint8Array(encoded.length);
		var length = 0;
		for (var i = 0; i < encoded.length; i++) {
			var byte = Number(encoded[i]);
			var hex = byte === 37 ? String.fromCharCode(Number(encoded[i + 1]), Number(encoded[i + 2])) : '';
			if (/^[0-9a-f]{2}$/i.test(hex)) {
				bytes[length++] = parseInt(hex, 16);
				i += 2;
			} else bytes[length++] = byte;
		}
		return bytes.subarray(0, length);
	}

	api.objectUrl = objectUrl;
	api.inPage = inPage;
	api.dataBlob = function (href) {
		return fromData(String(href).replace(/#[^]*$/, ''));
	};
}
