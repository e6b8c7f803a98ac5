// `npm test`: check and build beside the unit tests, then end-to-end tests, stopping at the first failure —
// then one plain line "N passed, N failed" counting unit and e2e tests together.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildSide, SIDE_BUILT } from './side-builds.mjs';

const REPORTS = '.reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

function run(args, env = {}) {
	return spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}
function readJson(path) {
	try {
		return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
	} catch {
		return null;
	}
}
function counts() {
	let passed = 0;
	let failed = 0;
	const unit = readJson(`${REPORTS}/unit.json`);
	if (unit) {
		passed += unit.numPassedTests ?? 0;
		failed += unit.numFailedTests ?? 0;
	}
	const e2e = readJson(`${REPORTS}/e2e.json`);
	if (e2e?.stats) {
		passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
		failed += e2e.stats.unexpected ?? 0;
	}
	return { passed, failed };
}
function finish(code) {
	const { passed, failed } = counts();
	// A stage that failed without a report (the check, or a build that never served) still counts.
	const unreported = code !== 0 && failed === 0 ? 1 : 0;
	console.log(`\n${passed} passed, ${failed + unreported} failed`);
	process.exit(code);
}

/** Seconds since `started`, to a tenth. */
function seconds(started) {
	return ((Date.now() - started) / 1000).toFixed(1);
}

/** Runs `args` with its output held back (printed whole later, so it never interleaves with the unit tests'). */
function quietly(args) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		child.stderr.on('data', (chunk) => (output += chunk));
		child.on('close', (code) => resolve({ code: code ?? 1, output }));
	});
}

// The check, then the studio's builds for the end-to-end tests, run beside the unit tests (which leave
// a core idle much of the time): the build no longer waits in front of the end-to-end tests.
const check = (async () => {
	const checked = await quietly(['scripts/check.mjs']);
	if (checked.code !== 0) return checked;
	const started = Date.now();
	const built = await quietly(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
	if (built.code !== 0) return { code: built.code, output: `${checked.output}\nThe studio build failed:\n${built.output}` };
	const note = `\n▶ studio built for the end-to-end tests in ${seconds(started)} s\n`;
	// Then the side builds the two-builds tests serve, one after the other on the core the unit tests
	// leave idle: inside the end-to-end run they held up a worker for ~100 s.
	const sideStarted = Date.now();
	try {
		for (const name of /** @type {const} */ (['newer', 'sub'])) await buildSide(name);
	} catch (error) {
		return { code: 1, output: `${checked.output}${note}\n${error instanceof Error ? error.message : error}\n` };
	}
	return { code: 0, output: `${checked.output}${note}▶ side builds made in ${seconds(sideStarted)} s\n` };
})();
const unit = await new Promise((resolve) => {
	const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/unit.json`], { stdio: 'inherit', env: process.env });
	child.on('close', (code) => resolve(code ?? 1));
});
const checked = await check;
process.stdout.write(checked.output);
if (checked.code !== 0 || unit !== 0) finish(1);
// Both builds were made above, from this commit: the end-to-end tests serve them as they are.
finish(run(['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT: `${REPORTS}/e2e.json`, STUDIO_REBUILD: '0', [SIDE_BUILT]: '1' }));
