// @ts-check
// What the sandbox keeps apart, said once: each document of the preview has an opaque origin of its
// own, a frame's too (one made by script, about:blank or srcdoc, as much as a page of the site), so a
// page cannot reach into its frame as on a host, where they share the site's origin. Editors that
// edit in a frame they make (TinyMCE) stop there with a SecurityError that names no cause; such an
// error is the preview's doing, which reports.js makes a warning (`api.keptApart`).

/**
 * Installs the console's one word on frames kept apart.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioApart(api) {
	var getAttribute = Element.prototype.getAttribute;
	var told = false;
	function tellApart() {
		if (told) return;
		told = true;
		console.warn("The preview keeps a frame's document apart from the page that made it (its sandbox gives each document an origin of its own), so a script cannot reach into the frame as on a host: contentDocument is null and contentWindow.document throws. An editor that edits inside a frame of its own, as TinyMCE does, does not run in the preview.");
	}
	var contentDocument = /** @type {(this: HTMLIFrameElement) => Document | null} */ (/** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentDocument')).get);
	Object.defineProperty(HTMLIFrameElement.prototype, 'contentDocument', {
		configurable: true,
		enumerable: true,
		get: function () {
			var doc = contentDocument.call(this);
			// A frame of another site's page is apart on a host too: only one that would be reachable there is said.
			var at = getAttribute.call(this, 'src');
			var url = at ? api.resolve(at) : null;
			if (doc === null && this.isConnected && (!at || /^about:blank$/i.test(at) || (url && url.origin === api.origin))) tellApart();
			return doc;
		}
	});
	/** Whether this page frames a page of another site (whose document a host keeps apart too). */
	function framesAnotherSite() {
		return Array.prototype.some.call(document.getElementsByTagName('iframe'), function (/** @type {Element} */ frame) {
			var url = api.resolve(getAttribute.call(frame, 'src') || '');
			return !!url && /^https?:$/.test(url.protocol) && url.origin !== api.origin;
		});
	}
	// One origin on a host, one per document here: the sandbox's refusal, unless the page frames another site.
	/** @param {unknown} message */
	function keptApart(message) {
		return /Blocked a frame with origin "null" from accessing a cross-origin frame/.test(String(message)) && !framesAnotherSite();
	}
	api.keptApart = keptApart;
	addEventListener('error', function (event) {
		if (keptApart(event.message)) tellApart();
	});
}
