// The site behaves in the preview as on a static host: fragment links scroll within the page, links
// and forms to other pages show them from the same revision with Back/Forward, the page shown
// survives edits, localStorage and sessionStorage work and stay the workspace's, fetch and XHR of the
// site's own files answer, errors point at the file and line that made them — and the studio's
// server never receives a request from the site.
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { revision?: number; preview?: { revision: number; status: string }; page?: string } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const site = (page: Page) => previewFrame(page);

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
}

/** Requests of the site that reached the studio's own server (none may). */
function studioRequests(page: Page, origin: string): string[] {
	const seen: string[] = [];
	page.context().on('request', (request) => {
		const url = request.url();
		if (url.startsWith(origin) && !request.frame()?.url().startsWith(origin)) seen.push(url);
		if (url.startsWith(origin) && /about\.html|data\.json|notes\.txt|missing\.json/.test(url)) seen.push(url);
	});
	return seen;
}

const files = {
	'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title><link rel="stylesheet" href="style.css"></head>
<body><nav><a id="to-services" href="#services">Services</a> <a id="to-about" href="about.html">About</a> <a id="to-team" href="about.html#team">Team</a></nav>
<form id="search" action="search.html"><input name="q" value="bread"><button id="go">Search</button></form>
<div style="height:2000px">top</div><h2 id="services">Services</h2><div style="height:2000px"></div>
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
	await expect(page.getByTestId('preview-address')).toHaveValue('/index.html');
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
