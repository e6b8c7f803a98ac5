// The built studio: regions, handshake, service worker and the phone layout.
import { test, expect, waitForHub } from './fixtures';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const REGIONS = ['Files', 'Editor', 'Preview', 'Agent', 'Tools', 'Trace', 'History', 'Packages'];

test('the built studio loads with its six regions and no console errors', async ({ page, problems }) => {
	await page.goto('/');
	await waitForHub(page);
	// At 1280 px the conversation has its own column; the dock starts folded to its tabs.
	for (const name of ['Files', 'Editor', 'Preview', 'Agent']) {
		await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
	}
	await expect(page.getByRole('tab', { name: 'Agent' })).toHaveCount(0);
	for (const name of ['Tools', 'Trace', 'History', 'Packages']) {
		await page.getByRole('tab', { name }).click();
		await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
		await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
	}
	await page.getByRole('button', { name: 'Hide', exact: true }).click();
	await expect(page.getByRole('region', { name: 'Packages', exact: true })).toBeHidden();
	await expect(page.locator('section[data-region]')).toHaveCount(REGIONS.length);
	// Below 1024 px the conversation is a dock tab again.
	await page.setViewportSize({ width: 900, height: 800 });
	await page.getByRole('tab', { name: 'Agent' }).click();
	await expect(page.getByRole('region', { name: 'Agent', exact: true })).toBeVisible();
	expect(problems.errors).toEqual([]);
});

test('the page reaches the SharedWorker and shows the handshake in the status bar', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('runtime-mode')).toHaveAttribute('data-mode', 'shared-worker');
	await expect(page.getByTestId('runtime-mode')).toHaveText('shared worker');
	await expect(page.getByTestId('protocol-version')).toHaveText(/^protocol \d+$/);
	const build = await page.getByTestId('build-id').textContent();
	expect(build).toMatch(/^build \S+/);
});

test('the studio page has a content security policy: a script from another origin or injected inline never runs', async ({ page }) => {
	// Another origin that would serve a script (it must never even be asked).
	const asked: string[] = [];
	const foreign: Server = createServer((request, response) => {
		asked.push(request.url ?? '');
		response.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
		response.end('window.foreignRan = true;');
	});
	await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
	const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/evil.js`;
	try {
		await page.goto('/');
		await waitForHub(page);
		const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
		for (const directive of ["script-src 'self' 'sha256-", "object-src 'none'", "base-uri 'self'", "frame-src 'self'", "connect-src 'self' https:"]) expect(policy).toContain(directive);
		const outcome = await page.evaluate(async (src) => {
			const violations: string[] = [];
			document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
			const external = document.createElement('script');
			external.src = src;
			const settled = new Promise((resolve) => ((external.onerror = () => resolve('error')), (external.onload = () => resolve('load'))));
			document.head.append(external);
			const inline = document.createElement('script');
			inline.textContent = 'window.inlineRan = true;';
			document.head.append(inline);
			const result = await settled;
			await new Promise((resolve) => setTimeout(resolve, 100)); // violation events are queued as tasks
			const w = window as unknown as { foreignRan?: boolean; inlineRan?: boolean };
			return { result, violations, foreignRan: w.foreignRan ?? false, inlineRan: w.inlineRan ?? false };
		}, foreignUrl);
		expect(outcome).toMatchObject({ result: 'error', foreignRan: false, inlineRan: false });
		expect(outcome.violations).toContain(`script-src-elem ${foreignUrl}`);
		expect(outcome.violations).toContain('script-src-elem inline');
		expect(asked).toEqual([]);
		// The studio itself still works under it: a write renders in the preview.
		const written = (await page.evaluate(() => window.studio!.callTool('workspace_write_file', { path: 'index.html', content: '<!doctype html><h1>Under policy</h1><script>document.title = "ran"</script>' }))) as { structuredContent: { preview: { status: string } } };
		expect(written.structuredContent.preview.status).toBe('ready');
	} finally {
		foreign.close();
	}
});

test.describe('with service workers', () => {
	// The suite blocks them (they cost every test an install); this test is about the one we ship.
	test.use({ serviceWorkers: 'allow' });

	test('the service worker installs, activates and precaches the app shell', async ({ page }) => {
		const swErrors: string[] = [];
		page.context().on('serviceworker', (worker) => {
			worker.on('console', (message) => {
				if (message.type() === 'error') swErrors.push(message.text());
			});
		});
		await page.goto('/');
		const state = await page.evaluate(async () => {
			const registration = await Promise.race([
				navigator.serviceWorker.ready,
				new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))
			]);
			if (!registration) return { active: false, shell: false, count: 0 };
			const worker = registration.active!;
			if (worker.state !== 'activated') {
				await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
			}
			const names = await caches.keys();
			const precache = names.find((name) => name.includes('precache'));
			const cache = precache ? await caches.open(precache) : null;
			const keys = cache ? await cache.keys() : [];
			const paths = keys.map((request) => new URL(request.url).pathname);
			return { active: registration.active?.state === 'activated', shell: paths.includes('/'), count: paths.length };
		});
		expect(state.active).toBe(true);
		expect(state.shell).toBe(true);
		expect(state.count).toBeGreaterThan(5);
		expect(swErrors).toEqual([]);
		const manifest = await (await page.request.get('/manifest.webmanifest')).json();
		expect(manifest).toMatchObject({ name: 'Web Studio', display: 'standalone', theme_color: expect.any(String) });
		const sizes = manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`);
		expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable', '512x512 monochrome']));
		for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
	});
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

	test('shows one panel at a time with a bottom tab bar and no horizontal scrolling', async ({ page, problems }) => {
		await page.goto('/');
		await waitForHub(page);
		const bar = page.getByRole('navigation', { name: 'Panels' });
		await expect(bar).toBeVisible();
		for (const [tab, region] of [['Files', 'Files'], ['Code', 'Editor'], ['Preview', 'Preview'], ['Agent', 'Agent'], ['Tools', 'Tools'], ['Trace', 'Trace'], ['History', 'History']]) {
			await bar.getByRole('button', { name: tab }).tap();
			await expect(page.getByRole('region', { name: region, exact: true })).toBeVisible();
			const visible = await page.locator('section[data-region]:visible').count();
			expect(visible).toBe(1);
			const box = await bar.getByRole('button', { name: tab }).boundingBox();
			expect(box!.height).toBeGreaterThanOrEqual(44);
			expect(box!.width).toBeGreaterThanOrEqual(44);
		}
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
		expect(overflow).toBe(0);
		expect(problems.errors).toEqual([]);
	});
});

test('panels resize with the keyboard on their handles', async ({ page }) => {
	await page.goto('/');
	const handle = page.getByRole('separator', { name: 'Resize files panel' });
	const before = Number(await handle.getAttribute('aria-valuenow'));
	await handle.focus();
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowRight');
	await expect(handle).toHaveAttribute('aria-valuenow', String(before + 32));
	const width = await page.locator('section[data-region="files"]').evaluate((el) => el.getBoundingClientRect().width);
	expect(Math.round(width)).toBe(before + 32);
	await page.keyboard.press('Home');
	await expect(handle).toHaveAttribute('aria-valuenow', await handle.getAttribute('aria-valuemin') as string);
});
