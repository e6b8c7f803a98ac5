// The studio under test: built if the sources changed, served by `npm start`'s own script on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../scripts/ports.mjs';

/** A running studio server. */
export interface StudioServer {
	url: string;
	stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
	try {
		return (await fetch(url)).ok;
	} catch {
		return false;
	}
}

/** Starts `scripts/start.mjs` (which builds first when the build is stale) and waits until it answers. */
export async function startStudio(): Promise<StudioServer> {
	const port = await freePort();
	const url = `http://localhost:${port}/`;
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
	const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
	const deadline = Date.now() + 240_000;
	for (;;) {
		if (await reachable(url)) break;
		const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 250))]);
		if (code !== null) throw new Error(`the studio server exited with code ${code} before answering`);
		if (Date.now() > deadline) throw new Error(`the studio server did not answer at ${url} within 240 s`);
	}
	return {
		url,
		stop: async () => {
			child.kill('SIGTERM');
			await exited;
		}
	};
}
