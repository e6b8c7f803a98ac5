// What `npm start` sends: HTML, JavaScript and CSS compressed (brotli, else gzip, as the browser
// accepts them) from the files the build wrote beside each, the same bytes once decoded, and hashed
// assets cached for a year as immutable while the shell is revalidated.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(url: string, acceptEncoding: string): Promise<Answer> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
			})
			.on('error', reject);
	});
}
const decoded = (answer: Answer) => (answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body);

test('the start server sends HTML, JavaScript and CSS compressed, and hashed assets as immutable', async ({ baseURL }) => {
	const shell = await get(`${baseURL}/`, 'identity');
	const html = shell.body.toString('utf8');
	const script = /import\("([^"]+\/app\.[^"]+\.js)"\)/.exec(html)?.[1];
	expect(script, 'the shell names its entry script').toBeTruthy();
	const entry = (await get(`${baseURL}${script}`, 'identity')).body.toString('utf8');
	const css = /["'](\/_app\/immutable\/assets\/[^"']+\.css)["']/.exec(entry + html)?.[1] ?? /\/_app\/immutable\/assets\/[^"' )]+\.css/.exec(entry + html)?.[0];
	const files = [['/', 'text/html'], [script!, 'javascript'], ...(css ? [[css, 'text/css']] : [])] as const;
	expect(files.length, 'a stylesheet is found from the shell').toBe(3);
	for (const [path, type] of files) {
		const plain = await get(`${baseURL}${path}`, 'identity');
		expect(plain.headers['content-encoding'], path).toBeUndefined();
		expect(plain.headers['content-type'], path).toContain(type);
		for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip, deflate', 'gzip'], ['br;q=0, gzip', 'gzip']] as const) {
			const packed = await get(`${baseURL}${path}`, accept);
			expect(packed.status, `${path} ${accept}`).toBe(200);
			expect(packed.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
			expect(packed.headers.vary, path).toContain('Accept-Encoding');
			expect(Number(packed.headers['content-length']), path).toBe(packed.body.length);
			expect(packed.body.length, `${path} is smaller compressed`).toBeLessThan(plain.body.length);
			expect(decoded(packed).equals(plain.body), `${path} decodes to the same bytes`).toBe(true);
		}
		expect(plain.headers['cache-control'], path).toBe(path.startsWith('/_app/immutable/') ? 'public, max-age=31536000, immutable' : 'no-cache');
	}
	// A file too small to gain goes as it is, whatever the browser accepts (SvelteKit's version file is
	// a few bytes of JSON, which brotli and gzip only make longer); a tiny one that gains goes packed.
	const version = await get(`${baseURL}/_app/version.json`, 'br, gzip');
	expect(version.status).toBe(200);
	expect(version.headers['content-encoding']).toBeUndefined();
	expect(JSON.parse(version.body.toString('utf8'))).toHaveProperty('version');
	const tiny = /import\("([^"]+\/start\.[^"]+\.js)"\)/.exec(html)?.[1];
	const [small, smallPlain] = [await get(`${baseURL}${tiny}`, 'br, gzip'), await get(`${baseURL}${tiny}`, 'identity')];
	if (small.headers['content-encoding']) expect(small.body.length).toBeLessThan(smallPlain.body.length);
	expect(decoded(small).equals(smallPlain.body)).toBe(true);
	// The service worker and the manifest are revalidated too: a new build is seen at once.
	for (const path of ['/sw.js', '/manifest.webmanifest']) expect((await get(`${baseURL}${path}`, 'br')).headers['cache-control'], path).toBe('no-cache');
});

test('the first paint’s script, which every start waits for before the studio’s own, goes minified and compressed, and is precached as served', async ({ baseURL }) => {
	const source = readFileSync(new URL('../../src/first-paint.js', import.meta.url), 'utf8');
	const plain = await get(`${baseURL}/first-paint.js`, 'identity');
	expect(plain.status).toBe(200);
	expect(plain.headers['content-type']).toContain('javascript');
	const served = plain.body.toString('utf8');
	// Minified: no comments, short names, well under the source's size; the names the page reads stay.
	expect(served).not.toContain('// ');
	expect(served.length).toBeLessThan(source.length * 0.7);
	for (const kept of ['studioEarlyHub', 'studio-first-paint', 'studio-starter-screen', 'data-hub', 'studio:first-paint']) expect(served, kept).toContain(kept);
	const packed = await get(`${baseURL}/first-paint.js`, 'br, gzip');
	expect(packed.headers['content-encoding']).toBe('br');
	expect(decoded(packed).equals(plain.body)).toBe(true);
	// The service worker precaches it under the revision of these bytes (offline starts paint the same).
	const sw = (await get(`${baseURL}/sw.js`, 'identity')).body.toString('utf8');
	const revision = /url:"first-paint\.js",revision:"([0-9a-f]+)"/.exec(sw)?.[1];
	expect(revision).toBe(createHash('md5').update(plain.body).digest('hex'));
});

/**
 * Scripts as `npm start` serves them, from `entries` through their static imports (all of them run
 * when an entry runs), with the chunks they import lazily.
 */
async function staticGraph(baseURL: string | undefined, entries: readonly string[]): Promise<{ code: Map<string, string>; lazy: Set<string> }> {
	const queue = [...entries];
	const code = new Map<string, string>();
	const lazy = new Set<string>();
	while (queue.length) {
		const path = queue.pop()!;
		if (code.has(path)) continue;
		const text = (await get(`${baseURL}${path}`, 'identity')).body.toString('utf8');
		code.set(path, text);
		for (const m of text.matchAll(/(?:^|[;}])\s*(?:import|export)\b[^"';]*?from\s*"(\.{1,2}\/[\w./-]+\.js)"/g)) queue.push(new URL(m[1]!, `${baseURL}${path}`).pathname);
		for (const m of text.matchAll(/import\(`(\.{1,2}\/[\w./-]+\.js)`\)/g)) lazy.add(new URL(m[1]!, `${baseURL}${path}`).pathname);
	}
	return { code, lazy };
}

test('the hub’s boot runs no zip code: fflate builds its tables when its module runs, so it comes with the first archive, and is precached', async ({ baseURL }) => {
	const html = (await get(`${baseURL}/`, 'identity')).body.toString('utf8');
	const hub = /data-hub="([^"]+)"/.exec(html)![1]!;
	// fflate's own messages mark its code.
	const zipCode = (code: string) => code.includes('invalid block type') && code.includes('unexpected EOF');
	const boot = await staticGraph(baseURL, [hub]);
	for (const [path, code] of boot.code) expect(zipCode(code), path).toBe(false);
	// The zip code is in a chunk the hub imports when it needs it (or one such chunk imports), in the precache.
	const later = await staticGraph(baseURL, [...boot.lazy].filter((path) => !boot.code.has(path)));
	const found = [...later.code].filter(([path, code]) => !boot.code.has(path) && zipCode(code)).map(([path]) => path);
	expect(found.length, 'a lazy chunk of the hub holds the zip code').toBeGreaterThanOrEqual(1);
	const precache = (await get(`${baseURL}/sw.js`, 'identity')).body.toString('utf8');
	for (const path of found) expect(precache, path).toContain(path.slice(1));
});

test('every script of the shell’s start carries V8’s compile hint on its first line, also below Vite’s preload list', async ({ baseURL }) => {
	const html = (await get(`${baseURL}/`, 'identity')).body.toString('utf8');
	// Not the hub's worker (named for the first paint): a worker's script does not stream, so no hint helps it.
	// The shell's scripts and what they import statically: all run at every start.
	const seen = (await staticGraph(baseURL, [...new Set([...html.matchAll(/\/_app\/immutable\/[\w./-]+\.js/g)].map((m) => m[0]))].filter((path) => !path.includes('/workers/')))).code;
	expect(seen.size, 'the shell loads several scripts').toBeGreaterThanOrEqual(4);
	for (const [path, code] of seen) expect(code.split('\n', 1)[0], path).toBe('//# allFunctionsCalledOnLoad');
	// The case that hid the hint: a chunk with lazy imports starts with Vite's list of what they preload.
	expect([...seen.values()].some((code) => code.split('\n', 2)[1]?.startsWith('const __vite__mapDeps='))).toBe(true);
});
