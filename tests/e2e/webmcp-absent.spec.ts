// Without WebMCP (Chromium without the feature flag): nothing breaks, and the settings say so.
import { test, expect, waitForHub } from './fixtures';

test('without the WebMCP API nothing breaks and the settings say browser agents are not available', async ({ page, problems }) => {
	await page.goto('/');
	await waitForHub(page);
	expect(await page.evaluate(() => 'modelContext' in navigator)).toBe(false);
	await page.getByRole('button', { name: 'Model settings' }).click();
	await expect(page.getByTestId('browser-agents')).toHaveText('Browser agents: not available in this browser.');
	expect(problems.errors).toEqual([]);
});
