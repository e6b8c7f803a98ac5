// @ts-check
// `document.referrer` as on a host: the address of the page the visitor came from by a link, a form
// or a script's navigation (none for the studio's address field, an agent's navigation, the first
// page), kept by a reload and by Back and Forward (the host keeps it with the page's place in its
// history); a framed page's is the page that frames it. A srcdoc document's own is the studio's
// preview document. What a page gives the next one follows its referrer policy: a link's or a form's
// `rel="noreferrer"` or `referrerpolicy`, else the page's `<meta name="referrer">`; the default
// (strict-origin-when-cross-origin) gives a page of the same site the whole address, its fragment aside.

/**
 * Installs `document.referrer` and `api.referrerFrom`.
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioReferrer(api) {
	var own = typeof api.host.referrer === 'string' ? api.host.referrer : '';
	Object.defineProperty(Document.prototype, 'referrer', {
		configurable: true,
		enumerable: true,
		get: function () {
			return this === document ? own : '';
		}
	});
	/**
	 * What a policy (one of POLICIES, in lower case, or '') gives a page of the same site.
	 * @param {string} policy
	 */
	function given(policy) {
		var url = api.address();
		url.hash = '';
		switch (policy) {
			case 'no-referrer':
				return '';
			case 'origin':
			case 'strict-origin':
				return url.origin + '/';
			default:
				return url.href;
		}
	}
	/** The page's own policy: its last `<meta name="referrer">` with one that browsers know. */
	function pagePolicy() {
		var metas = document.querySelectorAll('meta[name="referrer" i]');
		for (var i = metas.length - 1; i >= 0; i--) {
			var content = /** @type {Element} */ (metas[i]).getAttribute('content') || '';
			var known = content.split(',').map(function (p) { return p.trim().toLowerCase(); }).filter(function (p) { return POLICIES.indexOf(p) >= 0; });
			if (known.length) return /** @type {string} */ (known[known.length - 1]);
		}
		return '';
	}
	var POLICIES = ['no-referrer', 'no-referrer-when-downgrade', 'origin', 'origin-when-cross-origin', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin', 'unsafe-url'];
	/**
	 * The referrer the next page gets from this one, going by `from` (a link, an area or a form; none:
	 * a script's navigation).
	 * @param {Element | null} [from]
	 */
	api.referrerFrom = function (from) {
		if (from && /(^|\s)noreferrer(\s|$)/i.test(from.getAttribute('rel') || '')) return '';
		var attribute = from ? (from.getAttribute('referrerpolicy') || '').trim().toLowerCase() : '';
		return given(POLICIES.indexOf(attribute) >= 0 ? attribute : pagePolicy());
	};
	/** The page's own referrer, which its reload keeps. */
	api.referrer = function () {
		return own;
	};
}
