// The site as a static host serves it, in the preview: which page a path names (relative, "../",
// root-absolute, "dir/", clean URLs), the files requests get (from the revision a frame shows), the
// page shown across edits with Back and Forward, the site's localStorage kept and shared, and the
// line map that sends every error to its file and line.
import { describe, expect, it, vi } from 'vitest';
import { compile, pageOf } from '../../src/lib/preview/compile';
import { applyEditsMapped } from '../../src/lib/preview/html';
import { siteLocation, SITE_HOLDER, SITE_LOCATION, SITE_TOP } from '../../src/lib/preview/compiler/location';
import { PreviewCoordinator } from '../../src/lib/preview/coordinator';
import { cookieRows } from '../../src/lib/preview/site-cookies';
import { sitePath, siteUrl, SITE_ORIGIN } from '../../src/lib/preview/site';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import type { PreviewRender, SiteStorageChange } from '../../src/lib/preview/messages';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { composeHub } from '../../src/lib/worker/compose';
import { createFacade } from '../../src/lib/worker/facade';
import { strToU8, zipSync } from 'fflate';

function ws(files: Record<string, string | Uint8Array>, revision = 3): Workspace {
	return { id: 'w', name: 'w', revision, activePath: null, files: new Map(Object.entries(files).map(([path, content]) => [path, makeFile(path, content)])) };
}

/** Resolves a link written in `page` the way the frame does (against the page's virtual URL). */
const linkFrom = (page: string, href: string) => sitePath(new URL(href, siteUrl(page)).pathname);

const site = ws({ 'index.html': '<h1>Home</h1>', 'about.html': '<h1>About</h1>', 'blog/index.html': '<h1>Blog</h1>', 'blog/post one.html': '<h1>Post</h1>', 'docs.html': '<h1>Docs</h1>', 'data.json': '{"a":1}', 'img/logo.png': new Uint8Array([137, 80, 78, 71]) });

describe('paths of links and requests', () => {
	it('relative, "./", "../", root-absolute and encoded links resolve as on a host; query and fragment stay out of the path', () => {
		expect(linkFrom('index.html', 'about.html')).toBe('about.html');
		expect(linkFrom('blog/index.html', '../about.html?x=1#team')).toBe('about.html');
		expect(linkFrom('blog/index.html', './post%20one.html')).toBe('blog/post one.html');
		expect(linkFrom('blog/post one.html', '/index.html')).toBe('index.html');
		expect(linkFrom('blog/index.html', '../../../../about.html')).toBe('about.html'); // never above the site's root
		expect(linkFrom('index.html', 'blog/')).toBe('blog/');
		expect(new URL('#team', siteUrl('about.html')).href).toBe(`${SITE_ORIGIN}/about.html#team`);
		expect(sitePath('%E0%A4%A')).toBeNull();
	});

	it('a file\'s URL on the site is escaped as Chromium escapes a path: @, $, +, :, = and brackets stay; a space, #, ?, %, ^, | and é are escaped; and it reads back as the path', () => {
		const path = 'img/me@2x $+,;:=[1] a#b?c%d^e|f é.png';
		expect(siteUrl(path)).toBe(`${SITE_ORIGIN}/img/me@2x%20$+,;:=[1]%20a%23b%3Fc%25d%5Ee%7Cf%20%C3%A9.png`);
		expect(sitePath(new URL(siteUrl(path)).pathname)).toBe(path);
		expect(siteUrl('node_modules/@deck/core/dist/deck.js')).toBe(`${SITE_ORIGIN}/node_modules/@deck/core/dist/deck.js`);
	});

	it('a path names a page as a static host serves it: "" and "dir/" are their index.html, "about" is about.html', () => {
		expect(pageOf(site, '/')).toBe('index.html');
		expect(pageOf(site, '')).toBe('index.html');
		expect(pageOf(site, 'blog/')).toBe('blog/index.html');
		expect(pageOf(site, 'blog')).toBe('blog/index.html');
		expect(pageOf(site, 'docs')).toBe('docs.html');
		expect(pageOf(site, 'blog/post one.html')).toBe('blog/post one.html');
		expect(pageOf(site, 'data.json')).toBeNull(); // not a page
		expect(pageOf(site, 'nowhere.html')).toBeNull();
	});

	it('a page the site does not have renders a 404 page, with the bridge, and says so', () => {
		const compiled = compile(site, 'nowhere.html');
		expect(compiled.notFound).toBe('nowhere.html');
		expect(compiled.html).toContain('404');
		expect(compiled.html).toContain('data-studio-bridge');
		expect(compile(site, 'about.html').entry).toBe('about.html');
	});
});

describe('the preview coordinator as the site\'s host', () => {
	const coordinator = (options: Partial<ConstructorParameters<typeof PreviewCoordinator>[0]> = {}) => {
		const sent: PreviewRender[] = [];
		const c = new PreviewCoordinator({ send: (_tab, render) => sent.push(render), ackTimeoutMs: 50, ...options });
		return { c, sent };
	};

	it('answers file requests from the revision the frame shows, "dir/" as its index.html, a missing file as 404 (with the site\'s 404.html where it has one)', async () => {
		const { c } = coordinator();
		c.registerHost('tab', ws({ 'index.html': 'v1', 'data.json': '{"v":1}' }, 1));
		c.registerHost('tab', ws({ 'index.html': 'v2', 'data.json': '{"v":2}' }, 2));
		expect(await c.file(1, '/data.json')).toMatchObject({ status: 200, mimeType: 'application/json', body: '{"v":1}' });
		expect(await c.file(2, 'data.json')).toMatchObject({ status: 200, body: '{"v":2}' });
		expect(await c.file(99, '/data.json')).toMatchObject({ status: 200, body: '{"v":2}' }); // no longer kept: the newest
		expect(await c.file(2, '/')).toMatchObject({ status: 200, mimeType: 'text/html', body: 'v2' });
		expect(await c.file(2, '/missing.json')).toMatchObject({ status: 404, mimeType: 'text/plain' });
		// A site with its own 404.html sends it with the 404, as a host does.
		c.registerHost('tab', ws({ 'index.html': 'v3', '404.html': '<h1>Lost</h1>' }, 3));
		expect(await c.file(3, '/missing.json')).toMatchObject({ status: 404, mimeType: 'text/html', body: '<h1>Lost</h1>' });
		const bytes = coordinator().c;
		bytes.registerHost('tab', site);
		expect((await bytes.file(3, '/img/logo.png')).body).toEqual(new Uint8Array([137, 80, 78, 71]));
	});

	it('puts the entry at the site\'s root in the address bar as "/" (its location.pathname), and index.html asked by name at its name, as a host does', () => {
		const { c } = coordinator();
		const site = ws({ 'index.html': '<h1>Home</h1>', 'about.html': '<h1>About</h1>' }, 1);
		expect(c.registerHost('tab', site)).toMatchObject({ page: 'index.html', address: '' });
		expect(c.location(site).path).toBe('');
		void c.navigate(site, { path: 'index.html?q=1' });
		expect(c.location(site).path).toBe('index.html?q=1');
		void c.navigate(site, { path: '/' });
		expect(c.location(site).path).toBe('');
		// A site whose entry is another page shows it by its name: nothing is at its root.
		const other = ws({ 'home.html': '<h1>Home</h1>' }, 2);
		expect(c.registerHost('tab-2', other)).toMatchObject({ page: 'home.html', address: 'home.html' });
	});

	it('answers a page asked without its extension or its folder\'s slash as a host does: about.html where asked, a folder\'s index after a redirect to its slash; a file by that name first', async () => {
		const { c } = coordinator();
		c.registerHost('tab', ws({ 'index.html': 'home', 'about.html': 'about', 'blog/index.html': 'blog', CNAME: 'bare', 'CNAME.html': 'no' }, 1));
		const about = await c.file(1, '/about');
		expect(about).toMatchObject({ status: 200, mimeType: 'text/html', body: 'about' });
		expect(about.redirected).toBeUndefined();
		expect(await c.file(1, '/blog')).toMatchObject({ status: 200, body: 'blog', redirected: '/blog/' });
		expect((await c.file(1, '/blog/')).redirected).toBeUndefined();
		expect(await c.file(1, '/CNAME')).toMatchObject({ status: 200, body: 'bare' });
		// Only pages: a missing file of another type is not a page's name.
		expect(await c.file(1, '/missing')).toMatchObject({ status: 404 });
		// A fetched page is the markup a router swaps in, from the page it names.
		expect(await c.file(1, '/blog', 'fetched')).toMatchObject({ status: 200, body: 'blog', redirected: '/blog/' });
	});

	it('answers a script a page runs from script with its location pointed at the page\'s, from the revision the frame shows; other files as they are', async () => {
		const { c } = coordinator();
		c.registerHost('tab', ws({ 'index.html': '<p>home</p>', 'js/menu.js': 'mark(location.pathname, "location");', 'js/plain.js': 'plain();', 'img/logo.png': new Uint8Array([137, 80, 78, 71]) }, 1));
		c.registerHost('tab', ws({ 'index.html': '<p>home</p>', 'js/menu.js': 'v2(location.search);' }, 2));
		// The parser is loaded here if no compile has needed it yet.
		expect(await c.file(1, '/js/menu.js', 'script')).toMatchObject({ status: 200, body: `mark(${SITE_LOCATION}.pathname, "location");` });
		expect((await c.file(2, '/js/menu.js', 'script')).body).toBe(`v2(${SITE_LOCATION}.search);`);
		expect((await c.file(1, '/js/plain.js', 'script')).body).toBe('plain();');
		expect((await c.file(1, '/img/logo.png', 'script')).body).toEqual(new Uint8Array([137, 80, 78, 71]));
		expect(await c.file(2, '/js/gone.js', 'script')).toMatchObject({ status: 404 });
		// Fetched as data, the file is as written.
		expect((await c.file(1, '/js/menu.js')).body).toBe('mark(location.pathname, "location");');
	});

	it('answers a page\'s fetch of an HTML page with its inline scripts and handlers pointed at the page\'s location, and nothing else changed; other files as they are', async () => {
		const { c } = coordinator();
		const next = [
			'<!doctype html><title>location</title><p title="location">location</p>',
			'<script>show(location.pathname)</script>',
			'<script type="module">show(window.location.search)</script>',
			'<script type="application/json">{"location": "x", "v": location}</script>',
			'<script type="importmap">{"imports": {"location": "./location.js"}}</script>',
			'<script src="js/menu.js"></script>',
			'<button onclick="location.href = \'index.html\'" class="b">Home</button>',
			'<svg><circle r="1" onclick="location.reload()"/><rect width="2"/></svg>',
			'<a href="javascript:location.reload()">Again</a><a href="javascript:void(0)" title="location">Nothing</a><link href="javascript:location">'
		].join('\n');
		c.registerHost('tab', ws({ 'index.html': '<p>home</p>', 'next.html': next, 'js/menu.js': 'mark(location.pathname);' }, 1));
		const body = (await c.file(1, '/next.html', 'fetched')).body as string;
		expect(body.split('\n')).toEqual([
			'<!doctype html><title>location</title><p title="location">location</p>',
			`<script>show(${SITE_LOCATION}.pathname)</script>`,
			`<script type="module">show(window.${SITE_LOCATION}.search)</script>`,
			'<script type="application/json">{"location": "x", "v": location}</script>',
			'<script type="importmap">{"imports": {"location": "./location.js"}}</script>',
			'<script src="js/menu.js"></script>',
			`<button onclick="${SITE_LOCATION}.href = 'index.html'" class="b">Home</button>`,
			`<svg><circle r="1" onclick="${SITE_LOCATION}.reload()" /><rect width="2"/></svg>`,
			`<a href="javascript:${SITE_LOCATION}.reload()">Again</a><a href="javascript:void(0)" title="location">Nothing</a><link href="javascript:location">`
		]);
		// A script fetched as data, and a page that names no location, are as written.
		expect((await c.file(1, '/js/menu.js', 'fetched')).body).toBe('mark(location.pathname);');
		expect((await c.file(1, '/index.html', 'fetched')).body).toBe('<p>home</p>');
		expect(await c.file(1, '/gone.html', 'fetched')).toMatchObject({ status: 404 });
	});

	it('answers a module a page adds from script with its graph, compiled as the page\'s modules are (the page\'s import map first), from the revision the frame shows', async () => {
		const { c } = coordinator();
		const files = {
			'index.html': '<script type="importmap">{"imports": {"ui": "./js/ui.js"}}</script><p>home</p>',
			'js/app.js': "import { where } from './lib/util.js';\nimport 'ui';\nwhere();",
			'js/lib/util.js': 'export const where = () => location.pathname;',
			'js/ui.js': 'export {};',
			'img/logo.png': new Uint8Array([137, 80, 78, 71])
		};
		c.registerHost('tab', ws(files, 1));
		c.registerHost('tab', ws({ ...files, 'js/app.js': 'export const v = 2;' }, 2));
		const answer = await c.file(1, '/js/app.js', 'module');
		expect(answer).toMatchObject({ status: 200, mimeType: 'application/json' });
		const graph = JSON.parse(answer.body as string) as { entry: string; bootstrap: string };
		expect(graph.entry).toBe('https://workspace.invalid/js/app.js');
		// Each module of the graph, its imports at virtual URLs (a bare one by the page's map), its location the page's.
		for (const text of ['https://workspace.invalid/js/lib/util.js', 'https://workspace.invalid/js/ui.js', 'sourceURL=js/lib/util.js', `${SITE_LOCATION}.pathname`]) expect(graph.bootstrap).toContain(text);
		expect(graph.bootstrap).not.toContain("from './lib/util.js'");
		expect(JSON.parse((await c.file(2, '/js/app.js', 'module')).body as string).bootstrap).toContain('const v = 2');
		expect((await c.file(1, '/img/logo.png', 'module')).body).toEqual(new Uint8Array([137, 80, 78, 71]));
		expect(await c.file(1, '/js/gone.js', 'module')).toMatchObject({ status: 404 });
	});

	it('answers a frame\'s page compiled from the revision the frame shows, a file that is no page as it is, a missing page as a 404 page', async () => {
		const { c } = coordinator();
		c.registerHost('tab', ws({ 'index.html': '<p>home</p>', 'docs/index.html': '<!doctype html><link rel="stylesheet" href="d.css"><p>docs v1</p>', 'docs/d.css': 'p { color: teal }', 'notes.txt': 'plain' }, 1));
		c.registerHost('tab', ws({ 'index.html': '<p>home</p>', 'docs/index.html': '<p>docs v2</p>' }, 2));
		const docs = await c.file(1, '/docs/', { search: '?q=1', fragment: '#top' });
		expect(docs).toMatchObject({ status: 200, mimeType: 'text/html' });
		expect(docs.body).toContain('docs v1');
		expect(docs.body).toContain('p { color: teal }');
		// At the folder it was asked at, as a host's frame is (with its slash when asked without one).
		expect(docs.body).toContain('<base data-studio-base href="https://site.invalid/docs/?q=1">');
		expect(docs.body).toContain('data-framed');
		const v2 = (await c.file(2, '/docs', {})).body as string;
		expect(v2).toContain('docs v2');
		expect(v2).toContain('<base data-studio-base href="https://site.invalid/docs/">');
		expect((await c.file(2, '/docs/index.html', {})).body).toContain('<base data-studio-base href="https://site.invalid/docs/index.html">');
		expect(await c.file(1, '/notes.txt', {})).toMatchObject({ status: 200, mimeType: 'text/plain', body: 'plain' });
		const missing = await c.file(2, '/gone.html', {});
		expect(missing).toMatchObject({ status: 404, mimeType: 'text/html' });
		expect(missing.body).toContain('gone.html');
	});

	it('keeps the page shown across edits, with Back and Forward, and names it in every render and in the status', async () => {
		const pages: string[] = [];
		const { c, sent } = coordinator({ onPage: (page) => pages.push(`${page.path}:${page.canBack}:${page.canForward}`) });
		c.registerHost('tab', site);
		const reply = () => {
			const render = sent.at(-1)!;
			c.ack('tab', render.renderId, { revision: render.revision, status: 'ready', durationMs: 1, errors: [] });
		};
		const go = async (target: Parameters<typeof c.navigate>[1], workspace = site) => {
			const done = c.navigate(workspace, target);
			reply();
			return done;
		};
		expect(await go({ path: '/about.html', fragment: '#team' })).toMatchObject({ page: 'about.html', status: 'ready' });
		expect(sent.at(-1)).toMatchObject({ page: 'about.html', fragment: '#team' });
		expect(sent.at(-1)!.html.replace(/ data-studio-at="\d+:\d+(?::[0-9a-z]+)?"/g, '')).toContain('<h1>About</h1>');
		// An edit to the page shown keeps you on it (and the fragment is not gone to again).
		const edited = ws({ ...Object.fromEntries([...site.files].map(([p, f]) => [p, f.content ?? f.bytes!])), 'about.html': '<h1>About us</h1>' }, 4);
		const rendered = c.render(edited);
		reply();
		await rendered;
		expect(sent.at(-1)).toMatchObject({ page: 'about.html', revision: 4 });
		expect(sent.at(-1)!.fragment).toBeUndefined();
		expect(sent.at(-1)!.html).toContain('About us');
		// A folder's page is at the folder, as a host's address bar has it (the document's URL too).
		expect(await go({ path: 'blog/' }, edited)).toMatchObject({ page: 'blog/index.html' });
		expect(sent.at(-1)).toMatchObject({ page: 'blog/', address: 'blog/' });
		expect(await go({ direction: 'back' }, edited)).toMatchObject({ page: 'about.html' });
		expect(await go({ direction: 'back' }, edited)).toMatchObject({ page: 'index.html' });
		expect(await go({ direction: 'back' }, edited)).toMatchObject({ page: 'index.html' }); // nothing further back
		expect(await go({ direction: 'forward' }, edited)).toMatchObject({ page: 'about.html' });
		expect(c.status().page).toBe('about.html');
		// Back at the entry, at the site's root: the address bar's "/" (the render's address too).
		expect(pages).toEqual(['about.html:true:false', 'blog/:true:false', 'about.html:true:true', ':false:true', 'about.html:true:true']);
		// A page that is not there is a 404 page, on its own address.
		expect(await go({ path: 'gone.html' }, edited)).toMatchObject({ page: 'gone.html' });
		expect(sent.at(-1)!.html).toContain('404');
	});

	it('keeps the site\'s localStorage (persisted, in every render, told to the other tabs), and clears it', async () => {
		const saved: Record<string, string>[] = [];
		const told: [SiteStorageChange, string | null][] = [];
		const { c, sent } = coordinator({
			siteStore: { get: async () => ({ kept: 'from before', bad: 1 }), set: async (value) => void saved.push(value) },
			onStorage: (change, from) => told.push([change, from])
		});
		await c.loadStorage();
		expect(c.siteStorage().local).toEqual({ kept: 'from before' });
		c.storageChange('tab-a', { area: 'local', changes: [['todos', '[1,2]'], ['kept', null]] });
		expect(c.siteStorage().local).toEqual({ todos: '[1,2]' });
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(saved.at(-1)).toEqual({ todos: '[1,2]' });
		expect(told).toEqual([[{ area: 'local', changes: [['todos', '[1,2]'], ['kept', null]] }, 'tab-a']]);
		// sessionStorage is each tab's: told to nobody else's storage, kept by nobody here.
		c.storageChange('tab-a', { area: 'session', changes: [['visits', '1']] });
		expect(c.siteStorage().local).toEqual({ todos: '[1,2]' });
		expect(c.registerHost('tab-b', site)).toMatchObject({ local: { todos: '[1,2]' } });
		// Over 5 MB in all is never kept (the frame's own quota refuses first).
		c.storageChange('tab-a', { area: 'local', changes: [['huge', 'x'.repeat(5 * 1024 * 1024 + 1)]] });
		expect(Object.keys(c.siteStorage().local)).toEqual(['todos']);
		const cleared = c.clearStorage(site);
		sent.length = 0;
		await new Promise((resolve) => setTimeout(resolve, 0));
		for (const render of sent) c.ack('tab-b', render.renderId, { revision: render.revision, status: 'ready', durationMs: 1, errors: [] });
		await cleared;
		expect(c.siteStorage().local).toEqual({});
		expect(told.slice(-3).map(([change, from]) => [change.area, change.clear, from])).toEqual([
			['local', true, null],
			['session', true, null],
			['cookie', true, null]
		]);
	});

	it('keeps the site\'s cookies as one jar for every tab: in every render, told to the other tabs, the persistent ones written through and the expired ones gone', async () => {
		let now = Date.parse('2026-12-06T12:00:00Z');
		const saved: Record<string, string>[] = [];
		const told: [SiteStorageChange, string | null][] = [];
		const { c, sent } = coordinator({
			now: () => now,
			cookieStore: {
				get: async () => ({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'old; path=/': 'x; expires=2026-12-01T00:00:00.000Z', 'bad': 'no path' }),
				set: async (value) => void saved.push(value)
			},
			onStorage: (change, from) => told.push([change, from])
		});
		await c.loadStorage();
		// The expired and the malformed are dropped as the jar loads.
		expect(c.siteStorage().cookies).toEqual({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z' });
		c.storageChange('tab-a', { area: 'cookie', changes: [['sid; path=/', 'abc'], ['token; path=/app', 't; expires=2026-12-06T12:01:00.000Z']] });
		await new Promise((resolve) => setTimeout(resolve, 10));
		// A session cookie is shared, never written to the device.
		expect(saved.at(-1)).toEqual({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'token; path=/app': 't; expires=2026-12-06T12:01:00.000Z' });
		expect(told.at(-1)).toEqual([{ area: 'cookie', changes: [['sid; path=/', 'abc'], ['token; path=/app', 't; expires=2026-12-06T12:01:00.000Z']] }, 'tab-a']);
		expect(c.registerHost('tab-b', site).cookies).toEqual({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'sid; path=/': 'abc', 'token; path=/app': 't; expires=2026-12-06T12:01:00.000Z' });
		// A minute on, the token has expired: no render carries it, and the Site data view does not list it.
		now += 61_000;
		expect(c.registerHost('tab-c', site).cookies).not.toHaveProperty('token; path=/app');
		c.removeHost('tab-c');
		expect(c.siteStorage().cookies).toEqual({ 'consent; path=/': 'yes; expires=2027-12-06T12:00:00.000Z', 'sid; path=/': 'abc' });
		expect(cookieRows(c.siteStorage().cookies)).toEqual({ 'Cookie “consent”': 'yes · until 2027-12-06', 'Cookie “sid”': 'abc · this session' });
		sent.length = 0;
		const cleared = c.clearStorage(site);
		await vi.waitFor(() => expect(sent.length).toBe(1));
		c.ack('tab-b', sent[0]!.renderId, { revision: sent[0]!.revision, status: 'ready', durationMs: 1, errors: [] });
		expect((await cleared).message).toBe('0 items and 2 cookies cleared.');
		expect(c.siteStorage().cookies).toEqual({});
	});
	it('keeps the query with the page (its virtual URL, the address), and a replacing navigation leaves nothing behind Back', async () => {
		const pages: string[] = [];
		const { c, sent } = coordinator({ onPage: (page) => pages.push(`${page.path}:${page.canBack}`) });
		c.registerHost('tab', site);
		const go = async (target: Parameters<typeof c.navigate>[1]) => {
			const done = c.navigate(site, target);
			const render = sent.at(-1)!;
			c.ack('tab', render.renderId, { revision: render.revision, status: 'ready', durationMs: 1, errors: [] });
			return done;
		};
		await go({ path: '/about.html', search: '?id=3' });
		expect(sent.at(-1)).toMatchObject({ page: 'about.html', search: '?id=3' });
		await go({ path: 'docs?tab=api' }); // the address field's form: the query in the path
		// A page asked for without its .html is at that address (as a host that serves docs.html at /docs shows
		// it); a folder asked for without its slash is at the folder with it, as a host redirects it.
		expect(sent.at(-1)).toMatchObject({ page: 'docs', search: '?tab=api' });
		await go({ path: 'blog', replace: true });
		expect(sent.at(-1)).toMatchObject({ page: 'blog/', address: 'blog/' });
		expect(sent.at(-1)!.search).toBeUndefined();
		expect(pages).toEqual(['about.html?id=3:true', 'docs?tab=api:true', 'blog/:true']);
		// Back skips the replaced docs page and comes back with about's query.
		await go({ direction: 'back' });
		expect(sent.at(-1)).toMatchObject({ page: 'about.html', search: '?id=3' });
		expect(c.location(site)).toMatchObject({ path: 'about.html?id=3', canForward: true });
	});

	it('keeps the page shown for the next hub (a studio reloaded shows it again, as a browser\'s reload does); Back starts empty', async () => {
		const stored: unknown[] = [];
		const store = { get: async () => stored.at(-1) ?? null, set: async (place: unknown) => void stored.push(place) };
		const first = coordinator({ placeStore: store });
		await first.c.loadStorage();
		first.c.registerHost('tab', site);
		const go = async (target: Parameters<typeof first.c.navigate>[1]) => {
			const done = first.c.navigate(site, target);
			const render = first.sent.at(-1)!;
			first.c.ack('tab', render.renderId, { revision: render.revision, status: 'ready', durationMs: 1, errors: [] });
			return done;
		};
		await go({ path: '/blog/' });
		expect(stored.at(-1)).toEqual({ page: 'blog/index.html', search: '', at: 'blog/' });
		const folder = coordinator({ placeStore: store });
		await folder.c.loadStorage();
		expect(folder.c.registerHost('tab-2', site)).toMatchObject({ page: 'blog/' });
		await go({ path: '/about.html', search: '?id=3' });
		expect(stored.at(-1)).toEqual({ page: 'about.html', search: '?id=3' });
		// The next hub's first render, before anything navigates.
		const next = coordinator({ placeStore: store });
		await next.c.loadStorage();
		expect(next.c.registerHost('tab-2', site)).toMatchObject({ page: 'about.html', search: '?id=3' });
		expect(next.c.location(site)).toEqual({ path: 'about.html?id=3', canBack: false, canForward: false });
		// Back to the entry is stored as the entry (whatever it is at a later revision).
		await go({ direction: 'back' });
		await go({ direction: 'back' });
		expect(stored.at(-1)).toEqual({ page: null, search: '' });
		// What was not stored by a hub is ignored: the entry shows.
		for (const junk of [{ page: 7, search: '' }, { page: 'about.html' }, 'about.html', { page: '', search: '' }, { page: 'blog/index.html', search: '', at: 3 }]) {
			const other = coordinator({ placeStore: { get: async () => junk, set: async () => undefined } });
			await other.c.loadStorage();
			expect(other.c.registerHost('tab', site).page).toBe('index.html');
		}
		const failing = coordinator({ placeStore: { get: async () => Promise.reject(new Error('storage gone')), set: async () => undefined } });
		await failing.c.loadStorage();
		expect(failing.c.registerHost('tab', site).page).toBe('index.html');
	});
});

describe('the site\'s references to location', () => {
	const point = (code: string) => siteLocation(code);
	it('points location, window.location and document.location at the page\'s, wherever code names them', () => {
		expect(point("location.href = 'about.html'")).toBe(`${SITE_LOCATION}.href = 'about.html'`);
		expect(point('window.location = "a.html"; document.location.assign(b); self.location.replace(c)')).toBe(`window.${SITE_LOCATION} = "a.html"; document.${SITE_LOCATION}.assign(b); self.${SITE_LOCATION}.replace(c)`);
		expect(point('const q = new URLSearchParams(location.search)')).toBe(`const q = new URLSearchParams(${SITE_LOCATION}.search)`);
		expect(point('`at ${location.pathname}`')).toBe(`\`at \${${SITE_LOCATION}.pathname}\``);
		expect(point('window?.location.reload()')).toBe(`window?.${SITE_LOCATION}.reload()`);
		// A variable of that name is renamed with its uses: it still means itself.
		expect(point('function f(location) { return location.city }')).toBe(`function f(${SITE_LOCATION}) { return ${SITE_LOCATION}.city }`);
		// A shorthand keeps its key: what is destructured is still the object's location; what is built holds the page's (or the variable).
		expect(point('const { location } = props; go(location.path)')).toBe(`const { location: ${SITE_LOCATION} } = props; go(${SITE_LOCATION}.path)`);
		expect(point('function g({ location = fallback }) { return location }')).toBe(`function g({ location: ${SITE_LOCATION} = fallback }) { return ${SITE_LOCATION} }`);
		expect(point('send({ location, user })')).toBe(`send({ location: ${SITE_LOCATION}, user })`);
		expect(point('({ location() {} })')).toBe('({ location() {} })');
		// Taken from window or document under another name, it is the page's; from another object, that object's.
		expect(point('const { location: where, history } = window; ({ location: here } = document)')).toBe(`const { ${SITE_LOCATION}: where, history } = window; ({ ${SITE_LOCATION}: here } = document)`);
		expect(point('const { location: where } = geo')).toBe('const { location: where } = geo');
	});
	it('leaves strings, comments, regular expressions, object keys, other objects\' location and top.location alone', () => {
		const untouched = [
			'"location.href = x"',
			"// location.href = 'x'\n/* location */",
			'/location/.test(s)',
			'({ location: 1, location2: 2 })',
			'parent.location = y; opener.location; window.parent.location; a?.b.location; super.location',
			'class A { location() {} }',
			'const { location: where } = geo'
		];
		for (const code of untouched) expect(point(code)).toBe(code);
	});
	it('wraps any other variable that holds a location, or this, in the page\'s holder: a window under another name is found as the code runs', () => {
		// What a minifier makes of React Router's `window.location` (its window is a parameter), and an object's own location.
		expect(point('function h({ window: o = document.defaultView }) { return o.location.pathname }')).toBe(`function h({ window: o = document.defaultView }) { return ${SITE_HOLDER}(o).location.pathname }`);
		expect(point('user.location = "Paris"; this.location; o?.location.href')).toBe(`${SITE_HOLDER}(user).location = "Paris"; ${SITE_HOLDER}(this).location; ${SITE_HOLDER}(o)?.location.href`);
		// As it runs, the holder gives the page's location for the page's window and document, and anything else as it is.
		const site = { href: 'https://site.invalid/' };
		const win = {};
		const holder = (o: unknown) => (o === win ? { location: site } : o);
		const run = (code: string, w: unknown, user: unknown) => new Function(SITE_HOLDER, 'o', 'user', `return ${point(code)}`)(holder, w, user);
		expect(run('[o.location.href, user.location]', win, { location: 'Paris' })).toEqual(['https://site.invalid/', 'Paris']);
	});
	it('wraps any other expression that holds a location in the page\'s holder, where it stands: universal code reads the window through a condition', () => {
		// url-parse's, in Swagger UI's bundle: the base of every relative URL it resolves.
		const universal = '("undefined"!=typeof window?window:void 0!==g?g:{}).location||{}';
		expect(point(universal)).toBe(`${SITE_HOLDER}(("undefined"!=typeof window?window:void 0!==g?g:{})).location||{}`);
		expect(point('store.user.location; f().location; document.defaultView.location.href')).toBe(`${SITE_HOLDER}(store.user).location; ${SITE_HOLDER}(f()).location; ${SITE_HOLDER}(document.defaultView).location.href`);
		// Holders inside holders: each keeps its own finding, the outer one opening first.
		expect(point('f(o.location).location; window.location.location')).toBe(`${SITE_HOLDER}(f(${SITE_HOLDER}(o).location)).location; ${SITE_HOLDER}(window.${SITE_LOCATION}).location`);
		// As it runs: the page's window gives the page's location, anything else its own.
		const site = { href: 'https://site.invalid/docs/' };
		const win = { document: {} };
		const holder = (o: unknown) => (o === win || o === win.document ? { location: site } : o);
		const run = (code: string) => new Function(SITE_HOLDER, 'w', 'user', 'g', `return ${point(code)}`)(holder, win, { place: { location: 'Paris' } }, undefined);
		expect(run('[(typeof w != "undefined" ? w : g).location.href, user.place.location, w.document.location.href, (0, w).location.href]')).toEqual([site.href, 'Paris', site.href, site.href]);
	});
	it('points top at the site\'s top window, and top.location at the page\'s location: a frame buster never fires, as on a host', () => {
		expect(point('if (top != self) top.location.replace(self.location.href)')).toBe(`if (${SITE_TOP} != self) ${SITE_HOLDER}(${SITE_TOP}).location.replace(self.${SITE_LOCATION}.href)`);
		expect(point('const embedded = window.self !== window.top; window.top.location = "x"')).toBe(`const embedded = window.self !== window.${SITE_TOP}; ${SITE_HOLDER}(${SITE_TOP}).location = "x"`);
		// A shorthand keeps its key; code that declares a top of its own means that one (its exports keep their names).
		expect(point('send({ top, frames })')).toBe(`send({ top: ${SITE_TOP}, frames })`);
		for (const code of ['const { top } = rect; f(top); g({ top })', 'export var top = "top"; export const edges = [top]', 'import { top } from "./enums.js"; use(top)', 'function f(top) { return top > 0 }']) expect(point(code)).toBe(code);
		// Another object's top, a key, a string, CSS in a string: left alone (and no parse is needed for them).
		for (const code of ['el.style.top = "4px"; rect.top', '({ top: 1 })', '"top"', "'margin-top: 0'", 'desktop.stop()']) expect(point(code)).toBe(code);
	});
	it('changes no line, and code that does not parse is still only renamed where it names location', () => {
		const code = 'if (a) {\n  location.hash = "#x"\n}\nlet = = ;\nlocation.reload()';
		const out = point(code);
		expect(out.split('\n').length).toBe(code.split('\n').length);
		expect(out).toContain(`${SITE_LOCATION}.hash`);
		expect(point('no such name')).toBe('no such name');
	});
	it('reaches classic scripts (inline and from a file), modules and event handlers of a compiled page, never the page\'s text', () => {
		const page = ws({
			'index.html': '<p>location here</p><button onclick="location.href=\'about.html\'">Go</button><script>location.search</script><script src="app.js"></script><script type="module" src="m.js"></script>',
			'app.js': 'window.location.assign("a")',
			'm.js': 'document.location.replace("b")',
			'about.html': '<h1>About</h1>'
		});
		const html = compile(page).html.replace(/ data-studio-at="\d+:\d+(?::[0-9a-z]+)?"/g, '');
		expect(html).toContain('<p>location here</p>');
		expect(html).toContain(`onclick="${SITE_LOCATION}.href='about.html'"`);
		expect(html).toContain(`<script>${SITE_LOCATION}.search</script>`);
		expect(html).toContain(`window.${SITE_LOCATION}.assign("a")`);
		expect(html).toContain(`document.${SITE_LOCATION}.replace(\\"b\\")`);
	});
	it('disarms a refresh <meta> (the frame would leave the preview): the navigation program carries it out', () => {
		const { html } = compile(ws({ 'index.html': '<head><meta http-equiv="Refresh" content="0; url=about.html"><meta name="viewport" content="width=device-width"></head>', 'about.html': 'a' }));
		expect(html).toContain('<meta content="0; url=about.html" data-studio-refresh="0; url=about.html">');
		expect(html).not.toContain('http-equiv="Refresh"'); // the page's own spelling
		expect(html).toContain('<meta name="viewport" content="width=device-width">');
	});
});

describe('files an import left out', () => {
	it('a page that references one is told it was left out, with the size and the limit', async () => {
		const c = new PreviewCoordinator({ send: () => undefined });
		c.noteLeftOut([{ path: 'deck/dist/theme/huge.css', reason: 'too large (5000000 bytes; the limit is 4194304)' }]);
		const outcome = await c.render(ws({ 'index.html': '<!doctype html>\n<link rel="stylesheet" href="dist/theme/huge.css">\n<link rel="stylesheet" href="gone.css">' }));
		expect(outcome.diagnostics).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ reference: 'dist/theme/huge.css', message: 'index.html:2 refers to dist/theme/huge.css, which the import left out: too large (5000000 bytes; the limit is 4194304).' }),
				expect.objectContaining({ reference: 'gone.css', message: 'index.html:3 refers to gone.css, which is not in the workspace.' })
			])
		);
	});
});

describe('the line map of a compiled document', () => {
	it('maps every output line back to its file and line: the page, an inlined script, the studio\'s own text', () => {
		const source = 'line 1\n<script src="a.js"></script>\nline 3\nline 4';
		const start = source.indexOf('<script');
		const end = source.indexOf('</script>') + '</script>'.length;
		const { text, lines } = applyEditsMapped(
			source,
			[
				{ start: 0, end: 0, text: 'BRIDGE\nBRIDGE\n', origin: { path: '', line: 0 } },
				{ start, end, text: '<script>a1\na2\na3</script>', origin: { path: 'a.js', line: 1 } }
			],
			'index.html'
		);
		const lookup = (line: number) => {
			const segment = [...lines.segments].reverse().find(([out]) => out <= line)!;
			return `${lines.paths[segment[1]] || '(studio)'}:${segment[2] + line - segment[0]}`;
		};
		expect(text.split('\n')).toEqual(['BRIDGE', 'BRIDGE', 'line 1', '<script>a1', 'a2', 'a3</script>', 'line 3', 'line 4']);
		expect([1, 2, 3, 4, 5, 6, 7, 8].map(lookup)).toEqual(['(studio):0', '(studio):1', 'index.html:1', 'a.js:1', 'a.js:2', 'index.html:2', 'index.html:3', 'index.html:4']);
	});

	it('a compiled page carries its map in the bridge, and the map says where each inlined script starts', () => {
		const compiled = compile(ws({ 'index.html': '<!doctype html>\n<html><head>\n<script src="app.js"></script>\n</head><body>\n<p>x</p>\n<script>inline()</script>\n</body></html>', 'app.js': 'one()\ntwo()\nthree()' }));
		const map = JSON.parse(/data-lines="([^"]*)"/.exec(compiled.html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<')) as { paths: string[]; segments: [number, number, number][] };
		const out = compiled.html.replace(/ data-studio-at="\d+:\d+(?::[0-9a-z]+)?"/g, '').split('\n');
		const where = (needle: string) => {
			const line = out.findIndex((text) => text.includes(needle)) + 1;
			const segment = [...map.segments].reverse().find(([at]) => at <= line)!;
			return `${map.paths[segment[1]]}:${segment[2] + line - segment[0]}`;
		};
		expect(where('two()')).toBe('app.js:2');
		expect(where('three()')).toBe('app.js:3');
		expect(where('inline()')).toBe('index.html:6');
		expect(where('<p>x</p>')).toBe('index.html:5');
	});
});

describe('a frame\'s file requests at the hub\'s door', () => {
	it('asks for a file as a script, a module or as fetched by name; any other way is refused by the protocol\'s schema', async () => {
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined });
		const facade = createFacade(hub);
		await hub.callTool('workspace_create_file', { path: 'js/menu.js', content: 'go(location.hash);' }, { tabId: 'tab', source: 'palette' });
		// A tab's preview shows this revision: its frame asks for files of it.
		const revision = (await facade.registerPreviewHost('tab'))!.revision;
		expect((await facade.previewFile(revision, '/js/menu.js')).body).toBe('go(location.hash);');
		expect((await facade.previewFile(revision, '/js/menu.js', 'script')).body).toBe(`go(${SITE_LOCATION}.hash);`);
		expect((await facade.previewFile(revision, '/js/menu.js', 'fetched')).body).toBe('go(location.hash);');
		expect(JSON.parse((await facade.previewFile(revision, '/js/menu.js', 'module')).body as string)).toMatchObject({ entry: 'https://workspace.invalid/js/menu.js' });
		await expect(facade.previewFile(revision, '/js/menu.js', 'eval' as 'script')).rejects.toThrow(/previewFile: malformed arguments/);
	});
});

describe('a workspace replaced as a whole', () => {
	it('shows the new site\'s entry when the page shown is gone (a reset, an archive imported); a page deleted alone stays a 404', async () => {
		const pages: unknown[] = [];
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: (event) => event.type === 'preview.page' && pages.push(event.location) });
		const call = async (name: string, args: Record<string, unknown>) => {
			const result = await hub.callTool(name, args, { tabId: 'tab', source: 'palette' });
			expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
		};
		const goTo = async (path: string) => {
			await hub.previewNavigate({ path, search: '?q=1' });
			expect(await hub.previewLocation()).toMatchObject({ path: `${path}?q=1`, canBack: true });
		};
		// A page deleted by itself stays shown (a host's 404, with its link home), with its query and history.
		await call('workspace_create_file', { path: 'prices.html', content: '<h1>Prices</h1>' });
		await goTo('prices.html');
		await call('workspace_delete_file', { path: 'prices.html' });
		expect(await hub.previewLocation()).toMatchObject({ path: 'prices.html?q=1', canBack: true });
		await call('workspace_create_file', { path: 'prices.html', content: '<h1>Prices</h1>' });
		pages.length = 0;
		await call('workspace_reset', {});
		// The new entry, at the site's root: the address bar's "/" (the page's location.pathname).
		expect(await hub.previewLocation()).toEqual({ path: '', canBack: false, canForward: false });
		expect(pages).toEqual([{ path: '', canBack: false, canForward: false }]);
		// An archive that becomes the workspace: its entry, unless it has the page shown.
		const archive = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])))).toString('base64');
		await goTo('index.html');
		await call('workspace_import_zip', { data: archive({ 'index.html': '<h1>Theirs</h1>', 'team.html': '<h1>Team</h1>' }), mode: 'replace' });
		expect(await hub.previewLocation()).toMatchObject({ path: 'index.html?q=1', canBack: true });
		await goTo('team.html');
		await call('workspace_import_zip', { data: archive({ 'home.html': '<h1>Other</h1>' }), mode: 'replace' });
		expect(await hub.previewLocation()).toEqual({ path: 'home.html', canBack: false, canForward: false });
		expect((await hub.registerPreviewHost('tab-2'))?.html).toContain('Other');
	});
});
