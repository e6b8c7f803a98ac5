// `npm run test:e2e`: checks for a Chromium, picks a free port, then runs Playwright (extra args pass through).
import { spawnSync } from 'node:child_process';
import { findTestChromium } from './chromium.mjs';
import { freePort } from './ports.mjs';

if (!findTestChromium()) {
	console.error(
		'No Chromium found: install one (e.g. apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome executable.'
	);
	process.exit(1);
}
const env = { ...process.env, E2E_PORT: process.env.E2E_PORT ?? String(await freePort()) };
const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
	stdio: 'inherit',
	env
});
process.exit(result.status ?? 1);
