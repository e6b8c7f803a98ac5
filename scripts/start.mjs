// `npm start`: build the studio if the sources are newer than the build, then serve it on localhost
// (under BASE_PATH when set). The build prints only what a person needs: its warnings and errors.
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPortFree } from './ports.mjs';
import { basePath } from './base-path.mjs';
import { createStudioServer } from './serve.mjs';

const port = Number(process.env.PORT || 4173);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
	console.error(`PORT must be a number between 1 and 65535 (got "${process.env.PORT}").`);
	process.exit(1);
}

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
	let latest = 0;
	const visit = (path) => {
		if (!existsSync(path)) return;
		const stat = statSync(path);
		if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
		else latest = Math.max(latest, stat.mtimeMs);
	};
	paths.forEach(visit);
	return latest;
}

let base;
try {
	base = basePath(process.env.BASE_PATH);
} catch (error) {
	console.error(error.message);
	process.exit(1);
}
const out = process.env.STUDIO_OUT_DIR ?? 'build';
const stamp = join(out, 'index.html');
const inputs = ['src', 'static', 'package.json', 'svelte.config.js', 'vite.config.ts'];
/** The base path the existing build was made for (a build for another one must be redone). */
const builtFor = existsSync(stamp) && /<link rel="icon" href="([^"]*)\/icons\/icon-66\.png"/.exec(readFileSync(stamp, 'utf8'))?.[1];
const stale = !existsSync(stamp) || builtFor !== base || newest(inputs) > statSync(stamp).mtimeMs || process.env.STUDIO_REBUILD === '1';

if (!(await isPortFree(port))) {
	console.error(`Port ${port} is already in use. Stop what is using it, or choose another port: PORT=${port + 1} npm start`);
	process.exit(1);
}

/** Lines of a build's output a person starting the studio does not need. */
const NOISE = [/npm run preview/, /^> Using @sveltejs\/adapter-static/, /^\s*Wrote site to/, /^\s*✔ done/, /^\s*$/];

if (stale) {
	console.log(`Building the studio${base ? ` for ${base}/` : ''}…`);
	const started = Date.now();
	const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { encoding: 'utf8', env: process.env });
	const kept = (text) => text.split('\n').filter((line) => !NOISE.some((noise) => noise.test(stripVTControlCharacters(line)))).join('\n');
	const output = [kept(result.stdout ?? ''), kept(result.stderr ?? '')].filter(Boolean).join('\n');
	if (output) console.log(output);
	if (result.status !== 0) {
		console.error('The build failed (above).');
		process.exit(result.status ?? 1);
	}
	console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = createStudioServer({ root: out, base, log: process.env.STUDIO_LOG === '1' ? (line) => console.log(line) : undefined });
server.on('error', (error) => {
	console.error(`The server stopped: ${error.message}`);
	process.exit(1);
});
server.listen(port, 'localhost', () => console.log(`Web Studio is running at http://localhost:${port}${base}/  (Ctrl+C to stop)`));
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		// Open keep-alive connections would hold the process: close them, then exit.
		server.close(() => process.exit(0));
		server.closeAllConnections();
		setTimeout(() => process.exit(0), 1000).unref();
	});
}
