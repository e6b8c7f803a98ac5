// The start server with a root that can be switched while it runs: one origin, two builds.
import type { Server } from 'node:http';
import { createStudioServer } from '../../../scripts/serve.mjs';

/** Serves `root` under `base` ('' by default) on localhost; `setRoot` swaps the build. */
export async function serveStatic(root: string, base = ''): Promise<{ url: string; setRoot(next: string): void; close(): Promise<void> }> {
	let current = root;
	const server: Server = createStudioServer({ root: () => current, base });
	await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://localhost:${port}${base}/`,
		setRoot: (next) => (current = next),
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}
