// The site's own pages in frames of its page behave as on a static host, where they are pages of the
// same site: their storage is the page's, their requests, modules and images are answered from the
// workspace, their console lines and errors reach the studio with their file and line, and their
// links go where they aim (the frame itself, a frame named by target, the whole page).
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';

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
