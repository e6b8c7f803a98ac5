// Finds a Chromium for Playwright: CHROMIUM_PATH, else the system's (Debian's chromium, or for the
// tests its headless shell), else Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Returns an executable path of the whole browser, or null when no Chromium is available. */
export function findChromium() {
	const fromEnv = process.env.CHROMIUM_PATH;
	if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
	if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
	try {
		const own = chromium.executablePath();
		if (own && existsSync(own)) return own;
	} catch {
		// Playwright has no browser of its own installed.
	}
	return null;
}

/**
 * The Chromium the tests drive: Debian's headless shell when it is there (the old headless mode, as
 * Playwright's own tests use), else the whole browser. Chromium 156's headless browser opens every
 * page in a window of the full browser (about 0.44 s a page here against 0.18 s) and made the
 * end-to-end suite 17 minutes against 9. CHROMIUM_PATH overrides it.
 */
export function findTestChromium() {
	if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
	return findChromium();
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const DISABLED_FEATURES = 'PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';

/** Flags that keep Chromium quiet on a closed network and runnable as root in CI. */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	// Each site in its own process, as in the whole browser (the headless shell shares one otherwise):
	// a preview's endless loop must not stop the studio's page.
	'--site-per-process',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	// The whole browser opens every page in a window of its own, and each window preloaded the
	// omnibox's popup (a WebUI page): about 2 s of CPU in a renderer of its own, beside each start a
	// benchmark measured. An installed app's window has no omnibox.
	// Chromium reads only the last --disable-features it is given (Playwright's own list is before it).
	`--disable-features=${DISABLED_FEATURES}`,
	// Nothing a test or a benchmark runs may reach the internet, from any context: a page, a frame, a
	// service worker, or the hub's SharedWorker fetching packages (which Playwright's routes do not
	// see). Every name but the loopback fails at once; requests a test routes are answered first.
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'
];

/**
 * The tests' flags: the same, and no spare renderer. Chromium starts a process ahead for the next
 * site a page goes to; each test's context closes with it unused, one process and ~0.15 s of CPU per
 * test (measured: 47 renderers for 16 studio starts, 32 without). The benchmarks keep it, as a
 * person's browser does.
 */
export const TEST_CHROMIUM_ARGS = CHROMIUM_ARGS.map((arg) => (arg.startsWith('--disable-features=') ? `${arg},SpareRendererForSitePerProcess` : arg));
