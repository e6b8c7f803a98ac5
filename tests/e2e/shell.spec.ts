// The built studio: regions, handshake, service worker and the phone layout.
import { test, expect, waitForHub } from './fixtures';

const REGIONS = ['Files', 'Editor', 'Preview', 'Agent', 'Tools', 'Trace', 'History'];

test('the built studio loads with its six regions and no console errors', async ({ page, problems }) => {
	await page.goto('/');
	await waitForHub(page);
	// At 1280 px the conversation has its own column; the dock starts folded to its tabs.
	for (const name of ['Files', 'Editor', 'Preview', 'Agent']) {
		await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
	}
	await expect(page.getByRole('tab', { name: 'Agent' })).toHaveCount(0);
	for (const name of ['Tools', 'Trace', 'History']) {
		await page.getByRole('tab', { name }).click();
		await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
		await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
	}
	await page.getByRole('button', { name: 'Hide', exact: true }).click();
	await expect(page.getByRole('region', { name: 'History', exact: true })).toBeHidden();
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
