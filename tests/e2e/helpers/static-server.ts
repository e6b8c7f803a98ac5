// A tiny static server whose root can be switched while it runs: one origin, two builds.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript',
	'.css': 'text/css',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.json': 'application/json',
	'.webmanifest': 'application/manifest+json'
};

/** Serves `root` (SPA fallback to index.html) on 127.0.0.1; `setRoot` swaps the build. */
export async function serveStatic(root: string): Promise<{ url: string; setRoot(next: string): void; close(): Promise<void> }> {
	let current = root;
	const server: Server = createServer(async (request, response) => {
		const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
		let file = join(current, path);
		try {
			if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
		} catch {
			file = join(current, 'index.html');
		}
		try {
			const body = await readFile(file);
			response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
			response.end(body);
		} catch {
			response.writeHead(404).end();
		}
	});
	await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://localhost:${port}`,
		setRoot: (next) => (current = next),
		close: () => new Promise((resolve) => server.close(() => resolve()))
	};
}
