// Git sync in the browser, against a real `git http-backend` on 127.0.0.1 with a token: commit and
// push from one browser profile, the same files pulled into a second profile on a phone, a wrong
// token refused, and an offline push a retryable error that loses nothing.
import { test, expect, waitForHub } from './fixtures';
import type { Browser, Page } from '@playwright/test';
import { startGitServer, type GitServer } from './helpers/git-server';

const TOKEN = 'e2e-git-token';
let git: GitServer;
test.beforeEach(async ({ baseURL }) => {
	git = await startGitServer({ token: TOKEN, origin: new URL(baseURL!).origin });
});
test.afterEach(async () => {
	await git.close();
});

type Result = { isError: boolean; structuredContent: Record<string, unknown> & { error?: { code: string; retryable: boolean } } };
const call = (page: Page, name: string, args: Record<string, unknown> = {}) => page.evaluate(([n, a]) => window.studio!.callTool(n, a) as Promise<unknown>, [name, args] as const) as Promise<Result>;
const link = (page: Page, url: string, who: string, token = TOKEN) => page.evaluate(([u, w, t]) => window.studio!.setGitLink({ url: u, branch: 'main', token: t, author: { name: w, email: `${w.toLowerCase()}@example.com` } }), [url, who, token] as const);

async function profile(browser: Browser, baseURL: string, phone = false) {
	const context = await browser.newContext({ baseURL, ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}) });
	const page = await context.newPage();
	await page.goto('/');
	await waitForHub(page);
	return { context, page };
}

test('commit and push from one profile; pull into a phone profile gives the same files; its edit comes back merged with an unpushed edit of another line, into the open editor, as one marked revision; git log names both authors', async ({ browser, baseURL }) => {
	const url = git.repo('site');
	const laptop = await profile(browser, baseURL!);
	const view = await link(laptop.page, url, 'Laptop');
	expect(JSON.stringify(view)).not.toContain(TOKEN);
	const committed = await call(laptop.page, 'git_commit', { message: 'From the laptop' });
	expect(committed.isError, JSON.stringify(committed.structuredContent)).toBe(false);
	expect((await call(laptop.page, 'git_push')).isError).toBe(false);
	expect(git.log('site')).toEqual([{ author: 'Laptop', email: 'laptop@example.com', subject: 'From the laptop' }]);

	const phone = await profile(browser, baseURL!, true);
	await link(phone.page, url, 'Phone');
	const pulled = await call(phone.page, 'git_pull');
	expect(pulled.isError, JSON.stringify(pulled.structuredContent)).toBe(false);
	const files = async (page: Page) => ((await call(page, 'workspace_list_files')).structuredContent.files as { path: string; hash: string }[]).map((f) => [f.path, f.hash]);
	expect(await files(phone.page)).toEqual(await files(laptop.page));

	const index = (await call(phone.page, 'workspace_read_file', { path: 'index.html' })).structuredContent as { content: string; revision: number };
	await call(phone.page, 'workspace_write_file', { path: 'index.html', content: index.content.replace('</body>', '<p id="phone">Edited on the phone</p></body>'), expectedRevision: index.revision });
	expect((await call(phone.page, 'git_commit', { message: 'From the phone' })).isError).toBe(false);
	expect((await call(phone.page, 'git_push')).isError).toBe(false);

	// The laptop has an unpushed edit on another line of the same file, and the file open in its editor.
	await expect(laptop.page.locator('.cm-content')).toContainText('<title>');
	const mine = (await call(laptop.page, 'workspace_read_file', { path: 'index.html' })).structuredContent as { content: string; revision: number };
	expect(mine.content).toMatch(/<title>[^<]*<\/title>/);
	await call(laptop.page, 'workspace_write_file', { path: 'index.html', content: mine.content.replace(/<title>[^<]*<\/title>/, '<title>Laptop title</title>'), expectedRevision: mine.revision });
	const merging = await call(laptop.page, 'git_pull');
	expect(merging.isError, JSON.stringify(merging.structuredContent)).toBe(false);
	expect(merging.structuredContent.revision).toBe(mine.revision + 2); // the local edit, then the pull as one revision
	const merged = (await call(laptop.page, 'workspace_read_file', { path: 'index.html' })).structuredContent.content as string;
	expect(merged).toContain('Edited on the phone');
	expect(merged).toContain('<title>Laptop title</title>');
	// The open editor took the pulled change as it takes any outside change.
	const editor = () => laptop.page.evaluate(() => window.studio!.editorText('index.html'));
	await expect.poll(editor).toContain('Edited on the phone');
	expect(await editor()).toBe(merged);
	expect(git.log('site').map((e) => `${e.author}: ${e.subject}`)).toEqual(['Phone: From the phone', 'Laptop: From the laptop']);
	// History marks the revision the pull made, and the one the laptop committed.
	await laptop.page.getByRole('tab', { name: 'History' }).click();
	const revisions = laptop.page.getByRole('list', { name: 'Revisions' });
	await expect(revisions.getByRole('button', { name: new RegExp(`^r${mine.revision + 2}\\b`) }).getByTestId('git-mark')).toHaveText(/^pulled [0-9a-f]{7}$/);
	await laptop.context.close();
	await phone.context.close();
});

test('a wrong token is GIT_AUTH_FAILED; an offline push is retryable and the commit waits on the device', async ({ browser, baseURL }) => {
	const url = git.repo('careful');
	const device = await profile(browser, baseURL!);
	await link(device.page, url, 'Careful', 'not-the-token');
	expect((await call(device.page, 'git_commit', { message: 'Waiting' })).isError).toBe(false);
	expect((await call(device.page, 'git_push')).structuredContent.error).toMatchObject({ code: 'GIT_AUTH_FAILED', retryable: false });
	await link(device.page, url, 'Careful');
	await git.stop();
	expect((await call(device.page, 'git_push')).structuredContent.error).toMatchObject({ code: 'GIT_NETWORK_UNAVAILABLE', retryable: true });
	await git.start();
	expect((await call(device.page, 'git_push')).isError).toBe(false);
	expect(git.log('careful').map((e) => e.subject)).toEqual(['Waiting']);
	await device.context.close();
});

/** Opens the History panel (a tab of the dock, or of the phone's bar) and its git section. */
async function gitSection(page: Page, phone = false) {
	if (phone) await page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name: 'History' }).click();
	else await page.getByRole('tab', { name: 'History' }).click();
	const section = page.getByTestId('git-sync');
	await expect(section).toBeVisible();
	return section;
}
async function linkInForm(section: import('@playwright/test').Locator, url: string, who: string) {
	await section.getByRole('button', { name: 'Link to a git remote…' }).click();
	const form = section.getByRole('form', { name: 'Git link' });
	await form.getByLabel('Repository URL').fill(url);
	await form.getByLabel('Token').fill(TOKEN);
	await form.getByLabel('Your name').fill(who);
	await form.getByLabel('Your e-mail').fill(`${who.toLowerCase()}@example.com`);
	await form.getByRole('button', { name: 'Link' }).click();
	await expect(section.getByTestId('git-status')).toContainText(url);
}

test('from the screen: link, commit and push on a laptop; clone on a phone (a wrong token first); the same line edited on both is a conflict shown with both sides, written only once a side is picked', async ({ browser, baseURL }) => {
	const url = git.repo('by-hand');
	const laptop = await profile(browser, baseURL!);
	const mine = await gitSection(laptop.page);
	await linkInForm(mine, url, 'Laptop');
	await expect(mine.getByTestId('git-status')).toContainText(/\d+ files changed since the last commit/);
	await mine.getByLabel('Commit message').fill('Made in the studio');
	await mine.getByRole('button', { name: 'Commit' }).click();
	await expect(mine.getByTestId('git-status')).toContainText('no change since the last commit');
	await mine.getByRole('button', { name: 'Push' }).click();
	await expect.poll(() => { try { return git.log('by-hand').map((e) => e.subject); } catch { return []; } }).toEqual(['Made in the studio']);

	// The phone clones it into a new workspace: New workspace → a git repository.
	const phone = await profile(browser, baseURL!, true);
	await phone.page.getByTestId('workspace-switcher').click();
	await phone.page.getByRole('button', { name: 'New workspace from a git repository…' }).click();
	const dialog = phone.page.getByRole('dialog', { name: 'New workspace' });
	await expect(dialog.getByRole('radio', { name: /A git repository/ })).toBeChecked();
	const fields = dialog.getByTestId('clone-fields');
	await fields.getByLabel('Repository URL').fill(url);
	await expect(dialog.getByTestId('workspace-name')).toHaveValue('by-hand'); // the name follows the repository's
	await dialog.getByTestId('workspace-name').fill('By hand');
	await fields.getByLabel('Token').fill('not-the-token');
	await fields.getByLabel('Your name').fill('Phone');
	await fields.getByLabel('Your e-mail').fill('phone@example.com');
	await dialog.getByRole('button', { name: 'Clone' }).click();
	// A wrong token says so and keeps the dialog to fix it.
	await expect(phone.page.getByText(/could not be cloned/)).toBeVisible();
	await expect(dialog).toBeVisible();
	await fields.getByLabel('Token').fill(TOKEN);
	await dialog.getByRole('button', { name: 'Clone' }).click();
	await phone.page.waitForURL((address) => address.searchParams.get('workspace')?.startsWith('ws-') === true);
	await waitForHub(phone.page);
	await expect(phone.page.getByText(/^Cloned .* as “By hand” \(\d+ files\)/)).toBeVisible();
	const theirs = await gitSection(phone.page, true);
	await expect(theirs.getByTestId('git-status')).toContainText(url);
	await expect(theirs.getByTestId('git-status')).toContainText('no change since the last commit');
	const files = async (page: Page) => ((await call(page, 'workspace_list_files')).structuredContent.files as { path: string; hash: string }[]).map((f) => [f.path, f.hash]);
	expect(await files(phone.page)).toEqual(await files(laptop.page));

	// The same line, both ways.
	const edit = async (page: Page, text: string) => {
		const file = (await call(page, 'workspace_read_file', { path: 'README.md' })).structuredContent as { content: string; revision: number };
		const lines = file.content.split('\n');
		lines[0] = text;
		expect((await call(page, 'workspace_write_file', { path: 'README.md', content: lines.join('\n'), expectedRevision: file.revision })).isError).toBe(false);
	};
	await edit(phone.page, '# Title from the phone');
	await expect(theirs.getByTestId('git-status')).toContainText('1 file changed since the last commit');
	// What the commit holds is shown before it is made: the file and its lines.
	await theirs.getByText('What a commit would hold').click();
	const diff = theirs.getByTestId('git-changes').getByLabel('Changes since the last commit');
	await expect(diff).toContainText('README.md');
	await expect(diff).toContainText('+ # Title from the phone');
	await theirs.getByLabel('Commit message').fill('Phone title');
	await theirs.getByRole('button', { name: 'Commit' }).click();
	await expect(theirs.getByTestId('git-status')).toContainText('no change since the last commit');
	// History marks the revision that became the commit.
	await expect(phone.page.getByRole('list', { name: 'Revisions' }).getByTestId('git-mark')).toHaveText(/^commit [0-9a-f]{7}$/);
	await theirs.getByRole('button', { name: 'Push' }).click();
	await expect.poll(() => git.log('by-hand').length).toBe(2);

	await edit(laptop.page, '# Title from the laptop');
	const revision = ((await call(laptop.page, 'workspace_get_status')).structuredContent.revision as number);
	await mine.getByRole('button', { name: 'Pull', exact: true }).click();
	const conflict = mine.getByTestId('git-conflict');
	await expect(conflict).toContainText('README.md');
	await expect(conflict).toContainText('# Title from the laptop');
	await expect(conflict).toContainText('# Title from the phone');
	expect((await call(laptop.page, 'workspace_get_status')).structuredContent.revision).toBe(revision); // nothing written
	await conflict.getByRole('button', { name: 'Take theirs' }).click();
	await mine.getByRole('button', { name: 'Pull with these choices' }).click();
	await expect(conflict).toHaveCount(0);
	expect(((await call(laptop.page, 'workspace_read_file', { path: 'README.md' })).structuredContent.content as string).split('\n')[0]).toBe('# Title from the phone');
	expect((await call(laptop.page, 'workspace_get_status')).structuredContent.revision).toBe(revision + 1);
	await laptop.context.close();
	await phone.context.close();
});
