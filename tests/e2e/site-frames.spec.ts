// The site's own pages in frames of its page behave as on a static host, where they are pages of the
// same site: their storage is the page's, their requests, modules and images are answered from the
// workspace, their console lines and errors reach the studio with their file and line, and their
// links go where they aim (the frame itself, a frame named by target, the whole page).
import { test, expect, waitForHub, previewFrame } from './fixtures';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { openSite, previewStatus } from './helpers/open-site';

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { preview?: { revision: number; status: string }; page?: string } };
type Status = { page: string; errors: { message: string; at?: string }[]; console: { text: string }[] };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const site = (page: Page) => previewFrame(page);

const files = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Frames</title>
<script>localStorage.setItem('x', 'from-parent');</script></head>
<body><h1>Parent</h1><p id="kept">kept?</p><p id="heard">none</p>
<iframe id="part" src="demo/part.html?v=2" title="part"></iframe>
<iframe id="main" name="main" src="mod.html" title="main"></iframe>
<a id="to-main" href="demo/other.html" target="main">Other, in the main frame</a>
<button id="write" type="button">Write</button>
<script>
document.getElementById('kept').textContent = 'kept: ' + localStorage.getItem('child');
addEventListener('storage', function (e) { document.getElementById('heard').textContent = e.key + '=' + e.newValue; });
document.getElementById('write').onclick = function () { localStorage.setItem('fromParent', 'later'); };
var made = document.createElement('iframe');
made.id = 'made';
made.title = 'made';
made.src = 'demo/other.html';
document.body.append(made);
</script></body></html>`,
	'demo/part.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="part.css"></head>
<body><p id="ls">ls?</p><p id="fetch">fetch?</p><p id="search">search?</p><p id="heard">none</p><img id="img" width="8" height="8" alt="dot">
<a id="link" href="other.html">Other</a>
<script src="part.js"></script></body></html>`,
	'demo/part.css': '#ls { color: rgb(0, 128, 128) }',
	'demo/part.js': `document.getElementById('ls').textContent = 'ls: ' + localStorage.getItem('x');
localStorage.setItem('child', '1');
fetch('data.json').then(function (r) { return r.json(); }).then(function (d) { document.getElementById('fetch').textContent = 'fetch: ' + d.msg; });
document.getElementById('search').textContent = 'search: ' + location.search;
document.getElementById('img').src = 'dot.svg';
addEventListener('storage', function (e) { document.getElementById('heard').textContent = e.key + '=' + e.newValue; });
console.log('framed page says', localStorage.getItem('x'));
missingFunction();
`,
	'demo/data.json': '{"msg":"hello from data"}',
	'demo/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>',
	'demo/other.html': '<!doctype html><html><head><link rel="stylesheet" href="part.css"></head><body><h2 id="other">Other page</h2></body></html>',
	'mod.html': '<!doctype html><html><body><p id="m">module?</p><script type="module" src="js/mod.js"></script></body></html>',
	'js/mod.js': "import { word } from './lib.js';\ndocument.getElementById('m').textContent = 'module: ' + word;\n",
	'js/lib.js': "export const word = 'imported';\n"
};

test('a page framed by the site’s page runs as on a host: shared storage, its own files and modules, its errors named, its links going where they aim', async ({ page }) => {
	test.setTimeout(90_000);
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	for (const [path, content] of Object.entries(files)) if (path !== 'index.html') await call(page, 'workspace_create_file', { path, content });
	const written = await call(page, 'workspace_write_file', { path: 'index.html', content: files['index.html'] });
	// Acknowledged once the framed pages have loaded, as a host's load waits for its frames.
	expect(written.structuredContent.preview?.status).toBe('error');
	const part = site(page).frameLocator('#part');
	const main = site(page).frameLocator('#main');
	await expect(part.locator('#ls')).toHaveText('ls: from-parent');
	await expect(part.locator('#ls')).toHaveCSS('color', 'rgb(0, 128, 128)');
	await expect(part.locator('#fetch')).toHaveText('fetch: hello from data');
	await expect(part.locator('#search')).toHaveText('search: ?v=2');
	await expect.poll(() => part.locator('#img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
	await expect(main.locator('#m')).toHaveText('module: imported');

	// The framed page's write is the page's too: a storage event there, and kept by the hub.
	await expect(site(page).locator('#heard')).toHaveText('child=1');
	await site(page).locator('#write').evaluate((button) => (button as HTMLButtonElement).click());
	await expect(part.locator('#heard')).toHaveText('fromParent=later');
	await call(page, 'preview_refresh');
	await expect(site(page).locator('#kept')).toHaveText('kept: 1');

	const status = (await call(page, 'preview_get_status')).structuredContent as unknown as Status;
	expect(status.errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('missingFunction is not defined'), at: 'demo/part.js:8' }));
	expect(status.console.map((line) => line.text)).toContain('framed page says from-parent');

	// A link in the framed page loads its frame; one aimed at a named frame loads that one; the page shown stays.
	await part.locator('#link').evaluate((link) => (link as HTMLAnchorElement).click());
	await expect(part.locator('#other')).toHaveText('Other page');
	await site(page).locator('#to-main').evaluate((link) => (link as HTMLAnchorElement).click());
	await expect(main.locator('#other')).toHaveText('Other page');
	// A frame a script makes and points at a page shows it; window.open aimed at a frame's name loads that frame.
	await expect(site(page).frameLocator('#made').locator('#other')).toHaveText('Other page');
	await site(page).locator('h1').evaluate(() => window.open('mod.html', 'main'));
	await expect(main.locator('#m')).toHaveText('module: imported');
	expect(((await call(page, 'preview_get_status')).structuredContent as unknown as Status).page).toBe('index.html');
	await expect(site(page).locator('h1')).toHaveText('Parent');
});

// What a static host shows for the same two pages (checked against one): a message aimed at the site's
// origin reaches the page's frame, its parent and the page itself, with that origin and a source equal
// to the window it came from; the page is its own parent.
const talking = {
	'index.html': `<!doctype html><html><body><p id="log">none</p><p id="self"></p>
<iframe id="f" name="kid" src="child.html" title="child"></iframe>
<script>
var frame = document.getElementById('f');
var early = frame.contentWindow;
var log = [];
addEventListener('message', function (e) {
  log.push(e.data + '@' + (e.origin === location.origin ? 'site' : e.origin) + (e.source === frame.contentWindow ? ' frame' : e.source === window ? ' self' : ' other'));
  document.getElementById('log').textContent = log.join(' | ');
  if (e.data === 'hello') e.source.postMessage('welcome', e.origin);
});
document.getElementById('self').textContent = [window.parent === window, frames[0] === frame.contentWindow, frames.kid === early, early === frame.contentWindow, frames.length, frame.src === new URL('child.html', location.href).href, (function () { try { frame.contentWindow.focus(); return 'focus'; } catch (e) { return e.name; } })()].join(',');
postMessage('to-self', location.origin);
frame.addEventListener('load', function () {
  early.postMessage('ping', location.origin);
  frames[0].postMessage('ping2', { targetOrigin: window.origin });
});
</script></body></html>`,
	'child.html': `<!doctype html><html><body><p id="part">none</p>
<script>
var heard = [];
addEventListener('message', function (e) {
  heard.push(e.data + '@' + (e.origin === location.origin ? 'site' : e.origin) + (e.source === parent ? ' parent' : ' other'));
  document.getElementById('part').textContent = heard.sort().join(',');
  if (e.data === 'ping') parent.postMessage('pong', location.origin);
});
parent.postMessage('hello', location.origin);
</script></body></html>`
};

test('the site’s pages talk by messages aimed at the site’s origin, as on a host: to a frame, to the parent, to the page itself, with the origin and source a listener checks', async ({ page }) => {
	await openSite(page, talking);
	await expect(site(page).frameLocator('#f').locator('#part')).toHaveText('ping2@site parent,ping@site parent,welcome@site parent');
	await expect(site(page).locator('#log')).toHaveText('to-self@site self | hello@site frame | pong@site frame');
	await expect(site(page).locator('#self')).toHaveText('true,true,true,true,1,true,focus');
});

test('Penpal’s own build connects a page and its frame as on a host: each calls the other’s methods', async ({ page }) => {
	// Penpal checks what a host guarantees: a message's source is the window it was given, its origin
	// the page's own (`window.origin`), and it answers aimed at that origin.
	const penpal = readFileSync('node_modules/penpal/dist/penpal.min.js', 'utf8');
	await openSite(page, {
		'lib/penpal.min.js': penpal,
		'child.html': `<!doctype html><html><head><script src="lib/penpal.min.js"></script></head><body><p id="c">waiting</p>
<script>
Penpal.connect({ messenger: new Penpal.WindowMessenger({ remoteWindow: window.parent }), methods: { multiply: function (a, b) { return a * b; } } })
  .promise.then(function (parent) { return parent.greet('child'); }).then(function (v) { document.getElementById('c').textContent = v; });
</script></body></html>`,
		'index.html': `<!doctype html><html><head><script src="lib/penpal.min.js"></script></head><body><p id="out">waiting</p>
<iframe id="f" src="child.html" title="child"></iframe>
<script>
Penpal.connect({ messenger: new Penpal.WindowMessenger({ remoteWindow: document.getElementById('f').contentWindow }), methods: { greet: function (name) { return 'hello ' + name; } } })
  .promise.then(function (child) { return child.multiply(6, 7); })
  .then(function (v) { document.getElementById('out').textContent = 'child says ' + v; }, function (e) { document.getElementById('out').textContent = 'failed: ' + e.message; });
</script></body></html>`
	});
	await expect(site(page).locator('#out')).toHaveText('child says 42');
	await expect(site(page).frameLocator('#f').locator('#c')).toHaveText('hello child');
});

test('a frame made by script is apart from its page in the preview’s sandbox, and the console says why once (not for a frame of another site)', async ({ page }) => {
	await openSite(page, {
		'other.html': `<!doctype html><html><body><iframe src="https://example.com/" title="away"></iframe><script>
document.body.dataset.away = String(document.querySelector('iframe').contentDocument);</script></body></html>`,
		// As TinyMCE 7 makes its editing frame: srcdoc set by script, then its document read on load.
		'index.html': `<!doctype html><html><body><p id="out">?</p><script>
var out = [];
var blank = document.createElement('iframe');
document.body.append(blank);
out.push('blank:' + blank.contentDocument);
var made = document.createElement('iframe');
document.body.append(made);
made.onload = function () {
	out.push('srcdoc:' + made.contentDocument);
	try { made.contentWindow.document.body.innerHTML = 'x'; } catch (e) { out.push(e.name); }
	document.getElementById('out').textContent = out.join(' ');
};
made.srcdoc = '<body contenteditable><p>Hello</p></body>';
</script></body></html>`
	});
	await expect(previewFrame(page).locator('#out')).toHaveText('blank:null srcdoc:null SecurityError', { timeout: 15_000 });
	const said = async () => (await previewStatus(page)).console.filter((line) => line.text.includes("keeps a frame's document apart"));
	await expect.poll(async () => (await said()).length).toBe(1);
	expect((await said())[0]!.text).toContain('TinyMCE');
	// A frame of another site is apart on a host too: its page says nothing (the console keeps the first page's line).
	await call(page, 'preview_navigate', { path: 'other.html' });
	await expect(previewFrame(page).locator('body')).toHaveAttribute('data-away', 'null');
	await page.waitForTimeout(500);
	expect(await said()).toHaveLength(1);
});

// A site of the 1990s as it was written: a frameset (no body), a menu frame whose links aim at the
// main frame by name, frame pages without a doctype.
const frameset = {
	'index.html': `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Frameset//EN">
<html><head><title>Old bakery</title></head>
<frameset rows="60,*" border="0">
  <frame src="top.html" name="banner" scrolling="no" noresize>
  <frameset cols="200,*">
    <frame src="menu.html" name="menu">
    <frame src="home.html" name="main">
  </frameset>
  <noframes><body>Your browser does not support frames.</body></noframes>
</frameset></html>`,
	'top.html': '<html><body style="background:#642"><b style="color:#fff">The old bakery</b></body></html>',
	'menu.html': `<html><body style="background:#fec"><h3>Menu</h3><a href="breads.html" target="main" id="breads">Breads</a><br><a href="home.html" target="main">Home</a>
<a href="#" id="cakes" onclick="parent.main.location = 'cakes.html'; return false">Cakes</a>
<a href="#" id="home" onclick="top.frames.main.location.replace('home.html'); return false">Home again</a>
<a href="#" id="rye" onclick="parent.frames['main'].location.href = 'breads.html?rye'; return false">Rye</a>
<a href="#" id="leave" onclick="top.location = 'plain.html'; return false">Without frames</a></body></html>`,
	'cakes.html': '<html><body><h1 id="h">Our cakes</h1></body></html>',
	'plain.html': '<html><body><h1 id="h">Without frames</h1></body></html>',
	'home.html': '<html><body><h1 id="h">Welcome to the old bakery</h1></body></html>',
	'breads.html': '<html><body><h1 id="h">Our breads</h1><script>document.title = "Breads";</script></body></html>'
};

test('a frameset site shows its frames as on a host, laid out by its rows and cols; a menu frame\'s link aimed at the main frame opens there, and so does its script\'s parent.main.location, top.frames.main.location.replace(), and top.location the whole page', async ({ page }) => {
	await openSite(page, frameset);
	const menu = site(page).frameLocator('iframe[name="menu"]');
	const main = site(page).frameLocator('iframe[name="main"]');
	await expect(site(page).frameLocator('iframe[name="banner"]').locator('b')).toHaveText('The old bakery');
	await expect(main.locator('#h')).toHaveText('Welcome to the old bakery');
	// The rows and cols, with no border between the rows and the default one between the columns.
	const boxes = await site(page).locator('iframe').evaluateAll((frames) => frames.map((f) => { const r = f.getBoundingClientRect(); return [f.getAttribute('name'), Math.round(r.left), Math.round(r.top), Math.round(r.width)]; }));
	expect(boxes.slice(0, 2)).toEqual([['banner', 0, 0, expect.any(Number)], ['menu', 0, 60, 200]]);
	expect(boxes[2]).toEqual(['main', 206, 60, expect.any(Number)]);
	expect(await site(page).locator('body').evaluate(() => window.frames.length)).toBe(3);
	await menu.locator('#breads').click();
	await expect(main.locator('#h')).toHaveText('Our breads');
	await expect(menu.locator('h3')).toHaveText('Menu');
	// The menu's scripts reach the main frame through its parent and its top, by name, as on a host.
	await menu.locator('#cakes').click();
	await expect(main.locator('#h')).toHaveText('Our cakes');
	await menu.locator('#home').click();
	await expect(main.locator('#h')).toHaveText('Welcome to the old bakery');
	await menu.locator('#rye').click();
	await expect(main.locator('#h')).toHaveText('Our breads');
	await menu.locator('#leave').click();
	await expect(site(page).locator('#h')).toHaveText('Without frames');
	await expect(page.getByTestId('preview-address')).toHaveValue('/plain.html');
	const status = await previewStatus(page);
	expect(status.errors).toEqual([]);
	expect(status.warnings).toEqual([]);
});

test('a page without a doctype starts where a host\'s quirks mode starts it: its first heading\'s default top margin dropped, a table not inheriting the page\'s font size; its own rules still win', async ({ page }) => {
	const old = '<html><head><style>body { font-size: 20px } .spaced { margin-top: 30px }</style></head><body><h1 id="h">Home page</h1><table><tr><td id="c">cell</td></tr></table><p id="s" class="spaced">spaced</p><script>document.title = document.styleSheets.length + " " + document.scripts.length;</script></body></html>';
	await openSite(page, { 'index.html': old });
	const read = () => site(page).locator('body').evaluate(() => [Math.round(document.getElementById('h')!.getBoundingClientRect().top), getComputedStyle(document.getElementById('c')!).fontSize, getComputedStyle(document.getElementById('s')!).marginTop, document.title].join(' '));
	// As Chromium renders the file from a host (measured): 8 px of body margin above the heading, the
	// cell at the default 16 px; the page's stylesheet and script are its only ones.
	await expect.poll(read).toBe('8 16px 30px 1 1');
	// With a doctype, standards mode on a host and in the preview alike: the heading's margin, the page's font in the cell.
	await call(page, 'workspace_write_file', { path: 'index.html', content: `<!doctype html>${old}` });
	await expect.poll(read).toBe('27 20px 30px 1 1');
});

// Doxygen 1.9's search, in its shape: the box loads its results page into a frame by the frame's
// window (`window.frames.MSearchResults.location = …`), and a result's link, aimed at the parent,
// first calls the parent's code, which a host's one origin allows.
const searched = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Docs</title></head><body>
<input id="q" aria-label="Search"><p id="closed">open</p>
<div id="win" style="display:none"><iframe src="javascript:void(0)" name="MSearchResults" id="MSearchResults" title="results"></iframe></div>
<iframe id="other" name="other" src="blank.html" title="other"></iframe>
<button id="href" onclick="document.getElementById('other').contentWindow.location.href = 'search/all_1.html?href'">href</button>
<button id="replace" onclick="frames[1].location.replace('search/all_1.html?replaced')">replace</button>
<button id="named" onclick="top.other.location = 'search/all_1.html?named'">named</button>
<script>
var searchBox = { CloseResultsWindow: function () { document.getElementById('closed').textContent = 'closed'; } };
document.getElementById('q').addEventListener('keyup', function () {
  window.frames.MSearchResults.location = 'search/all_1.html?' + escape(this.value);
  document.getElementById('win').style.display = 'block';
});
</script></body></html>`,
	'blank.html': '<!doctype html><html><body><p id="r">blank</p></body></html>',
	'search/all_1.html': `<!doctype html><html><body><p id="r">?</p>
<a id="hit" href="../rye.html" target="_parent" onclick="parent.searchBox.CloseResultsWindow()">Rye bread</a>
<button id="up" onclick="parent.location = '../rye.html?up'">up</button>
<script>document.getElementById('r').textContent = 'searched ' + unescape(location.search.slice(1));</script></body></html>`,
	'rye.html': '<!doctype html><html><body><h1 id="h">Rye bread</h1></body></html>'
};

test('a script sets another window\'s location as on a host (Doxygen\'s search): a frame\'s by its name in frames and on the window, its contentWindow\'s href, replace(), a framed page\'s parent; a framed page that reaches into its parent is a warning, not the site\'s error', async ({ page }) => {
	await openSite(page, searched);
	const results = site(page).frameLocator('#MSearchResults');
	const other = site(page).frameLocator('#other');
	await expect(other.locator('#r')).toHaveText('blank');
	await site(page).locator('#q').pressSequentially('rye');
	await expect(results.locator('#r')).toHaveText('searched rye');
	await site(page).locator('#href').click();
	await expect(other.locator('#r')).toHaveText('searched href');
	await site(page).locator('#replace').click();
	await expect(other.locator('#r')).toHaveText('searched replaced');
	// A frame's window by its name on the page's own window (old Javadoc's `top.classFrame.location = …`).
	await site(page).locator('#named').click();
	await expect(other.locator('#r')).toHaveText('searched named');
	// A framed page sets its parent's location: the site's page goes there.
	await other.locator('#up').click();
	await expect(site(page).locator('#h')).toHaveText('Rye bread');
	await expect(page.getByTestId('preview-address')).toHaveValue('/rye.html?up');
	await page.getByRole('button', { name: 'Back', exact: true }).click();
	await expect(site(page).locator('#q')).toBeVisible();
	// A result: its handler's reach into the parent is the preview's sandbox, said as such; its link goes.
	await site(page).locator('#q').pressSequentially('r');
	await results.locator('#hit').click();
	await expect(site(page).locator('#h')).toHaveText('Rye bread');
	await expect(page.getByTestId('preview-address')).toHaveValue('/rye.html');
	await expect.poll(async () => (await previewStatus(page)).warnings.map((w) => w.message).join('\n')).toContain("keeps each of the site's frames apart");
	const status = await previewStatus(page);
	expect(status.warnings.find((w) => w.message.includes('apart'))!.message).toContain('searchBox');
	expect(status.errors).toEqual([]);
});
