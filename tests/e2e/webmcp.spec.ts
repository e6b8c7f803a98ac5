// WebMCP: a browser agent sees exactly the catalog, calls tools, and its writes wait for approval.
import { test, expect, waitForHub, previewFrame } from './fixtures';
import { mcpTools } from '../../src/lib/tools/catalog';

test('browser agents get the whole catalog through WebMCP, and their writes wait for approval in the studio', async ({ page }) => {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await expect.poll(async () => (await page.webmcp.tools()).length).toBe(mcpTools().length);
	const tools = await page.webmcp.tools();
	expect(tools.map((t) => t.name).sort()).toEqual(mcpTools().map((t) => t.name).sort());
	const read = tools.find((t) => t.name === 'workspace_read_file')!;
	expect(read.annotations?.readOnly).toBe(true);
	expect(read.inputSchema).toMatchObject({ type: 'object', required: ['path'] });
	expect(tools.find((t) => t.name === 'workspace_write_file')!.annotations?.readOnly).toBeFalsy();

	const list = (await page.webmcp.callTool('workspace_list_files', {})) as { isError: boolean; structuredContent: { files: { path: string }[] } };
	expect(list.isError).toBe(false);
	expect(list.structuredContent.files.map((f) => f.path)).toContain('index.html');

	const bad = (await page.webmcp.callTool('workspace_read_file', { path: 42 })) as { isError: boolean; structuredContent: { error: { code: string } } };
	expect(bad.isError).toBe(true);
	expect(bad.structuredContent.error.code).toBe('TOOL_VALIDATION_FAILED');

	const before = await page.evaluate(() => window.studio!.revision);
	const writing = page.webmcp.callTool('workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Browser-agent bread', expectedRevision: before });
	const card = page.getByRole('region', { name: 'Approvals' });
	await expect(card.getByText('Requested by a browser agent')).toBeVisible();
	await card.getByRole('button', { name: 'Allow once' }).click();
	const result = (await writing) as { isError: boolean; structuredContent: { revision: number; preview: { revision: number; status: string } } };
	expect(result.isError).toBe(false);
	expect(result.structuredContent.revision).toBe(before + 1);
	expect(result.structuredContent.preview).toMatchObject({ revision: before + 1, status: 'ready' });
	await expect(previewFrame(page).locator('h1')).toContainText('Browser-agent bread');
	const traced = (await page.evaluate(() => window.studio!.trace)) as { name?: string; phase: string; source: string; mode?: string }[];
	expect(traced.some((e) => e.name === 'workspace_apply_patch' && e.phase === 'completed' && e.source === 'webmcp' && e.mode === 'agent')).toBe(true);

	await page.getByRole('button', { name: 'Model settings' }).click();
	await expect(page.getByTestId('browser-agents')).toContainText(`${mcpTools().length} tools registered`);
});

test('each page load is its own WebMCP session: a grant covers only it, is listed with Revoke, and ends on reload', async ({ context, page }) => {
	const other = await context.newPage();
	for (const p of [page, other]) {
		await p.goto('/');
		await waitForHub(p);
		await expect.poll(async () => (await p.webmcp.tools()).length).toBe(mcpTools().length);
	}
	const create = (p: typeof page, path: string) => p.webmcp.callTool('workspace_create_file', { path, content: 'x' }) as Promise<{ isError: boolean; structuredContent: { error?: { code: string } } }>;
	const card = page.getByTestId('approval-card');

	const first = create(page, 'a1.txt');
	await card.getByRole('button', { name: 'Allow for this session' }).click();
	expect((await first).isError).toBe(false);
	expect((await create(page, 'a2.txt')).isError).toBe(false); // covered: no card
	await expect(card).toHaveCount(0);

	const fromOther = create(other, 'b1.txt'); // another page's session is not covered
	await expect(card).toHaveCount(1);
	await card.getByRole('button', { name: 'Deny' }).click();
	expect((await fromOther).structuredContent.error?.code).toBe('TOOL_APPROVAL_DENIED');

	await page.getByRole('button', { name: 'Model settings' }).click();
	await expect(page.getByTestId('grants')).toContainText('Create file');
	await expect(page.getByTestId('grants').getByRole('button', { name: 'Revoke' })).toHaveCount(1);

	await page.reload();
	await waitForHub(page);
	await expect.poll(async () => (await page.webmcp.tools()).length).toBe(mcpTools().length);
	const afterReload = create(page, 'a3.txt');
	await expect(card).toHaveCount(1);
	await card.getByRole('button', { name: 'Deny' }).click();
	expect((await afterReload).structuredContent.error?.code).toBe('TOOL_APPROVAL_DENIED');
	await page.getByRole('button', { name: 'Model settings' }).click();
	await expect(page.getByTestId('grants-empty')).toBeVisible();
});
