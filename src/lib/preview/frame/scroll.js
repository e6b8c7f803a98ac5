// @ts-check
// Where the page is scrolled, kept across the studio's renders of it, as a browser's reload keeps it:
// the page tells its host where it is (a few times a second at most, as it scrolls), and a new
// revision or a refresh of the same page is scrolled back there once parsed, and again once loaded
// (its images and fonts laid out) unless something else moved it meanwhile. Not where the page
// manages its own scrolling (history.scrollRestoration = 'manual') or was opened at a fragment.

/**
 * Installs the scroll keeping (not in a page framed by the site: its frame is part of the page).
 * @param {StudioFrameApi} api
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioScroll(api) {
	if (api.framed) return;
	/** Trailing report: the position the scrolling ended at, not every step of it. */
	var timer = /** @type {ReturnType<typeof setTimeout> | null} */ (null);
	window.addEventListener(
		'scroll',
		function () {
			if (timer) return;
			timer = setTimeout(function () {
				timer = null;
				api.keep({ scroll: [Math.round(window.scrollX), Math.round(window.scrollY)] });
			}, 150);
		},
		{ passive: true }
	);
	var at = api.host.kept && api.host.kept.scroll;
	if (!at || (api.host.fragment && api.host.fragment.length > 1)) return;
	var x = at[0];
	var y = at[1];
	/** Where this program left the page (at first, the top): a page found elsewhere was moved by something else. */
	var left = [0, 0];
	function restore() {
		if (history.scrollRestoration === 'manual') return;
		if (Math.round(window.scrollX) !== left[0] || Math.round(window.scrollY) !== left[1]) return;
		window.scrollTo(x, y);
		left = [Math.round(window.scrollX), Math.round(window.scrollY)];
	}
	document.addEventListener('DOMContentLoaded', restore);
	window.addEventListener('load', restore);
}
