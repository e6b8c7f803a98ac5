// Packages without a network: specifier parsing and resolution, the pin file's read/write, the store's
// content addressing, integrity checks, the fetch of a module graph (once), and the compile that
// serves it from the device or names what is missing.
import { describe, expect, it } from 'vitest';
import { installedPath, isCdnUrl, lockedVersion, moduleUrl, packageFileUrl, packageOfUrl, parseBare, readPins, versionIn, withPin, PIN_FILE } from '../../src/lib/domain/packages';
import { PackageService, cssReferences, matchesIntegrity, moduleImports, sha256Hex } from '../../src/lib/runtime/packages';
import { MemoryPackageStore } from '../../src/lib/storage/package-store';
import { compile } from '../../src/lib/preview/compile';
import { cdnUrlsIn } from '../../src/lib/runtime/handlers/packages';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import { HubPackages } from '../../src/lib/worker/hub-packages';
import { sheetsOf } from './helpers/sheets';

const BASE = 'http://127.0.0.1:9';
const CDN = { kind: 'custom' as const, base: BASE };

function ws(files: Record<string, string>): Workspace {
	return { id: 'w', name: 'w', revision: 3, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) };
}

/** A fake CDN as a fetch: esm.sh-shaped, nested imports, a scoped package, a deep path, a redirect. */
function fakeCdn() {
	const seen: string[] = [];
	const files: Record<string, [string, string]> = {
		'/marked@15.0.7': ['text/javascript', 'export * from "/marked@15.0.7/es2022/marked.mjs";'],
		'/marked@15.0.7/es2022/marked.mjs': ['text/javascript', 'import { helper } from "/@studio/util@1.0.0/es2022/util.mjs";\nexport const marked = (s) => helper(s);'],
		'/@studio/util@1.0.0/es2022/util.mjs': ['text/javascript', 'import "./deep/inner.mjs";\nexport const helper = (s) => "<p>" + s + "</p>";'],
		'/@studio/util@1.0.0/es2022/deep/inner.mjs': ['text/javascript', 'export default 1;'],
		'/theme.css': ['text/css', '@font-face{font-family:F;src:url(fonts/f.woff2)}body{font-family:F}'],
		'/fonts/f.woff2': ['font/woff2', 'WOFF2']
	};
	const fetch: typeof globalThis.fetch = (async (input: string | URL) => {
		const url = new URL(String(input));
		const path = url.pathname;
		seen.push(path);
		if (path === '/marked') return redirected(`${BASE}/marked@15.0.7`, files['/marked@15.0.7']![1]);
		const file = files[path];
		return file ? new Response(file[1], { headers: { 'content-type': file[0] } }) : new Response('not found', { status: 404 });
	}) as typeof fetch;
	return { fetch, seen };
}

/** A Response whose url is where a redirect ended (fetch sets it; the constructor cannot). */
function redirected(url: string, body: string): Response {
	const response = new Response(body, { headers: { 'content-type': 'text/javascript' } });
	Object.defineProperty(response, 'url', { value: url });
	return response;
}

describe('specifiers and pins', () => {
	it('splits bare specifiers into name, version and subpath, and leaves paths and URLs alone', () => {
		expect(parseBare('marked')).toEqual({ name: 'marked', subpath: '' });
		expect(parseBare('marked/lib/marked.esm.js')).toEqual({ name: 'marked', subpath: '/lib/marked.esm.js' });
		expect(parseBare('@scope/name')).toEqual({ name: '@scope/name', subpath: '' });
		expect(parseBare('@scope/name@2.1/sub')).toEqual({ name: '@scope/name', version: '2.1', subpath: '/sub' });
		expect(parseBare('canvas-confetti@1.9.3')).toEqual({ name: 'canvas-confetti', version: '1.9.3', subpath: '' });
		for (const notBare of ['./a.js', '../a.js', '/a.js', 'https://esm.sh/x', 'data:text/javascript,', '@scope', 'a/../b', '']) expect(parseBare(notBare), notBare).toBeNull();
	});

	it('resolves a pinned package to its CDN URL, for each CDN setting', () => {
		expect(moduleUrl({ kind: 'esm.sh' }, 'marked', '15.0.7', '/lib/x.js')).toBe('https://esm.sh/marked@15.0.7/lib/x.js');
		expect(moduleUrl({ kind: 'jsdelivr' }, '@scope/n', '1.0.0')).toBe('https://cdn.jsdelivr.net/npm/@scope/n@1.0.0/+esm');
		expect(moduleUrl(CDN, 'marked', undefined)).toBe(`${BASE}/marked`);
		expect(isCdnUrl('https://cdn.jsdelivr.net/npm/x@1/dist/x.js', { kind: 'esm.sh' })).toBe(true);
		expect(isCdnUrl('https://example.com/x.js', { kind: 'esm.sh' })).toBe(false);
		expect(isCdnUrl(`${BASE}/x@1.0.0`, CDN)).toBe(true);
		expect(packageOfUrl('https://esm.sh/@studio/util@1.0.0/es2022/util.mjs')).toEqual({ name: '@studio/util', version: '1.0.0' });
		expect(versionIn('marked', 'https://esm.sh/marked', '/* esm.sh - marked@15.0.7 */ export * from "/marked@15.0.7/x.mjs"')).toBe('15.0.7');
		expect(versionIn('marked', 'https://esm.sh/marked@16.1.0', '')).toBe('16.1.0');
	});

	it('reads and writes the pins of package.json, keeping everything else', () => {
		expect(readPins(undefined)).toEqual({ pins: {} });
		expect(readPins('{ nope').error).toMatch(/not valid JSON/);
		const original = '{\n    "name": "site",\n    "private": true,\n    "dependencies": { "zod": "3.0.0" }\n}\n';
		const pinned = withPin(original, 'marked', '15.0.7');
		expect(JSON.parse(pinned)).toEqual({ name: 'site', private: true, dependencies: { marked: '15.0.7', zod: '3.0.0' } });
		expect(pinned).toMatch(/^\{\n {4}"name"/); // the file's own indent
		expect(readPins(pinned).pins).toEqual({ marked: '15.0.7', zod: '3.0.0' });
		expect(readPins(withPin(pinned, 'zod', null)).pins).toEqual({ marked: '15.0.7' });
		expect(JSON.parse(withPin(undefined, 'a', '1.0.0'))).toEqual({ dependencies: { a: '1.0.0' } });
		expect(() => withPin('[1]', 'a', '1.0.0')).toThrow(/not a JSON object/);
	});
});

describe('the package store and service', () => {
	it('keeps bytes by content: two URLs with the same bytes are one blob, and removing one keeps the other', async () => {
		const store = new MemoryPackageStore();
		const bytes = new TextEncoder().encode('export default 1;');
		const hash = await sha256Hex(bytes);
		expect(hash).toMatch(/^[0-9a-f]{64}$/);
		await store.put({ url: 'a', finalUrl: 'a', type: 'text/javascript', hash, size: bytes.length, at: 1 }, bytes);
		await store.put({ url: 'b', finalUrl: 'b', type: 'text/javascript', hash, size: bytes.length, at: 1 }, bytes);
		expect(store.blobCount).toBe(1);
		await store.remove(['a']);
		expect(await store.bytes(hash)).toEqual(bytes);
		await store.remove(['b']);
		expect(store.blobCount).toBe(0);
	});

	it('checks integrity attributes: a matching sha384 passes, a wrong one fails, none to check passes', async () => {
		const bytes = new TextEncoder().encode('alert(1)');
		const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
		const good = `sha384-${btoa(String.fromCharCode(...digest))}`;
		expect(await matchesIntegrity(bytes, good)).toBe(true);
		expect(await matchesIntegrity(bytes, `sha384-${btoa('x'.repeat(48))}`)).toBe(false);
		expect(await matchesIntegrity(bytes, `md5-abc ${good}`)).toBe(true);
		expect(await matchesIntegrity(bytes, 'md5-abc')).toBe(true);
	});

	it('finds a module\'s imports and a stylesheet\'s files as absolute URLs', () => {
		expect(moduleImports('import a from "/x@1.0.0/a.mjs"; import("./b.mjs"); const s = "import \'no\'";', 'https://esm.sh/x@1.0.0/es2022/m.mjs')).toEqual(['https://esm.sh/x@1.0.0/a.mjs', 'https://esm.sh/x@1.0.0/es2022/b.mjs']);
		expect(cssReferences('@import url("a.css");b{background:url(data:,x)}@font-face{src:url(f.woff2)}', 'https://fonts.googleapis.com/css2')).toEqual(['https://fonts.googleapis.com/a.css', 'https://fonts.googleapis.com/f.woff2']);
		// An image-set()'s plain strings are files too; its type() is not.
		expect(cssReferences('a{background:image-set("img/a.avif" type("image/avif"), "img/a.png" 2x)}', 'https://cdn.test/x@1/css/x.css')).toEqual(['https://cdn.test/x@1/css/img/a.avif', 'https://cdn.test/x@1/css/img/a.png']);
	});

	it('resolves an unpinned package once, fetches its whole graph once, and serves it from the store afterwards', async () => {
		const cdn = fakeCdn();
		const store = new MemoryPackageStore();
		const service = new PackageService({ store, fetch: cdn.fetch });
		service.cdn = CDN;
		expect(await service.resolve('marked')).toEqual({ version: '15.0.7' });
		expect(await service.resolve('marked')).toEqual({ version: '15.0.7' }); // kept: not asked again
		await service.ensure([{ url: `${BASE}/marked@15.0.7`, module: true }]);
		expect(cdn.seen.sort()).toEqual(['/@studio/util@1.0.0/es2022/deep/inner.mjs', '/@studio/util@1.0.0/es2022/util.mjs', '/marked', '/marked@15.0.7/es2022/marked.mjs'].sort());
		// A second hub on the same device: everything from the store, nothing from the CDN.
		const offline = new PackageService({ store, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
		offline.cdn = CDN;
		expect(await offline.resolve('marked')).toEqual({ version: '15.0.7' });
		await offline.ensure([{ url: `${BASE}/marked@15.0.7`, module: true }]);
		expect(offline.view({}).file(`${BASE}/@studio/util@1.0.0/es2022/deep/inner.mjs`)?.text).toBe('export default 1;');
		// Missing while offline: named, not generic.
		await offline.ensure([{ url: `${BASE}/canvas-confetti@1.9.3`, module: true }]);
		expect(offline.view({}).problem(`${BASE}/canvas-confetti@1.9.3`)?.kind).toBe('not-on-device');
	});
});

describe('at the same time', () => {
	it('renders that ask for the same package together make the CDN serve each file once', async () => {
		const cdn = fakeCdn();
		const service = new PackageService({ store: new MemoryPackageStore(), fetch: cdn.fetch });
		service.cdn = CDN;
		const need = [{ url: `${BASE}/marked@15.0.7`, module: true }];
		await Promise.all([service.ensure(need), service.ensure(need), service.resolve('marked'), service.resolve('marked')]);
		const counts = new Map<string, number>();
		for (const path of cdn.seen) counts.set(path, (counts.get(path) ?? 0) + 1);
		expect([...counts.values()].every((n) => n === 1), JSON.stringify([...counts])).toBe(true);
		expect(counts.size).toBe(5);
	});
});

describe('coming back online', () => {
	it('an unreachable file is not asked for on every render, and is fetched once the network is back', async () => {
		const cdn = fakeCdn();
		let online = false;
		let asked = 0;
		let now = 1_000;
		const fetch = (async (input: string | URL) => {
			asked++;
			if (!online) throw new TypeError('Failed to fetch');
			return cdn.fetch(input);
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch, now: () => now });
		service.cdn = CDN;
		const need = { url: `${BASE}/@studio/util@1.0.0/es2022/deep/inner.mjs`, module: true };
		await service.ensure([need]);
		await service.ensure([need]);
		expect(asked).toBe(1);
		expect(service.view({}).problem(need.url)?.kind).toBe('not-on-device');
		online = true;
		now += 16_000;
		expect(await service.ensure([need])).toBe(true);
		expect(asked).toBe(2);
		expect(service.view({}).problem(need.url)).toBeUndefined();
	});
});

describe('what a view reads, changing', () => {
	it('counts each change to the CDN, the files, the releases and the problems, and nothing else', async () => {
		const cdn = fakeCdn();
		let online = true;
		const fetch = (async (input: string | URL) => {
			if (!online) throw new TypeError('Failed to fetch');
			return cdn.fetch(input);
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		let seen = service.changes;
		const changed = () => {
			const now = service.changes;
			const moved = now !== seen;
			seen = now;
			return moved;
		};
		service.cdn = CDN;
		expect(changed()).toBe(true);
		// A view read, and a release resolved again from what is kept: nothing changed.
		service.view({});
		expect(changed()).toBe(false);
		expect(await service.resolve('marked')).toEqual({ version: '15.0.7' });
		expect(changed()).toBe(true);
		expect(await service.resolve('marked')).toEqual({ version: '15.0.7' });
		expect(changed()).toBe(false);
		await service.ensure([{ url: `${BASE}/marked@15.0.7`, module: true }]);
		expect(changed()).toBe(true);
		await service.ensure([{ url: `${BASE}/marked@15.0.7`, module: true }]);
		expect(changed()).toBe(false);
		online = false;
		await service.ensure([{ url: `${BASE}/canvas-confetti@1.9.3`, module: true }]);
		expect(changed()).toBe(true);
		await service.remove([`${BASE}/marked@15.0.7`]);
		expect(changed()).toBe(true);
	});
});

describe('compiling with packages', () => {
	it('a bare import goes through the import map to the device\'s copy; the pin, a missing package and a 404 say so', async () => {
		const cdn = fakeCdn();
		const service = new PackageService({ store: new MemoryPackageStore(), fetch: cdn.fetch });
		service.cdn = CDN;
		const workspace = ws({ 'index.html': '<script type="module" src="app.js"></script>', 'app.js': 'import { marked } from "marked";\nimport nope from "nope";\ndocument.body.innerHTML = marked("hi");', [PIN_FILE]: '{ "dependencies": { "marked": "15.0.7", "nope": "1.0.0" } }' });
		const pins = readPins(workspace.files.get(PIN_FILE)!.content).pins;
		const first = compile(workspace, null, undefined, service.view(pins));
		expect(first.packages.needs.map((n) => n.url)).toEqual([`${BASE}/marked@15.0.7`, `${BASE}/nope@1.0.0`]);
		for (let round = 0; round < 4; round++) await service.ensure(compile(workspace, null, undefined, service.view(pins)).packages.needs);
		const done = compile(workspace, null, undefined, service.view(pins));
		expect(done.packages.needs).toEqual([]);
		expect(done.html).toContain(`${BASE}/@studio/util@1.0.0/es2022/deep/inner.mjs`);
		expect(done.html).toContain(JSON.stringify(`${BASE}/marked@15.0.7`).slice(1, -1));
		expect(done.diagnostics.find((d) => d.reference === 'nope')?.message).toMatch(/nope@1\.0\.0 does not exist on the CDN/);
		// Unpinned: reported for pinning once resolved.
		const loose = compile(ws({ 'index.html': '<script type="module">import confetti from "canvas-confetti";</script>' }), null, undefined, service.view({}));
		expect(loose.packages.unpinned).toEqual(['canvas-confetti']);
		expect(loose.packages.unresolved).toEqual([{ name: 'canvas-confetti' }]);
	});

	it('a CDN stylesheet is inlined with its font as a data: URL once on the device', async () => {
		const cdn = fakeCdn();
		const service = new PackageService({ store: new MemoryPackageStore(), fetch: cdn.fetch });
		service.cdn = CDN;
		const workspace = ws({ 'index.html': `<link rel="stylesheet" href="${BASE}/theme.css"><p>x</p>` });
		await service.ensure(compile(workspace, null, undefined, service.view({})).packages.needs);
		const html = compile(workspace, null, undefined, service.view({})).html;
		const [sheet] = sheetsOf(html);
		expect(sheet).toMatchObject({ tag: '<link rel="stylesheet" >', file: `${BASE}/theme.css`, written: `${BASE}/theme.css` });
		expect(sheet!.css).toContain(`url("data:font/woff2;base64,${btoa('WOFF2')}#studio-file=${encodeURIComponent(`${BASE}/fonts/f.woff2`)}")`);
	});

	it('the script hosts pages name (Tailwind\'s Play CDN at its root, jQuery\'s, Google\'s) are kept on the device and inlined; a preconnect to a host is no file', async () => {
		const asked: string[] = [];
		const scripts: Record<string, string> = {
			'https://cdn.tailwindcss.com/': 'window.tailwind = { played: true };',
			'https://cdn.tailwindcss.com/?plugins=forms': 'window.tailwind = { played: "forms" };',
			'https://code.jquery.com/jquery-3.7.1.min.js': 'window.jQuery = function () {};',
			'https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js': 'window.$g = 1;',
			'https://cdn.jsdelivr.net/npm/docsify@5/dist/docsify.min.js': 'window.Docsify = {};'
		};
		const fetch = (async (input: string | URL) => {
			asked.push(String(input));
			const body = scripts[new URL(String(input)).href];
			return body === undefined ? new Response('no', { status: 404 }) : new Response(body, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		const page = [
			'<link rel="preconnect" href="https://fonts.googleapis.com"><link rel="preconnect" href="https://fonts.gstatic.com/" crossorigin>',
			'<script src="https://cdn.tailwindcss.com"></script>',
			'<script src="https://cdn.tailwindcss.com?plugins=forms"></script>',
			'<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>',
			'<script src="https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js"></script>',
			// Protocol-relative, as docsify's start writes it: the page's scheme, https on a host.
			'<script src="//cdn.jsdelivr.net/npm/docsify@5/dist/docsify.min.js"></script>',
			'<p>Not ours: https://cdn.tailwindcss.com.example.net/x and https://example.com/y, nor plain http://code.jquery.com/old.js</p>'
		].join('\n');
		const workspace = ws({ 'index.html': page });
		const files = ['https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js', 'https://cdn.jsdelivr.net/npm/docsify@5/dist/docsify.min.js', 'https://cdn.tailwindcss.com', 'https://cdn.tailwindcss.com?plugins=forms', 'https://code.jquery.com/jquery-3.7.1.min.js'];
		expect(cdnUrlsIn(workspace)).toEqual(files);
		const first = compile(workspace, null, undefined, service.view({}));
		expect(first.packages.needs.map((need) => need.url).sort()).toEqual(files);
		await service.ensure(first.packages.needs);
		const html = compile(workspace, null, undefined, service.view({})).html;
		for (const body of Object.values(scripts)) expect(html).toContain(body);
		expect(html).not.toContain('src="https://');
		expect(html).not.toContain('src="//');
		expect(asked).toHaveLength(5);
	});

	it('files a page names in node_modules/ (which no import keeps) come from the device, in the release package-lock.json installed, else package.json pins; a package neither names stays missing', async () => {
		const served: Record<string, [string, string]> = {
			'/@deck/core@3.3.0/dist/deck.js': ['text/javascript', 'window.deck = "core 3.3.0";'],
			'/@deck/theme@2.0.0/styles/styles.css': ['text/css', '@import "fonts.css";\n.slide { color: rgb(1, 2, 3); }'],
			'/@deck/theme@2.0.0/styles/fonts.css': ['text/css', '@font-face { font-family: Deck; src: url(../fonts/deck.woff2); }'],
			'/@deck/theme@2.0.0/fonts/deck.woff2': ['font/woff2', 'WOFF2'],
			'/@deck/theme@2.0.0/styles/print.css': ['text/css', '.print { color: rgb(4, 5, 6); }'],
			'/left@1.2.3/img/logo.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>']
		};
		const asked: string[] = [];
		const fetch = (async (input: string | URL) => {
			const url = new URL(String(input));
			asked.push(url.pathname + url.search);
			const file = served[url.pathname];
			return file ? new Response(file[1], { headers: { 'content-type': file[0] } }) : new Response('not found', { status: 404 });
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		service.cdn = CDN;
		const workspace = ws({
			'index.html': [
				'<link rel="stylesheet" href="node_modules/@deck/theme/styles/styles.css"><link rel="stylesheet" href="css/site.css">',
				'<img id="logo" src="./node_modules/left/img/logo.svg"><script src="node_modules/@deck/core/dist/deck.js"></script><script src="node_modules/gone/gone.js"></script>'
			].join('\n'),
			'css/site.css': '@import "../node_modules/@deck/theme/styles/print.css";',
			[PIN_FILE]: '{ "dependencies": { "@deck/core": "^3.0.0", "@deck/theme": "2.0.0", "left": "^1.0.0" } }',
			'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/@deck/core': { version: '3.3.0' }, 'node_modules/left': { version: '1.2.3' } } })
		});
		const pins = readPins(workspace.files.get(PIN_FILE)!.content).pins;
		const first = compile(workspace, null, undefined, service.view(pins));
		expect(first.packages.needs.map((need) => need.url).sort()).toEqual([`${BASE}/@deck/core@3.3.0/dist/deck.js?raw`, `${BASE}/@deck/theme@2.0.0/styles/print.css`, `${BASE}/@deck/theme@2.0.0/styles/styles.css`, `${BASE}/left@1.2.3/img/logo.svg`]);
		for (let round = 0; round < 3; round++) await service.ensure(compile(workspace, null, undefined, service.view(pins)).packages.needs);
		const done = compile(workspace, null, undefined, service.view(pins));
		expect(done.packages.needs).toEqual([]);
		expect(done.html).toContain('window.deck = "core 3.3.0";');
		expect(done.html).toContain('document.currentScript.setAttribute("src","node_modules/@deck/core/dist/deck.js")');
		expect(done.html).toContain('.slide { color: rgb(1, 2, 3); }');
		expect(done.html).toContain('.print { color: rgb(4, 5, 6); }');
		expect(done.html).toContain(`data:font/woff2;base64,${btoa('WOFF2')}`);
		// The image reads back as its file's URL on the site, as a host that serves node_modules/ has it.
		expect(done.html).toContain(`#studio-file=${encodeURIComponent('https://site.invalid/node_modules/left/img/logo.svg')}`);
		expect(done.diagnostics.map((d) => d.reference)).toEqual(['node_modules/gone/gone.js']);
		// Each file was asked for once.
		expect(new Set(asked).size).toBe(asked.length);
	});

	it('an import of a node_modules/ file (an import map\'s, a module script\'s, a relative one) is that file of the package\'s locked or pinned release, as a bare import of it is', async () => {
		const served: Record<string, string> = {
			'/marked@15.0.7/lib/marked.esm.js': 'export const marked = (s) => "<p>" + s + "</p>";',
			'/@studio/util@1.0.0/es2022/util.mjs': 'import "./deep/inner.mjs";\nexport const helper = 1;',
			'/@studio/util@1.0.0/es2022/deep/inner.mjs': 'export default 1;'
		};
		const fetch = (async (input: string | URL) => {
			const body = served[new URL(String(input)).pathname];
			return body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { headers: { 'content-type': 'text/javascript' } });
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		service.cdn = CDN;
		const workspace = ws({
			'index.html': '<script type="importmap">{ "imports": { "marked": "./node_modules/marked/lib/marked.esm.js" } }</script><script type="module">import { marked } from "marked";\nimport "./node_modules/nowhere/x.js";\ndocument.body.innerHTML = marked("hi");</script><script type="module" src="node_modules/@studio/util/es2022/util.mjs"></script>',
			[PIN_FILE]: '{ "dependencies": { "marked": "15.0.7" } }',
			'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/@studio/util': { version: '1.0.0' } } })
		});
		const pins = readPins(workspace.files.get(PIN_FILE)!.content).pins;
		expect(compile(workspace, null, undefined, service.view(pins)).packages.needs.map((need) => need.url).sort()).toEqual([`${BASE}/@studio/util@1.0.0/es2022/util.mjs`, `${BASE}/marked@15.0.7/lib/marked.esm.js`]);
		for (let round = 0; round < 3; round++) await service.ensure(compile(workspace, null, undefined, service.view(pins)).packages.needs);
		const done = compile(workspace, null, undefined, service.view(pins));
		expect(done.packages).toEqual({ needs: [], unresolved: [], unpinned: [] });
		expect(done.html).toContain(`${BASE}/@studio/util@1.0.0/es2022/deep/inner.mjs`);
		expect(done.html).toContain(`${BASE}/marked@15.0.7/lib/marked.esm.js`);
		// A package neither file names is still missing, and no pin is made for it.
		expect(done.diagnostics.map((d) => d.reference)).toEqual(['./node_modules/nowhere/x.js']);
	});

	it('Make available offline fetches the node_modules/ files any page or stylesheet names, not only the page shown', async () => {
		const asked: string[] = [];
		const fetch = (async (input: string | URL) => {
			const url = new URL(String(input));
			asked.push(url.pathname + url.search);
			return url.pathname.endsWith('.css') ? new Response('.x { color: red; }', { headers: { 'content-type': 'text/css' } }) : new Response('window.x = 1;', { headers: { 'content-type': 'text/javascript' } });
		}) as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		service.cdn = CDN;
		const workspace = ws({
			'index.html': '<script src="node_modules/jquery/dist/jquery.min.js"></script>',
			'talks/deck.html': '<link rel="stylesheet" href="../node_modules/@deck/theme/styles.css?v=2">',
			'vendor/jquery.js': '// the workspace\'s own copy: not a package file',
			[PIN_FILE]: '{ "dependencies": { "@deck/theme": "2.0.0" } }',
			'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/jquery': { version: '3.7.1' }, 'node_modules/@deck/theme': { version: '2.0.0' } } })
		});
		const hub = new HubPackages(service, () => { throw new Error('no registry'); }, () => workspace);
		expect(await hub.fetchAll(workspace)).toEqual({ missing: [] });
		// Beside the pinned package's module: the two files the pages name there.
		expect((await service.stored()).map((file) => file.url).sort()).toEqual([`${BASE}/@deck/theme@2.0.0`, `${BASE}/@deck/theme@2.0.0/styles.css`, `${BASE}/jquery@3.7.1/dist/jquery.min.js?raw`]);
	});

	it('clearing unused packages keeps the release a lock file installed, whose files a page names in node_modules/', async () => {
		const fetch = (async () => new Response('window.deck = 1;', { headers: { 'content-type': 'text/javascript' } })) as unknown as typeof globalThis.fetch;
		const service = new PackageService({ store: new MemoryPackageStore(), fetch });
		service.cdn = CDN;
		const url = `${BASE}/@deck/core@3.3.0/dist/deck.js?raw`;
		await service.ensure([{ url, module: false }]);
		const pinned = ws({ 'index.html': '<script src="node_modules/@deck/core/dist/deck.js"></script>', [PIN_FILE]: '{ "dependencies": { "@deck/core": "^3.0.0" } }' });
		const locked = ws({ ...Object.fromEntries([...pinned.files].map(([path, file]) => [path, file.content!])), 'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/@deck/core': { version: '3.3.0' } } }) });
		const hub = (workspace: Workspace) => new HubPackages(service, () => { throw new Error('no registry'); }, () => workspace);
		expect(await hub(locked).clearUnused(undefined, locked)).toEqual({ files: 0, bytes: 0 });
		expect((await service.stored()).map((file) => file.url)).toEqual([url]);
		// Without the lock file its release is unknown here (a range), so the file goes.
		expect((await hub(pinned).clearUnused(undefined, pinned)).files).toBe(1);
	});

	it('where a node_modules/ file comes from: its package and path, the locked release, the CDN\'s file as published', () => {
		expect(installedPath('node_modules/@shower/core/dist/shower.js')).toEqual({ name: '@shower/core', path: 'dist/shower.js' });
		expect(installedPath('node_modules/jquery/dist/jquery.min.js')).toEqual({ name: 'jquery', path: 'dist/jquery.min.js' });
		expect([installedPath('vendor/jquery.js'), installedPath('node_modules/jquery'), installedPath('node_modules/@scope')]).toEqual([null, null, null]);
		expect(lockedVersion(JSON.stringify({ lockfileVersion: 1, dependencies: { jquery: { version: '3.7.1' } } }), 'jquery')).toBe('3.7.1');
		expect(lockedVersion(JSON.stringify({ packages: { 'node_modules/jquery': { version: '^3' } } }), 'jquery')).toBeUndefined();
		expect(lockedVersion('{ not json', 'jquery')).toBeUndefined();
		expect(packageFileUrl({ kind: 'esm.sh' }, 'jquery', '3.7.1', 'dist/jquery.min.js')).toBe('https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js');
		expect(packageFileUrl({ kind: 'jsdelivr' }, 'a', '1.0.0', 'my file.css')).toBe('https://cdn.jsdelivr.net/npm/a@1.0.0/my%20file.css');
		expect(packageFileUrl(CDN, 'a', '1.0.0', 'dist/a.css')).toBe(`${BASE}/a@1.0.0/dist/a.css`);
	});

	it('without a package store a bare import is still a clear diagnostic', () => {
		const { diagnostics } = compile(ws({ 'index.html': '<script type="module">import x from "marked";</script>' }));
		expect(diagnostics[0]).toMatchObject({ kind: 'bare-specifier', reference: 'marked' });
	});
});
