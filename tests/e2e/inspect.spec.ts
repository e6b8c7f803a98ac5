// The agent sees what the person sees: preview_screenshot draws the acknowledged revision at a
// chosen width (or one element), the person picks an element (a chip with its file:line, Go to code,
// context for the next prompt), edits a text in place, pastes images into the prompt — and the local
// agent edits the picked element only.
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';
import { PAGE, lineOf, startPicking, withPage } from './helpers/inspect-page';

type Result = { isError: boolean; content: { type: string; data?: string; mimeType?: string; text?: string }[]; structuredContent: Record<string, unknown> & { revision?: number } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;
const site = (page: Page) => previewFrame(page);

/** Takes a screenshot through the catalog and reads its size and a few pixels in the page. */
async function shot(page: Page, args: Record<string, unknown>, points: [number, number][]) {
	return page.evaluate(
		async ([a, at]) => {
			const result = (await window.studio!.callTool('preview_screenshot', a as Record<string, unknown>)) as Result;
			const image = result.content.find((c) => c.type === 'image');
			if (!image) return { result, width: 0, height: 0, pixels: [] as number[][] };
			const element = new Image();
			element.src = `data:${image.mimeType};base64,${image.data}`;
			await element.decode();
			const canvas = document.createElement('canvas');
			canvas.width = element.naturalWidth;
			canvas.height = element.naturalHeight;
			const context = canvas.getContext('2d', { willReadFrequently: true })!;
			context.drawImage(element, 0, 0);
			const pixels = (at as [number, number][]).map(([x, y]) => [...context.getImageData(x, y, 1, 1).data].slice(0, 3));
			return { result, width: element.naturalWidth, height: element.naturalHeight, pixels, mimeType: image.mimeType };
		},
		[args, points] as const
	);
}
const near = (pixel: number[], rgb: number[]) => pixel.every((value, i) => Math.abs(value - rgb[i]!) <= 6);

test('preview_screenshot draws the acknowledged revision at 390 and 1280 px, and one element at its own size', async ({ page }) => {
	const revision = await withPage(page);
	// The compiler's marks are gone before the page's own script runs.
	expect(await site(page).locator('body').evaluate(() => (window as unknown as { marksSeen: number }).marksSeen)).toBe(0);
	const phone = await shot(page, { width: 390 }, [[5, 5], [380, 700]]);
	const desktop = await shot(page, { width: 1280 }, [[5, 5], [1200, 700]]);
	expect(phone.result.isError, JSON.stringify(phone.result.structuredContent)).toBe(false);
	expect([phone.width, phone.height]).toEqual([390, 844]);
	expect([desktop.width, desktop.height]).toEqual([1280, 800]);
	expect(phone.mimeType).toBe('image/png');
	// The header follows the page's media query: orange on a phone, teal on a desktop; below it both are white.
	expect(near(phone.pixels[0]!, [234, 88, 12]), String(phone.pixels[0])).toBe(true);
	expect(near(desktop.pixels[0]!, [13, 148, 136]), String(desktop.pixels[0])).toBe(true);
	expect(near(phone.pixels[1]!, [255, 255, 255]) && near(desktop.pixels[1]!, [255, 255, 255]), `${phone.pixels[1]} ${desktop.pixels[1]}`).toBe(true);
	// Labelled with the revision the preview acknowledged; the JSON names the picture, the bytes are the image block.
	expect(phone.result.structuredContent).toMatchObject({ revision, page: 'index.html', width: 390, height: 844, mimeType: 'image/png' });
	expect(JSON.stringify(phone.result.structuredContent)).not.toContain('iVBOR');
	const box = await shot(page, { width: 1280, selector: '#box' }, [[100, 60]]);
	expect([box.width, box.height]).toEqual([200, 120]);
	expect(near(box.pixels[0]!, [37, 99, 235]), String(box.pixels[0])).toBe(true);
	const missing = await call(page, 'preview_screenshot', { selector: '#nothing-here' });
	expect(missing.structuredContent.error).toMatchObject({ code: 'PREVIEW_TARGET_NOT_FOUND' });
	// The person's preview did not move: the off-screen frame is gone, the panel still shows the revision.
	await expect(page.getByTestId('preview-capture')).toHaveCount(0);
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${revision} · ready`);
});

test('picking an element puts a chip with its file and line in the conversation; Go to code puts the cursor there; the local agent changes that element only', async ({ page }) => {
	await withPage(page);
	await startPicking(page);
	await site(page).locator('p.note').hover();
	await site(page).locator('p.note').click();
	const chip = page.getByTestId('element-chip').first();
	await expect(chip).toContainText(`p.note — index.html:${lineOf('class="note"')}`);
	await expect(page.getByTestId('preview-picking')).toHaveCount(0);
	// The click picked, it did not reach the page.
	await expect(page.getByTestId('preview-pick')).toHaveAttribute('aria-pressed', 'false');

	await chip.getByRole('button', { name: 'Go to code' }).click();
	await expect(page.locator('section[data-region="editor"] .cm-lineNumbers .cm-activeLineGutter')).toHaveText(String(lineOf('class="note"')));

	const before = ((await call(page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content as string).split('\n');
	await page.getByRole('textbox', { name: 'Prompt' }).fill('make it teal');
	await page.getByRole('button', { name: 'Send' }).click();
	const card = page.getByTestId('approval-card').first();
	await card.getByRole('button', { name: 'Allow once' }).click();
	await expect(site(page).locator('p.note')).toHaveCSS('color', 'rgb(13, 148, 136)');
	const after = ((await call(page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content as string).split('\n');
	const changed = after.map((line, i) => (line === before[i] ? -1 : i + 1)).filter((n) => n > 0);
	expect(changed).toEqual([lineOf('class="note"')]);
	expect(after[lineOf('class="note"') - 1]).toBe('<p class="note" style="color: #0d9488">Open every day.</p>');
	await expect(site(page).locator('p.lead')).toHaveCSS('color', 'rgb(0, 0, 0)');
	// The chip follows its element: the next prompt knows its new colour.
	await page.getByRole('textbox', { name: 'Prompt' }).fill('make it bigger');
	await page.getByRole('button', { name: 'Send' }).click();
	await page.getByTestId('approval-card').first().getByRole('button', { name: 'Allow once' }).click();
	await expect(site(page).locator('p.note')).toHaveCSS('font-size', '20px');
	await expect(site(page).locator('p.note')).toHaveCSS('color', 'rgb(13, 148, 136)');
	await expect(site(page).locator('p.lead')).toHaveCSS('font-size', '16px');
});

test('a heading edited in place is stored in its file and line as one revision, which one undo reverts; a text a script built says so', async ({ page }) => {
	const revision = await withPage(page);
	const heading = site(page).locator('h1.hero-title');
	await heading.dblclick();
	await expect(heading).toHaveAttribute('contenteditable', 'plaintext-only');
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.type('Warm rolls');
	// Enter's key-down writes the edit, and the new revision loads a new document into the focused
	// frame. A key-up sent while that frame's document was being replaced was never answered by the
	// browser (CI once waited out the test's 60 s on `press`), so the key comes up once it has loaded.
	await page.keyboard.down('Enter');
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${revision + 1} · ready`);
	await page.keyboard.up('Enter');
	const file = (await call(page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content as string;
	expect(file.split('\n')[lineOf('hero-title') - 1]).toBe('<header><h1 class="hero-title">Warm rolls</h1></header>');
	expect(file.replace('Warm rolls', 'Fresh bread')).toBe(PAGE);
	await expect(heading).toHaveText('Warm rolls');
	await expect(heading).not.toHaveAttribute('contenteditable', /.*/);
	const history = await call(page, 'workspace_history', {});
	expect(JSON.stringify(history.structuredContent)).toContain('workspace_edit_element');
	const undone = await call(page, 'workspace_undo', { expectedRevision: revision + 1 });
	expect(undone.isError).toBe(false);
	expect((await call(page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content).toBe(PAGE);
	await expect(heading).toHaveText('Fresh bread');

	await site(page).locator('#made').dblclick();
	await expect(page.getByRole('status').filter({ hasText: 'built by a script' })).toBeVisible();
	await expect(site(page).locator('#made')).not.toHaveAttribute('contenteditable', /.*/);
	expect((await call(page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content).toBe(PAGE);
});

test('a pasted image shows in the prompt and the transcript, stays after a reload, and saves into the workspace with one click', async ({ page }) => {
	await withPage(page);
	await page.getByRole('textbox', { name: 'Prompt' }).evaluate(async (textarea) => {
		const canvas = new OffscreenCanvas(40, 30);
		const context = canvas.getContext('2d')!;
		context.fillStyle = '#db2777';
		context.fillRect(0, 0, 40, 30);
		const blob = await canvas.convertToBlob({ type: 'image/png' });
		const data = new DataTransfer();
		data.items.add(new File([blob], 'Design Mock.png', { type: 'image/png' }));
		textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
	});
	const composer = page.locator('form.compose');
	await expect(composer.getByTestId('prompt-image')).toHaveCount(1);
	await page.getByRole('textbox', { name: 'Prompt' }).fill('status');
	await page.getByRole('button', { name: 'Send' }).click();
	const transcript = page.getByRole('list', { name: 'Transcript' });
	await expect(transcript.getByTestId('prompt-image')).toHaveCount(1);
	await expect(composer.getByTestId('prompt-image')).toHaveCount(0);
	await expect(transcript.locator('[data-outcome="answered"]')).toBeVisible();

	await page.reload();
	await waitForHub(page);
	const image = page.getByRole('list', { name: 'Transcript' }).getByTestId('prompt-image');
	await expect(image).toHaveCount(1);
	await expect(image.locator('img')).toHaveJSProperty('naturalWidth', 40);
	await image.getByRole('button', { name: 'Save to workspace' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'assets/design-mock.png' })).toBeVisible();
	const files = (await call(page, 'workspace_list_files', {})).structuredContent.files as { path: string; mimeType: string; size: number }[];
	expect(files.find((file) => file.path === 'assets/design-mock.png')).toMatchObject({ mimeType: 'image/png' });
});
