// `npm start`: build the studio if the sources are newer than the build, then serve it on localhost.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPortFree } from './ports.mjs';

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

const stamp = 'build/index.html';
const inputs = ['src', 'static', 'package.json', 'svelte.config.js', 'vite.config.ts'];
const stale = !existsSync(stamp) || newest(inputs) > statSync(stamp).mtimeMs || process.env.STUDIO_REBUILD === '1';

if (!(await isPortFree(port))) {
	console.error(`Port ${port} is already in use. Stop what is using it, or choose another port: PORT=${port + 1} npm start`);
	process.exit(1);
}

if (stale) {
	console.log('Building the studio…');
	const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
		stdio: 'inherit'
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(
	process.execPath,
	['node_modules/vite/bin/vite.js', 'preview', '--host', 'localhost', '--port', String(port), '--strictPort', '--logLevel', 'warn'],
	{ stdio: 'inherit' }
);
console.log(`Web Studio is running at http://localhost:${port}  (Ctrl+C to stop)`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
