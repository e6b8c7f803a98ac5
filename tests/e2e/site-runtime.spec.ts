// What a site loads at run time behaves as on a static host. Workers from its own files: a module
// worker (as people and Vite write it) with its imports, a classic one with importScripts(), both
// fetching the site's files relative to their own URL and knowing their location; the page's first
// messages reach them; their console lines and uncaught errors reach the studio with their file and
// line, and a missing worker file is named where the page asked for it. Stylesheets a script links
// (Vite's code splitting waits for their load event): applied, their url()s and @imports relative to
// them, a missing one failing the link; the page's own links stay links a theme switcher finds and
// swaps, disabled and alternate sheets off. Web Locks and the StorageManager, which the sandbox refuses.
// Dialogs, the clipboard, full screen and downloads in answer to a click; files that are not pages.
import { test, expect, previewFrame } from './fixtures';
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { PNG } from 'pngjs';
import { call, openSite, previewStatus } from './helpers/open-site';
import { closeServer } from './helpers/close-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';


const files = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Workers</title></head><body>
<p id="m">module?</p><p id="v">vite?</p><p id="c">classic?</p><p id="i">instanceof?</p><p id="e">error?</p><p id="x">missing?</p><p id="o">oops?</p><p id="b">blob?</p><p id="d">data?</p><p id="p">plain?</p>
<script type="module">
const out = (id, text) => { document.getElementById(id).textContent = text; };
const m = new Worker(new URL('./work/sum.js', import.meta.url), { type: 'module' });
m.onmessage = (e) => out('m', 'module: ' + e.data);
m.postMessage([1, 2, 3]);
out('i', 'instanceof: ' + (m instanceof Worker));
new Worker('work/bad.js', { type: 'module' }).onerror = (e) => out('e', 'error: ' + e.message);
</script>
<script type="module" src="assets/index-B1.js"></script>
<script src="js/page.js"></script>
</body></html>`,
	'work/sum.js': `import { total } from './math.js';
import { label } from '../shared/label.js';
self.onmessage = async (e) => {
  const data = await (await fetch(new URL('../data.json', import.meta.url))).json();
  console.log('module worker summing', e.data.length);
  self.postMessage(label(total(e.data)) + ' ' + data.unit + ' at ' + self.location.pathname);
};
`,
	'work/math.js': 'export const total = (xs) => xs.reduce((a, b) => a + b, 0);\n',
	'shared/label.js': "export const label = (n) => 'sum=' + n;\n",
	'data.json': '{"unit":"apples"}',
	'work/bad.js': "const x = 1;\nthrow new Error('bad worker ' + x);\n",
	// As Vite 8 builds `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`.
	'assets/index-B1.js': "var e=new Worker(new URL(`/assets/worker-Ck.js`,``+import.meta.url),{type:`module`});e.onmessage=e=>{document.getElementById(`v`).textContent=e.data},e.postMessage(20);\n",
	'assets/worker-Ck.js': '(function(){let e=e=>e*2+2;self.onmessage=async t=>{let n=await(await fetch(new URL(`../data.json`,``+self.location.href))).json();self.postMessage(`vite: `+e(t.data)+` `+n.unit)}})();\n',
	'js/page.js': `var c = new Worker('js/classic.js');
c.addEventListener('message', function (e) { document.getElementById('c').textContent = 'classic: ' + e.data; });
c.postMessage('hi');
var gone = new Worker('js/missing.js');
gone.onerror = function (e) { document.getElementById('x').textContent = 'missing: ' + e.type; };
var oops = new Worker('js/oops.js');
oops.onerror = function (e) { document.getElementById('o').textContent = 'oops: ' + e.message + ' ' + e.lineno; e.preventDefault(); };
oops.postMessage(1);
// As Ace and Monaco start theirs: a worker made from a blob: or data: URL that imports the site's scripts by URL.
var base = document.currentScript.src.replace(/page\\.js$/, '');
var made = URL.createObjectURL(new Blob(["importScripts('" + base + "helpers.js'); onmessage = function (e) { postMessage(greet(e.data) + ' ' + location.protocol); };"], { type: 'application/javascript' }));
var b = new Worker(made);
URL.revokeObjectURL(made);
b.onmessage = function (e) { document.getElementById('b').textContent = 'blob: ' + e.data; };
b.postMessage('ace');
var d = new Worker('data:text/javascript;charset=utf-8,' + encodeURIComponent("importScripts('" + base + "more/upper.js'); postMessage(upper('monaco'));"));
d.onmessage = function (e) { document.getElementById('d').textContent = 'data: ' + e.data; };
var p = new Worker(URL.createObjectURL(new Blob(['onmessage = function (e) { postMessage(e.data * 2); };'])));
p.onmessage = function (e) { document.getElementById('p').textContent = 'plain: ' + e.data; };
p.postMessage(21);
`,
	'js/classic.js': `importScripts('helpers.js', './more/upper.js');
self.onmessage = function (e) {
  fetch('words.txt').then(function (r) { return r.text(); }).then(function (t) {
    console.log('classic worker got', e.data);
    postMessage(upper(greet(e.data)) + ' ' + t.trim() + ' ' + location.pathname);
  });
};
`,
	'js/helpers.js': "function greet(x) { return 'hello ' + x; }\n",
	'js/more/upper.js': 'function upper(x) { return x.toUpperCase(); }\n',
	'js/words.txt': 'from words\n',
	'js/oops.js': '// fails on its first message\nself.onmessage = function () {\n  null.boom();\n};\n'
};

test('workers the site starts from its files run as on a host: modules and importScripts, fetches, location, console lines and errors with their file and line, and blob: and data: workers importing its scripts by URL', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, files);
	const site = previewFrame(page);
	await expect(site.locator('#m')).toHaveText('module: sum=6 apples at /work/sum.js');
	await expect(site.locator('#v')).toHaveText('vite: 42 apples');
	await expect(site.locator('#c')).toHaveText('classic: HELLO HI from words /js/classic.js');
	await expect(site.locator('#i')).toHaveText('instanceof: true');
	await expect(site.locator('#e')).toHaveText('error: Uncaught Error: bad worker 1');
	await expect(site.locator('#x')).toHaveText('missing: error');
	await expect(site.locator('#o')).toHaveText("oops: Uncaught TypeError: Cannot read properties of null (reading 'boom') 3");
	await expect(site.locator('#b')).toHaveText('blob: hello ace blob:');
	await expect(site.locator('#d')).toHaveText('data: MONACO');
	await expect(site.locator('#p')).toHaveText('plain: 42');

	await expect.poll(async () => (await previewStatus(page)).console.map((line) => line.text)).toEqual(expect.arrayContaining(['module worker summing 3', 'classic worker got hi']));
	const status = await previewStatus(page);
	expect(status.errors).toContainEqual(expect.objectContaining({ message: 'Uncaught Error: bad worker 1', at: 'work/bad.js:2' }));
	expect(status.errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('js/missing.js is not in the workspace'), at: 'js/page.js:4' }));
	// The page handled the classic worker's error (preventDefault), as a host then reports nothing.
	expect(status.errors.filter((error) => error.message.includes('boom'))).toEqual([]);
});

const orders = ['name,qty', ...Array.from({ length: 300 }, (_, i) => `item ${i},${(i % 9) + 1}`)].join('\n') + '\n';
const xhrWorkers = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Worker XHR</title></head><body>
<p id="papa">papa?</p><p id="xhr">xhr?</p>
<script src="js/papaparse.min.js"></script>
<script>
// PapaParse's documented worker mode: the file is downloaded and parsed in its worker, in chunks asked by Range.
var rows = 0, chunks = 0;
Papa.parse(new URL('data/orders.csv', location.href).href, {
  download: true, header: true, worker: true, chunkSize: 2048, skipEmptyLines: true,
  chunk: function (r) { rows += r.data.length; chunks++; },
  complete: function () { document.getElementById('papa').textContent = 'papa: ' + rows + ' rows in ' + (chunks > 1 ? 'chunks' : chunks + ' chunk'); },
  error: function (e) { document.getElementById('papa').textContent = 'papa error: ' + e; }
});
var w = new Worker('js/xhr-worker.js');
w.onmessage = function (e) { document.getElementById('xhr').textContent = e.data; };
w.postMessage({ file: '../data/orders.csv' });
</script></body></html>`,
	'js/papaparse.min.js': readFileSync('node_modules/papaparse/papaparse.min.js', 'utf8'),
	'js/xhr-worker.js': `self.onmessage = function (e) {
  var seen = [];
  var a = new XMLHttpRequest();
  a.open('GET', '../data/prices.json');
  a.responseType = 'json';
  a.onprogress = function () { seen.push('progress'); };
  a.onload = function () {
    seen.push('load');
    var s = new XMLHttpRequest();
    s.open('GET', e.data.file, false);
    s.send();
    var unnamed;
    try { var u = new XMLHttpRequest(); u.open('GET', '../data/prices.json', false); u.send(); unnamed = 'read'; } catch (error) { unnamed = error.name; }
    postMessage('async: ' + a.status + ' ' + a.getResponseHeader('Content-Type').split(';')[0] + ' ' + a.response.rye + ' ' + seen.join(' ') + ' | sync: ' + s.status + ' ' + s.responseText.split('\\n')[0] + ' | unnamed: ' + unnamed);
  };
  a.send();
};
`,
	'data/orders.csv': orders,
	'data/prices.json': '{"rye": 2.5}'
};

test('a worker\'s XMLHttpRequest gets the site\'s files as on a host: asynchronous with its events, synchronous for a file the page named to it (PapaParse\'s worker mode, chunked by Range); one never named fails as a network error', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, xhrWorkers);
	const site = previewFrame(page);
	await expect(site.locator('#papa')).toHaveText('papa: 300 rows in chunks');
	await expect(site.locator('#xhr')).toHaveText('async: 200 application/json 2.5 progress load | sync: 200 name,qty | unnamed: NetworkError');
	// The worker's warning comes over its port to the page, then to the hub: it may trail the message.
	await expect.poll(async () => (await previewStatus(page)).console.map((line) => line.text)).toContainEqual(expect.stringContaining('only for a file the page named in a message to it: https://site.invalid/data/prices.json'));
	expect((await previewStatus(page)).errors).toEqual([]);
});

// MkDocs's search worker as it ships: it fetches its index, then imports the scripts its code lists
// (`importScripts.apply(null, urls)`), one of them only for other languages (absent here), and
// Material for MkDocs's template of a path for other languages, never asked here.
const searchWorker = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Search</title></head><body><p id="s">search?</p>
<script>
var w = new Worker('search/worker.js');
w.onmessage = function (e) { document.getElementById('s').textContent = e.data; };
w.postMessage({ init: true });
</script></body></html>`,
	'search/worker.js': `var base_path = 'function' === typeof importScripts ? '.' : '/search/';
var lang = ['en'];
function loadScripts(urls, callback) {
  importScripts.apply(null, urls);
  callback();
}
// Material for MkDocs's, for other languages: a path its code fills in at run time.
function setupLanguages(e, n) {
  if (n !== 'en') importScripts(\`\${e}/min/lunr.stemmer.support.min.js\`, \`\${e}/min/lunr.\${n}.min.js\`);
}
onmessage = function () {
  var req = new XMLHttpRequest();
  req.onload = function () {
    var data = JSON.parse(this.responseText);
    var scriptsToLoad = ['lunr.js'];
    if (lang[0] !== 'en') scriptsToLoad.push('lunr.stemmer.support.js');
    loadScripts(scriptsToLoad, function () { postMessage('search: ' + lunr.version + ' over ' + data.docs.length + ' pages'); });
  };
  req.open('GET', 'search_index.json');
  req.send();
};
`,
	'search/lunr.js': "var lunr = { version: '2.3.9' };",
	'search/search_index.json': '{"docs": [{"location": ""}, {"location": "recipes/"}]}'
};

test('a worker that imports the scripts its code lists after it has started (MkDocs\'s search) gets them, as on a host; one it lists but the site lacks, or a path its code fills in at run time, is no error', async ({ page }) => {
	await openSite(page, searchWorker);
	await expect(previewFrame(page).locator('#s')).toHaveText('search: 2.3.9 over 2 pages');
	expect((await previewStatus(page)).errors).toEqual([]);
});

// A worker webpack 5 built, in the shape of Docusaurus's local search worker (minified as built): its
// start loads a chunk whose name its runtime computes (`t.u`, under `t.p`), through importScripts, and
// its listener (Comlink's `expose`) is set in the `.then` after it; the page posts at once.
const webpackWorker = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Search</title></head><body><p id="s">search?</p>
<script>
var w = new Worker(new URL('/assets/js/809.7a477a9e.js', document.baseURI));
w.onmessage = function (e) { document.getElementById('s').textContent = e.data; };
w.postMessage('steam');
</script></body></html>`,
	'assets/js/809.7a477a9e.js': `(()=>{"use strict";var e={},r={};function t(o){var s=r[o];if(void 0!==s)return s.exports;var n=r[o]={exports:{}};return e[o](n,n.exports,t),n.exports}t.m=e,t.f={},t.e=e=>Promise.all(Object.keys(t.f).reduce((r,o)=>(t.f[o](e,r),r),[])),t.u=e=>"assets/js/"+e+".17ecb192.js",t.p="/",(()=>{var e={809:1},r=r=>{let[o,n]=r;for(var s in n)t.m[s]=n[s];for(;o.length;)e[o.pop()]=1};t.f.i=(o,n)=>{e[o]||importScripts(t.p+t.u(o))};var o=self.webpackChunkdu=self.webpackChunkdu||[];o.push=r})(),t.e(68).then(()=>t(8068))})();`,
	'assets/js/68.17ecb192.js': `(self.webpackChunkdu=self.webpackChunkdu||[]).push([[68],{8068(){self.addEventListener("message",e=>postMessage("found "+e.data+" in chunk 68"))}}]);`
};

test('a worker webpack built loads the chunk its runtime names and hears the page\'s first message, as on a host (Docusaurus\'s local search)', async ({ page }) => {
	await openSite(page, webpackWorker);
	await expect(previewFrame(page).locator('#s')).toHaveText('found steam in chunk 68');
	expect((await previewStatus(page)).errors).toEqual([]);
});

const sheets = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Sheets</title></head><body>
<p id="lazy">lazy?</p><p id="markup">markup?</p><p id="attr">attr?</p><p id="dot">dot</p><p id="gone">gone?</p><p id="icons">icons?</p>
<link rel="stylesheet" href="vendor/map.css">
<script type="module" src="assets/app.js"></script>
<script>
// As Leaflet finds its markers' folder: its own stylesheet's url(), read back, and an image from beside it.
var probe = document.createElement('div');
probe.className = 'map-icon-path';
document.body.appendChild(probe);
var style = getComputedStyle(probe);
var path = style.backgroundImage.replace(/^url\\(["']?/, '').replace(/marker\\.svg["']?\\)$/, '');
var same = style.getPropertyValue('background-image') === style.backgroundImage;
probe.remove();
var marker = new Image();
marker.onload = function () { document.getElementById('icons').textContent = 'icons: ' + path + ' ' + same + ' ' + marker.naturalWidth; };
marker.src = path + 'marker.svg';
</script></body></html>`,
	'vendor/map.css': '.map-icon-path { background-image: url(images/marker.svg); }\n',
	'vendor/images/marker.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="25" height="41"><rect width="25" height="41" fill="#36c"/></svg>',
	// As Vite's preload helper links a lazy chunk's CSS: rel, crossOrigin, href, append, then wait for load.
	'assets/app.js': `function preload(href) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = new URL(href, import.meta.url).href;
  document.head.appendChild(link);
  return new Promise((resolve, reject) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => reject(new Error('Unable to preload CSS for ' + href)));
  });
}
const color = (id) => getComputedStyle(document.getElementById(id)).color;
preload('./lazy.css').then(() => { document.getElementById('lazy').textContent = 'lazy: ' + color('lazy'); });
preload('./nowhere.css').catch((e) => { document.getElementById('gone').textContent = 'gone: ' + e.message; });
document.body.insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="css/markup.css">');
const late = document.createElement('link');
late.setAttribute('rel', 'stylesheet');
document.head.append(late);
late.setAttribute('href', 'css/attr.css');
`,
	'assets/lazy.css': '@import "../css/base.css";\n#lazy { color: rgb(200, 0, 0); }\n',
	'css/base.css': '#dot { background-image: url(../img/dot.svg); }\n',
	'css/markup.css': '#markup { color: rgb(0, 120, 0); }\n',
	'css/attr.css': '#attr { color: rgb(0, 0, 160); }\n',
	'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>'
};

test('a SharedWorker of the site\'s files runs as on a host: every SharedWorker of one script and name talks to one worker (its connect event, its ports), another name starts another, a module one imports, a missing one fails (an error its code throws is its own)', async ({ page }) => {
	await openSite(page, {
		'data.json': '{"unit":"loaves"}',
		'shared/counter.js': `var ports = [];
onconnect = function (e) {
  var port = e.ports[0];
  ports.push(port);
  port.onmessage = function (m) {
    if (m.data === 'hello') fetch('../data.json').then(function (r) { return r.json(); }).then(function (d) { port.postMessage('connection ' + ports.indexOf(port) + ' ' + self.name + ' ' + location.pathname + ' ' + d.unit); });
    if (m.data === 'all') ports.forEach(function (p) { p.postMessage('broadcast to ' + ports.length); });
  };
};
`,
		'shared/mod.js': `import { label } from './label.js';
self.addEventListener('connect', (e) => {
  const [port] = e.ports;
  port.onmessage = (m) => port.postMessage(label(m.data));
});
`,
		'shared/throws.js': `onconnect = function (e) {
  var port = e.ports[0];
  port.onmessage = function () { port.postMessage('about to throw'); null.boom(); };
};
`,
		'shared/label.js': `export const label = (x) => 'module says ' + x;
`,
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Shared</title></head><body><p id="out">…</p>
<script>
var lines = [];
var show = function (line) { lines.push(line); document.getElementById('out').textContent = lines.join(' | '); };
var a = new SharedWorker('shared/counter.js', 'count');
var b = new SharedWorker('shared/counter.js', { name: 'count' });
var c = new SharedWorker('shared/counter.js', 'other');
var next = function (port) { return new Promise(function (done) { port.addEventListener('message', function once(e) { port.removeEventListener('message', once); done(e.data); }); }); };
[a, b, c].forEach(function (w) { w.port.start(); });
(async function () {
  a.port.postMessage('hello'); show('a ' + await next(a.port));
  b.port.postMessage('hello'); show('b ' + await next(b.port));
  c.port.postMessage('hello'); show('c ' + await next(c.port));
  var both = Promise.all([next(a.port), next(b.port)]);
  a.port.postMessage('all');
  show('all ' + (await both).join(', ') + ' ' + (a instanceof SharedWorker) + ' ' + (a.port instanceof MessagePort));
})();
</script>
<script type="module">
const m = new SharedWorker(new URL('./shared/mod.js', import.meta.url), { type: 'module' });
m.port.onmessage = (e) => { document.getElementById('mod').textContent = e.data; };
m.port.postMessage('hi');
const gone = new SharedWorker('shared/missing.js');
gone.onerror = (e) => { document.getElementById('gone').textContent = 'missing: ' + e.type; };
const t = new SharedWorker('shared/throws.js');
let fired = 'no error event';
t.onerror = () => { fired = 'error event'; };
t.port.onmessage = (e) => { setTimeout(() => { document.getElementById('throws').textContent = e.data + ', ' + fired; }, 300); };
t.port.postMessage('go');
</script><p id="mod">…</p><p id="gone">…</p><p id="throws">…</p></body></html>
`
	});
	const site = previewFrame(page);
	// What Chromium shows for the same files from a static server.
	await expect(site.locator('#out')).toHaveText('a connection 0 count /shared/counter.js loaves | b connection 1 count /shared/counter.js loaves | c connection 0 other /shared/counter.js loaves | all broadcast to 2, broadcast to 2 true true');
	await expect(site.locator('#mod')).toHaveText('module says hi');
	await expect(site.locator('#gone')).toHaveText('missing: error');
	// An error the worker's code throws is the worker's: no error event on the SharedWorker.
	await expect(site.locator('#throws')).toHaveText('about to throw, no error event');
});

test('stylesheets a script links load from the workspace as on a host: Vite’s preload gets its load event, url()s and @imports resolve against the sheet, a missing one fails, and a style read back names its files by their URLs', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, sheets);
	const site = previewFrame(page);
	await expect(site.locator('#lazy')).toHaveText('lazy: rgb(200, 0, 0)');
	await expect(site.locator('#gone')).toHaveText('gone: Unable to preload CSS for ./nowhere.css');
	await expect(site.locator('#markup')).toHaveCSS('color', 'rgb(0, 120, 0)');
	await expect(site.locator('#attr')).toHaveCSS('color', 'rgb(0, 0, 160)');
	await expect(site.locator('#icons')).toHaveText('icons: https://site.invalid/vendor/images/ true 25');
	// The image the imported sheet names, relative to that sheet, is the workspace's file, and its style reads its URL on the site.
	expect(await site.locator('#dot').evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('url("https://site.invalid/img/dot.svg")');
	const width = await site.locator('#dot').evaluate(async (el) => {
		const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage)?.[1] ?? '';
		const img = new Image();
		img.src = url;
		await img.decode().catch(() => undefined);
		return img.naturalWidth;
	});
	expect(width).toBe(8);
	const status = await previewStatus(page);
	// Only the missing sheet is an error (a render of the same revision again, as at a start, says it again).
	expect(status.errors.length).toBeGreaterThan(0);
	for (const error of status.errors) expect(error.message).toContain('assets/nowhere.css is not in the workspace');
});

// A Vite build's index.html as written: its chunks preloaded, its hero image preloaded (as
// Lighthouse advises), a font preloaded that the build no longer has.
const preloads = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Preloads</title>
<script type="module" crossorigin src="/assets/index-B1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-C2.js" onload="window.loads = (window.loads || 0) + 1">
<link rel="preload" as="image" href="img/hero.svg" onload="window.loads = (window.loads || 0) + 1">
<link rel="preload" as="font" href="fonts/gone.woff2" crossorigin onerror="window.failed = true">
</head><body><h1 id="h">…</h1><img id="hero" src="img/hero.svg" alt=""><p id="read">read?</p></body></html>`,
	'assets/index-B1.js': `import { greet } from './vendor-C2.js';
document.getElementById('h').textContent = greet('Bakery');
addEventListener('load', () => {
	const [chunk, hero] = document.querySelectorAll('link[rel$="preload"]');
	document.getElementById('read').textContent = [window.loads, chunk.href, chunk.getAttribute('href'), hero.href, hero.getAttribute('href'), !!window.failed, document.getElementById('hero').naturalWidth].join(' ');
});`,
	'assets/vendor-C2.js': "export const greet = (name) => 'Fresh from ' + name;",
	'img/hero.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><rect width="40" height="10" fill="orange"/></svg>'
};

test('a build\'s preloads are hints, as on a host: the modules and image they name run and show once, each preload loads and reads back its file (URL, as written), a missing one fails and is named', async ({ page }) => {
	await openSite(page, preloads);
	const site = previewFrame(page);
	await expect(site.locator('#h')).toHaveText('Fresh from Bakery');
	await expect(site.locator('#read')).toHaveText('2 https://site.invalid/assets/vendor-C2.js /assets/vendor-C2.js https://site.invalid/img/hero.svg img/hero.svg true 40');
	const status = await previewStatus(page);
	// The missing font is the render's finding, named with its line; the page's load raised no error of its own.
	const { diagnostics } = (status as unknown as { preview: { diagnostics: { kind: string; reference: string; line: number }[] } }).preview;
	expect(diagnostics).toEqual([expect.objectContaining({ kind: 'missing', reference: 'fonts/gone.woff2', line: 5 })]);
	expect(status.errors).toEqual([]);
});

const themes = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Themes</title>
<link id="theme" rel="stylesheet" href="css/light.css?ver=2">
<link rel="stylesheet" href="css/contrast.css" data-sheet="contrast" disabled>
<link rel="stylesheet" href="css/print.css" media="print">
<link rel="alternate stylesheet" href="css/alt.css" title="Alt">
<link rel="stylesheet" href="css/late.css" media="print" onload="this.media='all'">
</head><body><h1 id="h">Hello</h1><p id="p">text</p>
<button id="dark">Dark</button><button id="contrast">Contrast</button>
<p id="read">read?</p>
<script>
var theme = document.getElementById('theme');
document.getElementById('read').textContent = [document.querySelectorAll('link[rel="stylesheet"]').length, theme.getAttribute('href'), theme.href, theme.sheet.cssRules.length].join(' ');
document.getElementById('dark').onclick = function () { theme.href = 'css/dark.css'; };
document.getElementById('contrast').onclick = function () { document.querySelector('link[data-sheet="contrast"]').disabled = false; };
</script></body></html>`,
	// A percent sign, a hash and a selector whose parts a line break separates, as written.
	'css/light.css': 'h1 { color: rgb(0, 0, 200); }\n#h::after { content: " 50% #1"; }\nbody\n#p { letter-spacing: 2px; }\n',
	'css/dark.css': 'h1 { color: rgb(250, 250, 0); }\nbody { background-color: rgb(20, 20, 20); }\n',
	'css/contrast.css': '#p { color: rgb(255, 0, 0); }\n',
	'css/print.css': '#p { font-style: italic; }\n',
	'css/alt.css': 'h1 { color: rgb(0, 128, 0); }\n',
	'css/late.css': 'h1 { font-weight: 300; }\n'
};

test('the page\'s stylesheet links are its own, as on a host: a theme switcher finds one by its id and swaps its href, enables a disabled one by its data-*; an alternate sheet stays off, a print sheet applies in print, a sheet loaded for print then turned on by its onload (the non-blocking pattern) applies', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, themes);
	const site = previewFrame(page);
	// Four stylesheet links (the alternate one is another rel); the page reads the href as written and the link's URL on the site.
	await expect(site.locator('#read')).toHaveText('4 css/light.css?ver=2 https://site.invalid/css/light.css?ver=2 3');
	await expect(site.locator('#h')).toHaveCSS('color', 'rgb(0, 0, 200)'); // not the alternate sheet's green
	await expect(site.locator('#h')).toHaveCSS('font-weight', '300');
	expect(await site.locator('#h').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('" 50% #1"');
	await expect(site.locator('#p')).toHaveCSS('letter-spacing', '2px');
	await expect(site.locator('#p')).toHaveCSS('color', 'rgb(0, 0, 0)'); // the disabled sheet applies nowhere
	await expect(site.locator('#p')).toHaveCSS('font-style', 'normal');
	await site.locator('#dark').click();
	await expect(site.locator('#h')).toHaveCSS('color', 'rgb(250, 250, 0)');
	await expect(site.locator('body')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
	await expect(site.locator('#p')).toHaveCSS('letter-spacing', 'normal'); // the light sheet is gone
	await site.locator('#contrast').click();
	await expect(site.locator('#p')).toHaveCSS('color', 'rgb(255, 0, 0)');
	await page.emulateMedia({ media: 'print' });
	await expect(site.locator('#p')).toHaveCSS('font-style', 'italic');
	await page.emulateMedia({ media: 'screen' });
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a stylesheet that imports its own sheets and then another site\'s applies them all, as on a host: the other site\'s @import still stands before any rule once the own ones are inlined', async ({ page }) => {
	test.setTimeout(60_000);
	const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/css', 'access-control-allow-origin': '*' }).end('h1 { color: rgb(1, 2, 3); }'));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const remote = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remote.css`;
		await openSite(page, {
			'index.html': '<!doctype html><html><head><meta charset="utf-8"><title>Imports</title><link rel="stylesheet" href="css/site.css"></head><body><h1>Hello</h1><p>text</p></body></html>',
			'css/site.css': `@import "base.css";\n@import url("${remote}");\np { margin-left: 7px; }\n`,
			'css/base.css': 'p { padding-left: 3px; }\n'
		});
		const site = previewFrame(page);
		await expect(site.locator('p')).toHaveCSS('padding-left', '3px');
		await expect(site.locator('p')).toHaveCSS('margin-left', '7px');
		await expect(site.locator('h1')).toHaveCSS('color', 'rgb(1, 2, 3)');
	} finally {
		await closeServer(server);
	}
});

test('a page with its own Content-Security-Policy runs as on a host (its scripts, modules, stylesheet, image and fetch), and the preview says it does not apply the policy', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, {
		'index.html': `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'">
<title>Strict</title><link rel="stylesheet" href="css/site.css"></head><body><h1>Strict</h1><img id="i" src="img/dot.svg" alt=""><p id="o">?</p><p id="m">?</p><p id="f">?</p>
<script src="js/app.js"></script>
<script type="module" src="js/m.js"></script>
</body></html>`,
		'css/site.css': 'h1 { color: rgb(0, 0, 200); }\n',
		'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
		'js/app.js': "document.getElementById('o').textContent = 'app';\nfetch('js/data.json').then((r) => r.json()).then((d) => { document.getElementById('f').textContent = 'fetched ' + d.ok; });\n",
		'js/m.js': "document.getElementById('m').textContent = 'module';\n",
		'js/data.json': '{"ok":1}'
	});
	const site = previewFrame(page);
	await expect(site.locator('#o')).toHaveText('app');
	await expect(site.locator('#m')).toHaveText('module');
	await expect(site.locator('#f')).toHaveText('fetched 1');
	await expect(site.locator('h1')).toHaveCSS('color', 'rgb(0, 0, 200)');
	expect(await site.locator('#i').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
	const status = await previewStatus(page);
	expect(status.errors).toEqual([]);
	const outcome = (await call(page, 'preview_get_status')).structuredContent as unknown as { preview: { diagnostics: { message: string }[] } };
	expect(outcome.preview.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('index.html:2 sets a Content-Security-Policy, which the preview does not apply')]);
});

const pwa = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>PWA</title></head><body>
<p id="sw">sw?</p><p id="gone">gone?</p><p id="cache">cache?</p><p id="msg">msg?</p>
<script>
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').then(function (reg) {
    document.getElementById('sw').textContent = 'sw: ' + reg.scope + ' ' + String(navigator.serviceWorker.controller);
  });
  navigator.serviceWorker.register('nowhere-sw.js').catch(function (e) { document.getElementById('gone').textContent = 'gone: ' + e.name; });
}
caches.open('v1').then(function (cache) {
  return cache.addAll(['data.txt']).then(function () { return caches.match('data.txt'); });
}).then(function (hit) { return hit.text(); }).then(function (text) { document.getElementById('cache').textContent = 'cache: ' + text.trim() + ' ' + String(caches); });
var got = [];
addEventListener('message', function (e) {
  if (e.origin !== location.origin) return;
  got.push(e.data);
  document.getElementById('msg').textContent = 'msg: ' + got.join(' ');
});
postMessage('a', location.origin);
postMessage('b', window.origin);
postMessage('c', '*');
</script></body></html>`,
	'sw.js': "self.addEventListener('fetch', function () {});\n",
	'data.txt': 'cached words\n'
};

test('a PWA’s boilerplate runs as on a first visit: its service worker registers (never started), Cache Storage works, and messages to its own origin arrive', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, pwa);
	const site = previewFrame(page);
	await expect(site.locator('#sw')).toHaveText('sw: https://site.invalid/ null');
	await expect(site.locator('#gone')).toHaveText('gone: TypeError');
	await expect(site.locator('#cache')).toHaveText('cache: cached words [object CacheStorage]');
	await expect(site.locator('#msg')).toHaveText('msg: a b c');
	const status = await previewStatus(page);
	expect(status.errors.length).toBeGreaterThan(0);
	for (const error of status.errors) expect(error.message).toContain('nowhere-sw.js is not in the workspace');
	expect(status.console.map((line) => line.text)).toContainEqual(expect.stringContaining('sw.js is registered but never starts'));
});

const library = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Library</title></head><body>
<p id="own">own?</p><p id="query">query?</p><p id="part">part?</p>
<script src="vendor/lib/lib.js"></script>
<script>
var found = document.querySelector('script[src*="lib.js"]');
document.getElementById('query').textContent = 'query: ' + (found ? found.getAttribute('src') + ' ' + found.src : 'none');
</script></body></html>`,
	// As Prism's autoloader and editors find their folder: the running script's src, then parts from beside it.
	'vendor/lib/lib.js': `/*! lib 1.0 */
'use strict';
var me = document.currentScript;
var base = me.src.replace(/[^/]*$/, '');
var strict = (function () { return this === undefined; })();
document.getElementById('own').textContent = 'own: ' + me.src + ' strict: ' + strict;
var part = document.createElement('script');
part.src = base + 'parts/part.js';
document.head.appendChild(part);
`,
	'vendor/lib/parts/part.js': "document.getElementById('part').textContent = 'part: loaded';\n"
};

test('a library that finds its folder from its own script’s src loads its parts from beside it, as on a host', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, library);
	const site = previewFrame(page);
	await expect(site.locator('#own')).toHaveText('own: https://site.invalid/vendor/lib/lib.js strict: true');
	await expect(site.locator('#query')).toHaveText('query: vendor/lib/lib.js https://site.invalid/vendor/lib/lib.js');
	await expect(site.locator('#part')).toHaveText('part: loaded');
	expect((await previewStatus(page)).errors).toEqual([]);
});

const loaded = {
	'index.html': '<!doctype html><title>Home</title><a href="shop.html?lang=fr">Shop</a>',
	'shop.html': `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<p id="menu">menu?</p><p id="src">src?</p><p id="copied">copied?</p><p id="inline">inline?</p><p id="late">late?</p><p id="raw">raw?</p><div id="swap"></div><img id="pic" alt="">
<script>
var s = document.createElement('script');
s.src = 'js/menu.js';
document.getElementById('src').textContent = 'src: ' + s.src;
document.body.appendChild(s);
var img = document.getElementById('pic');
img.onload = function () { document.getElementById('src').textContent += ' img: ' + img.src; };
img.src = 'img/dot.svg';
// A router's way with the next page: its body swapped in, each script a fresh element with the
// parsed one's attributes and text.
fetch('next.html').then(function (r) { return r.text(); }).then(function (html) {
  var next = new DOMParser().parseFromString(html, 'text/html');
  document.getElementById('swap').innerHTML = next.body.innerHTML;
  next.querySelectorAll('script').forEach(function (parsed) {
    var copy = document.createElement('script');
    for (var i = 0; i < parsed.attributes.length; i++) copy.setAttribute(parsed.attributes[i].name, parsed.attributes[i].value);
    copy.text = parsed.text;
    document.body.appendChild(copy);
  });
});
// jQuery's getScript: the file by XHR, accepting JavaScript, run as an inline script.
var x = new XMLHttpRequest();
x.open('GET', 'js/late.js');
x.setRequestHeader('Accept', 'text/javascript, application/javascript, application/ecmascript, application/x-ecmascript, */*; q=0.01');
x.onload = function () { var s = document.createElement('script'); s.text = x.responseText; document.head.appendChild(s).parentNode.removeChild(s); };
x.send();
// A file fetched as data is as written.
fetch('js/late.js').then(function (r) { return r.text(); }).then(function (text) { document.getElementById('raw').textContent = 'raw: ' + text.trim(); });
</script></body></html>`,
	'js/menu.js': "document.getElementById('menu').textContent = 'menu: ' + location.pathname + location.search + ' ' + document.currentScript.src;\nmissingHelper();\n",
	'next.html': `<!doctype html><title>Next</title><button onclick="location.href = 'index.html'">Home</button><script src="js/next.js"></script>
<script>document.getElementById('inline').textContent = 'inline: ' + location.pathname + location.search;</script>`,
	'js/late.js': "document.getElementById('late').textContent = 'late: ' + location.search;\n",
	'js/next.js': "document.getElementById('copied').textContent = 'copied: ' + location.pathname;\n",
	'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'
};

test('a script a page loads from script, and a fetched page\'s scripts and handlers a router runs, run as its own scripts do: its location is the page\'s, a script\'s src is its URL on the site, its errors name its file and line', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, loaded);
	const site = previewFrame(page);
	await site.getByRole('link', { name: 'Shop' }).click();
	await expect(site.locator('#menu')).toHaveText('menu: /shop.html?lang=fr https://site.invalid/js/menu.js');
	// The element reads the URL it was set to at once, and after its file came (an image's too).
	await expect(site.locator('#src')).toHaveText('src: https://site.invalid/js/menu.js img: https://site.invalid/img/dot.svg');
	await expect(site.locator('#copied')).toHaveText('copied: /shop.html');
	// The next page's inline script, which the router ran, and the script jQuery would run.
	await expect(site.locator('#inline')).toHaveText('inline: /shop.html?lang=fr');
	await expect(site.locator('#late')).toHaveText('late: ?lang=fr');
	await expect(site.locator('#raw')).toHaveText("raw: document.getElementById('late').textContent = 'late: ' + location.search;");
	await expect.poll(async () => (await previewStatus(page)).errors.map((error) => error.at)).toEqual(['js/menu.js:2']);
	expect((await previewStatus(page)).errors[0]!.message).toContain('missingHelper');
	// A handler of the swapped-in page goes where it says, as on a host.
	await site.getByRole('button', { name: 'Home' }).click();
	await expect(site.getByRole('link', { name: 'Shop' })).toBeVisible();
	expect((await previewStatus(page)).errors.map((error) => error.at)).toEqual(['js/menu.js:2']);
});

const moduleLoaded = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Modules</title></head><body>
<p id="app">app?</p><p id="src">src?</p><p id="next">next?</p><p id="after">after?</p>
<script>
var s = document.createElement('script');
s.type = 'module';
s.src = 'js/app.js';
document.getElementById('src').textContent = 'src: ' + s.src;
document.body.appendChild(s);
// Its type set just after its src: a module all the same.
var t = document.createElement('script');
t.src = 'js/after.js';
t.type = 'module';
document.head.appendChild(t);
// A router's copy of the next page's module script: a fresh element with the parsed one's attributes.
fetch('next.html').then(function (r) { return r.text(); }).then(function (html) {
  var parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('script');
  var copy = document.createElement('script');
  for (var i = 0; i < parsed.attributes.length; i++) copy.setAttribute(parsed.attributes[i].name, parsed.attributes[i].value);
  document.body.appendChild(copy);
});
</script></body></html>`,
	'js/app.js': "import { where, shout } from './lib/util.js';\ndocument.getElementById('app').textContent = 'app: ' + where() + ' ' + new URL('../data.json', import.meta.url).pathname;\nshout();\n",
	'js/lib/util.js': "export const where = () => location.pathname;\nexport function shout() {\n  throw new Error('util says no');\n}\n",
	'next.html': '<!doctype html><title>Next</title><script type="module" src="js/next.js"></script>',
	'js/next.js': "import { where } from './lib/util.js';\ndocument.getElementById('next').textContent = 'next: ' + where();\n",
	'js/after.js': "import { where } from './lib/util.js';\ndocument.getElementById('after').textContent = 'after: ' + where() + ' ' + (typeof import.meta.url);\n"
};

test('a module script a page adds from script runs with its imports, as on a host: a loader\'s (its type set before or after its src), and a router\'s copy of the next page\'s', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, moduleLoaded);
	const site = previewFrame(page);
	await expect(site.locator('#app')).toHaveText('app: / /data.json');
	await expect(site.locator('#src')).toHaveText('src: https://site.invalid/js/app.js');
	await expect(site.locator('#next')).toHaveText('next: /');
	await expect(site.locator('#after')).toHaveText('after: / string');
	await expect.poll(async () => (await previewStatus(page)).errors.map((error) => `${error.at} ${error.message}`)).toEqual(['js/lib/util.js:3 Uncaught Error: util says no']);
});

const loaderMade = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Loader</title></head><body>
<p id="amd">amd?</p><p id="gone">gone?</p><p id="img">img?</p><p id="frag">frag?</p><p id="html">html?</p><div id="box"></div>
<script>
// As Monaco's AMD loader writes a script: its attributes by setAttribute, then into the head.
function load(src, done) {
  var s = document.createElement('script');
  s.setAttribute('async', 'async');
  s.setAttribute('type', 'text/javascript');
  s.addEventListener('load', function () { done('load', s); });
  s.addEventListener('error', function () { done('error', s); });
  s.setAttribute('src', src);
  document.getElementsByTagName('head')[0].appendChild(s);
}
function out(id, text) { document.getElementById(id).textContent = text; }
load('lib/part.js', function (how, s) { out('amd', 'amd: ' + how + ' ran ' + window.parts + ' ' + s.getAttribute('src') + ' ' + s.src); });
load('lib/gone.js', function (how) { out('gone', 'gone: ' + how); });
var img = document.createElement('img');
img.onload = function () { out('img', 'img: load ' + img.naturalWidth + ' ' + img.getAttribute('src')); };
img.onerror = function () { out('img', 'img: error'); };
img.setAttribute('src', 'img/dot.svg');
document.body.appendChild(img);
// A parsed fragment's script runs; its load is heard, not the site URL's failure.
var frag = document.createRange().createContextualFragment('<script src="lib/frag.js"><\\/script>');
var fs = frag.querySelector('script');
fs.addEventListener('load', function () { out('frag', 'frag: load ran ' + window.frags); });
fs.addEventListener('error', function () { out('frag', 'frag: error'); });
document.body.appendChild(frag);
// Markup with handlers: onerror would swap in a fallback that a host never shows.
document.getElementById('box').innerHTML = '<img id="pic" src="img/dot.svg" onload="out(\\'html\\', \\'html: load \\' + this.getAttribute(\\'src\\'))" onerror="out(\\'html\\', \\'html: error\\')">';
</script></body></html>`,
	'lib/part.js': 'window.parts = (window.parts || 0) + 1;\n',
	'lib/frag.js': 'window.frags = (window.frags || 0) + 1;\n',
	'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"><rect width="3" height="3" fill="red"/></svg>'
};

test('a script or image a loader makes with setAttribute (Monaco\'s AMD loader), a parsed fragment\'s script and markup with handlers load as on a host: the page hears load, and error only for a missing file', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, loaderMade);
	const site = previewFrame(page);
	await expect(site.locator('#amd')).toHaveText('amd: load ran 1 lib/part.js https://site.invalid/lib/part.js');
	await expect(site.locator('#gone')).toHaveText('gone: error');
	await expect(site.locator('#img')).toHaveText('img: load 3 img/dot.svg');
	await expect(site.locator('#frag')).toHaveText('frag: load ran 1');
	await expect(site.locator('#html')).toHaveText('html: load img/dot.svg');
	await expect.poll(async () => (await previewStatus(page)).errors.map((error) => error.message)).toEqual(['Missing file: lib/gone.js is not in the workspace (a GET request of the page got 404)']);
	// Each script ran once (a loader told of a failure and then of a second run reports a duplicate).
	expect(await site.locator('body').evaluate(() => [(window as unknown as { parts: number }).parts, (window as unknown as { frags: number }).frags])).toEqual([1, 1]);
});

const components = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Components</title></head><body>
<p id="json">json?</p><p id="cssmod">cssmod?</p><p id="card">card?</p>
<profile-card name="Ada"></profile-card>
<script type="module">
import config from './config.json' with { type: 'json' };
import shared from './css/card.css' with { type: 'css' };
document.getElementById('json').textContent = 'json: ' + config.greeting;
document.getElementById('cssmod').textContent = 'cssmod: ' + shared.cssRules.length;
// As a web component renders: its own shadow root, its markup naming the site's files.
customElements.define('profile-card', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'closed' });
    root.adoptedStyleSheets = [shared];
    root.innerHTML = '<link rel="stylesheet" href="css/extra.css"><p class="hi">' + config.greeting + ', ' + this.getAttribute('name') + '</p><img class="avatar" src="img/face.svg" alt="face"><div class="badge"></div>';
    const img = root.querySelector('img');
    img.onerror = () => { document.getElementById('card').textContent = 'card: image failed'; };
    img.onload = () => setTimeout(() => {
      document.getElementById('card').textContent = ['card:', root.querySelector('.hi').textContent, img.naturalWidth, img.getAttribute('src'), getComputedStyle(img).borderTopColor, getComputedStyle(root.querySelector('.hi')).color, getComputedStyle(root.querySelector('.badge')).backgroundImage].join(' ');
    }, 300);
  }
});
</script></body></html>`,
	'config.json': '{"greeting":"Hello"}\n',
	'css/card.css': '.avatar { border: 3px solid rgb(0, 0, 255); }\n.badge { width: 4px; height: 4px; background-image: url(../img/face.svg); }\n',
	'css/extra.css': '.hi { color: rgb(0, 128, 0); }\n',
	'img/face.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><rect width="5" height="5" fill="red"/></svg>'
};

test('a module imports JSON and CSS modules, and a web component\'s shadow root loads the site\'s files its markup names, as on a host: an image, a stylesheet link, a shared sheet\'s url()', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, components);
	const site = previewFrame(page);
	await expect(site.locator('#json')).toHaveText('json: Hello');
	await expect(site.locator('#cssmod')).toHaveText('cssmod: 2');
	await expect(site.locator('#card')).toHaveText('card: Hello, Ada 5 img/face.svg rgb(0, 0, 255) rgb(0, 128, 0) url("https://site.invalid/img/face.svg")');
	expect((await previewStatus(page)).errors).toEqual([]);
});

const asWritten = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Home</title>
<link rel="stylesheet" href="css/site.css">
<script src="js/app.js" data-turbo-track="reload"></script>
<script
  src="js/late.js" defer></script>
</head><body><p id="same">same?</p><p id="widget-at">widget?</p>
<script src="js/widget.js"></script>
</body></html>`,
	'next.html': `<!doctype html><html><head><meta charset="utf-8"><title>Next</title>
<link rel="stylesheet" href="css/site.css">
<script src="js/app.js" data-turbo-track="reload"></script>
<script
  src="js/late.js" defer></script>
</head><body><p>next</p></body></html>`,
	'js/app.js': 'window.apps = (window.apps || 0) + 1;\n',
	'css/site.css': 'p { margin: 4px; }\n',
	'js/late.js': `// What Turbo does with the next page's head: its scripts and stylesheets that this head lacks, by their markup, are added.
window.addEventListener('load', function () { fetch('next.html').then(function (r) { return r.text(); }).then(function (html) {
  var mine = Array.from(document.head.querySelectorAll('script, link')).map(function (s) { return s.outerHTML; });
  var next = Array.from(new DOMParser().parseFromString(html, 'text/html').head.querySelectorAll('script, link')).map(function (s) { return s.outerHTML; });
  var missing = next.filter(function (tag) { return mine.indexOf(tag) < 0; });
  document.getElementById('same').textContent = missing.length ? 'missing: ' + missing.join(' ') : 'same: ' + mine.join(' ');
}); });
`,
	'js/widget.js': "var me = document.currentScript;\nsetTimeout(function () {\n  me.insertAdjacentHTML('afterend', '<p id=\"w\">made</p>');\n  document.getElementById('widget-at').textContent = 'widget: ' + (document.getElementById('w') ? 'beside its script' : 'lost') + ' ' + me.outerHTML;\n}, 300);\n"
};

test('the page\'s scripts and stylesheet links read as written once it is parsed, as on a host: a router comparing the next page\'s head finds them, and a widget holding its script still finds it', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, asWritten);
	const site = previewFrame(page);
	await expect(site.locator('#same')).toHaveText('same: <link rel="stylesheet" href="css/site.css"> <script src="js/app.js" data-turbo-track="reload"></script> <script src="js/late.js" defer=""></script>');
	await expect(site.locator('#widget-at')).toHaveText('widget: beside its script <script src="js/widget.js"></script>');
	await expect(site.locator('#w')).toHaveText('made');
	expect((await previewStatus(page)).errors).toEqual([]);
});

const deferred = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Deferred</title>
<script src="js/app.js" defer></script>
<script src="js/later.js" defer></script>
<script>window.order = ['head'];</script>
</head><body><p id="r">?</p>
<script>window.order.push('body');</script>
</body></html>`,
	'js/app.js': "window.order.push('app sees #r: ' + !!document.getElementById('r'));\n",
	'js/later.js': "window.order.push('later');\ndocument.addEventListener('DOMContentLoaded', function () {\n  document.getElementById('r').textContent = window.order.join(' / ');\n  notDefined();\n});\n"
};

test('scripts with defer run once the page is parsed, in order, before DOMContentLoaded, and their errors name their file and line', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, deferred);
	const site = previewFrame(page);
	await expect(site.locator('#r')).toHaveText('head / body / app sees #r: true / later');
	await expect.poll(async () => (await previewStatus(page)).errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('notDefined is not defined'), at: 'js/later.js:4' }));
});

test('a deferred script runs in its own place, whatever element a minified page leaves open at its end, and stays there when the page writes into that element', async ({ page }) => {
	// As webpack's HTML plugin writes it: no </p>, the script in the head.
	await openSite(page, {
		'index.html': '<!doctype html><head><meta charset=utf-8><title>Built</title><script defer src=js/main.js></script></head><body><h1>Built</h1><p id=visits></body></html>',
		'js/main.js': "const own = document.currentScript;\ndocument.getElementById('visits').textContent = 'visits: 1, run in ' + own.parentNode.tagName;\ndocument.addEventListener('DOMContentLoaded', () => { document.body.dataset.scripts = [...document.scripts].map((s) => s.parentNode.tagName + ' ' + s.getAttribute('src')).join(); });\n"
	});
	const site = previewFrame(page);
	await expect(site.locator('#visits')).toHaveText('visits: 1, run in HEAD');
	await expect(site.locator('body')).toHaveAttribute('data-scripts', 'HEAD js/main.js');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('XMLHttpRequest reads an XML file as a document (responseXML), as old AJAX code and in-page loaders do, and a synchronous one gets the file a script of another type names', async ({ page }) => {
	await openSite(page, {
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>XML</title></head><body><p id="menu">?</p><p id="kinds">?</p><p id="sync">?</p><p id="templated">?</p>
<script type="text/x-template" src="views/row.tmpl"></script>
<script>
function get(url, mime) { var x = new XMLHttpRequest(); x.open('GET', url); if (mime) x.overrideMimeType(mime); return x; }
function getNow(url) { var x = new XMLHttpRequest(); x.open('GET', url, false); x.send(); return x; }
var a = get('data/menu.xml');
a.onload = function () { var doc = a.responseXML; document.getElementById('menu').textContent = [].map.call(doc.getElementsByTagName('item'), function (i) { return i.getAttribute('name'); }).join(', ') + ' ' + (doc === a.responseXML); };
a.send();
var results = [];
['data/menu.json', 'data/broken.xml', 'data/feed.txt'].forEach(function (url, i) {
  var x = get(url, i === 2 ? 'text/xml' : null);
  x.onload = function () { results[i] = url + ': ' + (x.responseXML ? x.responseXML.documentElement.nodeName : 'null'); document.getElementById('kinds').textContent = results.join(' / '); };
  x.send();
});
document.getElementById('sync').textContent = getNow('data/menu.xml').responseXML.getElementsByTagName('item').length + ' items';
// An in-page template loader reads its script's src synchronously (as React's JSXTransformer does).
var t = getNow(document.querySelector('script[type="text/x-template"]').getAttribute('src'));
document.getElementById('templated').textContent = t.status + ' ' + t.responseText.trim();
</script></body></html>`,
		'data/menu.xml': '<?xml version="1.0"?><menu><item name="rye"/><item name="spelt"/></menu>',
		'data/broken.xml': '<menu><item></menu>',
		'data/menu.json': '{"items":[]}',
		'data/feed.txt': '<rss><channel/></rss>',
		'views/row.tmpl': '<li>{{name}}</li>'
	});
	const site = previewFrame(page);
	await expect(site.locator('#menu')).toHaveText('rye, spelt true');
	await expect(site.locator('#kinds')).toHaveText('data/menu.json: null / data/broken.xml: null / data/feed.txt: rss');
	await expect(site.locator('#sync')).toHaveText('2 items');
	await expect(site.locator('#templated')).toHaveText('200 <li>{{name}}</li>');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a library that replaces built-ins the way MooTools does (Array.from of one item, its own Event) leaves the page\'s storage, cookies, requests and script loads working, as on a host', async ({ page }) => {
	await openSite(page, {
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Moo</title></head><body><p id="out">?</p><p id="xhr">?</p><p id="late">?</p>
<script>
// MooTools 1.x: Array.from(item) is [item] for anything without a length (a Map's iterator too), and
// 1.2–1.4 replace the global Event with a wrapper of a DOM event.
Array.from = function (item) { if (item == null) return []; return typeof item.length === 'number' && typeof item !== 'string' ? Array.prototype.slice.call(item) : [item]; };
window.Event = function (event) { this.type = event.type; this.event = event; };
localStorage.setItem('epitome', '[]');
localStorage.setItem('todos', '1');
document.cookie = 'seen=yes';
document.cookie = 'theme=dark';
document.getElementById('out').textContent = [Object.keys(localStorage).sort().join(','), localStorage.key(1) !== null, document.cookie].join(' / ');
var x = new XMLHttpRequest();
var states = [];
x.onloadstart = function () { states.push('start'); };
x.onreadystatechange = function () { states.push(x.readyState); };
x.onload = function () { document.getElementById('xhr').textContent = states.join(',') + ' ' + x.responseText; };
x.open('GET', 'data.txt');
x.send();
</script>
<script src="late.js" onload="document.getElementById('late').textContent = 'loaded ' + window.late"></script>
</body></html>`,
		'data.txt': 'rye',
		'late.js': 'window.late = 1;'
	});
	const site = previewFrame(page);
	await expect(site.locator('#out')).toHaveText('epitome,todos / true / seen=yes; theme=dark');
	// As a host's: open (1), loadstart, headers (2), loading (3), done (4).
	await expect(site.locator('#xhr')).toHaveText('1,start,2,3,4 rye');
	await expect(site.locator('#late')).toHaveText('loaded 1');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a storage event a page makes for its own listeners names its area, as on a host (Docusaurus\'s theme switch: initStorageEvent with localStorage); the areas are Storage', async ({ page }) => {
	await openSite(page, {
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Events</title></head><body><p id="out">?</p>
<script>
var heard = [];
addEventListener('storage', function (e) { heard.push(e.key + '=' + e.newValue + ':' + (e.storageArea === localStorage ? 'local' : e.storageArea === sessionStorage ? 'session' : String(e.storageArea))); });
function tell(key, value, area) {
  // Docusaurus's storage utility, as it ships: the same tab hears its own change.
  var event = document.createEvent('StorageEvent');
  event.initStorageEvent('storage', false, false, key, null, value, location.href, area);
  window.dispatchEvent(event);
}
var out = [];
try {
  localStorage.setItem('theme', 'dark');
  tell('theme', 'dark', localStorage);
  dispatchEvent(new StorageEvent('storage', { key: 'tab', newValue: '2', storageArea: sessionStorage }));
  dispatchEvent(new StorageEvent('storage', { key: 'none', newValue: '0' }));
  out.push(heard.join(' '));
} catch (error) { out.push('threw ' + error.message); }
out.push(localStorage instanceof Storage, sessionStorage instanceof Storage, new StorageEvent('storage') instanceof StorageEvent, Object.prototype.toString.call(localStorage));
document.getElementById('out').textContent = out.join(' | ');
</script></body></html>`
	});
	await expect(previewFrame(page).locator('#out')).toHaveText('theme=dark:local tab=2:session none=0:null | true | true | true | [object Storage]');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a theme\'s web font another site serves, imported by a <style>, that does not load is a warning that names it, not the page\'s error; nor is Chromium\'s ResizeObserver loop notice (Marp\'s slides)', async ({ page }) => {
	await openSite(page, {
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Deck</title>
<style>@import url(https://fonts.example.invalid/css?family=Lato);section{font-family:Lato,sans-serif}</style></head><body><section id="slide"><h1>Rye</h1></section><p id="out">?</p>
<script>
// A scaler that resizes what it observes, as a slide deck's does: Chromium reports a loop to the window.
var box = document.getElementById('slide');
var heard = [];
addEventListener('error', function (e) { if (e.message) heard.push(e.message.slice(0, 20)); });
var grown = 0;
new ResizeObserver(function () { if (grown++ < 3) box.style.height = (box.offsetHeight + 1) + 'px'; }).observe(box);
setTimeout(function () { document.getElementById('out').textContent = 'heard ' + [...new Set(heard)].join(','); }, 300);
</script></body></html>`
	});
	// The page hears the notice, as on a host.
	await expect(previewFrame(page).locator('#out')).toHaveText('heard ResizeObserver loop');
	await expect.poll(async () => (await previewStatus(page)).warnings.map((line) => line.message)).toContainEqual(expect.stringContaining('Could not load https://fonts.example.invalid/css?family=Lato'));
	const status = await previewStatus(page);
	expect(status.errors).toEqual([]);
	expect(status.preview.status).toBe('ready');
});

/** A page that guards its work with Web Locks and reads its storage use, as on a host with one tab of the site. */
const locking = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Locks</title></head><body>
<p id="locks">locks?</p><p id="storage">storage?</p>
<script type="module">
const order = [];
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const first = navigator.locks.request('sync', async (lock) => { order.push('a:' + lock.mode); await wait(50); order.push('a done'); return 'first'; });
const second = navigator.locks.request('sync', async () => { order.push('b'); return 'second'; });
const busy = await navigator.locks.request('sync', { ifAvailable: true }, (lock) => (lock === null ? 'busy' : 'free'));
const asked = await navigator.locks.query();
const shared = await Promise.all([navigator.locks.request('read', { mode: 'shared' }, async () => (await navigator.locks.query()).held.filter((lock) => lock.name === 'read').length), navigator.locks.request('read', { mode: 'shared' }, () => 1)]);
const done = await Promise.all([first, second]);
const victim = navigator.locks.request('token', () => new Promise(() => {})).catch((error) => error.name);
await wait(10);
const stolen = await navigator.locks.request('token', { steal: true }, () => 'stolen');
const stop = new AbortController();
navigator.locks.request('slow', () => wait(100));
const aborted = navigator.locks.request('slow', { signal: stop.signal }, () => 'ran').catch((error) => error.name);
stop.abort();
const refused = await navigator.locks.request('-x', () => 1).catch((error) => error.name);
document.getElementById('locks').textContent = [order.join(','), done.join('+'), busy, asked.held.length + '/' + asked.pending.length, shared.join(','), await victim, stolen, await aborted, refused].join(' | ');
const before = await navigator.storage.estimate();
localStorage.setItem('k', 'vv');
const after = await navigator.storage.estimate();
document.getElementById('storage').textContent = 'storage: ' + (after.usage - before.usage) + ' ' + (before.quota > after.usage) + ' ' + (await navigator.storage.persisted()) + ' ' + (await navigator.storage.persist());
</script>
</body></html>`
};

test('Web Locks and the StorageManager work as on a host with one tab of the site: exclusive, shared, ifAvailable, steal, abort, query; a first visit’s estimate', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, locking);
	const site = previewFrame(page);
	await expect(site.locator('#locks')).toHaveText('a:exclusive,a done,b | first+second | busy | 1/1 | 2,1 | AbortError | stolen | AbortError | NotSupportedError');
	// As Chromium on a host: localStorage is not in the estimate.
	await expect(site.locator('#storage')).toHaveText('storage: 0 true false false');
	expect((await previewStatus(page)).errors).toEqual([]);
});

/** A to-do list that asks before it deletes or renames, thanks the person later, and greets at its load. */
const asking = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Asks</title></head><body>
<ul><li id="milk">milk <button data-del>Delete</button></li><li id="eggs">eggs <button data-del>Delete</button></li></ul>
<button id="rename">Rename eggs</button><button id="save">Save</button><button id="spam">Spam</button><p id="out">-</p>
<script>
alert('Welcome!');
document.querySelectorAll('[data-del]').forEach(function (b) {
  b.onclick = function () { var li = b.parentElement; if (confirm('Delete ' + li.id + '?')) li.remove(); };
});
document.getElementById('rename').onclick = function () {
  var name = prompt('New name', 'eggs');
  document.getElementById('out').textContent = 'renamed: ' + name;
};
document.getElementById('save').onclick = function () { setTimeout(function () { alert('Saved'); }, 200); };
document.getElementById('spam').onclick = function () {
  for (var i = 0; i < 20000; i++) alert('spam ' + i);
  document.getElementById('out').textContent = 'spam done';
};
</script>
</body></html>`
};

test('a page’s alert, confirm and prompt show as on a host when they answer a click in it; one at its load is a note on the preview bar, and a loop of them ends', async ({ page }) => {
	test.setTimeout(60_000);
	const dialogs: string[] = [];
	let answer = (dialog: import('@playwright/test').Dialog) => (dialog.type() === 'prompt' ? dialog.accept('bread') : dialog.accept());
	page.on('dialog', (dialog) => {
		dialogs.push(`${dialog.type()}: ${dialog.message()}`);
		void answer(dialog);
	});
	await openSite(page, asking);
	const site = previewFrame(page);
	await expect(site.locator('#out')).toHaveText('-');
	await expect(page.getByTestId('preview-warning')).toContainText(`The page's alert("Welcome!") was not shown`);
	await expect(page.getByTestId('preview-warning').getByRole('button', { name: 'Allow network' })).toHaveCount(0);
	expect(dialogs).toEqual([]);
	await site.locator('#milk button').click();
	await expect(site.locator('#milk')).toHaveCount(0);
	answer = (dialog) => dialog.dismiss();
	await site.locator('#eggs button').click();
	await expect.poll(() => dialogs.length).toBe(2);
	await expect(site.locator('#eggs')).toHaveCount(1);
	answer = (dialog) => (dialog.type() === 'prompt' ? dialog.accept('bread') : dialog.accept());
	await site.locator('#rename').click();
	await expect(site.locator('#out')).toHaveText('renamed: bread');
	await site.locator('#save').click();
	await expect.poll(() => dialogs.at(-1)).toBe('alert: Saved');
	expect(dialogs.slice(0, 4)).toEqual(['confirm: Delete milk?', 'confirm: Delete eggs?', 'prompt: New name', 'alert: Saved']);
	// A loop of dialogs in a click shows them for the click's activation (about 5 s), then goes on without.
	await site.locator('#spam').click();
	await expect(site.locator('#out')).toHaveText('spam done', { timeout: 30_000 });
	const spam = dialogs.filter((d) => d.startsWith('alert: spam')).length;
	expect(spam).toBeGreaterThan(1);
	expect(spam).toBeLessThan(20_000);
	expect((await previewStatus(page)).console.some((line) => line.text.includes('not shown'))).toBe(true);
});

/** A page with what a browser grants it in a click (copy, full screen, downloads), and links to files that are not pages. */
const media = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Media</title></head><body>
<p id="audio">audio?</p><p id="played">played?</p><p id="font">font?</p><p id="gone">gone?</p>
<span id="wide" style="font: 40px serif">MMMMMMMM</span> <span id="narrow" style="font: 40px League, serif">MMMMMMMM</span>
<button id="play">Play</button>
<script>
function out(id, text) { document.getElementById(id).textContent = text; }
var a = new Audio('media/click.wav');
a.addEventListener('loadedmetadata', function () { out('audio', 'audio: ' + a.duration.toFixed(1) + ' ' + a.src + ' ' + (a instanceof Audio && a instanceof HTMLAudioElement)); });
document.getElementById('play').onclick = function () {
  new Audio('media/click.wav').play().then(function () { out('played', 'played'); }, function (e) { out('played', 'play: ' + e.name); });
};
var face = new FontFace('League', 'url(fonts/league.woff) format("woff")');
document.fonts.add(face);
document.fonts.load('40px League').then(function (faces) {
  out('font', 'font: ' + faces.length + ' ' + face.status + ' ' + (face instanceof FontFace) + ' ' + (document.getElementById('narrow').offsetWidth < document.getElementById('wide').offsetWidth));
});
var gone = new FontFace('Gone', 'url(fonts/none.woff2)');
gone.load().catch(function (e) { out('gone', 'gone: ' + e.name + ' ' + gone.status); });
</script></body></html>`
};

/** A tenth of a second of silence: 8 kHz, mono, 16-bit PCM. */
function silentWav(): Uint8Array {
	const samples = 800;
	const bytes = new Uint8Array(44 + samples * 2);
	const view = new DataView(bytes.buffer);
	const text = (at: number, value: string) => [...value].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
	text(0, 'RIFF');
	view.setUint32(4, 36 + samples * 2, true);
	text(8, 'WAVEfmt ');
	view.setUint32(16, 16, true);
	view.setUint16(20, 1, true);
	view.setUint16(22, 1, true);
	view.setUint32(24, 8000, true);
	view.setUint32(28, 16000, true);
	view.setUint16(32, 2, true);
	view.setUint16(34, 16, true);
	text(36, 'data');
	view.setUint32(40, samples * 2, true);
	return bytes;
}

test('sounds and fonts a script makes from the site\'s files load as on a host: new Audio() and its play(), a FontFace added to document.fonts, a missing one failing', async ({ page }) => {
	test.setTimeout(60_000);
	await openSite(page, media);
	const data = Buffer.from(zipSync({ 'media/click.wav': silentWav(), 'fonts/league.woff': new Uint8Array(readFileSync('node_modules/reveal.js/css/theme/fonts/league-gothic/league-gothic.woff')) })).toString('base64');
	await call(page, 'workspace_import_zip', { data });
	const site = previewFrame(page);
	await expect(site.locator('#audio')).toHaveText('audio: 0.1 https://site.invalid/media/click.wav true');
	await expect(site.locator('#font')).toHaveText('font: 1 loaded true true');
	await expect(site.locator('#gone')).toHaveText('gone: NetworkError error');
	await site.locator('#play').click();
	await expect(site.locator('#played')).toHaveText('played');
	expect((await previewStatus(page)).errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('fonts/none.woff2 is not in the workspace') }));
});

const ruled = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Rules</title></head><body>
<span id="wide" style="font: 40px serif">MMMMMMMM</span> <span id="math" style="font: 40px Formula, serif">MMMMMMMM</span>
<div id="tile" style="width:8px;height:8px"></div><div id="inserted" style="width:8px;height:8px"></div><div id="nested" style="width:8px;height:8px"></div>
<div id="themed" style="width:8px;height:8px"></div><div id="host"></div><p id="text">?</p>
<script>
// As MathJax writes its fonts: a style element, its text naming the files by URL (here relative to the page).
var style = document.createElement('style');
style.textContent = '@font-face { font-family: Formula; src: url("fonts/league.woff") format("woff") } #tile { background-image: url(img/dot.svg) }';
document.head.appendChild(style);
// As emotion does: rules inserted one by one into an empty style, one inside @media.
var empty = document.head.appendChild(document.createElement('style'));
empty.sheet.insertRule('#inserted { background: url(./img/dot.svg) }', 0);
empty.sheet.insertRule('@media screen { #nested { background-image: url("/img/dot.svg") } }', 1);
// A theme switcher writing a style's text again, and an @import of a sheet with a url() relative to itself.
var theme = document.head.appendChild(document.createElement('style'));
theme.textContent = '#themed { background: blue }';
setTimeout(function () { theme.textContent = '@import "css/theme.css";'; }, 50);
// As Lit's components do: a constructed sheet adopted by a shadow root.
var sheet = new CSSStyleSheet();
sheet.replaceSync(':host { display: block; width: 8px; height: 8px; background-image: url(img/dot.svg) }');
document.getElementById('host').attachShadow({ mode: 'open' }).adoptedStyleSheets = [sheet];
document.getElementById('text').textContent = style.textContent.indexOf('url("fonts/league.woff")') > 0 ? 'as written' : 'rewritten';
</script></body></html>`,
	'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>',
	'css/theme.css': '#themed { background-image: url(../img/dot.svg) }'
};

test('rules a script writes load the site\'s files, as on a host: a style it adds (MathJax\'s fonts), insertRule, a style written again with an @import, a constructed sheet', async ({ page }) => {
	const { 'index.html': written, ...files } = ruled;
	await openSite(page, { ...files, 'index.html': '<!doctype html><p>Soon</p>' });
	const data = Buffer.from(zipSync({ 'fonts/league.woff': new Uint8Array(readFileSync('node_modules/reveal.js/css/theme/fonts/league-gothic/league-gothic.woff')), 'img/dot.svg': strToU8(ruled['img/dot.svg']) })).toString('base64');
	await call(page, 'workspace_import_zip', { data });
	expect((await call(page, 'workspace_write_file', { path: 'index.html', content: written })).structuredContent.preview?.status).toBe('ready');
	const site = previewFrame(page);
	// The font drawn from its file: League Gothic is narrower than the serif it falls back to.
	await expect.poll(() => site.locator('#math').evaluate((el) => (el as HTMLElement).offsetWidth < document.getElementById('wide')!.offsetWidth)).toBe(true);
	for (const id of ['tile', 'inserted', 'nested', 'themed', 'host']) {
		const box = site.locator(`#${id}`);
		await expect.poll(async () => [...PNG.sync.read(await box.screenshot()).data.subarray(0, 3)].join(','), { message: id }).toBe('204,0,0');
	}
	// The style's text stays as the page wrote it.
	await expect(site.locator('#text')).toHaveText('as written');
	expect((await previewStatus(page)).errors).toEqual([]);
});

const ownUrls = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Own URLs</title>
<script type="module" src="/lib/auto.js"></script>
</head><body><p id="base">?</p><p id="data">?</p><p id="big">?</p><p id="blob">?</p><p id="xhr">?</p>
<script>
function out(id, text) { document.getElementById(id).textContent = text; }
// As Shoelace fetches its system icons: data: URLs, percent-encoded and base64.
Promise.all([fetch('data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'), fetch('data:text/plain;base64,aGVsbG8=')]).then(function (rs) {
  return Promise.all(rs.map(function (r) { return r.text().then(function (t) { return r.status + ' ' + r.headers.get('content-type') + ' ' + t; }); }));
}).then(function (ts) { out('data', ts.join(' | ')); }, function (e) { out('data', 'data: ' + e.message); });
// A data: URL of a photo's size (a canvas's toDataURL, an inlined font).
fetch('data:application/octet-stream;base64,' + btoa('x'.repeat(300000))).then(function (r) { return r.arrayBuffer(); }).then(function (b) { out('big', 'big ' + b.byteLength); }, function (e) { out('big', 'big: ' + e.message); });
fetch(URL.createObjectURL(new Blob(['from a blob'], { type: 'text/plain' }))).then(function (r) { return r.text(); }).then(function (t) { out('blob', t); }, function (e) { out('blob', 'blob: ' + e.message); });
var x = new XMLHttpRequest();
x.open('GET', 'data:application/json,{"n":1}');
x.responseType = 'json';
x.onload = function () { out('xhr', 'xhr ' + x.status + ' ' + x.response.n); };
x.onerror = function () { out('xhr', 'xhr failed'); };
x.send();
</script></body></html>`,
	// As Shoelace's autoloader finds its folder: from its own script's src, as its module runs.
	'lib/auto.js': `const own = [...document.getElementsByTagName('script')].find((s) => /auto\\.js$/.test(s.src));
const base = own ? own.getAttribute('src').split('/').slice(0, -1).join('/') : '';
import(base + '/part.js').then((m) => { document.getElementById('base').textContent = 'base ' + base + ' ' + m.name; }, () => { document.getElementById('base').textContent = 'failed at ' + JSON.stringify(base); });`,
	'lib/part.js': "export const name = 'part';"
};

test('a module finds its folder from its own script\'s src as it runs (Shoelace\'s autoloader), and fetch and XHR read data: URLs and the page\'s own blob: URLs, as on a host', async ({ page }) => {
	await openSite(page, ownUrls);
	const site = previewFrame(page);
	await expect(site.locator('#base')).toHaveText('base /lib part');
	await expect(site.locator('#data')).toHaveText('200 image/svg+xml <svg xmlns="http://www.w3.org/2000/svg"/> | 200 text/plain hello');
	await expect(site.locator('#big')).toHaveText('big 300000');
	await expect(site.locator('#blob')).toHaveText('from a blob');
	await expect(site.locator('#xhr')).toHaveText('xhr 200 1');
	const status = (await call(page, 'preview_get_status')).structuredContent as unknown as { errors: unknown[]; warnings: unknown[] };
	expect([status.errors, status.warnings]).toEqual([[], []]);
});

const readBack = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Gallery</title></head><body>
<img id="thumb" src="img/dot-thumb.svg" alt="thumb"> <img id="big" alt="big">
<picture><source srcset="img/wide.svg" media="(min-width: 1px)"><img id="pictured" src="img/dot.svg" alt="pictured"></picture>
<img id="pair" srcset="img/dot.svg 1x, img/wide.svg 2x" alt="pair">
<audio id="sound" src="media/click.wav" preload="auto"></audio>
<p id="read">?</p><p id="heard">?</p><p id="sets">?</p>
<script>
var thumb = document.getElementById('thumb');
// As hand-written galleries open the full image: the thumbnail's URL, its name changed.
thumb.onclick = function () { document.getElementById('big').src = thumb.src.replace('-thumb', ''); };
addEventListener('load', function () {
  document.getElementById('read').textContent = [thumb.src, thumb.currentSrc, document.getElementById('pictured').currentSrc, thumb.getAttribute('src')].join(' ');
  document.getElementById('sets').textContent = [document.querySelector('source').getAttribute('srcset'), document.getElementById('pair').getAttribute('srcset')].join(' | ');
});
var sound = document.getElementById('sound');
sound.addEventListener('loadedmetadata', function () { document.getElementById('heard').textContent = sound.currentSrc + ' ' + sound.src; });
</script></body></html>`,
	'img/dot-thumb.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#c00"/></svg>',
	'img/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>',
	'img/wide.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#c00"/></svg>'
};

test('the page\'s own images and sounds read back as on a host (src and currentSrc as the files\' URLs on the site, getAttribute as written): a gallery that opens a thumbnail\'s full image by its name works', async ({ page }) => {
	const { 'index.html': written, ...files } = readBack;
	await openSite(page, { ...files, 'index.html': '<!doctype html><p>Soon</p>' });
	await call(page, 'workspace_import_zip', { data: Buffer.from(zipSync({ 'media/click.wav': silentWav(), 'img/dot.svg': strToU8(readBack['img/dot.svg']) })).toString('base64') });
	expect((await call(page, 'workspace_write_file', { path: 'index.html', content: written })).structuredContent.preview?.status).toBe('ready');
	const site = previewFrame(page);
	const at = 'https://site.invalid/';
	// The attribute (jQuery's `.attr('src')`, a srcset's) reads as written, as a host's does.
	await expect(site.locator('#read')).toHaveText(`${at}img/dot-thumb.svg ${at}img/dot-thumb.svg ${at}img/wide.svg img/dot-thumb.svg`);
	await expect(site.locator('#sets')).toHaveText('img/wide.svg | img/dot.svg 1x, img/wide.svg 2x');
	await expect(site.locator('#heard')).toHaveText(`${at}media/click.wav ${at}media/click.wav`);
	await site.locator('#thumb').click();
	await expect.poll(() => site.locator('#big').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(8);
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a page\'s requests get what a static host sends: its files\' length (GET, HEAD without a body, an XHR\'s progress), and 405 Method Not Allowed for a POST, PUT or DELETE, named on the preview', async ({ page }) => {
	await openSite(page, {
		'data/items.json': '{"items":["é",2]}',
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Requests</title></head><body><p id="out">…</p>
<script>
Promise.all([
  fetch('data/items.json').then(function (r) { return r.text().then(function (t) { return 'get ' + r.status + ' ' + r.headers.get('content-length') + ' ' + t.length; }); }),
  fetch('data/items.json', { method: 'HEAD' }).then(function (r) { return r.text().then(function (t) { return 'head ' + r.status + ' ' + r.headers.get('content-type') + ' ' + r.headers.get('content-length') + ' [' + t + ']'; }); }),
  fetch('data/items.json', { method: 'POST', body: '{}' }).then(function (r) { return 'post ' + r.status + ' ' + r.statusText; }),
  fetch('data/items.json', { method: 'delete' }).then(function (r) { return 'delete ' + r.status; }),
  new Promise(function (done) {
    var x = new XMLHttpRequest(); var seen = [];
    x.onprogress = function (e) { seen.push('progress ' + e.loaded + '/' + e.total); };
    x.onload = function (e) { done('xhr ' + seen.join(' ') + ' load ' + e.loaded + '/' + e.total + ' ' + x.getResponseHeader('Content-Length')); };
    x.open('GET', 'data/items.json'); x.send();
  }),
  new Promise(function (done) {
    var x = new XMLHttpRequest();
    x.onload = function () { done('xhr put ' + x.status); };
    x.open('PUT', 'data/items.json'); x.send('{}');
  })
]).then(function (lines) { document.getElementById('out').textContent = lines.join(' | '); });
</script></body></html>`
	});
	const site = previewFrame(page);
	// The file is 18 bytes of UTF-8 (é is two), 17 characters.
	await expect(site.locator('#out')).toHaveText('get 200 18 17 | head 200 application/json 18 [] | post 405 Method Not Allowed | delete 405 | xhr progress 18/18 load 18/18 18 | xhr put 405');
	await expect.poll(async () => (await previewStatus(page)).errors.map((error) => (error as { message: string }).message.split(':')[0]).sort()).toEqual(['DELETE data/items.json', 'POST data/items.json', 'PUT data/items.json']);
});

test('a synchronous XMLHttpRequest of the page gets its answer before send returns, as from a static host: a file its scripts name (jQuery\'s async: false too), a data file named at run time, a 404, a 405, in a frame of the site too; another file named at run time fails, and says why', async ({ page }) => {
	await openSite(page, {
		'config.json': '{"name":"Bakery"}',
		'i18n/fr.json': '{"hello":"Bonjour"}',
		'i18n/de.json': '{"hello":"Hallo"}',
		'partials/card.html': '<div class="card"></div>',
		'panel.html': `<!doctype html><p id="in">…</p><script>var r = new XMLHttpRequest(); r.open('GET', 'config.json', false); r.send(); document.getElementById('in').textContent = 'framed ' + r.status + ' ' + JSON.parse(r.responseText).name;</script>`,
		'js/jquery.min.js': readFileSync('node_modules/jquery/dist/jquery.min.js', 'utf8'),
		'js/app.js': `var x = new XMLHttpRequest();
x.open('GET', 'config.json', false);
x.send();
var lines = ['config ' + x.status + ' ' + JSON.parse(x.responseText).name + ' ' + x.getResponseHeader('content-type')];
var y = new XMLHttpRequest();
y.open('GET', 'missing.json', false);
y.send();
lines.push('missing ' + y.status);
var z = new XMLHttpRequest();
z.open('POST', 'config.json', false);
z.send('{}');
lines.push('post ' + z.status);
var strings;
$.ajax({ url: 'i18n/fr.json', dataType: 'json', async: false, success: function (data) { strings = data; } });
lines.push('jquery ' + strings.hello);
var lang = ['d', 'e'].join('');
var made = new XMLHttpRequest();
made.open('GET', 'i18n/' + lang + '.json', false);
made.send();
lines.push('made ' + made.status + ' ' + JSON.parse(made.responseText).hello);
var part = new XMLHttpRequest();
part.open('GET', ['partials', 'card'].join('/') + '.html', false);
try { part.send(); lines.push('partial ' + part.status); } catch (e) { lines.push('partial threw ' + e.name); }
lines.push('scripts ' + document.scripts.length);
document.getElementById('out').textContent = lines.join(' | ');
`,
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Sync</title><script src="js/jquery.min.js"></script></head><body><p id="out">…</p>
<script src="js/app.js"></script><iframe src="panel.html"></iframe></body></html>`
	});
	const site = previewFrame(page);
	// A page of the site in a frame of it asks the same way.
	await expect(site.frameLocator('iframe').locator('#in')).toHaveText('framed 200 Bakery');
	// As Chromium shows the same files from a static server, but for the partial: a host sends it (200),
	// the preview cannot (a page that is no data, named at run time), and says so. The document's own scripts only.
	await expect(site.locator('#out')).toHaveText('config 200 Bakery application/json | missing 404 | post 405 | jquery Bonjour | made 200 Hallo | partial threw NetworkError | scripts 2');
	await expect.poll(async () => (await previewStatus(page)).console.map((line) => line.text)).toContainEqual(expect.stringContaining('whose name the page\'s scripts write out: https://site.invalid/partials/card.html'));
	// The 404 and the 405 are the page's errors, named where it asked, as an asynchronous request's are.
	const errors = (await previewStatus(page)).errors as { message: string; at?: string }[];
	expect(errors.map(({ message, at }) => `${message.split(' (')[0]} at ${at}`)).toEqual(expect.arrayContaining(['Missing file: missing.json is not in the workspace at js/app.js:7', 'POST config.json: a static host answers 405 Method Not Allowed at js/app.js:11']));
});

test('a file read in parts gets the bytes it asks for, as from a static host: a PMTiles map archive\'s ranges (206 with Content-Range, a suffix, past the end 416), an XHR\'s, a worker\'s, and Accept-Ranges on the whole file', async ({ page }) => {
	// 40,000 bytes, each its index modulo 251: any slice names where it came from.
	const archive = Uint8Array.from({ length: 40_000 }, (_, i) => i % 251);
	await openSite(page, { 'index.html': '<!doctype html><p>Soon</p>' });
	await call(page, 'workspace_import_zip', { data: Buffer.from(zipSync({ 'tiles/world.pmtiles': archive, 'data/words.txt': strToU8('héllo world'), 'work/part.js': strToU8("fetch('../tiles/world.pmtiles', { headers: { range: 'bytes=10-12' } }).then(function (r) { return r.arrayBuffer().then(function (b) { postMessage('worker ' + r.status + ' ' + r.headers.get('content-range') + ' ' + new Uint8Array(b).join(',')); }); });\n") })).toString('base64') });
	const written = `<!doctype html><html><head><meta charset="utf-8"><title>Parts</title></head><body><p id="out">…</p>
<script>
// As PMTiles reads its archive: the header and root directory first, then a tile further on.
function part(range) {
  return fetch('tiles/world.pmtiles', { headers: { range: range } }).then(function (r) {
    return r.arrayBuffer().then(function (b) { var a = new Uint8Array(b); return r.status + ' ' + r.headers.get('content-range') + ' ' + r.headers.get('content-length') + ' ' + a.length + ' ' + (a.length ? a[0] + '..' + a[a.length - 1] : '-'); });
  });
}
Promise.all([
  part('bytes=0-16383'),
  part('bytes=39990-'),
  part('bytes=-5'),
  part('bytes=50000-60000'),
  fetch('tiles/world.pmtiles').then(function (r) { return r.status + ' ' + r.headers.get('accept-ranges') + ' ' + r.headers.get('content-length'); }),
  fetch('data/words.txt', { headers: { Range: 'bytes=0-2' } }).then(function (r) { return r.text().then(function (t) { return r.status + ' ' + t; }); }),
  new Promise(function (done) {
    var x = new XMLHttpRequest();
    x.open('GET', 'tiles/world.pmtiles'); x.responseType = 'arraybuffer'; x.setRequestHeader('Range', 'bytes=251-260');
    x.onload = function () { done('xhr ' + x.status + ' ' + x.getResponseHeader('Content-Range') + ' ' + x.response.byteLength + ' ' + Array.from(new Uint8Array(x.response).slice(0, 10)).join(',')); };
    x.send();
  }),
  new Promise(function (done) { new Worker('work/part.js').onmessage = function (e) { done(e.data); }; })
]).then(function (lines) { document.getElementById('out').textContent = lines.join(' | '); });
</script></body></html>`;
	expect((await call(page, 'workspace_write_file', { path: 'index.html', content: written })).structuredContent.preview?.status).toBe('ready');
	const site = previewFrame(page);
	await expect(site.locator('#out')).toHaveText(
		[
			'206 bytes 0-16383/40000 16384 16384 0..68',
			'206 bytes 39990-39999/40000 10 10 81..90',
			'206 bytes 39995-39999/40000 5 5 86..90',
			'416 bytes */40000 0 0 -',
			'200 bytes 40000',
			'206 hé',
			'xhr 206 bytes 251-260/40000 10 0,1,2,3,4,5,6,7,8,9',
			'worker 206 bytes 10-12/40000 10,11,12'
		].join(' | ')
	);
	expect((await previewStatus(page)).errors).toEqual([]);
});

/** An SVG file `width` wide, named by its width, as a theme's resized copies of one image are. */
const sized = (width: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width / 2}"><rect width="${width}" height="${width / 2}" fill="#07c"/></svg>`;

test('responsive images choose the file a host\'s page would on this screen: a density list its 1x file, a width list with sizes the width the layout needs, a picture its source; the page reads its srcset as written and currentSrc as the chosen file\'s URL (its @ as on a host)', async ({ page }) => {
	await openSite(page, {
		'img/hero-100.svg': sized(100),
		'img/hero@2x.svg': sized(200),
		'img/hero-400.svg': sized(400),
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Responsive</title></head><body>
<img id="dense" srcset="img/hero-100.svg 1x, img/hero@2x.svg 2x, img/hero-400.svg 3x" alt="dense">
<img id="wide" sizes="100px" srcset="img/hero-100.svg 100w, img/hero@2x.svg 200w, img/hero-400.svg 400w" src="img/hero@2x.svg" alt="wide">
<picture><source srcset="img/hero@2x.svg 1x, img/hero-400.svg 2x"><img id="pictured" src="img/hero-100.svg" alt="pictured"></picture>
<script>
// A lightbox copies an image's srcset to its own.
var copy = new Image(); copy.sizes = '100px'; copy.srcset = document.getElementById('wide').srcset; document.body.appendChild(copy);
window.chosen = function () {
  return ['dense', 'wide', 'pictured'].map(function (id) { var img = document.getElementById(id); return id + ' ' + img.currentSrc + ' ' + img.naturalWidth; })
    .concat('copy ' + copy.currentSrc + ' ' + copy.naturalWidth);
};
</script></body></html>`
	});
	const site = previewFrame(page);
	const at = 'https://site.invalid/img/';
	// This screen's density is 1: Chromium took the densest of the studio's data: URLs (hero-400 shown 133 wide, 400 and 200).
	expect(await site.locator('body').evaluate(() => devicePixelRatio)).toBe(1);
	await expect
		.poll(() => site.locator('body').evaluate(() => (window as unknown as { chosen(): string[] }).chosen()), { timeout: 10_000 })
		.toEqual([`dense ${at}hero-100.svg 100`, `wide ${at}hero-100.svg 100`, `pictured ${at}hero@2x.svg 200`, `copy ${at}hero-100.svg 100`]);
	const written = await site.locator('body').evaluate(() => {
		const wide = document.getElementById('wide') as HTMLImageElement;
		return [wide.getAttribute('srcset'), wide.srcset, document.querySelector('source')!.srcset];
	});
	expect(written).toEqual([
		'img/hero-100.svg 100w, img/hero@2x.svg 200w, img/hero-400.svg 400w',
		'img/hero-100.svg 100w, img/hero@2x.svg 200w, img/hero-400.svg 400w',
		'img/hero@2x.svg 1x, img/hero-400.svg 2x'
	]);
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('what a script points at a file reads back as the script wrote it, as on a host: an attribute (markup it adds, src, srcset, a style\'s url(), an SVG image\'s href, a stylesheet link), and the property as the file\'s URL', async ({ page }) => {
	await openSite(page, {
		'img/dot.svg': readBack['img/dot.svg'],
		'img/wide.svg': readBack['img/wide.svg'],
		'css/extra.css': '#box { outline: 3px solid rgb(0, 128, 0); }',
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Written</title></head><body>
<div id="box"></div><svg width="8" height="8"><image id="pic" width="8" height="8"></image></svg>
<script>
var box = document.getElementById('box');
box.innerHTML = '<img id="a" src="img/dot.svg">';
var a = document.getElementById('a');
var b = new Image(); b.src = 'img/dot.svg'; box.appendChild(b);
var c = document.createElement('img'); c.setAttribute('srcset', 'img/dot.svg 1x, img/wide.svg 2x'); box.appendChild(c);
var d = document.createElement('div'); d.style.backgroundImage = 'url(img/dot.svg)'; d.style.height = '8px'; box.appendChild(d);
var pic = document.getElementById('pic'); pic.setAttribute('href', 'img/dot.svg');
var link = document.createElement('link'); link.rel = 'stylesheet'; link.href = 'css/extra.css'; document.head.appendChild(link);
var style = d.getAttribute('style');
window.waiting = function () {
  var done = { a: a.naturalWidth > 0, b: b.naturalWidth > 0, c: c.naturalWidth > 0, link: getComputedStyle(box).outlineWidth === '3px',
    style: d.style.backgroundImage.indexOf('blob:') > 0, pic: pic.getBBox().width > 0 };
  return Object.keys(done).filter(function (key) { return !done[key]; });
};
window.read = function () {
  return [a.getAttribute('src'), b.getAttribute('src'), b.src, c.getAttribute('srcset'), d.getAttribute('style') === style ? 'style as written' : d.getAttribute('style'), pic.getAttribute('href'), link.getAttribute('href'), link.href];
};
</script></body></html>`
	});
	const site = previewFrame(page);
	const at = 'https://site.invalid/';
	// Each has loaded its file.
	await expect.poll(() => site.locator('body').evaluate(() => (window as unknown as { waiting(): string[] }).waiting()), { timeout: 10_000 }).toEqual([]);
	const read = () => site.locator('body').evaluate(() => (window as unknown as { read(): string[] }).read());
	expect(await read()).toEqual(['img/dot.svg', 'img/dot.svg', `${at}img/dot.svg`, 'img/dot.svg 1x, img/wide.svg 2x', 'style as written', 'img/dot.svg', 'css/extra.css', `${at}css/extra.css`]);
	// What the page sets since reads as it set it, and loads.
	await site.locator('body').evaluate(() => {
		const img = document.getElementById('a') as HTMLImageElement;
		img.setAttribute('src', 'img/wide.svg');
	});
	await expect.poll(() => site.locator('#a').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(16);
	expect((await read())[0]).toBe('img/wide.svg');
	await site.locator('#a').evaluate((img) => img.setAttribute('src', 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%222%22 height=%222%22/%3E'));
	expect((await read())[0]).toMatch(/^data:image\/svg/);
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a script the page writes as it loads (HTML5 Boilerplate\'s jQuery fallback, document.write) runs before the next script, from the workspace\'s file', async ({ page }) => {
	await openSite(page, {
		'js/vendor/lib.js': 'window.lib = { v: 3, at: location.pathname };',
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Fallback</title></head><body><p id="st">?</p>
<script>window.jQuery || document.write('<script src="js/vendor/lib.js"><\\/script>')</script>
<script>document.getElementById('st').textContent = window.lib ? 'lib ' + window.lib.v + ' at ' + window.lib.at + ' ' + document.scripts[document.scripts.length - 2].src + ' ' + document.scripts[document.scripts.length - 2].getAttribute('src') : 'lib missing';</script>
</body></html>`
	});
	await expect(previewFrame(page).locator('#st')).toHaveText('lib 3 at / https://site.invalid/js/vendor/lib.js js/vendor/lib.js');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a script\'s onload attribute runs once its file has run, before the next script, as on a host (KaTeX\'s auto-render), deferred too', async ({ page }) => {
	await openSite(page, {
		'js/lib.js': "window.lib = 1; log.push('lib ran');",
		'js/late.js': "window.late = 2; log.push('late ran');",
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Onload</title>
<script>window.log = [];</script>
<script defer src="js/late.js" onload="log.push('late loaded ' + window.late + ' ' + this.tagName); document.getElementById('out').textContent = log.join(', ')"></script>
<script src="js/lib.js" onload="log.push('lib loaded ' + window.lib)"></script>
<script>log.push('next');</script>
</head><body><p id="out">?</p></body></html>`
	});
	await expect(previewFrame(page).locator('#out')).toHaveText('lib ran, lib loaded 1, next, late ran, late loaded 2 SCRIPT');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a stylesheet preloaded and applied on its load (loadCSS: rel="preload" as="style", onload sets rel to stylesheet) loads its images, imports and fonts from the workspace, as on a host', async ({ page }) => {
	await openSite(page, {
		'img/dot.svg': ruled['img/dot.svg'],
		'css/site.css': '@import url(parts/type.css);\n#hero { width: 8px; height: 8px; background: url(../img/dot.svg); }',
		'css/parts/type.css': '#t { color: rgb(0, 0, 255); }',
		'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>loadCSS</title>
<link rel="preload" href="css/site.css" as="style" onload="this.onload=null;this.rel='stylesheet'">
</head><body><div id="hero"></div><p id="t">Blue</p></body></html>`
	});
	const site = previewFrame(page);
	await expect(site.locator('#t')).toHaveCSS('color', 'rgb(0, 0, 255)');
	const hero = site.locator('#hero');
	await expect.poll(async () => [...PNG.sync.read(await hero.screenshot()).data.subarray(0, 3)].join(',')).toBe('204,0,0');
	// The link reads as written to the page, as on a host (Playwright's own reads come from another world).
	expect(await site.locator('link').evaluate((link) => link.getAttribute('href'))).toBe('css/site.css');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a file the page fetched, edited, shows in the preview at once, though the page\'s own document did not change; a file it never asked for does not reload it', async ({ page }) => {
	await openSite(page, {
		'index.html': '<!doctype html><p id="n">?</p><p id="loads">0</p><script>sessionStorage.loads = Number(sessionStorage.loads || 0) + 1; document.getElementById("loads").textContent = sessionStorage.loads; fetch("data.json").then(function (r) { return r.json(); }).then(function (d) { document.getElementById("n").textContent = "n=" + d.n; });</script>',
		'data.json': '{"n":1}'
	});
	const site = previewFrame(page);
	await expect(site.locator('#n')).toHaveText('n=1');
	const loads = Number(await site.locator('#loads').textContent());
	const notes = await call(page, 'workspace_create_file', { path: 'notes.txt', content: 'not the page\'s' });
	expect(notes.structuredContent.preview?.status).toBe('ready');
	await expect(site.locator('#loads')).toHaveText(String(loads));
	const data = await call(page, 'workspace_write_file', { path: 'data.json', content: '{"n":2}' });
	expect(data.structuredContent.preview?.status).toBe('ready');
	await expect(site.locator('#n')).toHaveText('n=2');
	await expect(site.locator('#loads')).toHaveText(String(loads + 1));
});

const granted = {
	'index.html': `<!doctype html><html><head><meta charset="utf-8"><title>Files</title></head><body>
<button id="copy">Copy code</button><button id="full">Full screen</button><button id="export">Export</button>
<a id="save" href="notes.txt" download="my-notes.txt">Save notes</a>
<a id="notes" href="notes.txt">Notes</a> <a id="icon" href="img/icon.png">Icon</a> <a id="menu" href="docs/menu.pdf">Menu</a>
<p id="out">-</p>
<script>
var out = function (t) { document.getElementById('out').textContent = t; };
document.getElementById('copy').onclick = function () { navigator.clipboard.writeText('coupon-42').then(function () { out('copied'); }, function (e) { out('copy: ' + e.name); }); };
document.getElementById('full').onclick = function () {
  if (document.fullscreenElement) document.exitFullscreen().then(function () { out('full ' + !!document.fullscreenElement); });
  else document.documentElement.requestFullscreen().then(function () { out('full ' + !!document.fullscreenElement); }, function (e) { out('full: ' + e.name); });
};
document.getElementById('export').onclick = function () {
  var a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify({ todos: ['milk'] })], { type: 'application/json' }));
  a.download = 'todos.json';
  a.click();
};
</script>
</body></html>`,
	'notes.txt': 'Buy <b>milk</b>\n  and eggs'
};

test('a page keeps the screen awake while it is shown, as on a host (Slidev asks at its start): the lock is granted, and no error is the revision\'s', async ({ page, context }) => {
	// Chromium grants it without asking; the test runner's contexts deny what they were not given.
	await context.grantPermissions(['screen-wake-lock']);
	await openSite(page, {
		'index.html': `<!doctype html><html><body><p id="awake">-</p><script>
navigator.wakeLock.request('screen').then(function (lock) { document.getElementById('awake').textContent = 'awake ' + lock.type + ' ' + lock.released; }, function (e) { document.getElementById('awake').textContent = 'wake: ' + e.name; });
</script></body></html>`
	});
	await expect(previewFrame(page).locator('#awake')).toHaveText('awake screen false');
	expect((await previewStatus(page)).errors).toEqual([]);
});

test('a click gets what a browser grants a page (copy, full screen, downloads), and links to files that are not pages show them as a browser does', async ({ page, context }) => {
	test.setTimeout(60_000);
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const downloads: string[] = [];
	page.on('download', (download) => void download.path().then((path) => downloads.push(`${download.suggestedFilename()}: ${readFileSync(path, 'utf8')}`)));
	await openSite(page, granted);
	const data = Buffer.from(zipSync({ 'img/icon.png': new Uint8Array(readFileSync('static/icons/icon-66.png')), 'docs/menu.pdf': strToU8('%PDF-1.4\n') })).toString('base64');
	await call(page, 'workspace_import_zip', { data });
	const site = previewFrame(page);
	await site.locator('#copy').click();
	await expect(site.locator('#out')).toHaveText('copied');
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('coupon-42');
	await site.locator('#full').click();
	await expect(site.locator('#out')).toHaveText('full true');
	await site.locator('#full').click();
	await expect(site.locator('#out')).toHaveText('full false');
	await site.locator('#save').click();
	await site.locator('#export').click();
	await expect.poll(() => [...downloads].sort()).toEqual(['my-notes.txt: Buy <b>milk</b>\n  and eggs', 'todos.json: {"todos":["milk"]}']);
	// The page stayed: a download is not a navigation.
	await expect(site.locator('#out')).toHaveText('full false');

	const address = page.getByTestId('preview-address');
	await site.locator('#notes').click();
	await expect(address).toHaveValue('/notes.txt');
	await expect(site.locator('pre')).toHaveText('Buy <b>milk</b>\n  and eggs');
	await expect(site.locator('b')).toHaveCount(0);
	await page.getByRole('button', { name: 'Back' }).click();
	await site.locator('#icon').click();
	await expect(address).toHaveValue('/img/icon.png');
	await expect.poll(() => site.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(66);
	await page.getByRole('button', { name: 'Back' }).click();
	await site.locator('#menu').click();
	await expect(address).toHaveValue('/docs/menu.pdf');
	await expect(site.getByRole('heading')).toHaveText('menu.pdf');
	await site.getByRole('link', { name: 'Download menu.pdf' }).click();
	await expect.poll(() => downloads.length).toBe(3);
	expect(downloads).toContain('menu.pdf: %PDF-1.4\n');
});
