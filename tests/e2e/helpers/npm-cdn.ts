// A CDN on 127.0.0.1 that serves real npm packages from this checkout's node_modules the way esm.sh
// does: `/name` redirects to `/name@version`, which redirects to the package's ES module entry, and
// every bare import inside a served file is rewritten to `/dep@version` — so the files are the
// packages' own, untouched but for where their imports point.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parse } from 'es-module-lexer/minimal/js';
import { closeServer } from './close-server';

const ROOT = join(process.cwd(), 'node_modules');

type Manifest = { version: string; module?: string; main?: string; exports?: unknown };
const manifest = (name: string): Manifest | null => {
	const file = join(ROOT, name, 'package.json');
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
};

/** The ES module entry of a package, as esm.sh would pick it. */
function entryOf(pkg: Manifest): string {
	const pick = (value: unknown): string | null => {
		if (typeof value === 'string') return value;
		if (!value || typeof value !== 'object') return null;
		const record = value as Record<string, unknown>;
		return pick(record['.']) ?? pick(record.import) ?? pick(record.browser) ?? pick(record.default) ?? null;
	};
	return (pick(pkg.exports) ?? pkg.module ?? pkg.main ?? 'index.js').replace(/^\.\//, '');
}

/** `name@version/rest` of a request path. */
function parseRequest(path: string): { name: string; version?: string; rest: string } | null {
	const match = /^\/((?:@[^/@]+\/)?[^/@]+)(?:@([^/]+))?(\/.*)?$/.exec(path);
	return match ? { name: match[1]!, version: match[2], rest: match[3] ?? '' } : null;
}

/** es-module-lexer's kind of `import(...)` (its range includes the quotes). */
const DYNAMIC = 2;

function rewriteBare(source: string): string {
	const [imports] = parse(source);
	let out = '';
	let last = 0;
	for (const item of imports) {
		const specifier = item.n;
		if (!specifier || /^(?:\.{0,2}\/|[a-z]+:)/i.test(specifier)) continue;
		const bare = /^((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(specifier)!;
		const dep = manifest(bare[1]!);
		if (!dep) continue;
		const target = `/${bare[1]}@${dep.version}${bare[2] ?? ''}`;
		const start = item.t === DYNAMIC ? item.s + 1 : item.s;
		const end = item.t === DYNAMIC ? item.e - 1 : item.e;
		out += source.slice(last, start) + target;
		last = end;
	}
	return out + source.slice(last);
}

/** Starts the CDN; `seen` counts requests per path. */
export async function startNpmCdn(): Promise<{ base: string; seen: Map<string, number>; stop: () => Promise<void> }> {
	const seen = new Map<string, number>();
	const server = createServer((request, response) => {
		void (async () => {
			const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
			seen.set(path, (seen.get(path) ?? 0) + 1);
			const cors = { 'access-control-allow-origin': '*' };
			const asked = parseRequest(path);
			const pkg = asked ? manifest(asked.name) : null;
			if (!asked || !pkg || (asked.version && asked.version !== pkg.version)) return void response.writeHead(404, cors).end('not found');
			if (!asked.version) return void response.writeHead(302, { ...cors, location: `/${asked.name}@${pkg.version}${asked.rest}` }).end();
			if (!asked.rest) return void response.writeHead(302, { ...cors, location: `/${asked.name}@${pkg.version}/${entryOf(pkg)}` }).end();
			let file = join(ROOT, asked.name, asked.rest);
			if (!existsSync(file) && existsSync(`${file}.js`)) file = `${file}.js`;
			if (!existsSync(file) || statSync(file).isDirectory()) return void response.writeHead(404, cors).end('not found');
			const text = readFileSync(file, 'utf8');
			response.writeHead(200, { ...cors, 'content-type': 'text/javascript' }).end(/\.m?js$/.test(file) ? rewriteBare(text) : text);
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { base: `http://127.0.0.1:${port}`, seen, stop: () => closeServer(server) };
}
