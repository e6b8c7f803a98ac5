// The local agent with no settings at all: an example prompt, an approval, the preview changes.
import { test, expect, waitForHub, previewFrame } from './fixtures';

test('with no settings the agent panel works end to end on the local agent', async ({ page, context }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);

	await page.getByRole('group', { name: 'Examples' }).getByRole('button', { name: 'make the theme teal' }).click();
	// The approval shows in every tab, inline where the agent asked (the other tab shows the same
	// conversation); the other tab decides, and both transcripts say who did.
	await expect(page.getByRole('list', { name: 'Transcript' }).getByTestId('approval-card')).toBeVisible();
	await expect(page.getByRole('region', { name: 'Approvals' })).toHaveCount(0);
	await other.getByRole('list', { name: 'Transcript' }).getByTestId('approval-card').getByRole('button', { name: 'Allow once' }).click();
	const transcript = page.getByRole('list', { name: 'Transcript' });
	await expect(transcript.locator('[data-outcome="answered"]')).toBeVisible();
	// A step reads as a sentence, its diff one click away, its raw arguments folded.
	const step = transcript.getByTestId('agent-step').filter({ hasText: 'Changed styles.css — theme colour #0d9488' });
	await expect(step).toContainText('preview ready');
	await expect(step.getByTestId('approval-decision')).toHaveText('Allowed once by you in another tab');
	await expect(other.getByTestId('approval-decision')).toHaveText('Allowed once by you in this tab');
	await expect(transcript).not.toContainText('"accent"');
	await step.getByRole('button', { name: 'diff' }).click();
	await expect(step.getByTestId('step-diff')).toContainText('+   --accent: #0d9488;');
	await step.getByRole('button', { name: 'arguments' }).click();
	await expect(step.getByLabel('Arguments of preview_set_theme')).toContainText('"accent":"#0d9488"');
	await expect(other.getByRole('list', { name: 'Transcript' })).toContainText('make the theme teal');
	const accent = await previewFrame(page).locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
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
	const card = page.getByRole('list', { name: 'Transcript' }).getByTestId('approval-card');
	await expect(card).toHaveCount(1);
	await expect(card).toContainText('styles.css → main.css');
	await expect(card).toContainText('Updates 1 link: index.html:');
	await expect(card.getByTestId('approval-diff')).toContainText('href="main.css"');
	await card.getByRole('button', { name: 'Allow once' }).click();
	await expect(page.getByRole('list', { name: 'Transcript' }).locator('[data-outcome="answered"]')).toBeVisible();
	await expect(page.getByTestId('preview-chip')).toContainText('ready');
	const accent = await previewFrame(page).locator('#cta').evaluate((el) => getComputedStyle(el).backgroundColor);
	expect(accent).toBe('rgb(194, 65, 12)');

	// A module moved to another folder: its importer and its own imports follow; the page still runs.
	const moved = (await page.evaluate(() => window.studio!.callTool('workspace_rename_file', { from: 'modules/greeting.js', to: 'lib/greeting.js' }))) as {
		isError: boolean;
		structuredContent: { preview: { status: string }; updatedReferences: { path: string }[] };
	};
	expect(moved.isError).toBe(false);
	expect(moved.structuredContent.updatedReferences.map((r) => r.path)).toContain('app.js');
	expect(moved.structuredContent.preview.status).toBe('ready');
	await previewFrame(page).locator('#cta').click();
	await expect(previewFrame(page).locator('#cta-note')).toContainText('Your loaf will be waiting');
});

/** The element is on screen and not cut off by the viewport or by the transcript's scroll box. */
async function expectReadable(page: import('@playwright/test').Page, locator: import('@playwright/test').Locator) {
	const viewport = page.viewportSize()!;
	const box = (await locator.boundingBox())!;
	const list = (await page.getByRole('list', { name: 'Transcript' }).boundingBox())!;
	expect(box, 'the reply has a box').toBeTruthy();
	expect(box.y).toBeGreaterThanOrEqual(Math.max(0, list.y) - 1);
	expect(box.y + box.height).toBeLessThanOrEqual(Math.min(viewport.height, list.y + list.height) + 1);
	expect(box.x).toBeGreaterThanOrEqual(0);
	expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
}

test('the conversation has room: after one exchange the reply is readable without resizing at 1280×800, 1440×900 and on a phone', async ({ page }) => {
	test.setTimeout(90_000);
	await page.goto('/');
	await waitForHub(page);
	const transcript = page.getByRole('list', { name: 'Transcript' });
	// The empty state says in two lines what the local agent does and how to add a model, examples beneath.
	await expect(page.getByTestId('agent-empty')).toContainText('The local agent works offline');
	await expect(transcript).toContainText('OpenAI-compatible URL');
	await expect(page.getByRole('group', { name: 'Examples' })).toBeVisible();
	// Shift+Enter adds a line; Enter sends.
	const prompt = page.getByRole('textbox', { name: 'Prompt' });
	await prompt.fill('what can you do?');
	await prompt.press('Shift+Enter');
	await expect(prompt).toHaveValue('what can you do?\n');
	await prompt.press('Enter');
	const reply = transcript.locator('li.assistant').last();
	await expect(reply).toContainText('I am the local agent');
	// No second "Agent" header over the panel (the agent picker is its header).
	await expect(page.getByRole('heading', { name: 'Agent', exact: true })).toHaveCount(1);
	await expect(page.getByRole('tab', { name: 'Agent' })).toHaveCount(0);
	// The transcript holds at least ~15 lines at 1280×800.
	const room = await transcript.evaluate((el) => el.clientHeight / parseFloat(getComputedStyle(el.querySelector('li.assistant')!).lineHeight));
	expect(room).toBeGreaterThanOrEqual(15);
	await expectReadable(page, reply);
	// The examples folded into one control once the conversation started.
	await expect(page.getByRole('group', { name: 'Examples' })).toBeHidden();
	await page.getByText('Examples', { exact: true }).click();
	await expect(page.getByRole('group', { name: 'Examples' })).toBeVisible();
	await page.getByText('Examples', { exact: true }).click();

	await page.setViewportSize({ width: 1440, height: 900 });
	await expectReadable(page, reply);

	await page.setViewportSize({ width: 390, height: 844 });
	await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'Agent' }).click();
	await expectReadable(page, reply);

	// The transcript follows the newest line unless the person scrolled up.
	await page.setViewportSize({ width: 1280, height: 800 });
	// The layout has left the phone's (its prompt is made anew): text filled into the phone's prompt
	// as it goes would go with it.
	await expect(page.getByRole('navigation', { name: 'Panels' })).toHaveCount(0);
	await prompt.fill('what can you do?');
	await expect(prompt).toHaveValue('what can you do?');
	await prompt.press('Enter');
	await expect(transcript.locator('li.assistant')).toHaveCount(2);
	await expect.poll(() => transcript.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
	await transcript.evaluate((el) => (el.scrollTop = 0));
	await prompt.fill('help');
	await prompt.press('Enter');
	await expect(transcript.locator('li.assistant')).toHaveCount(3);
	expect(await transcript.evaluate((el) => el.scrollTop)).toBe(0);
});
