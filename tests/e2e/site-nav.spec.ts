// The site behaves in the preview as on a static host: fragment links scroll within the page, links
// and forms to other pages show them from the same revision with Back/Forward, the page shown
// survives edits, localStorage and sessionStorage work and stay the workspace's, fetch and XHR of the
// site's own files answer, errors point at the file and line that made them — and the studio's
// server never receives a request from the site.
import { test, expect, waitForHub, previewFrame, SITE_FRAME } from './fixtures';
import type { Page } from '@playwright/test';

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { revision?: number; preview?: { revision: number; status: string }; page?: string } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const site = (page: Page) => previewFrame(page);
/** Writes the site's files as one revision. */
const writeSite = (page: Page, files: Record<string, string>) => call(page, 'workspace_apply_changes', { operations: Object.entries(files).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
}

/** Requests for the site's own files that reached the studio's server (none may). */
function studioRequests(page: Page, origin: string): string[] {
	const seen: string[] = [];
	page.context().on('request', (request) => {
		const url = request.url();
		if (url.startsWith(origin) && /(about|search)\.html|data\.json|notes\.txt|missing\.json|(app|store|classic|main)\.js|style\.css/.test(url)) seen.push(url);
	});
	return seen;
}

const files = {
	'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title><link rel="stylesheet" href="style.css"></head>
<body><nav><a id="to-services" href="#services">Services</a> <a id="to-about" href="about.html">About</a> <a id="to-team" href="about.html#team">Team</a></nav>
<form id="search" action="search.html"><input name="q" value="bread"><button id="go">Search</button></form>
<div style="height:2000px">top</div><h2 id="services">Services</h2><a id="to-top" href="#">Top</a><div style="height:2000px"></div>
<script src="app.js"></script></body></html>`,
	'style.css': ':target { outline: 3px solid red; }',
	'app.js': `window.hashes = [];
addEventListener('hashchange', function () { window.hashes.push(location.hash); document.body.dataset.hash = location.hash; });
`,
	'about.html': `<!doctype html><html><head><title>About</title></head><body><h1 id="about-title">About us</h1><a id="home" href="./">Home</a><div style="height:2000px"></div><h2 id="team">Team</h2></body></html>`,
	'search.html': `<!doctype html><html><head><title>Search</title></head><body><h1>Search</h1></body></html>`
};

test('fragment links scroll within the page; links and forms show other pages with Back and Forward; the page survives an edit', async ({ page }) => {
	await ready(page);
	const origin = new URL(page.url()).origin;
	const asked = studioRequests(page, origin);
	await call(page, 'workspace_apply_changes', { operations: Object.entries(files).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	await expect(site(page).locator('#to-services')).toBeVisible();
	// An in-page link: the site stays, scrolls, :target and hashchange as on a host.
	await site(page).locator('#to-services').click();
	await expect(site(page).locator('body')).toHaveAttribute('data-hash', '#services');
	await expect.poll(() => site(page).locator('#services').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(50);
	await expect(site(page).locator('#services')).toHaveCSS('outline-style', 'solid');
	// "#" goes back to the top of the same page (no reload: the hashchange log survives).
	await site(page).locator('#to-top').click();
	await expect.poll(() => site(page).locator('body').evaluate(() => window.scrollY)).toBe(0);
	await expect.poll(() => site(page).locator('body').evaluate(() => (window as unknown as { hashes: string[] }).hashes.length)).toBe(2);
	// A link to another page shows it, from the same revision; the address says so.
	const revision = await page.evaluate(() => window.studio!.revision);
	await site(page).locator('#to-about').click();
	await expect(site(page).locator('#about-title')).toHaveText('About us');
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html');
	expect((await call(page, 'preview_get_status')).structuredContent).toMatchObject({ page: 'about.html', preview: { revision, status: 'ready' } });
	// An edit to the page shown keeps you on it.
	await call(page, 'workspace_apply_patch', { path: 'about.html', search: 'About us', replace: 'About the bakery' });
	await expect(site(page).locator('#about-title')).toHaveText('About the bakery');
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html');
	// Back and Forward.
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#to-about')).toBeVisible();
	await expect(page.getByTestId('preview-address')).toHaveValue('/'); // the entry, at the site's root (its location.pathname)
	await page.getByRole('button', { name: 'Forward', exact: true }).click();
	await expect(site(page).locator('#about-title')).toHaveText('About the bakery');
	// "./" is the folder's index.html; a link with a fragment lands on it.
	await site(page).locator('#home').click();
	await expect(site(page).locator('#to-team')).toBeVisible();
	await site(page).locator('#to-team').click();
	await expect(site(page).locator('#about-title')).toBeVisible();
	// Scrolled to it, as far as the page allows (nothing follows #team).
	await expect.poll(() => site(page).locator('body').evaluate(() => window.scrollY)).toBeGreaterThan(1000);
	// A GET form goes to its action.
	await page.getByTestId('preview-address').fill('/');
	await page.getByTestId('preview-address').press('Enter');
	await site(page).locator('#go').click();
	await expect(site(page).locator('h1')).toHaveText('Search');
	// An agent can go there too.
	const nav = await call(page, 'preview_navigate', { path: 'about.html' });
	expect(nav.structuredContent).toMatchObject({ page: 'about.html', preview: { status: 'ready' } });
	await expect(site(page).locator('#about-title')).toBeVisible();
	await page.waitForTimeout(300);
	expect(asked).toEqual([]);
});

const scripted = {
	'index.html': `<!doctype html><html><head><title>Shop</title></head><body><nav><a href="index.html" class="nav">Home</a> <a href="product.html" class="nav">Product</a></nav>
<button id="buy" onclick="location.href='product.html?id=3#reviews'">Buy</button> <button id="alias" onclick="var w = window; w.location = 'product.html?id=5'">Alias</button> <button id="universal" onclick="(typeof window !== 'undefined' ? window : self).location.href = 'product.html?id=6'">Universal</button> <button id="computed" onclick="window['location'] = 'product.html'">Computed</button>
<form id="login"><input id="name" value="Ada"><button id="sign-in">Sign in</button></form>
<script src="nav.js"></script><script type="module">document.getElementById('login').addEventListener('submit', (e) => { e.preventDefault(); window.location.assign('welcome.html?name=' + encodeURIComponent(document.getElementById('name').value)); });</script></body></html>`,
	'nav.js': `// Marks the menu item of the page shown, as multi-page sites do.
document.querySelectorAll('a.nav').forEach(function (a) { if (location.pathname.endsWith(a.getAttribute('href'))) a.classList.add('active'); });
document.body.dataset.href = location.href;
// Universal code reads the window through an expression (url-parse, in Swagger UI's bundle), or the document's view.
document.body.dataset.base = (typeof window !== 'undefined' ? window : {}).location.href + ' ' + document.defaultView.location.pathname;
// Unminified bundles destructure an object's own location (a router's, a store's): it stays that object's.
{
  const store = { location: 'Paris' };
  const { location } = store;
  const { location: here } = window;
  document.body.dataset.city = location + ' ' + JSON.stringify({ location }).length + ' ' + here.pathname;
}
`,
	'product.html': `<!doctype html><html><head><title>Product</title></head><body><a href="index.html" class="nav">Home</a> <a href="product.html" class="nav">Product</a>
<h1 id="product"></h1><div style="height:2000px"></div><h2 id="reviews">Reviews</h2><button id="away" onclick="document.location.replace('index.html')">Leave</button>
<script src="nav.js"></script><script>var id = new URLSearchParams(location.search).get('id'); document.getElementById('product').textContent = 'Product ' + id + ' at ' + location.pathname + location.search;</script></body></html>`,
	'moved.html': `<!doctype html><html><head><meta http-equiv="refresh" content="0; url=product.html?id=9"><title>Moved</title></head><body>Moved</body></html>`,
	'welcome.html': `<!doctype html><html><head><title>Welcome</title></head><body><h1 id="welcome"></h1><button id="again" onclick="location.reload()">Again</button>
<script>sessionStorage.loads = Number(sessionStorage.loads || 0) + 1; document.getElementById('welcome').textContent = 'Welcome, ' + new URLSearchParams(window.location.search).get('name') + ' (' + sessionStorage.loads + ')';</script></body></html>`
};

test('the page keeps where it was scrolled across an edit and a refresh, as a browser’s reload keeps it; another page opens at its top', async ({ page }) => {
	await ready(page);
	const sections = (n: number) => Array.from({ length: n }, (_, i) => `<section id="s${i}" style="height:300px"><h2>Section ${i}</h2></section>`).join('');
	await call(page, 'workspace_apply_changes', {
		operations: [
			{ op: 'write', path: 'tall.css', content: 'body { color: rgb(34, 34, 34) }', createIfMissing: true },
			{ op: 'write', path: 'about.html', content: `<!doctype html><title>About</title><h1>About</h1><a id="home" href="index.html">Home</a>${sections(20)}`, createIfMissing: true },
			{ op: 'write', path: 'index.html', content: `<!doctype html><title>Tall</title><link rel="stylesheet" href="tall.css">${sections(30)}<a id="about" href="about.html">About</a>`, createIfMissing: true }
		]
	});
	const y = () => site(page).locator('html').evaluate(() => Math.round(window.scrollY));
	await site(page).locator('#about').scrollIntoViewIfNeeded();
	const left = await y();
	expect(left).toBeGreaterThan(5000);
	// The page tells the studio where it is once its scrolling settles (150 ms after the last step).
	await page.waitForTimeout(1000);
	await call(page, 'workspace_write_file', { path: 'tall.css', content: 'body { color: rgb(170, 0, 0) }' });
	await expect(site(page).locator('body')).toHaveCSS('color', 'rgb(170, 0, 0)');
	await expect.poll(y).toBe(left);
	// A refresh is a reload of the page: a mark the page had is gone, the place is not.
	await site(page).locator('html').evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	await page.getByRole('button', { name: 'Refresh preview' }).click();
	// The refresh replaces the site's frame: one asked as it goes ("Frame was detached") is asked again.
	await expect.poll(() => site(page).locator('html').evaluate(() => (window as unknown as { mark?: number }).mark ?? 0).catch(() => -1)).toBe(0);
	await expect.poll(y).toBe(left);
	await site(page).locator('#about').click();
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html');
	await expect(site(page).locator('h1')).toHaveText('About');
	expect(await y()).toBe(0);
	// A link back to the page scrolled before opens it at its top too, as on a host.
	await site(page).locator('#home').click();
	await expect(page.getByTestId('preview-address')).toHaveValue('/index.html');
	await expect(site(page).locator('#about')).toBeAttached();
	await page.waitForTimeout(500);
	expect(await y()).toBe(0);
});

test('history.back() and go() as on a host: the page’s own entries first, then the pages before it; go(0) reloads; nothing is taken for the page leaving', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_apply_changes', {
		operations: [
			{
				op: 'write',
				path: 'about.html',
				createIfMissing: true,
				content: `<!doctype html><title>About</title><h1>About</h1><p id="log">-</p>
<button id="tab" onclick="history.pushState({ tab: 2 }, '', '#team')">Team tab</button>
<button id="back" onclick="history.back()">Back</button><button id="again" onclick="history.go(0)">Reload</button>
<script>addEventListener('popstate', function (e) { document.getElementById('log').textContent = 'popstate ' + JSON.stringify(e.state); });</script>`
			},
			{ op: 'write', path: 'index.html', content: '<!doctype html><title>Home</title><h1>Home</h1><a id="about" href="about.html">About</a>', createIfMissing: true }
		]
	});
	const address = page.getByTestId('preview-address');
	const mark = () => site(page).locator('h1').evaluate(() => (window as unknown as { mark?: number }).mark ?? 0);
	await site(page).locator('#about').click();
	await expect(site(page).locator('h1')).toHaveText('About');
	await site(page).locator('h1').evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	// The page's own entry is traversed by the browser: the same document, its popstate fired.
	await site(page).locator('#tab').click();
	await site(page).locator('#back').click();
	await expect(site(page).locator('#log')).toHaveText('popstate null');
	expect(await mark()).toBe(1);
	// Past the page's own entries: the page before, as a host's Back.
	await site(page).locator('#back').click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	await expect(address).toHaveValue('/');
	await page.getByRole('button', { name: 'Forward' }).click();
	await expect(site(page).locator('h1')).toHaveText('About');
	await site(page).locator('h1').evaluate(() => ((window as unknown as { mark: number }).mark = 2));
	await site(page).locator('#again').click();
	await expect.poll(mark).toBe(0);
	await expect(site(page).locator('h1')).toHaveText('About');
	await expect(address).toHaveValue('/about.html');
	const status = (await call(page, 'preview_get_status')).structuredContent as { warnings: { message: string }[] };
	expect(status.warnings).toEqual([]);
	await expect(page.getByTestId('preview-warning')).toHaveCount(0);
});

test('the browser\'s own Back within a page\'s entries keeps its place: the page\'s history.back() from its first entry goes to the page before, as on a host', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'about.html': '<!doctype html><title>About</title><h1>About</h1><a id="home" href="index.html">Home</a>',
		'index.html': `<!doctype html><title>App</title><h1>App</h1><p id="route"></p><button id="go">Go</button><button id="back">Back</button>
<script>
function show() { document.getElementById('route').textContent = location.pathname; }
var n = 0;
document.getElementById('go').onclick = function () { history.pushState({}, '', '/step' + (++n)); show(); };
document.getElementById('back').onclick = function () { history.back(); };
addEventListener('popstate', show);
show();
</script>`
	});
	await call(page, 'preview_navigate', { path: 'about.html' });
	await expect(site(page).locator('h1')).toHaveText('About');
	await site(page).locator('#home').click();
	await expect(site(page).locator('h1')).toHaveText('App');
	await site(page).locator('#go').click();
	await site(page).locator('#go').click();
	await expect(site(page).locator('#route')).toHaveText('/step2');
	// The tab's Back, as a phone's back gesture: through the page's own entries.
	await page.evaluate(() => history.back());
	await expect(site(page).locator('#route')).toHaveText('/step1');
	await page.evaluate(() => history.back());
	await expect(site(page).locator('#route')).toHaveText('/index.html');
	// At its first entry, the page's own history.back() goes to the page before.
	await site(page).locator('#back').click();
	await expect(site(page).locator('h1')).toHaveText('About');
});

/** Where the tab's history is (the browser's own list: the studio's entries and its frames'). */
async function tabHistory(page: Page) {
	const cdp = await page.context().newCDPSession(page);
	return async () => {
		const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
		return { at: currentIndex, length: entries.length };
	};
}

/** A page that routes with pushState and reads its address and state only as it starts (no popstate handler). */
const stepper = (title: string) => `<!doctype html><title>App</title><h1>${title}</h1><p id="route"></p><button id="go">Go</button><button id="back">Back</button><button id="again">Reload</button>
<script>
function show() { document.getElementById('route').textContent = location.pathname + ' ' + JSON.stringify(history.state); }
var n = history.state ? history.state.n : 0;
document.getElementById('go').onclick = function () { n++; history.pushState({ n: n }, '', '/step' + n); show(); };
document.getElementById('back').onclick = function () { history.back(); };
document.getElementById('again').onclick = function () { location.reload(); };
show();
</script>`;

test('an edit or a reload keeps the page\'s own entries in the tab\'s history, as a host\'s reload does: Back loads the page again at each, and none is left dead', async ({ page }) => {
	await ready(page);
	await writeSite(page, { 'index.html': stepper('App') });
	await expect(site(page).locator('h1')).toHaveText('App');
	const where = await tabHistory(page);
	const start = await where();
	const route = site(page).locator('#route');
	const mark = () => site(page).locator('h1').evaluate(() => (window as unknown as { mark?: number }).mark ?? 0);
	const setMark = () => site(page).locator('h1').evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	await site(page).locator('#go').click();
	await site(page).locator('#go').click();
	await expect(route).toHaveText('/step2 {"n":2}');
	// The page's reload at an address where no file is: the app again there, as a host that falls back to it serves it.
	await setMark();
	await site(page).locator('#again').click();
	await expect.poll(mark).toBe(0);
	await expect(route).toHaveText('/step2 {"n":2}');
	await expect(site(page).locator('h1')).toHaveText('App');
	// An edit: the page again at its entry, with the entries before it.
	await writeSite(page, { 'index.html': stepper('App 2') });
	await expect(site(page).locator('h1')).toHaveText('App 2');
	await expect(route).toHaveText('/step2 {"n":2}');
	expect(await where()).toEqual({ at: start.at + 2, length: start.at + 3 });
	// The tab's Back (a phone's back gesture) goes to the entry before: the page loads again at it.
	await setMark();
	await page.evaluate(() => history.back());
	await expect(route).toHaveText('/step1 {"n":1}');
	expect(await mark()).toBe(0);
	await expect(page.getByTestId('preview-address')).toHaveValue('/step1');
	// The page's own history.back() too.
	await site(page).locator('#back').click();
	await expect(route).toHaveText('/ null');
	await expect.poll(where).toEqual(expect.objectContaining({ at: start.at }));
	await expect(site(page).locator('h1')).toHaveText('App 2');
});

test('a page that leaves for another takes its own entries off the tab\'s history: the browser\'s Back steps over none of a page that is gone', async ({ page }) => {
	await ready(page);
	await writeSite(page, { 'index.html': stepper('App').replace('<button id="go">', '<a id="about" href="/about.html">About</a><button id="go">'), 'about.html': '<!doctype html><title>About</title><h1>About</h1>' });
	await expect(site(page).locator('h1')).toHaveText('App');
	const where = await tabHistory(page);
	const start = await where();
	await site(page).locator('#go').click();
	await site(page).locator('#go').click();
	await site(page).locator('#go').click();
	await expect(site(page).locator('#route')).toHaveText('/step3 {"n":3}');
	expect((await where()).at).toBe(start.at + 3);
	await site(page).locator('#about').click();
	await expect(site(page).locator('h1')).toHaveText('About');
	await expect.poll(where).toEqual(expect.objectContaining({ at: start.at }));
	// The studio's Back to the page: it starts afresh at its own address, as on a host.
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#route')).toHaveText('/ null');
});

test('document.referrer is the page the visitor came from, as on a host: by a link, a form or a script, kept by a reload, Back and Forward, none for the address field; a framed page\'s is its parent; rel="noreferrer" and the page\'s policy are kept', async ({ page }) => {
	await ready(page);
	const shows = '<p id="ref"></p><script>document.getElementById("ref").textContent = "[" + document.referrer + "]";</script>';
	await writeSite(page, {
		'index.html': `<!doctype html><title>Home</title><h1>Home</h1>${shows}<a id="about" href="about.html?x=1#top">About</a> <a id="quiet" rel="noreferrer" href="about.html">Quiet</a>
<form id="find" action="about.html"><input name="q" value="tea"><button>Find</button></form><button id="script" onclick="location.href = 'about.html'">Go</button>`,
		// The framed page tells its parent what it reads (read from the parent: a frame two sandboxed
		// levels down is sometimes out of the test driver's reach on a busy machine).
		'about.html': `<!doctype html><title>About</title><h1>About</h1>${shows}<p id="inner-ref"></p><script>addEventListener("message", (e) => { if (e.data && e.data.referrer !== undefined) document.getElementById("inner-ref").textContent = "[" + e.data.referrer + "]"; });</script><iframe id="inner" src="inner.html"></iframe><a id="private" href="private.html">Private</a>`,
		'inner.html': `<!doctype html><title>Inner</title><script>parent.postMessage({ referrer: document.referrer }, "*");</script>`,
		'private.html': `<!doctype html><meta name="referrer" content="origin"><title>Private</title><h1>Private</h1>${shows}<a id="home" href="index.html">Home</a>`
	});
	const ref = site(page).locator('#ref');
	await expect(ref).toHaveText('[]');
	const origin = await site(page).locator('h1').evaluate(() => (window as unknown as { __studioLocation: Location }).__studioLocation.origin);
	// A link: the page's whole address, its fragment aside.
	await site(page).locator('#about').click();
	await expect(site(page).locator('h1')).toHaveText('About');
	await expect(ref).toHaveText(`[${origin}/]`);
	// A framed page's referrer is the page that frames it.
	await expect(site(page).locator('#inner-ref')).toHaveText(`[${origin}/about.html?x=1]`);
	// An edit (a reload) keeps it.
	await writeSite(page, { 'about.html': `<!doctype html><title>About</title><h1>About us</h1>${shows}<a id="private" href="private.html">Private</a>` });
	await expect(site(page).locator('h1')).toHaveText('About us');
	await expect(ref).toHaveText(`[${origin}/]`);
	// The page's policy: the next page gets its origin alone.
	await site(page).locator('#private').click();
	await expect(site(page).locator('h1')).toHaveText('Private');
	await expect(ref).toHaveText(`[${origin}/about.html?x=1]`);
	await site(page).locator('#home').click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	await expect(ref).toHaveText(`[${origin}/]`);
	// Back and Forward: each page keeps the one it came from.
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('h1')).toHaveText('Private');
	await expect(ref).toHaveText(`[${origin}/about.html?x=1]`);
	await page.getByRole('button', { name: 'Forward', exact: true }).click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	// rel="noreferrer", a form, a script's navigation.
	await site(page).locator('#quiet').click();
	await expect(site(page).locator('h1')).toHaveText('About us');
	await expect(ref).toHaveText('[]');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await site(page).locator('#find button').click();
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html?q=tea');
	await expect(ref).toHaveText(`[${origin}/index.html]`);
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await site(page).locator('#script').click();
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html');
	await expect(ref).toHaveText(`[${origin}/index.html]`);
	// The address field (as a visitor typing it): none.
	await call(page, 'preview_navigate', { path: 'private.html' });
	await expect(site(page).locator('h1')).toHaveText('Private');
	await expect(ref).toHaveText('[]');
});

test('the studio reloaded shows the page the preview showed, with its query, as a browser\'s reload of the site would; the first screen\'s picture is that page too', async ({ page }) => {
	await ready(page);
	const where = `<!doctype html><html><head><title>Where</title></head><body><h1 id="where">?</h1><a id="home" href="./">Home</a><script>document.getElementById('where').textContent = location.pathname + location.search;</script></body></html>`;
	await call(page, 'workspace_apply_changes', { operations: Object.entries({ ...files, 'where.html': where }).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	await expect(site(page).locator('#to-about')).toBeVisible();
	await call(page, 'preview_navigate', { path: 'where.html?from=nav' });
	await expect(site(page).locator('#where')).toHaveText('/where.html?from=nav');
	await expect(page.getByTestId('preview-address')).toHaveValue('/where.html?from=nav');
	// The first screen keeps the render of that page (a moment after it settles).
	await expect.poll(() => page.evaluate(() => Object.entries(localStorage).some(([key, value]) => key.startsWith('studio:first-screen') && (JSON.parse(value) as { preview?: { page: string } | null }).preview?.page === 'where.html')), { timeout: 15_000 }).toBe(true);
	// This was the only tab: its hub goes with it, and the next one starts afresh.
	await page.reload();
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect(site(page).locator('#where')).toHaveText('/where.html?from=nav');
	await expect(page.getByTestId('preview-address')).toHaveValue('/where.html?from=nav');
	// Back starts empty; the site's own link home still works.
	await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeDisabled();
	await site(page).locator('#home').click();
	await expect(site(page).locator('#to-about')).toBeVisible();
	await expect(page.getByTestId('preview-address')).toHaveValue('/');
});

test('a script\'s navigation goes to the page as on a host (location.href, assign, replace, reload), and the page reads its query and path', async ({ page }) => {
	await ready(page);
	const origin = new URL(page.url()).origin;
	const seen: string[] = [];
	page.context().on('request', (request) => {
		if (request.url().startsWith(origin) && /(product|welcome|index)\.html|nav\.js/.test(request.url())) seen.push(request.url());
	});
	await call(page, 'workspace_apply_changes', { operations: Object.entries(scripted).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	await expect(site(page).locator('#buy')).toBeVisible();
	// location.pathname and location.href read the page's virtual URL: the entry is at the site's root, as a host serves it.
	await expect(site(page).locator('body')).toHaveAttribute('data-href', 'https://site.invalid/');
	await expect(site(page).locator('body')).toHaveAttribute('data-base', 'https://site.invalid/ /');
	await expect(site(page).locator('body')).toHaveAttribute('data-city', 'Paris 20 /');
	await expect(site(page).locator('a.nav.active')).toHaveCount(0);
	// location.href = 'product.html?id=3#reviews' from an inline handler: the page, its query, its fragment.
	await site(page).locator('#buy').click();
	await expect(site(page).locator('#product')).toHaveText('Product 3 at /product.html?id=3');
	await expect(site(page).locator('a.nav.active')).toHaveText('Product');
	await expect(page.getByTestId('preview-address')).toHaveValue('/product.html?id=3#reviews');
	await expect.poll(() => site(page).locator('body').evaluate(() => window.scrollY)).toBeGreaterThan(1000);
	// document.location.replace: no entry left behind, so Back goes to the page before the product.
	await site(page).locator('#away').click();
	await expect(site(page).locator('#buy')).toBeVisible();
	await expect(page.getByTestId('preview-address')).toHaveValue('/index.html');
	// Asked for by name, the page is at its name.
	await expect(site(page).locator('a.nav.active')).toHaveText('Home');
	await expect(site(page).locator('body')).toHaveAttribute('data-href', 'https://site.invalid/index.html');
	// window.location.assign from a module, with the form's value in the query.
	await site(page).locator('#sign-in').click();
	await expect(site(page).locator('#welcome')).toHaveText('Welcome, Ada (1)');
	await expect(page.getByTestId('preview-address')).toHaveValue('/welcome.html?name=Ada');
	// location.reload() renders the same page and query again.
	await site(page).locator('#again').click();
	await expect(site(page).locator('#welcome')).toHaveText('Welcome, Ada (2)');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#buy')).toBeVisible();
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#buy')).toBeVisible(); // the first index.html: product was replaced
	await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeDisabled();
	// The address field takes a query too.
	await page.getByTestId('preview-address').fill('/product.html?id=7');
	await page.getByTestId('preview-address').press('Enter');
	await expect(site(page).locator('#product')).toHaveText('Product 7 at /product.html?id=7');
	// A refresh <meta> goes where it says, in place of the page that has it.
	await page.getByTestId('preview-address').fill('/moved.html');
	await page.getByTestId('preview-address').press('Enter');
	await expect(site(page).locator('#product')).toHaveText('Product 9 at /product.html?id=9');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#product')).toHaveText('Product 7 at /product.html?id=7');
	// The window under another name (a minifier's `o.location`) is the page's window: its navigation goes to the page.
	await page.getByTestId('preview-address').fill('/');
	await page.getByTestId('preview-address').press('Enter');
	await site(page).locator('#alias').click();
	await expect(site(page).locator('#product')).toHaveText('Product 5 at /product.html?id=5');
	await page.getByTestId('preview-address').fill('/');
	await page.getByTestId('preview-address').press('Enter');
	await site(page).locator('#universal').click();
	await expect(site(page).locator('#product')).toHaveText('Product 6 at /product.html?id=6');
	// A navigation the compiler cannot see (a computed member) is said on the bar, and the page comes back.
	await page.getByTestId('preview-address').fill('/');
	await page.getByTestId('preview-address').press('Enter');
	await site(page).locator('#computed').click();
	await expect(page.getByTestId('preview-warning')).toContainText('navigated itself');
	await expect(site(page).locator('#buy')).toBeVisible();
	await page.waitForTimeout(300);
	expect(seen).toEqual([]);
});

test('a module app loads the module a computed import() names and fetches a file next to itself through import.meta.url', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_apply_changes', {
		operations: Object.entries({
			'index.html': '<!doctype html><html><head><title>App</title></head><body><p id="view"></p><p id="data"></p><script type="module" src="js/app.js"></script></body></html>',
			'js/app.js': "const name = new URLSearchParams(location.search).get('view') || 'home';\nimport(`./views/${name}.js`).then((m) => { document.getElementById('view').textContent = m.default; });\nfetch(new URL('../data/menu.json', import.meta.url)).then((r) => r.json()).then((d) => { document.getElementById('data').textContent = d.items.join(', '); });",
			'js/views/home.js': 'export default "the home view";',
			'js/views/shop.js': 'export default "the shop view";',
			'data/menu.json': '{"items":["rye","spelt"]}'
		}).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true }))
	});
	await expect(site(page).locator('#view')).toHaveText('the home view');
	await expect(site(page).locator('#data')).toHaveText('rye, spelt');
	await call(page, 'preview_navigate', { path: 'index.html?view=shop' });
	await expect(site(page).locator('#view')).toHaveText('the shop view');
	expect((await call(page, 'preview_get_status')).structuredContent).toMatchObject({ errors: [] });
});

test('a page’s own import map sends its bare imports to the files it names, as three.js examples write it (an exact name and a prefix)', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_apply_changes', {
		operations: Object.entries({
			'demo/index.html': `<!doctype html><html><head><title>Map</title>
<script type="importmap">{ "imports": { "three": "../build/three.module.js", "three/addons/": "./jsm/" } }</script></head>
<body><p id="out">?</p><script type="module">
import { REVISION } from 'three';
import { Controls } from 'three/addons/controls/Controls.js';
document.getElementById('out').textContent = 'r' + REVISION + ' ' + new Controls().name;
</script></body></html>`,
			'build/three.module.js': "export const REVISION = '170';",
			'demo/jsm/controls/Controls.js': "import { REVISION } from 'three';\nexport class Controls { constructor() { this.name = 'controls of r' + REVISION; } }"
		}).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true }))
	});
	const shown = await call(page, 'preview_navigate', { path: 'demo/index.html' });
	expect(shown.structuredContent.preview?.status).toBe('ready');
	await expect(site(page).locator('#out')).toHaveText('r170 controls of r170');
	expect((await call(page, 'preview_get_status')).structuredContent).toMatchObject({ errors: [] });
});

const todo = {
	'index.html': `<!doctype html><html><head><title>Todos</title></head><body>
<form id="add"><input id="text"><button>Add</button></form><ul id="list"></ul><p id="count"></p><p id="data"></p><p id="xhr"></p><p id="missing"></p>
<script src="store.js"></script><script src="app.js"></script></body></html>`,
	'store.js': `// A store over localStorage, as TodoMVC writes one.
var KEY = 'todos-vanilla';
function load() { return JSON.parse(localStorage.getItem(KEY) || '[]'); }
function save(items) { localStorage.setItem(KEY, JSON.stringify(items)); }
sessionStorage.visits = String(Number(sessionStorage.visits || 0) + 1);
document.cookie = 'seen=yes; path=/';
`,
	'app.js': `var items = load();
function draw() {
  document.getElementById('list').innerHTML = items.map(function (t, i) { return '<li data-done="' + t.done + '"><input type="checkbox" id="c' + i + '"' + (t.done ? ' checked' : '') + '>' + t.title + '</li>'; }).join('');
  document.getElementById('count').textContent = items.length + ' items, ' + localStorage.length + ' key, visits ' + sessionStorage.getItem('visits') + ', cookie ' + document.cookie;
}
document.getElementById('add').addEventListener('submit', function (e) { e.preventDefault(); items.push({ title: document.getElementById('text').value, done: false }); save(items); document.getElementById('text').value = ''; draw(); });
document.getElementById('list').addEventListener('change', function (e) { var i = Number(e.target.id.slice(1)); items[i].done = e.target.checked; save(items); draw(); });
addEventListener('storage', function (e) { if (e.key === KEY && e.storageArea === localStorage) { items = load(); draw(); document.body.dataset.storageEvent = 'yes'; } });
draw();
fetch('data.json').then(function (r) { return r.json(); }).then(function (d) { document.getElementById('data').textContent = 'fetched ' + d.flour; });
var x = new XMLHttpRequest(); x.open('GET', 'notes.txt'); x.onload = function () { document.getElementById('xhr').textContent = x.status + ' ' + x.responseText; }; x.send();
fetch('missing.json').then(function (r) { document.getElementById('missing').textContent = 'status ' + r.status; });
`,
	'data.json': '{"flour":"rye"}',
	'notes.txt': 'knead for ten minutes'
};

test('a todo app keeps its items in localStorage across re-renders, reloads and tabs; fetch and XHR get the site\'s files; a missing one is a 404 that names who asked', async ({ page, context }) => {
	test.setTimeout(90_000);
	await ready(page);
	const origin = new URL(page.url()).origin;
	const asked = studioRequests(page, origin);
	await call(page, 'workspace_apply_changes', { operations: Object.entries(todo).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	await expect(site(page).locator('#data')).toHaveText('fetched rye');
	await expect(site(page).locator('#xhr')).toHaveText('200 knead for ten minutes');
	await expect(site(page).locator('#missing')).toHaveText('status 404');
	for (const title of ['Buy flour', 'Bake bread']) {
		await site(page).locator('#text').fill(title);
		await site(page).locator('#text').press('Enter');
	}
	await site(page).locator('#c0').check();
	await expect(site(page).locator('#count')).toHaveText('2 items, 1 key, visits 1, cookie seen=yes');
	// The 404 names the file and where it was asked for.
	await expect
		.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as { errors: { message: string; at?: string }[] }).errors.find((e) => e.message.includes('missing.json')))
		.toMatchObject({ at: 'app.js:12' });
	// The agent sees the same storage.
	await expect.poll(async () => ((await call(page, 'preview_get_storage')).structuredContent as { local: Record<string, string> }).local['todos-vanilla']).toBe('[{"title":"Buy flour","done":true},{"title":"Bake bread","done":false}]');
	// A re-render (an edit) keeps them; sessionStorage counts the visit like a reload on a host.
	await call(page, 'workspace_apply_patch', { path: 'index.html', search: '<title>Todos</title>', replace: '<title>My todos</title>' });
	await expect(site(page).locator('#count')).toHaveText('2 items, 1 key, visits 2, cookie seen=yes');
	await expect(site(page).locator('li[data-done="true"]')).toHaveText('Buy flour');
	// A second tab's preview shows them, and hears the first tab's changes as storage events.
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	// Its page has loaded (a first render stopped as slow on busy cores is loaded again, with what
	// was stored meanwhile and so without an event for it, as a reload on a host would be).
	await expect(other.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect(site(other).locator('#count')).toContainText('2 items');
	await site(page).locator('#text').fill('Sell bread');
	await site(page).locator('#text').press('Enter');
	await expect(site(other).locator('body')).toHaveAttribute('data-storage-event', 'yes');
	await expect(site(other).locator('#count')).toContainText('3 items');
	await other.close();
	// A reload of the studio keeps them (the hub persisted them).
	await page.reload();
	await waitForHub(page);
	await expect(site(page).locator('#count')).toContainText('3 items, 1 key, visits 1');
	// Cleared: the page starts as a first visitor sees it.
	await call(page, 'preview_clear_storage');
	await expect(site(page).locator('#count')).toHaveText('0 items, 0 key, visits 1, cookie seen=yes');
	await page.waitForTimeout(300);
	expect(asked).toEqual([]);
});

const consent = {
	'consent.js': `// A cookie banner as consent libraries write one: the choice is a cookie for a year.
function consented() { return document.cookie.split('; ').indexOf('consent=yes') >= 0; }
var banner = document.getElementById('banner');
banner.hidden = consented();
document.getElementById('ok').onclick = function () { document.cookie = 'consent=yes; max-age=31536000; path=/'; banner.hidden = true; };
document.getElementById('no').onclick = function () { document.cookie = 'consent=; max-age=0; path=/'; banner.hidden = false; };
document.getElementById('state').textContent = 'cookies: ' + document.cookie;
`,
	'about.html': '<!doctype html><title>About</title><div id="banner">We use cookies <button id="ok">Accept</button></div><h1>About</h1><p id="state"></p><button id="no">Withdraw</button><a href="index.html">Home</a><script src="consent.js"></script>',
	'index.html': '<!doctype html><title>Home</title><div id="banner">We use cookies <button id="ok">Accept</button></div><h1>Home</h1><p id="state"></p><button id="no">Withdraw</button><a href="about.html">About</a><script src="consent.js"></script>'
};

test('a cookie the site sets is kept across its pages, an edit and a reload of the page, as a browser keeps it: a consent banner accepted stays away until withdrawn or the site data is cleared', async ({ page }) => {
	test.setTimeout(60_000);
	await ready(page);
	await call(page, 'workspace_apply_changes', { operations: Object.entries(consent).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	await expect(site(page).getByRole('heading', { name: 'Home' })).toBeVisible();
	await expect(site(page).locator('#banner')).toBeVisible();
	await site(page).getByRole('button', { name: 'Accept' }).click();
	await expect(site(page).locator('#banner')).toBeHidden();
	// Another page of the site.
	await site(page).getByRole('link', { name: 'About' }).click();
	await expect(site(page).getByRole('heading', { name: 'About' })).toBeVisible();
	await expect(site(page).locator('#state')).toHaveText('cookies: consent=yes');
	await expect(site(page).locator('#banner')).toBeHidden();
	// An edit renders the page again, as a reload on a host.
	await call(page, 'workspace_apply_patch', { path: 'about.html', search: '<h1>About</h1>', replace: '<h1>About us</h1>' });
	await expect(site(page).getByRole('heading', { name: 'About us' })).toBeVisible();
	await expect(site(page).locator('#banner')).toBeHidden();
	// Withdrawn (max-age=0): gone on the next page too.
	await site(page).getByRole('button', { name: 'Withdraw' }).click();
	await site(page).getByRole('link', { name: 'Home' }).click();
	await expect(site(page).getByRole('heading', { name: 'Home' })).toBeVisible();
	await expect(site(page).locator('#state')).toHaveText('cookies: ');
	await expect(site(page).locator('#banner')).toBeVisible();
	// Accepted again, then the site's data cleared: a first visit.
	await site(page).getByRole('button', { name: 'Accept' }).click();
	await call(page, 'preview_clear_storage');
	await expect(site(page).locator('#banner')).toBeVisible();
	await expect(site(page).locator('#state')).toHaveText('cookies: ');
});

const jar = {
	'jar.js': `// A consent banner, a sign-in kept in a session cookie, and what the page reads of its cookies.
var banner = document.getElementById('banner');
banner.hidden = document.cookie.split('; ').indexOf('consent=yes') >= 0;
document.getElementById('ok').onclick = function () { document.cookie = 'consent=yes; max-age=31536000; path=/'; banner.hidden = true; };
document.getElementById('in').onclick = function () { document.cookie = 'sid=s3cret'; };
document.getElementById('out').onclick = function () { document.cookie = 'sid=; max-age=0'; };
function show() { document.getElementById('state').textContent = 'cookies: ' + document.cookie; }
document.getElementById('read').onclick = show;
show();
`,
	'index.html': '<!doctype html><title>Home</title><div id="banner">We use cookies <button id="ok">Accept</button></div><h1>Home</h1><p id="state"></p><button id="read">Read</button><button id="in">Sign in</button><button id="out">Sign out</button><a href="shop/cart.html">Cart</a><iframe src="widget.html" title="Theme"></iframe><script src="jar.js"></script>',
	// A cookie set without a path is its folder's: the cart's page reads it, the home page does not.
	'shop/cart.html': '<!doctype html><title>Cart</title><h1>Cart</h1><p id="state"></p><a href="../index.html">Home</a><script>document.cookie = "cart=3"; document.getElementById("state").textContent = "cookies: " + document.cookie;</script>',
	'widget.html': '<!doctype html><button id="dark">Dark</button><script>document.getElementById("dark").onclick = function () { document.cookie = "theme=dark; max-age=3600; path=/"; };</script>'
};

test('the site\'s cookies are one jar for every tab, its frames and its pages by path, as a browser\'s: a persistent one outlives the studio\'s restart, a session one does not', async ({ page, context }) => {
	test.setTimeout(90_000);
	await ready(page);
	await writeSite(page, jar);
	await expect(site(page).getByRole('heading', { name: 'Home' })).toBeVisible();
	await expect(site(page).locator('#banner')).toBeVisible();
	await site(page).getByRole('button', { name: 'Accept' }).click();
	await site(page).getByRole('button', { name: 'Sign in' }).click();
	// The site's own frame sets one: the page reads it, and it is no localStorage item.
	await site(page).frameLocator('iframe[title="Theme"]').getByRole('button', { name: 'Dark' }).click();
	await site(page).getByRole('button', { name: 'Read' }).click();
	await expect(site(page).locator('#state')).toHaveText('cookies: consent=yes; sid=s3cret; theme=dark');
	const stored = (await call(page, 'preview_get_storage')).structuredContent as { local: Record<string, string>; cookies: Record<string, string> };
	expect(stored.local).toEqual({});
	expect(Object.keys(stored.cookies)).toEqual(['consent; path=/', 'sid; path=/', 'theme; path=/']);
	expect(stored.cookies['sid; path=/']).toBe('s3cret');
	expect(stored.cookies['consent; path=/']).toMatch(/^yes; expires=20\d\d-/);
	// The cart's own cookie, on its folder's path, first.
	await site(page).getByRole('link', { name: 'Cart' }).click();
	await expect(site(page).locator('#state')).toHaveText('cookies: cart=3; consent=yes; sid=s3cret; theme=dark');
	await site(page).getByRole('link', { name: 'Home' }).click();
	await expect(site(page).locator('#state')).toHaveText('cookies: consent=yes; sid=s3cret; theme=dark');
	// Another tab's preview has the same jar; its sign-out reaches this page as it runs, as in a browser.
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	await expect(site(other).locator('#state')).toHaveText('cookies: consent=yes; sid=s3cret; theme=dark', { timeout: 15_000 });
	await expect(site(other).locator('#banner')).toBeHidden();
	await site(page).locator('body').evaluate((body) => (body.dataset.before = 'yes'));
	await site(other).getByRole('button', { name: 'Sign out' }).click();
	await expect(async () => {
		await site(page).getByRole('button', { name: 'Read' }).click();
		await expect(site(page).locator('#state')).toHaveText('cookies: consent=yes; theme=dark', { timeout: 1000 });
	}).toPass({ timeout: 10_000 });
	await expect(site(page).locator('body')).toHaveAttribute('data-before', 'yes');
	// Signed in again, then every tab closed: the studio starts afresh, as a browser does.
	await site(page).getByRole('button', { name: 'Sign in' }).click();
	await expect.poll(async () => Object.keys(((await call(page, 'preview_get_storage')).structuredContent as { cookies: Record<string, string> }).cookies)).toContain('sid; path=/');
	await other.close();
	await page.close();
	const again = await context.newPage();
	await ready(again);
	await expect(site(again).locator('#state')).toHaveText('cookies: consent=yes; theme=dark');
	await expect(site(again).locator('#banner')).toBeHidden();
});

test('a page that keeps its setting with the Cookie Store API where a browser has it keeps it as on a host: set, a change event, get after an edit, and document.cookie reads it', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'index.html': `<!doctype html><title>Theme</title><h1>Theme</h1><p id="theme"></p><p id="heard"></p><button id="dark">Dark</button>
<script>
async function show() {
  var theme = 'cookieStore' in window ? await cookieStore.get('theme') : null;
  document.getElementById('theme').textContent = 'theme: ' + (theme ? theme.value : 'light') + ' | ' + document.cookie;
}
if ('cookieStore' in window) cookieStore.addEventListener('change', function (event) { document.getElementById('heard').textContent = 'changed ' + event.changed.map(function (c) { return c.name + '=' + c.value; }).join(); });
document.getElementById('dark').onclick = async function () { await cookieStore.set({ name: 'theme', value: 'dark', expires: Date.now() + 864e5 }); show(); };
show();
</script>`
	});
	await expect(site(page).locator('#theme')).toHaveText('theme: light | ');
	await site(page).getByRole('button', { name: 'Dark' }).click();
	await expect(site(page).locator('#theme')).toHaveText('theme: dark | theme=dark');
	await expect(site(page).locator('#heard')).toHaveText('changed theme=dark');
	await call(page, 'workspace_apply_patch', { path: 'index.html', search: '<h1>Theme</h1>', replace: '<h1>Theme switcher</h1>' });
	await expect(site(page).getByRole('heading', { name: 'Theme switcher' })).toBeVisible();
	await expect(site(page).locator('#theme')).toHaveText('theme: dark | theme=dark');
	expect(((await call(page, 'preview_get_status')).structuredContent as { errors: unknown[] }).errors).toEqual([]);
});

test('errors point at the workspace file and line: a DOM error in an inlined script, a throw in a module, inline page code; each once', async ({ page }) => {
	await ready(page);
	const files = {
		'index.html': `<!doctype html>
<html><head><title>Errors</title>
<link rel="stylesheet" href="a.css">
</head><body>
<h1>Errors</h1>
<script src="classic.js"></script>
<script type="module" src="main.js"></script>
<script>
  setTimeout(function () {
    undefinedFunctionInPage();
  }, 30);
</script>
</body></html>`,
		'a.css': 'body { color: #222; }\n'.repeat(40),
		'classic.js': `// line 1
var a = 1;
setTimeout(function () {
  document.querySelector('[[');
}, 10);
`,
		'main.js': `// line 1
setTimeout(function () {
  throw new Error('from the module');
}, 20);
`
	};
	await call(page, 'workspace_apply_changes', { operations: Object.entries(files).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	const errors = async () => ((await call(page, 'preview_get_status')).structuredContent as { errors: { message: string; at?: string }[] }).errors;
	await expect.poll(async () => (await errors()).length).toBeGreaterThanOrEqual(3);
	const list = await errors();
	expect(list.find((e) => e.message.includes('not a valid selector'))?.at).toBe('classic.js:4');
	expect(list.find((e) => e.message.includes('from the module'))?.at).toBe('main.js:3');
	expect(list.find((e) => e.message.includes('undefinedFunctionInPage'))?.at).toBe('index.html:10');
	expect(list.filter((e) => e.message.includes('from the module'))).toHaveLength(1);
});

test('the preview in a new window works the same way: its links go to other pages and its fetch gets the site\'s files', async ({ page }) => {
	await ready(page);
	const origin = new URL(page.url()).origin;
	const asked = studioRequests(page, origin);
	await call(page, 'workspace_apply_changes', {
		operations: [
			{ op: 'write', path: 'index.html', content: `<!doctype html><html><head><title>Home</title></head><body><a id="to-about" href="about.html">About</a><p id="data"></p><script>fetch('data.json').then(function (r) { return r.text(); }).then(function (t) { document.getElementById('data').textContent = t; });</script></body></html>`, createIfMissing: true },
			{ op: 'write', path: 'about.html', content: '<!doctype html><html><head><title>About</title></head><body><h1 id="about-title">About us</h1></body></html>', createIfMissing: true },
			{ op: 'write', path: 'data.json', content: '{"from":"the workspace"}', createIfMissing: true }
		]
	});
	const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Open preview in a new window' }).click({ noWaitAfter: true })]);
	const inner = popup.frameLocator(SITE_FRAME);
	await expect(inner.locator('#data')).toHaveText('{"from":"the workspace"}');
	const entries = await popup.evaluate(() => history.length);
	await inner.locator('#to-about').click();
	await expect(inner.locator('#about-title')).toHaveText('About us');
	// The page went to another document in a frame of its own: the window's history did not grow.
	await expect(popup.locator('iframe')).toHaveCount(1);
	expect(await popup.evaluate(() => history.length)).toBe(entries);
	// The studio's preview follows (one page shown, everywhere).
	await expect(site(page).locator('#about-title')).toHaveText('About us');
	await popup.close();
	expect(asked).toEqual([]);
});

test('pretty URLs are at their addresses, as on a host: a folder at its slash, a page without .html without it; a menu marks the page from location', async ({ page }) => {
	await ready(page);
	const nav = `<nav><a href="/">Home</a> <a href="/blog/">Blog</a> <a href="/about">About</a></nav><p id="at"></p>`;
	const pretty: Record<string, string> = {
		'index.html': `<!doctype html><title>Home</title><link rel="stylesheet" href="/site.css">${nav}<h1>Home</h1><script src="/nav.js"></script>`,
		'blog/index.html': `<!doctype html><title>Blog</title><link rel="stylesheet" href="/site.css"><link rel="stylesheet" href="blog.css">${nav}<h1>Blog</h1><a id="post" href="first-post/">First post</a><script src="/nav.js"></script>`,
		'blog/blog.css': 'h1 { color: rgb(0, 128, 0); }',
		'blog/first-post/index.html': `<!doctype html><title>First post</title>${nav}<h1>First post</h1><a id="up" href="../">All posts</a><script src="/nav.js"></script>`,
		'about.html': `<!doctype html><title>About</title><link rel="stylesheet" href="/site.css">${nav}<h1>About</h1><script src="/nav.js"></script>`,
		'site.css': '.active { font-weight: 700; }',
		// A theme's menu: the link whose path is the page's is the current one.
		'nav.js': `document.querySelectorAll('nav a').forEach(function (a) { if (a.pathname === location.pathname) a.classList.add('active'); });
document.getElementById('at').textContent = location.pathname;`
	};
	await call(page, 'workspace_apply_changes', { operations: Object.entries(pretty).map(([path, content]) => ({ op: 'write', path, content, createIfMissing: true })) });
	const h1 = site(page).locator('h1');
	const active = site(page).locator('nav a.active');
	const address = page.getByTestId('preview-address');
	await expect(h1).toHaveText('Home');
	await expect(active).toHaveText('Home');
	// A folder: at its slash, and its relative URLs resolve from it (its stylesheet, the post's link).
	await site(page).getByRole('link', { name: 'Blog' }).click();
	await expect(h1).toHaveText('Blog');
	await expect(h1).toHaveCSS('color', 'rgb(0, 128, 0)');
	await expect(site(page).locator('#at')).toHaveText('/blog/');
	await expect(active).toHaveText('Blog');
	await expect(address).toHaveValue('/blog/');
	await site(page).locator('#post').click();
	await expect(h1).toHaveText('First post');
	await expect(site(page).locator('#at')).toHaveText('/blog/first-post/');
	await expect(address).toHaveValue('/blog/first-post/');
	await site(page).locator('#up').click();
	await expect(site(page).locator('#at')).toHaveText('/blog/');
	// A page without its .html is at that address; an edit keeps it there.
	await site(page).getByRole('link', { name: 'About' }).click();
	await expect(h1).toHaveText('About');
	await expect(active).toHaveText('About');
	await expect(address).toHaveValue('/about');
	await call(page, 'workspace_write_file', { path: 'about.html', content: pretty['about.html']!.replace('<h1>About</h1>', '<h1>About us</h1>') });
	await expect(h1).toHaveText('About us');
	await expect(active).toHaveText('About');
	await expect(address).toHaveValue('/about');
	// A folder asked for without its slash is at the folder with it, as a host redirects it.
	await address.fill('/blog');
	await address.press('Enter');
	await expect(site(page).locator('#at')).toHaveText('/blog/');
	await expect(address).toHaveValue('/blog/');
	await expect(h1).toHaveCSS('color', 'rgb(0, 128, 0)');
	// The file by its name is at its name.
	await address.fill('/blog/index.html');
	await address.press('Enter');
	await expect(site(page).locator('#at')).toHaveText('/blog/index.html');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#at')).toHaveText('/blog/');
});

test('the site\'s page is the top window, as on a host: a frame buster never fires, and top.location navigates the page', async ({ page }) => {
	await ready(page);
	await call(page, 'workspace_apply_changes', {
		operations: [
			{ op: 'write', path: 'about.html', content: '<!doctype html><title>About</title><h1>About</h1>', createIfMissing: true },
			{
				op: 'write',
				path: 'index.html',
				content: `<!doctype html><html><head><title>Home</title><script>if (top != self) { top.location.replace(self.location.href); }</script></head><body><h1>Home</h1><p id="where"></p>
<button id="out" onclick="window.top.location.href = 'about.html'">About</button>
<script>document.getElementById('where').textContent = (window.self === window.top ? 'top' : 'embedded') + ' ' + (top === window) + ' ' + (parent === self);</script></body></html>`,
				createIfMissing: true
			}
		]
	});
	await expect(site(page).locator('#where')).toHaveText('top true true');
	await site(page).locator('#out').click();
	await expect(site(page).locator('h1')).toHaveText('About');
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html');
	const status = (await call(page, 'preview_get_status')).structuredContent as { errors: unknown[] };
	expect(status.errors).toEqual([]);
});

test('javascript: links run as on a host: after the page\'s handlers unless one prevented it, decoded, with the page\'s location and Back; an error in one is the page\'s', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'index.html': `<!doctype html><title>Home</title><h1>Home</h1><p id="log"></p>
<a id="about" href="about.html">About</a>
<a id="say" href="javascript:say('rye%20bread')">Say</a>
<a id="held" href="javascript:say('held')" onclick="say('clicked'); return false">Held</a>
<a id="void" href="javascript:void(0)" onclick="say('void')">Void</a>
<button id="assign" onclick="location.href = 'javascript:say(\\'assigned\\')'">Assign</button>
<a id="go" href="javascript:location.href='about.html?from=js'">Go</a>
<a id="broken" href="javascript:notDefinedAnywhere()">Broken</a>
<form action="javascript:say('searched ' + document.getElementById('q').value)"><input id="q" name="q" value="rye"><button id="search">Search</button></form>
<form action="javascript:say('never')" onsubmit="say('checked'); return false"><button id="checked">Check</button></form>
<script>var said = []; function say(what) { said.push(what); document.getElementById('log').textContent = said.join(', '); }</script>`,
		'about.html': '<!doctype html><title>About</title><h1 id="about-title">About</h1><p id="from"></p><a id="back" href="javascript:history.back()">Back</a><script>document.getElementById("from").textContent = location.search;</script>'
	});
	const log = site(page).locator('#log');
	await expect(site(page).locator('h1')).toHaveText('Home');
	await site(page).locator('#say').click();
	await expect(log).toHaveText('rye bread');
	// A handler that prevents the default keeps the URL from running, as on a host.
	await site(page).locator('#held').click();
	await site(page).locator('#void').click();
	await expect(log).toHaveText('rye bread, clicked, void');
	await site(page).locator('#assign').click();
	await expect(log).toHaveText('rye bread, clicked, void, assigned');
	// A form whose action is a javascript: URL runs it, unless its handler returned false.
	await site(page).locator('#search').click();
	await site(page).locator('#checked').click();
	await expect(log).toHaveText('rye bread, clicked, void, assigned, searched rye, checked');
	// Its `location` is the page's: another page of the site, with its query.
	await site(page).locator('#go').click();
	await expect(site(page).locator('#about-title')).toHaveText('About');
	await expect(site(page).locator('#from')).toHaveText('?from=js');
	await expect(page.getByTestId('preview-address')).toHaveValue('/about.html?from=js');
	// history.back() in a link, the older sites' Back: the page before.
	await site(page).locator('#back').click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	await site(page).locator('#broken').click();
	await expect
		.poll(async () => ((await call(page, 'preview_get_status')).structuredContent as { errors: { message: string }[] }).errors.map((e) => e.message).join('\n'))
		.toContain('notDefinedAnywhere is not defined');
});

test('a handler that returns false keeps the page where it is, as on a host: a form that fails its check, a link that asks first', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'index.html': `<!doctype html><title>Home</title><h1>Home</h1>
<form action="thanks.html" onsubmit="return check(this)"><input name="email" id="email"><button id="send">Send</button></form>
<a id="about" href="about.html" onclick="return mayLeave()">About</a>
<script>
var leave = false;
function check(form) { var ok = form.email.value.indexOf('@') > 0; document.body.dataset.checked = ok ? 'ok' : 'invalid'; return ok; }
function mayLeave() { document.body.dataset.asked = 'yes'; return leave; }
</script>`,
		'thanks.html': '<!doctype html><title>Thanks</title><h1 id="thanks">Thanks</h1><p id="q"></p><script>document.getElementById("q").textContent = location.search;</script>',
		'about.html': '<!doctype html><title>About</title><h1 id="about-title">About</h1>'
	});
	const body = site(page).locator('body');
	await expect(site(page).locator('h1')).toHaveText('Home');
	await body.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
	await site(page).locator('#send').click();
	await expect(body).toHaveAttribute('data-checked', 'invalid');
	await site(page).locator('#about').click();
	await expect(body).toHaveAttribute('data-asked', 'yes');
	// Neither left: the same document takes the valid form, which goes.
	await site(page).locator('#email').fill('ada@example.com');
	expect(await body.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
	await site(page).locator('#send').click();
	await expect(site(page).locator('#thanks')).toHaveText('Thanks');
	await expect(site(page).locator('#q')).toHaveText('?email=ada%40example.com');
	// Back is the page before: no entry was made for the two that stayed.
	await page.getByRole('button', { name: 'Back' }).click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	await body.evaluate(() => ((window as unknown as { leave: boolean }).leave = true));
	await site(page).locator('#about').click();
	await expect(site(page).locator('#about-title')).toHaveText('About');
});

test('a submit or click the page handles sees the event as a host gives it: nothing of its own, and AngularJS\'s jqLite may delete its preventDefault afterwards', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'index.html': `<!doctype html><title>Home</title><h1>Home</h1>
<form id="add" action="thanks.html"><input id="what" value="bread"><button id="go">Add</button></form>
<a id="on" href="about.html">About</a>
<script>
'use strict';
var seen = [];
document.getElementById('add').addEventListener('submit', function (e) {
  seen.push('own ' + Object.prototype.hasOwnProperty.call(e, 'preventDefault') + ', prevented ' + e.defaultPrevented);
  e.preventDefault();
  seen.push('prevented ' + e.defaultPrevented + ', returnValue ' + e.returnValue);
  // jqLite's cleanup after its handlers ran (strict code: deleting an own non-configurable property throws).
  delete e.preventDefault;
  delete e.stopPropagation;
});
document.addEventListener('submit', function (e) { seen.push('later ' + e.defaultPrevented); document.body.dataset.seen = seen.join(' / '); });
</script>`,
		'thanks.html': '<!doctype html><title>Thanks</title><h1 id="thanks">Thanks</h1>',
		'about.html': '<!doctype html><title>About</title><h1 id="about-title">About</h1>'
	});
	const body = site(page).locator('body');
	await expect(site(page).locator('h1')).toHaveText('Home');
	await site(page).locator('#go').click();
	await expect(body).toHaveAttribute('data-seen', 'own false, prevented false / prevented true, returnValue false / later true');
	await page.waitForTimeout(300);
	await expect(site(page).locator('h1')).toHaveText('Home');
	expect((await call(page, 'preview_get_status')).structuredContent).toMatchObject({ errors: [] });
	// A link nobody prevents still goes.
	await site(page).locator('#on').click();
	await expect(site(page).locator('#about-title')).toHaveText('About');
});

test('a page leaving for another hears pagehide, visibilitychange and unload before the next one starts, and what it stores there reaches it, once; beforeunload asks, as on a host', async ({ page }) => {
	await ready(page);
	await writeSite(page, {
		'index.html': `<!doctype html><title>Home</title><h1>Home</h1><textarea id="draft"></textarea>
<a id="next" href="two.html">Two</a><button id="dirty">Edit</button>
<script>
addEventListener('pagehide', function () {
  localStorage.setItem('draft', document.getElementById('draft').value);
  localStorage.setItem('hides', String(Number(localStorage.getItem('hides') || 0) + 1));
});
document.addEventListener('visibilitychange', function () { localStorage.setItem('seen', document.visibilityState); });
var dirty = false;
document.getElementById('dirty').onclick = function () { dirty = true; };
window.onbeforeunload = function () { if (dirty) return 'You have unsaved changes'; };
var asks = false;
addEventListener('beforeunload', function (event) { if (asks) event.preventDefault(); });
</script>`,
		'two.html': '<!doctype html><title>Two</title><h1 id="two">Two</h1><p id="got"></p><button id="back" onclick="history.back()">Back</button><script>addEventListener("pagehide", function () { localStorage.setItem("left", "two"); }); document.getElementById("got").textContent = [localStorage.getItem("draft"), localStorage.getItem("hides"), localStorage.getItem("seen")].join("|");</script>'
	});
	await expect(site(page).locator('h1')).toHaveText('Home');
	await site(page).locator('#draft').fill('my draft');
	await site(page).locator('#next').click();
	await expect(site(page).locator('#got')).toHaveText('my draft|1|hidden');
	// The page before is gone, and the browser's own pagehide did not reach its handler a second time.
	await expect(page.locator('section[data-region="preview"] iframe.preview-frame').contentFrame().locator('iframe')).toHaveCount(1);
	expect(await site(page).locator('body').evaluate(() => localStorage.getItem('hides'))).toBe('1');
	// history.back() to the page before is a leaving too.
	await site(page).locator('#back').click();
	await expect(site(page).locator('h1')).toHaveText('Home');
	expect(await site(page).locator('body').evaluate(() => localStorage.getItem('left'))).toBe('two');
	// A page the person used whose onbeforeunload returns a string gets the browser's question: Stay keeps it.
	await site(page).locator('#dirty').click();
	const asked: string[] = [];
	page.once('dialog', (dialog) => {
		asked.push(dialog.type());
		void dialog.dismiss();
	});
	await site(page).locator('#next').click();
	await expect.poll(() => asked).toEqual(['confirm']);
	await expect(site(page).locator('h1')).toHaveText('Home');
	expect(await site(page).locator('body').evaluate(() => localStorage.getItem('hides'))).toBe('1');
	// A listener that prevents beforeunload asks too.
	await site(page).locator('body').evaluate(() => Object.assign(window, { dirty: false, asks: true }));
	page.once('dialog', (dialog) => {
		asked.push(dialog.type());
		void dialog.dismiss();
	});
	await site(page).locator('#next').click();
	await expect.poll(() => asked).toEqual(['confirm', 'confirm']);
	await expect(site(page).locator('h1')).toHaveText('Home');
	expect(await site(page).locator('body').evaluate(() => localStorage.getItem('hides'))).toBe('1');
	page.once('dialog', (dialog) => void dialog.accept());
	await site(page).locator('#draft').fill('second');
	await site(page).locator('#next').click();
	await expect(site(page).locator('#got')).toHaveText('second|2|hidden');
});

test('an edit or a refresh replaces the page as a host\'s reload does: it hears pagehide, visibilitychange and beforeunload first, and what it stores there is in the next render; nothing asks', async ({ page }) => {
	await ready(page);
	const asked: string[] = [];
	page.on('dialog', (dialog) => {
		asked.push(dialog.message());
		void dialog.dismiss();
	});
	// Three ways a page listens: a handler attribute, a listener, a handler property (which also asks, on a host's reload).
	await writeSite(page, {
		'index.html': `<!doctype html><title>Notes</title><link rel="stylesheet" href="style.css">
<body onpagehide="localStorage.setItem('draft', document.getElementById('draft').value)">
<h1>Notes</h1><textarea id="draft"></textarea><p id="got"></p>
<script>
document.getElementById('draft').value = localStorage.getItem('draft') || '';
document.addEventListener('visibilitychange', function () { localStorage.setItem('seen', document.visibilityState); document.cookie = 'left=' + document.visibilityState; });
window.onbeforeunload = function () {
  sessionStorage.setItem('asked', String(Number(sessionStorage.getItem('asked') || 0) + 1));
  return 'You have unsaved changes';
};
document.getElementById('got').textContent = [localStorage.getItem('draft'), localStorage.getItem('seen'), sessionStorage.getItem('asked'), document.cookie].join('|');
</script>
</body>`,
		'style.css': 'h1 { color: black; }'
	});
	await expect(site(page).locator('#got')).toHaveText('|||');
	// The page firing the event itself reaches its handler too.
	expect(await site(page).locator('body').evaluate(() => (dispatchEvent(new Event('beforeunload')), sessionStorage.getItem('asked')))).toBe('1');
	await site(page).locator('#draft').fill('kept across an edit');
	await writeSite(page, { 'style.css': 'h1 { color: rebeccapurple; }' });
	await expect(site(page).locator('#got')).toHaveText('kept across an edit|hidden|2|left=hidden');
	await expect(site(page).locator('#draft')).toHaveValue('kept across an edit');
	await site(page).locator('#draft').fill('kept across a refresh');
	await page.getByRole('button', { name: 'Refresh preview' }).click();
	await expect(site(page).locator('#got')).toHaveText('kept across a refresh|hidden|3|left=hidden');
	expect(asked).toEqual([]);
});
