// Accessibility of the main screen: axe finds no serious or critical violations, desktop and phone.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';

/** Serious or critical violations in `scope` (the whole page by default; axe on one region is 2–3× faster). */
async function serious(page: Page, scope?: string) {
	let builder = new AxeBuilder({ page }).exclude('section[data-region="preview"] iframe');
	if (scope) builder = builder.include(scope);
	const results = await builder.analyze();
	return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function ready(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect(page.locator('.cm-content')).toBeVisible();
}

// axe takes seconds per pass on two busy cores: each test does few passes and has room (60 s).
test('the main screen has no serious or critical axe violations (desktop, light and dark)', async ({ page }) => {
	test.setTimeout(120_000);
	await ready(page);
	expect(await serious(page)).toEqual([]);
	await page.emulateMedia({ colorScheme: 'dark' });
	expect(await serious(page)).toEqual([]);
});

test('every dock tab has no serious or critical axe violations', async ({ page }) => {
	test.setTimeout(120_000);
	await ready(page);
	for (const tab of ['Tools', 'Trace', 'History', 'Packages']) {
		await page.getByRole('tab', { name: tab }).click();
		expect(await serious(page, '.dock'), tab).toEqual([]);
	}
});

test('the workspace switcher and its dialog have no serious or critical axe violations', async ({ page }) => {
	test.setTimeout(120_000);
	await ready(page);
	await page.getByTestId('workspace-switcher').click();
	await expect(page.getByRole('group', { name: 'Workspaces' })).toBeVisible();
	expect(await serious(page, 'header')).toEqual([]);
	await page.getByRole('button', { name: 'New workspace…', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New workspace' });
	await expect(dialog).toBeVisible();
	expect(await serious(page, 'dialog[open]')).toEqual([]);
});

test.describe('on a phone', () => {
	test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
	test('the main screen has no serious or critical axe violations', async ({ page }) => {
		test.setTimeout(180_000); // eight screens, each with axe and a target-size check
		await page.goto('/');
		await waitForHub(page);
		for (const tab of ['Files', 'Code', 'Preview', 'Agent', 'Tools', 'Trace', 'History', 'Packages']) {
			await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: tab }).tap();
			// axe on the screens phone work changed most; the others share their controls with the desktop dock.
			if (['Files', 'Code', 'Preview', 'Agent', 'Packages'].includes(tab)) expect(await serious(page), tab).toEqual([]);
			expect(await smallControls(page), tab).toEqual([]);
		}
	});

	test('the command palette, the top bar’s menus, a toast, the new-workspace dialog and the model settings are thumb-sized too', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.getByRole('button', { name: 'Commands' }).tap();
		const palette = page.getByRole('listbox');
		await expect(palette.getByRole('option').first()).toBeVisible();
		expect(await smallControls(page), 'palette').toEqual([]);
		await page.keyboard.press('Escape');
		await expect(palette).toBeHidden();
		await page.getByTestId('workspace-switcher').tap();
		await expect(page.getByRole('button', { name: 'New workspace…', exact: true })).toBeVisible();
		expect(await smallControls(page), 'workspaces').toEqual([]);
		await page.getByTestId('workspace-switcher').tap();
		await page.getByLabel('Export', { exact: true }).tap();
		await expect(page.getByRole('button', { name: 'Download .zip' })).toBeVisible();
		expect(await smallControls(page), 'export').toEqual([]);
		// A toast's Dismiss.
		await page.getByRole('button', { name: 'Copy share link' }).tap();
		await expect(page.getByRole('button', { name: 'Dismiss' }).first()).toBeVisible();
		expect(await smallControls(page), 'toast').toEqual([]);
		// The new-workspace dialog: its name field and each starter choice.
		await page.getByTestId('workspace-switcher').tap();
		await page.getByRole('button', { name: 'New workspace…', exact: true }).tap();
		await expect(page.getByTestId('workspace-name')).toBeVisible();
		expect(await smallControls(page), 'new workspace').toEqual([]);
		await page.getByRole('button', { name: 'Cancel' }).tap();
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Agent' }).tap();
		await page.getByRole('button', { name: 'Model settings' }).tap();
		const settings = page.getByRole('form', { name: 'Model settings' });
		await expect(settings.getByRole('spinbutton', { name: 'Tokens' })).toBeAttached();
		// Each field fits the screen (the budget's ran off its right edge) and takes a thumb.
		for (const field of await settings.locator('input, select').all()) {
			const box = (await field.boundingBox())!;
			expect(box.x + box.width, (await field.getAttribute('aria-label')) ?? (await field.evaluate((el) => el.closest('label')?.textContent?.trim().slice(0, 20) ?? el.outerHTML.slice(0, 60)))).toBeLessThanOrEqual(390);
		}
		expect(await smallControls(page), 'model settings').toEqual([]);
	});

	test('an approval on a phone: the card with its Arguments, the conversation’s links and the composer’s Examples are thumb-sized', async ({ page }) => {
		await page.goto('/');
		await waitForHub(page);
		await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Agent' }).tap();
		await page.getByRole('button', { name: 'make the theme teal' }).tap();
		const card = page.getByRole('button', { name: 'Allow once' });
		await expect(card).toBeVisible({ timeout: 15_000 });
		await expect(page.getByRole('button', { name: 'trace' }).first()).toBeVisible();
		expect(await smallControls(page), 'approval').toEqual([]);
		await page.getByRole('button', { name: 'Deny' }).tap();
		await expect(card).toBeHidden();
	});

	test('picking on a phone: the picker bar, the chip with Go to code and a pasted image pass axe and are thumb-sized', async ({ page }) => {
		test.setTimeout(120_000);
		await page.goto('/');
		await waitForHub(page);
		const panels = page.getByRole('navigation', { name: 'Panels' });
		await panels.getByRole('button', { name: 'Preview' }).tap();
		await page.getByTestId('preview-pick').tap();
		await expect(page.getByTestId('preview-picking')).toBeVisible();
		expect(await smallControls(page), 'picking').toEqual([]);
		// The picker is live once the page shows its crosshair (its code loads with its first use).
		await expect(previewFrame(page).locator('html')).toHaveCSS('cursor', 'crosshair', { timeout: 15_000 });
		// A click, not a tap: Chromium 150's emulated touch in a frame of another process lands away from
		// the element and synthesizes no click (a phone's own touch does both).
		await page.frameLocator('section[data-region="preview"] iframe.preview-frame').frameLocator('iframe:not([data-leaving])').locator('h1').click();
		// The pick shows in the conversation, which the phone opens.
		await expect(page.getByTestId('element-chip')).toContainText('index.html:');
		await page.getByRole('textbox', { name: 'Prompt' }).evaluate(async (textarea) => {
			const canvas = new OffscreenCanvas(20, 20);
			canvas.getContext('2d')!.fillRect(0, 0, 20, 20);
			const data = new DataTransfer();
			data.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'a.png', { type: 'image/png' }));
			textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
		});
		await expect(page.getByTestId('prompt-image')).toHaveCount(1);
		expect(await serious(page, 'section[data-region="agent"]')).toEqual([]);
		expect(await smallControls(page), 'chip').toEqual([]);
		// Go to code shows the editor, with the cursor on the element's line.
		const line = /index\.html:(\d+)/.exec((await page.getByTestId('element-chip').textContent()) ?? '')![1]!;
		await page.getByTestId('element-chip').getByRole('button', { name: 'Go to code' }).tap();
		await expect(page.locator('section[data-region="editor"] .cm-lineNumbers .cm-activeLineGutter')).toHaveText(line);
	});
});

/** Visible controls smaller than 44×44 CSS pixels (a thumb needs that much); a radio or a checkbox is its label's size. */
function smallControls(page: Page) {
	return page.evaluate(() =>
		[...document.querySelectorAll('button, select, input, textarea, summary, a[href], [role="tab"]')]
			.map((el) => ({ el, box: ((el.matches('input[type="radio"], input[type="checkbox"]') && el.closest('label')) || el).getBoundingClientRect() }))
			.filter(({ el, box }) => box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) && (box.width < 44 || box.height < 44))
			.map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20)} ${Math.round(box.width)}×${Math.round(box.height)}`)
	);
}
