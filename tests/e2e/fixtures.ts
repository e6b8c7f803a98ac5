// Shared Playwright fixtures: a page that records console errors and uncaught exceptions.
import { test as base, expect, type Page } from '@playwright/test';

/** Console errors and page errors seen during a test. */
export interface PageProblems {
	errors: string[];
}

/** Starts recording console errors and uncaught exceptions on `page`. */
export function watchProblems(page: Page): PageProblems {
	const problems: PageProblems = { errors: [] };
	page.on('console', (message) => {
		if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
	});
	page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
	return problems;
}

export const test = base.extend<{ problems: PageProblems }>({
	problems: async ({ page }, use) => {
		await use(watchProblems(page));
	}
});

export { expect };

/** Waits until the status bar says the hub answered the handshake. */
export async function waitForHub(page: Page): Promise<void> {
	await expect(page.getByTestId('hub-state')).toHaveText('Runtime connected', { timeout: 15_000 });
}
