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
