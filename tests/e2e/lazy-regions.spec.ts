// The dock's panels load their code the first time they are shown: a page load fetches none of it,
// opening a panel fetches its chunk once, and offline every panel still opens from the precache. A
// phone's editor is the open file's plain text until it is touched: CodeMirror's code loads then.
import { test, expect, waitForHub, underServiceWorker, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';

/** Script URLs the page fetches, in order. */
function scripts(page: Page): string[] {
	const seen: string[] = [];
	page.on('request', (request) => {
		if (request.resourceType() === 'script' && request.frame() === page.mainFrame()) seen.push(new URL(request.url()).pathname);
	});
	return seen;
}

/** The bodies of the scripts the page fetches, by path, as they arrive. */
function scriptBodies(page: Page): Map<string, Promise<string>> {
	const bodies = new Map<string, Promise<string>>();
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script' && response.frame() === page.mainFrame()) bodies.set(new URL(response.url()).pathname, response.text().catch(() => ''));
	});
	return bodies;
}

/**
 * Opens the studio on a desktop and waits for its first render, CodeMirror, and the work the start
 * left for its end (client/after-start.ts: the launched files' listener, the catalog for browser
 * agents). That work runs in an idle moment at most 2 s after the start: on a busy machine its chunk
 * came while the test opened a panel, and was counted as that panel's.
 */
async function desktopStart(page: Page): Promise<void> {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect(page.locator('.cm-content')).toBeVisible();
	await expect.poll(() => page.evaluate(() => performance.getEntriesByName('studio:start-settled').length), { timeout: 15_000 }).toBe(1);
	// An idle callback asked after the start's own runs after them (their limit is 2 s, this one's 4 s).
	await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 4000 })));
}

/** What each dock panel shows once its code is there. */
const PANELS: [tab: string, shows: (page: Page) => ReturnType<Page['getByText']>][] = [
	['Tools', (page) => page.getByRole('region', { name: 'Tools', exact: true }).getByText('workspace_read_file').first()],
	['Trace', (page) => page.getByRole('region', { name: 'Trace', exact: true }).getByLabel('Filter trace')],
	['History', (page) => page.getByRole('region', { name: 'History', exact: true }).getByRole('button', { name: 'Undo', exact: true })],
	['Packages', (page) => page.getByRole('region', { name: 'Packages', exact: true }).getByLabel('Packages come from')]
];

test('a page load fetches none of the dock panels’ code; each first opening fetches it once', async ({ page }) => {
	const fetched = scripts(page);
	await desktopStart(page);
	const atStart = new Set(fetched);
	await expect(page.getByRole('region', { name: 'Tools', exact: true })).toHaveCount(0);
	const loadedBy: Record<string, string[]> = {};
	for (const [tab, shows] of PANELS) {
		const before = fetched.length;
		await page.getByRole('tab', { name: tab }).click();
		await expect(shows(page)).toBeVisible();
		loadedBy[tab] = fetched.slice(before);
	}
	// Tools brings the chunk of the three dock panels; Trace and History need nothing more; Packages its own.
	expect(loadedBy.Tools!.length, 'Tools loads code of its own').toBeGreaterThan(0);
	expect(loadedBy.Packages!.length, 'Packages loads code of its own').toBeGreaterThan(0);
	for (const url of [...loadedBy.Tools!, ...loadedBy.Packages!]) expect(atStart.has(url), `${url} was not fetched at start`).toBe(false);
	expect(loadedBy.Trace).toEqual([]);
	expect(loadedBy.History).toEqual([]);
	// Shown again, a panel is still there: nothing loads twice.
	const total = fetched.length;
	await page.getByRole('tab', { name: 'Tools' }).click();
	await expect(PANELS[0]![1](page)).toBeVisible();
	expect(fetched.length).toBe(total);
});

/** What only one lazily loaded controller's code says (a toast, a WebMCP field, the catalog's meta key). */
const LATER: [what: string, marker: string][] = [
	['the Agent panel’s commands', 'API key saved in this browser.'],
	['the WebMCP bridge', 'untrustedContentHint'],
	['the Packages panel’s commands', 'Nothing unused to clear.'],
	['the tool catalog’s model', 'web-studio/untrusted-content'],
	['the dock’s commands', 'Trace entry copied.'],
	['the import and share commands', 'Send the .zip instead.'],
	['the workspace commands', 'The repository could not be cloned'],
	['the workspace menu', 'switching here changes this tab only'],
	['the file tree’s and the folder’s commands', 'Nothing was written to the folder.']
];

test('the first screen carries none of the agent’s, WebMCP’s, the packages’, the dock’s, the catalog’s, the share link’s, the workspace menu’s or the file commands’ code; each arrives when first used', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const bodies = scriptBodies(page);
	await desktopStart(page);
	// The scripts asked for until the runtime connected: the start's (the later code waits for the start to be over).
	const atStart = await page.evaluate(() => {
		const connected = performance.getEntriesByName('studio:connected')[0]!.startTime;
		return performance.getEntriesByType('resource').filter((entry) => entry.startTime <= connected && entry.name.endsWith('.js')).map((entry) => new URL(entry.name).pathname);
	});
	const text = async (paths: Iterable<string>) => (await Promise.all([...paths].map((path) => bodies.get(path) ?? Promise.resolve('')))).join('\n');
	const start = await text(atStart);
	// The scan reads what the start fetched: the page's own start code is in it.
	expect(start).toContain('studio:script');
	for (const [what, marker] of LATER) expect(start.includes(marker), `${what} came with the first screen`).toBe(false);
	// The toasts' live region is there, empty, before the first toast (whose view loads with it).
	const toasts = page.locator('[aria-live="polite"].toasts');
	await expect(toasts).toHaveCount(1);
	await expect(toasts).toBeEmpty();
	// Used, each arrives: the conversation beside the editor, browser agents offered the catalog, then the panels.
	await expect(page.getByPlaceholder(/make the theme teal/)).toBeVisible();
	await page.getByRole('tab', { name: 'Packages' }).click();
	await expect(PANELS[3]![1](page)).toBeVisible();
	await page.getByRole('tab', { name: 'Tools' }).click();
	await expect(PANELS[0]![1](page)).toBeVisible();
	await page.getByTestId('workspace-switcher').click();
	await expect(page.getByRole('button', { name: 'New workspace…', exact: true })).toBeVisible();
	await page.locator('details.menu summary').click();
	await page.getByRole('button', { name: 'Copy share link' }).click();
	await expect(toasts.getByRole('status').filter({ hasText: /Share link copied/ })).toBeVisible();
	await page.getByRole('region', { name: 'Files', exact: true }).getByRole('button', { name: 'New file' }).click();
	await page.getByLabel('New file path').fill('later.txt');
	await page.getByLabel('New file path').press('Enter');
	await expect(page.getByRole('region', { name: 'Files', exact: true }).getByText('later.txt')).toBeVisible();
	for (const [what, marker] of LATER) await expect.poll(async () => (await text(bodies.keys())).includes(marker), { message: `${what} loaded once used`, timeout: 10_000 }).toBe(true);
});

/** What only the schema library's code says (a check's kind), the preview's inspector's, and the recovery of unsaved text's. */
const SCHEMA_LIBRARY = 'max_entries';
const INSPECTOR = 'The page was not drawn within';
/** What only the page's commands for a picked element or an edited text say. */
const INSPECT_COMMANDS = 'has markup inside (links, emphasis…)';
const RECOVERY = 'Recovered unsaved changes to';

test('a desktop start renders its preview and mounts CodeMirror without the schema library, the inspector or the recovery code; the picker’s code arrives when the picker is first on, and a pick still lands', async ({ page }) => {
	const bodies = scriptBodies(page);
	await desktopStart(page);
	const text = async () => (await Promise.all(bodies.values())).join('\n');
	const started = await text();
	expect(started).toContain('studio:script');
	expect(started.includes(SCHEMA_LIBRARY), 'the schema library came with the first render').toBe(false);
	expect(started.includes(INSPECTOR), 'the preview’s inspector came with the first render').toBe(false);
	expect(started.includes(INSPECT_COMMANDS), 'the picked element’s commands came with the first screen').toBe(false);
	expect(started.includes(RECOVERY), 'the recovery code came with a start that had nothing to recover').toBe(false);
	await page.getByTestId('preview-pick').click();
	await expect.poll(async () => (await text()).includes(INSPECTOR), { message: 'the inspector loads with the picker', timeout: 10_000 }).toBe(true);
	await expect.poll(async () => (await text()).includes(SCHEMA_LIBRARY), { message: 'the picked element’s check loads with the picker', timeout: 10_000 }).toBe(true);
	await expect(page.getByTestId('preview-picking')).toBeVisible();
	await expect(previewFrame(page).locator('html')).toHaveCSS('cursor', 'crosshair', { timeout: 15_000 });
	await previewFrame(page).locator('h1').first().click();
	await expect(page.getByTestId('preview-picking')).toHaveCount(0);
	await expect(page.getByTestId('element-chip').first()).toContainText('h1');
	expect(await text()).toContain(INSPECT_COMMANDS);
});

test('the tool catalog is asked of the hub only once the start is over; the palette then runs a tool by name', async ({ page }) => {
	// Each call the page makes of the hub, by name and time (Comlink posts `path` on the hub's port).
	await page.addInitScript(() => {
		const calls: [string, number][] = [];
		Object.assign(window, { __hubCalls: calls });
		const post = MessagePort.prototype.postMessage as (this: MessagePort, ...args: unknown[]) => void;
		MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
			const path = (args[0] as { path?: unknown } | null)?.path;
			if (Array.isArray(path) && typeof path[0] === 'string') calls.push([path[0], performance.now()]);
			post.apply(this, args);
		} as MessagePort['postMessage'];
	});
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const calls = () => page.evaluate(() => (window as unknown as { __hubCalls: [string, number][] }).__hubCalls);
	await expect.poll(async () => (await calls()).some(([name]) => name === 'listTools'), { timeout: 15_000 }).toBe(true);
	await expect.poll(() => page.evaluate(() => performance.getEntriesByName('studio:start-settled').length), { timeout: 15_000 }).toBe(1);
	const settled = await page.evaluate(() => performance.getEntriesByName('studio:start-settled')[0]!.startTime);
	const during = (await calls()).filter(([name, at]) => (name === 'listTools' || name === 'remoteServers') && at < settled);
	expect(during, 'the catalog was asked for during the start').toEqual([]);
	// The snapshot and the first render were asked for during the start, as ever.
	expect((await calls()).some(([name, at]) => name === 'snapshot' && at < settled)).toBe(true);
	await page.keyboard.press('Control+k');
	await page.getByRole('combobox', { name: 'Command' }).fill('workspace_list_files');
	await page.keyboard.press('Enter');
	await expect(page.getByTestId('tool-result')).toContainText('"files"');
});

test('on a phone the files’, the preview’s and the conversation’s code each load when their tab is first shown, not with the first screen', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const page = await context.newPage();
	const fetched = scripts(page);
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('plain-editor')).toHaveValue(/<!doctype html>/);
	await page.waitForTimeout(300); // the task after the first screen, where a desktop would load them
	const tabs = page.getByRole('navigation', { name: 'Panels' });
	const shows: [tab: string, visible: () => ReturnType<Page['locator']>][] = [
		['Files', () => page.locator('[data-path="index.html"]')],
		['Preview', () => page.getByTestId('preview-chip')],
		['Agent', () => page.getByPlaceholder(/make the theme teal/)]
	];
	for (const [tab, visible] of shows) {
		await expect(visible()).toHaveCount(0);
		const before = fetched.length;
		await tabs.getByRole('button', { name: tab }).click();
		await expect(visible()).toBeVisible();
		expect(fetched.length, `the ${tab} tab fetched code of its own`).toBeGreaterThan(before);
		// The preview's panel and its host's code are one file (they always load together).
		if (tab === 'Preview') expect(fetched.slice(before), 'the Preview tab fetched one file').toHaveLength(1);
	}
	// The preview, once shown, renders and acknowledges the revision like any tab's.
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await context.close();
});

test('the dialogs load their code when the first is asked for: the new-workspace dialog then shows, and the next opens with nothing more', async ({ page }) => {
	const fetched = scripts(page);
	await page.goto('/');
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toBeVisible();
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const atStart = fetched.length;
	await page.getByTestId('workspace-switcher').click();
	await page.getByRole('button', { name: 'New workspace…', exact: true }).click();
	const create = page.getByRole('dialog', { name: 'New workspace' });
	await expect(create).toBeVisible();
	const loaded = fetched.slice(atStart);
	expect(loaded.length, 'the dialogs load code of their own').toBeGreaterThan(0);
	await create.getByRole('button', { name: 'Cancel' }).click();
	await expect(create).toHaveCount(0);
	const after = fetched.length;
	await page.getByRole('button', { name: 'Reset…' }).click();
	await expect(page.getByRole('dialog', { name: 'Start over from a starter?' })).toBeVisible();
	expect(fetched.length).toBe(after);
});

test('a panel whose code cannot be fetched says so, and Retry loads it once it can be', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.locator('.cm-content')).toBeVisible();
	// The conversation loads once the start is over: the network drops after it came.
	await expect(page.getByPlaceholder(/make the theme teal/)).toBeVisible();
	const atStart = new Set(await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)));
	// Every script asked for from now on fails, as when the network drops before the chunk was cached.
	let refuse = true;
	await page.route(/\/_app\/immutable\/.*\.js$/, (route) => (refuse && !atStart.has(new URL(route.request().url()).pathname) ? route.abort('internetdisconnected') : route.continue()));
	await page.getByRole('tab', { name: 'Packages' }).click();
	const failed = page.getByRole('tabpanel', { name: 'Packages' }).getByTestId('lazy-failed');
	await expect(failed).toContainText('The Packages panel could not be loaded');
	refuse = false;
	await failed.getByRole('button', { name: 'Retry' }).click();
	await expect(PANELS[3]![1](page)).toBeVisible();
});

test('an editor whose code cannot be fetched says so, leaves the page usable, and Retry loads it once it can be', async ({ context }) => {
	// Every CodeMirror chunk fails, as when a replaced build's files are gone or the network dropped.
	let refuse = true;
	await context.route(/\/_app\/immutable\/chunks\/.*\.js$/, async (route) => {
		// A chunk fetched as the test ends (the page prefetches at idle) meets a context that is closing.
		const response = await route.fetch().catch(() => null);
		const body = await response?.text().catch(() => null);
		if (!response || typeof body !== 'string') return;
		if (refuse && body.includes('@codemirror') === false && /cm-content|cm-gutters/.test(body)) return route.abort('internetdisconnected');
		await route.fulfill({ response, body });
	});
	const page = await context.newPage();
	await page.goto('/');
	await waitForHub(page);
	const failed = page.getByTestId('editor-failed');
	await expect(failed).toContainText('The editor could not be loaded');
	// The first paint's outline is gone: the studio's own controls answer.
	await expect(page.locator('#studio-first-paint')).toHaveCount(0);
	await page.getByRole('tab', { name: 'Trace' }).click();
	await expect(page.getByRole('region', { name: 'Trace', exact: true }).getByLabel('Filter trace')).toBeVisible();
	refuse = false;
	await failed.getByRole('button', { name: 'Retry' }).click();
	await expect(page.locator('section[data-region="editor"] .cm-content')).toContainText('<!doctype html>');
	await expect(failed).toHaveCount(0);
});

test.describe('offline', () => {
	test.use({ serviceWorkers: 'allow' });
	test('every dock panel, the conversation and the workspace menu open offline: their code is in the precache', async ({ page, context }) => {
		test.setTimeout(90_000);
		await page.goto('/');
		await waitForHub(page);
		await underServiceWorker(page);
		await context.setOffline(true);
		await page.reload();
		await waitForHub(page);
		for (const [tab, shows] of PANELS) {
			await page.getByRole('tab', { name: tab }).click();
			await expect(shows(page), tab).toBeVisible();
		}
		// The conversation (its panel and commands) and the switcher's menu (the workspace commands), loaded after the start.
		await expect(page.getByPlaceholder(/make the theme teal/)).toBeVisible();
		await page.getByTestId('workspace-switcher').click();
		await expect(page.getByRole('group', { name: 'Workspaces' }).getByRole('button', { name: /^My site/ })).toBeVisible();
		await expect(page.getByTestId('lazy-failed')).toHaveCount(0);
	});
});

test('on a phone the editor starts as the open file’s plain text: CodeMirror’s code loads with the first touch, takes the caret and what was typed, and the text follows changes made elsewhere until then', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
	const page = await context.newPage();
	const fetched = scripts(page);
	await page.goto('/');
	await waitForHub(page);
	const plain = page.getByTestId('plain-editor');
	await expect(plain).toHaveValue(/<title>Bright Bakery<\/title>/);
	await expect(page.locator('#studio-first-paint')).toHaveCount(0);
	await page.waitForTimeout(500);
	const atStart = fetched.length;
	expect(await page.locator('.cm-editor').count(), 'no CodeMirror before a touch').toBe(0);
	// A change made elsewhere (a tool, another tab, an agent) shows in the plain text.
	await page.evaluate(() => window.studio!.callTool('workspace_apply_patch', { path: 'index.html', search: 'Bright Bakery</title>', replace: 'Bright Bakery and Cafe</title>' }));
	await expect(plain).toHaveValue(/Bright Bakery and Cafe<\/title>/);
	expect(fetched.length, 'still no editor code').toBe(atStart);
	// Focus (as a touch gives it) asks for CodeMirror; what is typed at once lands at the caret, in CodeMirror's text.
	await plain.evaluate((area: HTMLTextAreaElement) => {
		const at = area.value.indexOf('</title>');
		area.setSelectionRange(at, at);
		area.focus();
	});
	await page.keyboard.type('!');
	await expect(page.locator('section[data-region="editor"] .cm-content')).toContainText('Bright Bakery and Cafe!</title>', { timeout: 10_000 });
	await expect(plain).toHaveCount(0);
	expect(fetched.length, 'the touch fetched the editor’s code').toBeGreaterThan(atStart);
	await page.keyboard.type('?');
	await expect.poll(() => page.evaluate(() => (window.studio!.readFile('index.html') as Promise<{ content: string }>).then((file) => file.content)), { timeout: 10_000 }).toContain('Bright Bakery and Cafe!?</title>');
	await context.close();
});

test('the install offer’s code loads when the browser offers an install: Install then shows the browser’s prompt, and goes once accepted', async ({ page }) => {
	const bodies = scriptBodies(page);
	const text = async () => (await Promise.all(bodies.values())).join('\n');
	const OFFER = 'Add to Home Screen';
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	expect((await text()).includes(OFFER), 'the install offer came with the first screen').toBe(false);
	await expect(page.getByRole('button', { name: 'Install', exact: true })).toHaveCount(0);
	// The browser's offer, as Chromium fires it (prompt() and userChoice are not in the DOM's Event).
	await page.evaluate(() => {
		const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
			prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
			userChoice: Promise.resolve({ outcome: 'accepted' as const })
		});
		dispatchEvent(offer);
	});
	const install = page.getByRole('button', { name: 'Install', exact: true });
	await expect(install).toBeVisible();
	expect(await text()).toContain(OFFER);
	await install.click();
	await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
	await expect(install).toHaveCount(0);
});

test('on an iPhone the top bar says how to install: Share, then Add to Home Screen', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' });
	try {
		const page = await context.newPage();
		await page.goto('/');
		await waitForHub(page);
		await page.locator('summary', { hasText: 'Install' }).click();
		await expect(page.getByRole('note')).toContainText('Add to Home Screen');
	} finally {
		await context.close();
	}
});
