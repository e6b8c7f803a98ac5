// Single-page apps route with history.pushState, and in the preview as on a host: the page's address
// (location, its relative URLs) follows the route and comes back with Back, its history state is its
// own, and an edit or a refresh runs the app again at the address it had routed to, as a host that
// falls back to the app's page does. The app is built by Vite with React Router, whose minified code
// reads the window under another name (`o.location`), as a person's build does.
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';
import { builtSpa } from './helpers/spa-build';
import { importSite, offlineExceptLoopback, type RealSite } from './helpers/real-sites';
import { call, openSite, previewStatus } from './helpers/open-site';

const site = (page: Page) => previewFrame(page);

/** An edit of `path` the page shows (a comment added): the preview renders a new revision of it. */
async function edit(page: Page, path: string) {
	const before = ((await call(page, 'workspace_read_file', { path })).structuredContent as { content?: string }).content ?? '';
	const written = await call(page, 'workspace_write_file', { path, content: `${before}\n<!-- edited -->` });
	expect(written.structuredContent.preview?.status).toBe('ready');
}

let app: RealSite;
test.beforeAll(async () => {
	app = await builtSpa();
});

test('a Vite + React Router app routes as on a host: its root, links, relative links, Back, its history state, and an edit or a refresh keeps its route', async ({ page }) => {
	await offlineExceptLoopback(page.context());
	await page.goto('/');
	await waitForHub(page);
	const imported = await importSite(page, app);
	expect(imported.isError, JSON.stringify(imported.structuredContent)).toBe(false);
	const where = site(page).locator('#where');
	const heading = site(page).locator('h1');
	// The entry at the site's root is at `/` (its route), and its relative fetch finds products.json.
	await expect(heading).toHaveText('Home');
	await expect(where).toHaveText('/ · null');
	await site(page).getByRole('link', { name: 'Lamp' }).click();
	await expect(heading).toHaveText('Product Lamp');
	await expect(where).toHaveText('/products/1 · null');
	await expect(page.getByTestId('preview-address')).toHaveValue('/products/1');
	// A link relative to the route (`to="reviews"`), then the browser's history back to the product.
	await site(page).getByRole('link', { name: 'Reviews' }).click();
	await expect(heading).toHaveText('Reviews');
	await expect(where).toHaveText('/products/1/reviews · null');
	await site(page).locator('body').evaluate(() => history.back());
	await expect(heading).toHaveText('Product Lamp');
	await site(page).getByRole('link', { name: 'Next' }).click();
	await expect(heading).toHaveText('Product Chair');
	// The app's own Back button (navigate(-1)).
	await site(page).getByRole('button', { name: 'Back' }).click();
	await expect(heading).toHaveText('Product Lamp');
	await expect(where).toHaveText('/products/1 · null');
	// A route with a query and a state of the app's: history.state is the app's own.
	await site(page).getByRole('link', { name: 'About' }).click();
	await expect(heading).toHaveText('About us');
	await expect(where).toHaveText('/about?from=nav · {"from":"nav"}');
	// An edit runs the app again at its route, with its history state, as a browser's reload does; so does Refresh.
	// The bar says the route all along, as a browser's keeps the URL through a reload (it showed the page's own address meanwhile).
	await page.getByTestId('preview-address').evaluate((bar: HTMLInputElement) => {
		const seen = ((window as unknown as { barSeen: string[] }).barSeen = [bar.value]);
		const look = () => {
			if (seen.at(-1) !== bar.value) seen.push(bar.value);
			requestAnimationFrame(look);
		};
		look();
	});
	await edit(page, 'index.html');
	await expect(heading).toHaveText('About us');
	await expect(where).toHaveText('/about?from=nav · {"from":"nav"}');
	// A refresh is a new document (the one before still shows while it leaves): a mark on it goes.
	await site(page).locator('html').evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	await page.getByRole('button', { name: 'Refresh preview' }).click();
	// The refresh replaces the site's frame: one asked as it goes ("Frame was detached") is asked again.
	await expect.poll(() => site(page).locator('html').evaluate(() => (window as unknown as { mark?: number }).mark ?? 0).catch(() => -1)).toBe(0);
	await expect(heading).toHaveText('About us');
	await expect(where).toHaveText('/about?from=nav · {"from":"nav"}');
	await expect(page.getByTestId('preview-address')).toHaveValue('/about?from=nav');
	expect(await page.evaluate(() => (window as unknown as { barSeen: string[] }).barSeen)).toEqual(['/about?from=nav']);
	// Home is the site's root again, after an edit too.
	await site(page).getByRole('link', { name: 'Home' }).click();
	await expect(heading).toHaveText('Home');
	await edit(page, 'index.html');
	await expect(where).toHaveText('/ · null');
	await expect(site(page).getByRole('link', { name: 'Chair' })).toBeVisible();
	const status = (await previewStatus(page)) as unknown as { errors: unknown[]; warnings: unknown[] };
	expect(status.errors).toEqual([]);
	expect(status.warnings).toEqual([]);
});

test('pushState moves the page\'s address and its base, a traversal brings them back; an edit keeps an address where no file is with its state, and shows the page where the site has one', async ({ page }) => {
	const shown = `<!doctype html><html><head><title>Router</title></head><body><a id="rel" href="next.html">next</a><p id="at"></p>
<button id="push-doc" onclick="history.pushState({ n: 1 }, '', 'docs/intro.html'); show()">Docs</button>
<button id="push-pretty" onclick="history.pushState(null, '', '/docs/intro'); show()">Pretty</button>
<button id="push-app" onclick="history.pushState({ n: 2 }, '', '/app/settings?tab=2'); show()">App</button>
<button id="cross" onclick="try { history.pushState(null, '', 'https://example.com/'); } catch (e) { document.getElementById('at').textContent = e.name; }">Cross</button>
<script>
function show() {
  document.getElementById('at').textContent = location.pathname + location.search + ' ' + document.getElementById('rel').href + ' ' + JSON.stringify(history.state);
}
addEventListener('popstate', function (e) { show(); document.getElementById('at').textContent += ' popped ' + JSON.stringify(e.state); });
show();
localStorage.setItem('runs', String(Number(localStorage.getItem('runs')) + 1));
</script></body></html>`;
	await openSite(page, { 'index.html': shown, 'docs/intro.html': '<!doctype html><h1>Intro</h1><p id="runs"></p><script>document.getElementById(\'runs\').textContent = localStorage.getItem(\'runs\');</script>' });
	const at = site(page).locator('#at');
	await expect(at).toHaveText('/ https://site.invalid/next.html null');
	// Another path of the site: location, the links' base and the state follow, as on a host.
	await site(page).locator('#push-doc').click();
	await expect(at).toHaveText('/docs/intro.html https://site.invalid/docs/next.html {"n":1}');
	await expect(page.getByTestId('preview-address')).toHaveValue('/docs/intro.html');
	await site(page).locator('body').evaluate(() => history.back());
	await expect(at).toHaveText('/ https://site.invalid/next.html null popped null');
	await site(page).locator('body').evaluate(() => history.forward());
	await expect(at).toHaveText('/docs/intro.html https://site.invalid/docs/next.html {"n":1} popped {"n":1}');
	// A path the site has a page at: an edit shows that page, as a browser's reload of the address
	// does (the studio renders a page of the site from its own file), with the page routed from
	// behind the studio's Back; nothing of the page routed from ran again.
	const editShowsIntro = async (address: string, runs: string) => {
		await edit(page, 'index.html');
		await expect(site(page).locator('h1')).toHaveText('Intro');
		await expect(site(page).locator('#runs')).toHaveText(runs);
		await expect(page.getByTestId('preview-address')).toHaveValue(address);
		await page.getByRole('button', { name: 'Back', exact: true }).click();
		await expect(at).toHaveText('/ https://site.invalid/next.html null');
	};
	await editShowsIntro('/docs/intro.html', '1');
	// The page without its .html, as a host serves it: that page again, at that address.
	await site(page).locator('#push-pretty').click();
	await expect(at).toHaveText('/docs/intro https://site.invalid/docs/next.html null');
	await editShowsIntro('/docs/intro', '2');
	// A path with no file (an app's route): an edit runs the page again there. Its relative URLs
	// resolve from the page's own, as its files did: a router that reads the document's <base> as it
	// starts (Vue Router's) would take the route for the app's base.
	await site(page).locator('#push-app').click();
	await expect(at).toHaveText('/app/settings?tab=2 https://site.invalid/app/next.html {"n":2}');
	await edit(page, 'index.html');
	await expect(at).toHaveText('/app/settings?tab=2 https://site.invalid/next.html {"n":2}');
	await expect(page.getByTestId('preview-address')).toHaveValue('/app/settings?tab=2');
	// A state JSON cannot carry, or one too big to travel with every render, is not kept (and is no error).
	await site(page).locator('body').evaluate(() => {
		const cyclic: Record<string, unknown> = {};
		cyclic.self = cyclic;
		history.replaceState(cyclic, '');
	});
	await edit(page, 'index.html');
	await expect(at).toHaveText('/app/settings?tab=2 https://site.invalid/next.html null');
	await site(page).locator('body').evaluate(() => history.replaceState({ big: 'x'.repeat(70_000) }, ''));
	await edit(page, 'index.html');
	await expect(at).toHaveText('/app/settings?tab=2 https://site.invalid/next.html null');
	// Another origin is refused, as a host's browser refuses it.
	await site(page).locator('#cross').click();
	await expect(at).toHaveText('SecurityError');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a hash router starts again at the fragment it was at after an edit and a refresh, as a browser\'s reload keeps the URL\'s; the address shows it, and Back goes to the fragment before', async ({ page }) => {
	const shown = `<!doctype html><html><head><title>Hash router</title></head><body>
<a id="two" href="#/two">two</a> <a id="three" href="#/three">three</a> <a id="team" href="about.html#team">team</a>
<p id="start"></p><p id="now"></p>
<script>
document.getElementById('start').textContent = 'start ' + location.hash + ' ' + location.href;
addEventListener('hashchange', function () { document.getElementById('now').textContent = 'now ' + location.hash; });
</script></body></html>`;
	await openSite(page, { 'index.html': shown, 'about.html': '<!doctype html><p id="start">about</p><a id="home" href="index.html#/three">home</a><h2 id="team">Team</h2>' });
	const start = site(page).locator('#start');
	const now = site(page).locator('#now');
	const address = page.getByTestId('preview-address');
	await expect(start).toHaveText('start  https://site.invalid/');
	await site(page).locator('#two').click();
	await expect(now).toHaveText('now #/two');
	await expect(address).toHaveValue('/#/two');
	await site(page).locator('#three').click();
	await expect(now).toHaveText('now #/three');
	// Back and Forward step through the fragments (a fragment navigation's own popstate is no traversal).
	await site(page).locator('body').evaluate(() => history.back());
	await expect(now).toHaveText('now #/two');
	await site(page).locator('body').evaluate(() => history.forward());
	await expect(now).toHaveText('now #/three');
	await expect(address).toHaveValue('/#/three');
	// The page runs again from its first line at the fragment (its router reads it as it starts).
	await edit(page, 'index.html');
	await expect(start).toHaveText('start #/three https://site.invalid/#/three');
	await expect(address).toHaveValue('/#/three');
	// The entries before it are kept too: Back to one (the document before made it) loads the page
	// again at it, as after a host's reload.
	await site(page).locator('body').evaluate(() => history.back());
	await expect(start).toHaveText('start #/two https://site.invalid/#/two');
	await page.getByRole('button', { name: 'Refresh preview' }).click();
	await expect(start).toHaveText('start #/two https://site.invalid/#/two');
	await expect(address).toHaveValue('/#/two');
	// A link that names a fragment of another page goes there; that page's link back names one, which
	// the page has from its first line, as a host's load of the URL gives it.
	await site(page).locator('#team').click();
	await expect(start).toHaveText('about');
	await site(page).locator('#home').click();
	await expect(start).toHaveText('start #/three https://site.invalid/index.html#/three');
	await expect(address).toHaveValue('/index.html#/three');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('the studio reloaded, its preview starts where the page was, as a browser\'s reload of the site does: a hash router at its fragment, an app at its route with its state, where it was scrolled; another tab starts at the site\'s root', async ({ page, context }) => {
	const shown = `<!doctype html><html><head><title>Reloaded</title></head><body>
<a id="two" href="#/two">two</a> <button id="push" onclick="history.pushState({ k: 1 }, '', '/app/settings?tab=2'); show()">push</button>
<p id="at"></p><div style="height:3000px"></div><p id="end">end</p>
<script>function show() { document.getElementById('at').textContent = 'at ' + location.pathname + location.search + location.hash + ' ' + JSON.stringify(history.state); }
show(); addEventListener('hashchange', show);</script></body></html>`;
	await openSite(page, { 'index.html': shown });
	const at = site(page).locator('#at');
	const address = page.getByTestId('preview-address');
	const reload = async () => {
		await page.reload();
		await waitForHub(page);
		await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	};
	await site(page).locator('#two').click();
	await expect(at).toHaveText('at /#/two null');
	await reload();
	await expect(at).toHaveText('at /#/two null');
	await expect(address).toHaveValue('/#/two');
	// An app's route and state, and where it was scrolled.
	await site(page).locator('#push').click();
	await site(page).locator('#end').scrollIntoViewIfNeeded();
	const scrolled = await site(page).locator('body').evaluate(() => Math.round(window.scrollY));
	expect(scrolled).toBeGreaterThan(1000);
	await page.waitForTimeout(500); // the page tells where it is scrolled 150 ms after it stops
	await reload();
	await expect(at).toHaveText('at /app/settings?tab=2 {"k":1}');
	await expect(address).toHaveValue('/app/settings?tab=2');
	await expect.poll(() => site(page).locator('body').evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
	// A tab opened afresh is a new visit: the site's root, at its top.
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	await expect(site(other).locator('#at')).toHaveText('at / null');
	expect(await site(other).locator('body').evaluate(() => window.scrollY)).toBe(0);
});

// The single-page-app redirect most sites on GitHub Pages use (rafgraph/spa-github-pages), as written:
// the host serves 404.html at the path asked, which sends the app its route in the query.
const SPA_404 = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Single Page Apps for GitHub Pages</title>
<script type="text/javascript">
  var pathSegmentsToKeep = 0;
  var l = window.location;
  l.replace(
    l.protocol + '//' + l.hostname + (l.port ? ':' + l.port : '') +
    l.pathname.split('/').slice(0, 1 + pathSegmentsToKeep).join('/') + '/?/' +
    l.pathname.slice(1).split('/').slice(pathSegmentsToKeep).join('/').replace(/&/g, '~and~') +
    (l.search ? '&' + l.search.slice(1).replace(/&/g, '~and~') : '') +
    l.hash
  );
</script></head><body></body></html>`;

test('a page the site has no file for shows the site\'s own 404.html, as hosts serve it: at the address asked, with its own stylesheet, and Back returns; a missing file fetched gets it with its 404; GitHub Pages\' single-page-app redirect through it lands the app on its route', async ({ page }) => {
	const app = `<!doctype html><html><head><meta charset="utf-8"><title>App</title>
<script>(function (l) {
  if (l.search[1] === '/') {
    var decoded = l.search.slice(1).split('&').map(function (s) { return s.replace(/~and~/g, '&'); }).join('?');
    window.history.replaceState(null, null, l.pathname.slice(0, -1) + decoded + l.hash);
  }
}(window.location));</script></head>
<body><a id="broken" href="old/page.html">old page</a> <a id="team" href="/about/team?x=1">team</a><h1 id="route"></h1>
<script>document.getElementById('route').textContent = 'route ' + location.pathname + location.search;</script></body></html>`;
	await openSite(page, {
		'index.html': app,
		'404.html': '<!doctype html><html><head><title>Lost</title><link rel="stylesheet" href="/lost.css"></head><body><h1 id="lost">Lost?</h1><p id="asked"></p><a id="home" href="/">Home</a><script>document.getElementById(\'asked\').textContent = location.pathname;</script></body></html>',
		'lost.css': '#lost { color: rgb(255, 99, 71); }'
	});
	const address = page.getByTestId('preview-address');
	await expect(site(page).locator('#route')).toHaveText('route /');
	await site(page).locator('#broken').click();
	await expect(site(page).locator('#lost')).toHaveCSS('color', 'rgb(255, 99, 71)');
	await expect(site(page).locator('#asked')).toHaveText('/old/page.html');
	await expect(address).toHaveValue('/old/page.html');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#route')).toHaveText('route /');
	// A missing file fetched gets it too, with its 404.
	const fetched = await site(page).locator('body').evaluate(async () => {
		const answer = await fetch('missing.json');
		return `${answer.status} ${answer.headers.get('content-type')} ${(await answer.text()).includes('Lost?')}`;
	});
	expect(fetched).toBe('404 text/html true');
	// The redirect: 404.html at /about/team sends the app to /?/about/team&x=1, which puts its route back.
	await call(page, 'workspace_write_file', { path: '404.html', content: SPA_404 });
	await site(page).locator('#team').click();
	await expect(site(page).locator('#route')).toHaveText('route /about/team?x=1');
	await expect(address).toHaveValue('/about/team?x=1');
	// The one error is the fetch of a missing file, reported as it always is.
	expect((await previewStatus(page)).errors.map((error) => error.message)).toEqual([expect.stringContaining('missing.json is not in the workspace')]);
});

test('a router that swaps in the next page finds the scripts it already runs as on a host, and the page it parsed resolves against its address', async ({ page }) => {
	// As a view-transition router (Astro's) decides what to run again: an external script of the
	// next page runs unless one with the same type and src already did.
	const router = `document.getElementById('go').addEventListener('click', async () => {
  const doc = new DOMParser().parseFromString(await (await fetch('next.html')).text(), 'text/html');
  const mine = [...document.scripts].filter((s) => s.src).map((s) => s.type + ' ' + s.src);
  const fresh = [...doc.scripts].filter((s) => s.src).map((s) => s.type + ' ' + s.src).filter((s) => !mine.includes(s));
  document.getElementById('fresh').textContent = fresh.join(', ') || 'none';
  document.getElementById('img').textContent = doc.images[0].src;
});`;
	const scripts = '<script type="module" src="router.js"></script><script src="/js/classic.js"></script>';
	await openSite(page, {
		'docs/router.js': router,
		'js/classic.js': 'window.classic = true;',
		'docs/more.js': 'window.more = true;',
		'docs/next.html': `<!doctype html><html><head><title>Next</title>${scripts}<script type="module" src="more.js"></script></head><body><img src="img/a.png"></body></html>`,
		'docs/index.html': `<!doctype html><html><head><title>Start</title>${scripts}</head><body><button id="go">Go</button><p id="fresh"></p><p id="img"></p></body></html>`,
		'index.html': '<!doctype html><a href="docs/">Docs</a>'
	});
	await call(page, 'preview_navigate', { path: '/docs/' });
	await site(page).locator('#go').click();
	await expect(site(page).locator('#fresh')).toHaveText('module https://site.invalid/docs/more.js');
	await expect(site(page).locator('#img')).toHaveText('https://site.invalid/docs/img/a.png');
});

test('a router fetches the next page by its clean URL as from a host (Astro\'s): a folder\'s index after the redirect to its slash, a page without its .html where asked; the address and the page\'s relative links follow', async ({ page }) => {
	// As Astro's view-transition router does: fetch the link's URL, follow a redirect's response.url,
	// swap the body in and push the URL the page came from.
	const router = `document.addEventListener('click', async (event) => {
  const link = event.target.closest('a');
  if (!link) return;
  event.preventDefault();
  const response = await fetch(link.href);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  document.body.replaceWith(doc.body);
  history.pushState(null, '', response.url);
  document.getElementById('got').textContent = response.status + ' ' + response.redirected + ' ' + location.pathname + location.search;
});`;
	const page_ = (title: string, links: string) => `<!doctype html><html><head><title>${title}</title><script type="module" src="/router.js"></script></head><body><h1>${title}</h1>${links}<p id="got"></p></body></html>`;
	await openSite(page, {
		'router.js': router,
		'index.html': page_('Home', '<a id="next" href="/blog?from=home">Blog</a>'),
		'blog/index.html': page_('Blog', '<a id="next" href="first">First post</a>'),
		'blog/first.html': page_('First', '<a id="next" href="../">Blog</a>')
	});
	const got = site(page).locator('#got');
	await site(page).locator('#next').click();
	await expect(site(page).locator('h1')).toHaveText('Blog');
	await expect(got).toHaveText('200 true /blog/?from=home');
	await expect(page.getByTestId('preview-address')).toHaveValue('/blog/?from=home');
	// The page's relative link resolves from the folder it was redirected to, as on a host.
	await expect(site(page).locator('#next')).toHaveJSProperty('href', 'https://site.invalid/blog/first');
	await site(page).locator('#next').click();
	await expect(site(page).locator('h1')).toHaveText('First');
	await expect(got).toHaveText('200 false /blog/first');
	// An XHR of a folder without its slash ends where the redirect led, as its responseURL says.
	const xhr = await site(page).locator('body').evaluate(
		() =>
			new Promise((resolve) => {
				const request = new XMLHttpRequest();
				request.open('GET', '/blog?x=1');
				request.onload = () => resolve([request.status, request.responseURL, request.responseText.includes('<h1>Blog</h1>')]);
				request.send();
			})
	);
	expect(xhr).toEqual([200, 'https://site.invalid/blog/?x=1', true]);
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('the browser\'s own Back through an app\'s route is the app\'s popstate, as on a host: the page is not run again and no warning shows', async ({ page }) => {
	await openSite(page, {
		'index.html': `<!doctype html><html><head><title>App</title></head><body><p id="at"></p><p id="runs"></p>
<button id="go" onclick="history.pushState({ n: 1 }, '', '/settings'); show()">Settings</button>
<script>function show() { document.getElementById('at').textContent = location.pathname + ' ' + JSON.stringify(history.state); }
addEventListener('popstate', show); show();
var runs = (+sessionStorage.getItem('runs') || 0) + 1; sessionStorage.setItem('runs', String(runs)); document.getElementById('runs').textContent = String(runs);</script></body></html>`
	});
	await expect(site(page).locator('#at')).toHaveText('/ null');
	await site(page).locator('#go').click();
	await expect(site(page).locator('#at')).toHaveText('/settings {"n":1}');
	await expect(page.getByTestId('preview-address')).toHaveValue('/settings');
	const runs = await site(page).locator('#runs').textContent();
	// The tab's Back, as the browser's button: the frame's own entry, traversed by the browser.
	await page.evaluate(() => history.back());
	await expect(site(page).locator('#at')).toHaveText('/ null');
	await expect(page.getByTestId('preview-address')).toHaveValue('/');
	// And Forward again. Neither is taken for the page leaving: it is not shown again, nor warned of.
	await page.evaluate(() => history.forward());
	await expect(site(page).locator('#at')).toHaveText('/settings {"n":1}');
	await page.waitForTimeout(1000);
	await expect(site(page).locator('#runs')).toHaveText(runs!);
	const status = (await previewStatus(page)) as unknown as { warnings: unknown[] };
	expect(status.warnings).toEqual([]);
	await expect(page.getByTestId('preview-warning')).toHaveCount(0);
});

test('a SvelteKit static build starts as on a host: its inline script\'s import() of the start and app modules, a classic script\'s import() beside its file, and document.URL as the page\'s address (Kit reloads a page where it is not)', async ({ page }) => {
	await openSite(page, {
		'_app/immutable/entry/start.js': [
			"import { mount } from '../chunks/runtime.js';",
			'export function start(app, element) {',
			'  // As SvelteKit 2 starts: a URL with credentials in it is loaded again without them.',
			'  if (document.URL !== location.href) { location.href = location.href; return; }',
			"  sessionStorage.setItem('starts', String(Number(sessionStorage.getItem('starts') || 0) + 1));",
			'  mount(app, element);',
			'}'
		].join('\n'),
		'_app/immutable/entry/app.js': "export const label = 'count';",
		'_app/immutable/chunks/runtime.js': "export function mount(app, el) { let n = 0; const out = el.querySelector('#n'); out.textContent = app.label + ' ' + n; el.querySelector('#inc').onclick = () => { out.textContent = app.label + ' ' + ++n; }; }",
		'js/extra.js': "import('./lazy/part.js').then((m) => { document.body.dataset.part = m.part + ' ' + document.URL + ' ' + document.documentURI; });",
		'js/lazy/part.js': "export const part = 'lazy';",
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Kit</title><link href="./_app/immutable/entry/start.js" rel="modulepreload"></head><body>
<div style="display: contents"><h1>Counter</h1><button id="inc">+</button> <output id="n">?</output>
<script>
  {
    __kit = { base: new URL(".", location).pathname.slice(0, -1) };
    const element = document.currentScript.parentElement;
    Promise.all([import("./_app/immutable/entry/start.js"), import("./_app/immutable/entry/app.js")]).then(([kit, app]) => { kit.start(app, element); });
  }
</script></div>
<script src="js/extra.js"></script>
</body></html>`
	});
	await expect(site(page).locator('#n')).toHaveText('count 0', { timeout: 10_000 });
	await site(page).locator('#inc').click();
	await expect(site(page).locator('#n')).toHaveText('count 1');
	await expect(site(page).locator('body')).toHaveAttribute('data-part', 'lazy https://site.invalid/ https://site.invalid/');
	// Started once: no reload after it (each one would start it again).
	await page.waitForTimeout(1_000);
	expect(await site(page).locator('body').evaluate(() => sessionStorage.getItem('starts'))).toBe('1');
	expect((await previewStatus(page)).errors).toEqual([]);
});
