// The static server behind `npm start`: serves the built studio under its base path. A file that is
// missing (a stale tab asking for a chunk of a replaced build) is a 404, never a crash; a page path
// without an extension gets the app shell (the SPA fallback); nothing outside the build is served.
// Text files go compressed when the browser takes it: the build writes a .br and a .gz beside each
// (adapter-static's precompress), so nothing is compressed per request. Each answer carries a validator
// (ETag, Last-Modified): the shell and sw.js are revalidated at every load, and an unchanged one is a 304.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { lookup } from 'mrmime';

/**
 * Creates (does not start) the server. `root` may be a function: a test switches builds under one origin.
 * @param {{ root: string | (() => string); base: string; log?: (line: string) => void }} options
 */
export function createStudioServer({ root, base, log = () => {} }) {
	const rootOf = typeof root === 'function' ? root : () => root;
	/** @param {string} path @param {(keyof typeof ENCODINGS)[]} encodings what the browser accepts, best first */
	async function file(path, encodings = []) {
		const top = resolve(rootOf());
		const full = normalize(join(top, path));
		if (full !== top && !full.startsWith(top + sep)) return null; // ../ never leaves the build
		try {
			const plain = await stat(full);
			if (!plain.isFile()) return null;
			const type = lookup(full) ?? 'application/octet-stream';
			for (const encoding of encodings) {
				const body = await readFile(`${full}.${ENCODINGS[encoding]}`).catch(() => null);
				// A tiny file can grow when compressed: then it goes as it is.
				if (body && body.length < plain.size) return { body, type, path, encoding, modified: plain.mtime, tag: entityTag(plain, encoding) };
			}
			return { body: await readFile(full), type, path, encoding: null, modified: plain.mtime, tag: entityTag(plain, null) };
		} catch {
			return null; // gone between the check and the read: the same as missing
		}
	}
	return createServer(async (req, res) => {
		try {
			const url = new URL(req.url ?? '/', 'http://localhost');
			let path = decodeURIComponent(url.pathname);
			if (base && path === base) path = `${base}/`;
			if (base && !path.startsWith(`${base}/`)) return send(res, 404, 'Not found (the studio is served under ' + base + '/)');
			path = path.slice(base.length) || '/';
			if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed');
			const wanted = path.endsWith('/') ? `${path}index.html` : path;
			// Paths with an extension are files: missing means 404. Others are app routes: the shell.
			const encodings = accepted(req.headers['accept-encoding']);
			const found = (await file(wanted, encodings)) ?? (/\.[a-z0-9]+$/i.test(path) ? null : await file('/index.html', encodings));
			if (!found) {
				log(`404 ${url.pathname}`);
				return send(res, 404, 'Not found');
			}
			const validators = {
				// Hashed chunks never change; everything else (the shell, sw.js, the manifest) is revalidated.
				'Cache-Control': found.path.includes('/_app/immutable/') ? 'public, max-age=31536000, immutable' : 'no-cache',
				ETag: found.tag,
				'Last-Modified': found.modified.toUTCString(),
				Vary: 'Accept-Encoding'
			};
			if (unchanged(req.headers, found)) {
				res.writeHead(304, validators);
				return res.end();
			}
			res.writeHead(200, {
				'Content-Type': found.type.startsWith('text/') || found.type.includes('javascript') || found.type.includes('json') ? `${found.type}; charset=utf-8` : found.type,
				'Content-Length': found.body.length,
				'X-Content-Type-Options': 'nosniff',
				...(found.encoding ? { 'Content-Encoding': found.encoding } : {}),
				...validators
			});
			res.end(req.method === 'HEAD' ? undefined : found.body);
		} catch (error) {
			log(`500 ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
			if (!res.headersSent) send(res, 500, 'Server error');
			else res.destroy();
		}
	});
}

/** The encodings the build writes, by their Content-Encoding name: the file's extension. */
const ENCODINGS = /** @type {const} */ ({ br: 'br', gzip: 'gz' });

/**
 * The encodings of `header` the build has, best first (brotli, then gzip); `q=0` refuses one.
 * @param {string | undefined} header
 * @returns {(keyof typeof ENCODINGS)[]}
 */
function accepted(header) {
	const offered = new Map(
		String(header ?? '')
			.split(',')
			.map((part) => {
				const [name, ...params] = part.trim().toLowerCase().split(';');
				const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
				return [name ?? '', q === undefined ? 1 : Number(q)];
			})
	);
	return /** @type {(keyof typeof ENCODINGS)[]} */ (['br', 'gzip'].filter((name) => (offered.get(name) ?? offered.get('*') ?? 0) > 0));
}

/**
 * A weak validator of one file as sent: its size and time of change, and the encoding, since the brotli,
 * gzip and plain bodies of one file are different representations (RFC 9110 §8.8.3).
 * @param {import('node:fs').Stats} plain @param {string | null} encoding
 */
function entityTag(plain, encoding) {
	return `W/"${plain.size.toString(16)}-${Math.floor(plain.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

/**
 * Whether the browser's copy is current (RFC 9110 §13.1): If-None-Match, compared weakly, wins over
 * If-Modified-Since, which HTTP dates only to the second.
 * @param {import('node:http').IncomingHttpHeaders} headers @param {{ tag: string; modified: Date }} found
 */
function unchanged(headers, found) {
	const match = headers['if-none-match'];
	if (match !== undefined) {
		const opaque = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
		return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(found.tag));
	}
	const since = Date.parse(String(headers['if-modified-since'] ?? ''));
	return Number.isFinite(since) && Math.floor(found.modified.getTime() / 1000) * 1000 <= since;
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} text */
function send(res, status, text) {
	res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
	res.end(text);
}
