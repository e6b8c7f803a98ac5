// Opening the studio on a site of a test's own: its files written through the tool catalog, the way
// an agent would, and the catalog's calls with their structured results.
import type { Page } from '@playwright/test';
import { expect, waitForHub } from '../fixtures';

export type Result = { structuredContent: { preview?: { status: string; message?: string } } };

/** Calls a tool of the studio's catalog in `page`. */
export const call = (page: Page, name: string, args: Record<string, unknown> = {}) =>
	page.evaluate(([n, a]) => window.studio!.callTool(n as string, a as Record<string, unknown>), [name, args] as const) as Promise<Result>;

/** What preview_get_status says of the page shown: its errors (with their `file:line`) and console lines. */
export type PreviewStatus = { errors: { message: string; at?: string }[]; warnings: { message: string }[]; console: { text: string }[]; preview: { status: string } };

/** The preview's status, as an agent reads it. */
export const previewStatus = async (page: Page) => (await call(page, 'preview_get_status')).structuredContent as unknown as PreviewStatus;

/** Opens the studio and writes a site's files, its index.html last (the page then shown). */
export async function openSite(page: Page, files: Record<string, string> & { 'index.html': string }) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	for (const [path, content] of Object.entries(files)) if (path !== 'index.html') await call(page, 'workspace_create_file', { path, content });
	await call(page, 'workspace_write_file', { path: 'index.html', content: files['index.html'] });
}
