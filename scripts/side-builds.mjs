// The studio's side builds the end-to-end tests serve beside the main one: a newer build of the same
// studio (an update on one origin) and a build for a sub-path. Made once per `npm test` or per test file.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';

/** Where each side build goes (its SvelteKit output beside it, in `<out>-kit`). */
export const SIDE_BUILDS = /** @type {const} */ ({ newer: '.side-builds/newer', sub: '.side-builds/sub' });

/**
 * Set (to "1") in the end-to-end tests' environment once `npm test` has made both side builds from the
 * commit under test: the tests then serve them instead of building again. Unset, a test file builds them.
 */
export const SIDE_BUILT = 'STUDIO_SIDE_BUILT';

/** The environment of each side build: a build id of its own for the newer one, a base path for the other. */
function envOf(/** @type {keyof typeof SIDE_BUILDS} */ name) {
	return name === 'newer' ? { STUDIO_BUILD_ID: `newer-${Date.now().toString(36)}` } : { BASE_PATH: '/sub' };
}

/** Builds one side build; resolves once its folder is whole (service worker included), rejects with vite's errors. */
export function buildSide(/** @type {keyof typeof SIDE_BUILDS} */ name) {
	const out = SIDE_BUILDS[name];
	return new Promise((resolve, reject) => {
		removeSide(name);
		const env = { ...process.env, ...envOf(name), STUDIO_OUT_DIR: out, STUDIO_KIT_DIR: `${out}-kit` };
		const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
		let errors = '';
		child.stderr.on('data', (chunk) => (errors += chunk));
		child.on('error', reject);
		child.on('exit', (code) => {
			if (code !== 0) return reject(new Error(`the ${name} side build failed: ${errors}`));
			// With its own kit folder, the PWA plugin leaves the service worker beside the server output.
			for (const file of readdirSync(`${out}-kit/output/server`)) {
				if (file === 'sw.js' || /^workbox-.*\.js$/.test(file)) copyFileSync(`${out}-kit/output/server/${file}`, `${out}/${file}`);
			}
			resolve(undefined);
		});
	});
}

/** Whether both side builds are whole on disk (their service workers are copied last). */
export function sideBuildsPresent() {
	return Object.values(SIDE_BUILDS).every((out) => existsSync(`${out}/sw.js`));
}

/** Removes one side build and its SvelteKit output. */
export function removeSide(/** @type {keyof typeof SIDE_BUILDS} */ name) {
	rmSync(SIDE_BUILDS[name], { recursive: true, force: true });
	rmSync(`${SIDE_BUILDS[name]}-kit`, { recursive: true, force: true });
}
