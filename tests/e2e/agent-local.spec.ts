// The local agent with no settings at all: an example prompt, an approval, the preview changes.
import { test, expect, waitForHub } from './fixtures';

test('with no settings the agent panel works end to end on the local agent', async ({ page, context }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);

	await page.getByRole('group', { name: 'Examples' }).getByRole('button', { name: 'make the theme teal' }).click();
	// The approval shows in every tab; the other tab decides.
	await other.getByRole('region', { name: 'Approvals' }).getByRole('button', { name: 'Allow once' }).click();
	const transcript = page.getByRole('list', { name: 'Transcript' });
	await expect(transcript.locator('[data-outcome="answered"]')).toBeVisible();
	await expect(transcript).toContainText('preview_set_theme');
	await expect(transcript).toContainText('preview ready');
	await expect(other.getByRole('list', { name: 'Transcript' })).toContainText('make the theme teal');
	const accent = await page.frameLocator('section[data-region="preview"] iframe').locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
	expect(accent).toBe('rgb(13, 148, 136)');

	await page.getByRole('textbox', { name: 'Prompt' }).fill('write me a poem');
	await page.keyboard.press('Enter');
	await expect(transcript).toContainText('I did not understand');
});

test('renaming a linked stylesheet through the agent: one card with the rename and the rewritten <link>; the preview stays styled; a moved module keeps the graph working', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await page.getByRole('textbox', { name: 'Prompt' }).fill('rename styles.css to main.css');
	await page.keyboard.press('Enter');
	const card = page.getByTestId('approval-card');
	await expect(card).toHaveCount(1);
	await expect(card).toContainText('styles.css → main.css');
	await expect(card).toContainText('Updates 1 link: index.html:');
	await expect(card.getByTestId('approval-diff')).toContainText('href="main.css"');
	await card.getByRole('button', { name: 'Allow once' }).click();
	await expect(page.getByRole('list', { name: 'Transcript' }).locator('[data-outcome="answered"]')).toBeVisible();
	await expect(page.getByTestId('preview-chip')).toContainText('ready');
	const accent = await page.frameLocator('section[data-region="preview"] iframe').locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
	expect(accent).toBe('rgb(194, 65, 12)');

	// A module moved to another folder: its importer and its own imports follow; the page still runs.
	const moved = (await page.evaluate(() => window.studio!.callTool('workspace_rename_file', { from: 'modules/greeting.js', to: 'lib/greeting.js' }))) as {
		isError: boolean;
		structuredContent: { preview: { status: string }; updatedReferences: { path: string }[] };
	};
	expect(moved.isError).toBe(false);
	expect(moved.structuredContent.updatedReferences.map((r) => r.path)).toContain('app.js');
	expect(moved.structuredContent.preview.status).toBe('ready');
	await page.frameLocator('section[data-region="preview"] iframe').locator('#cta').click();
	await expect(page.frameLocator('section[data-region="preview"] iframe').locator('#cta-note')).toContainText('Your loaf will be waiting');
});
