// The page the inspector's tests look at (a header that changes colour under 600 px, a box of a
// known size, a text a script writes) and how to open the studio with it rendered.
import { expect, waitForHub, previewFrame } from '../fixtures';
import type { Page } from '@playwright/test';

type Written = { isError: boolean; structuredContent: { revision?: number } };

export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bakery</title>
<style>
body { margin: 0; font-family: sans-serif; }
header { background: #0d9488; color: #fff; padding: 16px; height: 80px; }
@media (max-width: 600px) { header { background: #ea580c; } }
#box { width: 200px; height: 120px; background: #2563eb; }
</style>
</head>
<body>
<header><h1 class="hero-title">Fresh bread</h1></header>
<p class="lead">Baked every morning.</p>
<p class="note">Open every day.</p>
<div id="box"></div>
<p id="made"></p>
<script>document.getElementById('made').textContent = 'Made by a script';
var mark = 'data-studio' + '-at';
window.marksSeen = document.querySelectorAll('[' + mark + ']').length + document.documentElement.outerHTML.split(mark).length - 1;</script>
</body>
</html>
`;
/** The line of `needle` in the page (1-based). */
export const lineOf = (needle: string) => PAGE.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** Opens the studio with the test page rendered. */
export async function withPage(page: Page): Promise<number> {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	const written = (await page.evaluate((content) => window.studio!.callTool('workspace_write_file', { path: 'index.html', content }), PAGE)) as Written;
	expect(written.isError).toBe(false);
	await expect(previewFrame(page).locator('h1.hero-title')).toHaveText('Fresh bread');
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${written.structuredContent.revision} · ready`);
	return written.structuredContent.revision!;
}


/**
 * Turns the picker on and waits until the page shows its crosshair: the picker's code loads with its
 * first use, and a click before it is live is the page's own click, as a person would see.
 */
export async function startPicking(page: Page): Promise<void> {
	await page.getByTestId('preview-pick').click();
	await expect(page.getByTestId('preview-picking')).toBeVisible();
	await expect(previewFrame(page).locator('html')).toHaveCSS('cursor', 'crosshair', { timeout: 15_000 });
}
