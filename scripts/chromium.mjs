// Finds a Chromium for Playwright: CHROMIUM_PATH, else the system /usr/bin/chromium, else Playwright's own.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Returns an executable path, or null when no Chromium is available. */
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

/** Flags that keep Chromium quiet on a closed network and runnable as root in CI. */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	// Nothing a test or a benchmark runs may reach the internet, from any context: a page, a frame, a
	// service worker, or the hub's SharedWorker fetching packages (which Playwright's routes do not
	// see). Every name but the loopback fails at once; requests a test routes are answered first.
	'--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'
];
