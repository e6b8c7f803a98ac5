// Playwright: real Chromium (system or own), the built studio served once per run on a free port.
import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, findTestChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT || 4179);
const executablePath = findTestChromium() ?? undefined;
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT;

export default defineConfig({
	testDir: 'tests/e2e',
	// Files, not tests, are shared between the workers: sharing tests ran more multi-tab tests at
	// once and made the whole run slower on 2 cores (measured: 14.7 min against 13.1 min).
	fullyParallel: false,
	workers: 2,
	retries: 0,
	// Measured with two busy loops beside the suite on 2 cores, the slowest tests took 27 s: every test
	// stays under half its budget on a busy machine.
	timeout: 60_000,
	// Two cores run two workers, a preview frame and a worker each: give assertions room under load.
	expect: { timeout: 10_000 },
	reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
	use: {
		baseURL: `http://localhost:${port}`,
		// A trace records DOM snapshots and a screencast on every action of every test: on 2 cores that
		// cost about a third of the run. Ask for it when you need one: E2E_TRACE=1 npm run test:e2e -- …
		trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
		serviceWorkers: 'block',
		screenshot: 'only-on-failure',
		launchOptions: { executablePath, args: TEST_CHROMIUM_ARGS }
	},
	projects: [
		{ name: 'chromium', testIgnore: /webmcp\.spec\.ts/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
		{
			// Browser agents: Chromium exposes navigator.modelContext only with this feature flag.
			name: 'webmcp',
			testMatch: /webmcp\.spec\.ts/,
			use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: { executablePath, args: [...TEST_CHROMIUM_ARGS, '--enable-features=WebMCP'] } }
		}
	],
	webServer: {
		command: 'node scripts/start.mjs',
		// `npm test` builds beforehand and says so; elsewhere CI rebuilds and a local run reuses a fresh build.
		env: { PORT: String(port), STUDIO_REBUILD: process.env.STUDIO_REBUILD ?? (process.env.CI ? '1' : '0') },
		url: `http://localhost:${port}/`,
		reuseExistingServer: false,
		timeout: 180_000,
		stdout: 'ignore',
		stderr: 'pipe'
	}
});
