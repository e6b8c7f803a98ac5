// A real git server for tests: Debian git's `git http-backend` (smart HTTP, CGI) behind a small
// node http server on 127.0.0.1, with a token check (HTTP basic auth, the token as the password) and
// CORS for a studio's origin. Bare repositories live in a temporary folder; `git log` reads them.
import { createServer, type Server } from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** A running git server. */
export interface GitServer {
	/** The URL of a bare repository `name` (created on first use of `repo`). */
	repo(name: string): string;
	/** `git log` of a branch on the server: author name, e-mail and subject, newest first. */
	log(name: string, branch?: string): { author: string; email: string; subject: string }[];
	/** The file at a path of a branch on the server. */
	show(name: string, path: string, branch?: string): string;
	/** Stops answering (a host that went away); `start` answers again on the same port. */
	stop(): Promise<void>;
	start(): Promise<void>;
	close(): Promise<void>;
}

/** Starts the server; every request must carry `token` as its basic-auth password. */
export async function startGitServer(options: { token: string; origin?: string }): Promise<GitServer> {
	const root = mkdtempSync(join(tmpdir(), 'studio-git-'));
	const handle = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
		res.setHeader('access-control-allow-origin', options.origin ?? '*');
		res.setHeader('access-control-allow-headers', 'authorization, content-type, git-protocol, user-agent');
		res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
		res.setHeader('access-control-expose-headers', 'content-type');
		if (req.method === 'OPTIONS') return void res.writeHead(204).end();
		const auth = req.headers.authorization ?? '';
		const password = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':') : '';
		if (password !== options.token) {
			res.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' });
			return void res.end('Unauthorized');
		}
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const child = spawn('git', ['http-backend'], {
			env: {
				PATH: process.env.PATH ?? '/usr/bin:/bin',
				GIT_PROJECT_ROOT: root,
				GIT_HTTP_EXPORT_ALL: '1',
				PATH_INFO: decodeURIComponent(url.pathname),
				QUERY_STRING: url.search.slice(1),
				REQUEST_METHOD: req.method ?? 'GET',
				CONTENT_TYPE: req.headers['content-type'] ?? '',
				REMOTE_USER: 'tester',
				REMOTE_ADDR: '127.0.0.1',
				...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {})
			}
		});
		req.pipe(child.stdin);
		// The CGI answers headers, a blank line, then the body.
		let head = Buffer.alloc(0);
		let body = false;
		child.stdout.on('data', (chunk: Buffer) => {
			if (body) return void res.write(chunk);
			head = Buffer.concat([head, chunk]);
			const end = head.indexOf('\r\n\r\n');
			if (end < 0) return;
			const headers: Record<string, string> = {};
			let status = 200;
			for (const line of head.subarray(0, end).toString('utf8').split('\r\n')) {
				const colon = line.indexOf(':');
				const name = line.slice(0, colon).trim();
				const value = line.slice(colon + 1).trim();
				if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
				else headers[name] = value;
			}
			res.writeHead(status, headers);
			body = true;
			res.write(head.subarray(end + 4));
		});
		child.stdout.on('end', () => res.end());
		child.on('error', () => res.end());
	};
	let http: Server = createServer(handle);
	await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
	const port = (http.address() as AddressInfo).port;
	const gitDir = (name: string) => join(root, `${name}.git`);
	return {
		repo(name) {
			try {
				execFileSync('git', ['init', '--bare', '-q', '-b', 'main', gitDir(name)], { stdio: 'ignore' });
				execFileSync('git', ['--git-dir', gitDir(name), 'config', 'http.receivepack', 'true']);
			} catch {
				// already there
			}
			return `http://127.0.0.1:${port}/${name}.git`;
		},
		log(name, branch = 'main') {
			const out = execFileSync('git', ['--git-dir', gitDir(name), 'log', '--format=%an%x09%ae%x09%s', branch], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
			return out.trim().split('\n').filter(Boolean).map((line) => {
				const [author, email, subject] = line.split('\t');
				return { author: author!, email: email!, subject: subject! };
			});
		},
		show(name, path, branch = 'main') {
			return execFileSync('git', ['--git-dir', gitDir(name), 'show', `${branch}:${path}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
		},
		async stop() {
			http.closeAllConnections();
			await new Promise<void>((resolve) => http.close(() => resolve()));
		},
		async start() {
			http = createServer(handle);
			await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
		},
		async close() {
			http.closeAllConnections();
			await new Promise<void>((resolve) => (http.listening ? http.close(() => resolve()) : resolve()));
			rmSync(root, { recursive: true, force: true });
		}
	};
}
