// The model loop end to end against a real OpenAI-compatible server on 127.0.0.1 (aimock), driven
// from the studio in Chromium: tool calls, approvals, revision conflicts, retries, auth, cancel.
import { LLMock } from '@copilotkit/aimock';
import { test, expect, waitForHub, previewFrame } from './fixtures';
import type { Page } from '@playwright/test';

type Req = { messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }[]; tools?: unknown[] };
const KEY = 'sk-test-secret-key-123';

let mock: LLMock;
test.beforeEach(async () => {
	mock = new LLMock({ port: 0, host: '127.0.0.1' });
	await mock.start();
});
test.afterEach(async () => {
	// The page (and its hub) outlives this hook: a keep-alive or late request from it must not hold
	// the server open, so its connections are cut before it closes.
	(mock as unknown as { serverInstance?: { server: import('node:http').Server } }).serverInstance?.server.closeAllConnections();
	await mock.stop();
});

/** A scripted model: given the conversation so far, what does it answer? */
function script(decide: (req: Req) => { content?: string; toolCalls?: { name: string; arguments: string; id?: string }[] }, latency?: number) {
	mock.addFixture({ match: { predicate: () => true }, response: (req) => decide(req as unknown as Req) as never, ...(latency ? { latency } : {}) });
}
const lastTool = (req: Req) => {
	const last = req.messages.at(-1);
	return last?.role === 'tool' ? (JSON.parse(last.content ?? '{}') as Record<string, unknown>) : null;
};
const chatRequests = () => mock.getRequests().filter((r) => r.path.endsWith('/chat/completions'));

async function configure(page: Page) {
	await page.goto('/');
	await waitForHub(page);
	await expect(page.getByTestId('preview-chip')).toContainText('ready', { timeout: 15_000 });
	await page.getByRole('button', { name: 'Model settings' }).click();
	const form = page.getByRole('form', { name: 'Model settings' });
	await form.getByLabel('Base URL').fill(`${mock.url}/v1`);
	await form.getByLabel('Base URL').press('Tab');
	await form.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
	await form.getByLabel('Model', { exact: true }).press('Tab');
	await form.getByLabel('API key').fill(KEY);
	await form.getByRole('button', { name: 'Save key' }).click();
	await expect(form.getByLabel('API key')).toHaveAttribute('placeholder', /saved/);
	await page.getByRole('combobox', { name: 'Agent' }).selectOption('model');
	await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('model');
}
async function send(page: Page, prompt: string) {
	await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
	await page.getByRole('button', { name: 'Send' }).click();
}
const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript' });

test('a scripted model reads, patches with the revision it read, waits for approval, sees the preview ack and answers', async ({ page }) => {
	script((req) => {
		const tool = lastTool(req);
		if (!tool) return { toolCalls: [{ id: 'call_read', name: 'workspace_read_file', arguments: '{"path":"index.html"}' }] };
		if ('content' in tool) return { toolCalls: [{ id: 'call_patch', name: 'workspace_apply_patch', arguments: JSON.stringify({ path: 'index.html', search: 'Fresh bread', replace: 'Model bread', expectedRevision: tool.revision }) }] };
		const preview = tool.preview as { status: string; revision: number };
		return { content: `Patched the headline; revision ${tool.revision} is ${preview.status} in the preview.` };
	});
	await configure(page);
	await send(page, 'Change the headline');
	const card = transcript(page).getByTestId('approval-card');
	await expect(card.getByText('Requested by the model')).toBeVisible();
	await card.getByRole('button', { name: 'Allow once' }).click();
	await expect(transcript(page)).toContainText(/Patched the headline; revision \d+ is ready in the preview\./);
	await expect(previewFrame(page).locator('h1')).toContainText('Model bread');
	await expect(transcript(page).locator('[data-outcome="answered"]')).toBeVisible();

	const requests = chatRequests();
	expect(requests).toHaveLength(3);
	for (const r of requests) {
		const body = r.body as unknown as Req & { tool_choice: string; stream: boolean };
		expect(body.tools).toHaveLength(38); // the whole catalog (preview_screenshot, workspace_edit_element and the git tools included)
		expect(body.tool_choice).toBe('auto');
		expect(body.stream).toBe(true);
		expect(r.headers.authorization).toBeTruthy(); // the journal redacts its value
	}
	const third = requests[2]!.body as unknown as Req;
	const toolMessages = third.messages.filter((m) => m.role === 'tool');
	expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['call_read', 'call_patch']);
	expect(JSON.parse(toolMessages[1]!.content!)).toMatchObject({ changedPaths: ['index.html'], preview: { status: 'ready' } });
	expect(third.messages[0]!.role).toBe('system');
	expect(third.messages[0]!.content).toContain('expectedRevision');

	// The key never reaches the page, the trace or an export.
	const traceJson = JSON.stringify(await page.evaluate(() => window.studio!.trace));
	expect(traceJson).not.toContain(KEY);
	expect(await page.content()).not.toContain(KEY);
	const run = (await page.evaluate(() => window.studio!.trace)) as { method: string; phase: string; sessionId?: string; details?: Record<string, unknown> }[];
	const agentEntry = run.find((e) => e.method === 'agent.request' && e.phase === 'completed')!;
	expect(agentEntry.details).toMatchObject({ model: 'gpt-4o-mini', turns: 3, toolCalls: 2, outcome: 'answered' });
	expect(run.filter((e) => e.method === 'tools/call' && e.sessionId === agentEntry.sessionId).length).toBeGreaterThanOrEqual(4);
});

test('a stale revision gets WORKSPACE_REVISION_CONFLICT; the model re-reads and succeeds', async ({ page }) => {
	script((req) => {
		const tool = lastTool(req);
		const patch = (rev: unknown) => ({ toolCalls: [{ id: `call_${Math.random().toString(36).slice(2, 6)}`, name: 'workspace_apply_patch', arguments: JSON.stringify({ path: 'index.html', search: 'every morning', replace: 'all day', expectedRevision: rev }) }] });
		if (!tool) return patch(0);
		const error = tool.error as { code: string } | undefined;
		if (error?.code === 'WORKSPACE_REVISION_CONFLICT') return { toolCalls: [{ id: 'call_reread', name: 'workspace_read_file', arguments: '{"path":"index.html"}' }] };
		if ('content' in tool) return patch(tool.revision);
		return { content: 'Fixed after re-reading.' };
	});
	await configure(page);
	await send(page, 'Say all day');
	// Approval comes first (policy runs before the handler); "for this session" lets the retry through.
	await transcript(page).getByTestId('approval-card').getByRole('button', { name: 'Allow for this session' }).click();
	await expect(transcript(page)).toContainText('WORKSPACE_REVISION_CONFLICT');
	await expect(transcript(page)).toContainText('Fixed after re-reading.');
	await expect(page.getByTestId('approval-card')).toHaveCount(0);
	await expect(transcript(page).getByTestId('approval-decision').first()).toHaveText('Allowed for the rest of this run by you in this tab');
	expect(((await page.evaluate(() => window.studio!.readFile('index.html'))) as { content: string }).content).toContain('all day');
});

test('a 429 is retried after the backoff and then succeeds; a 401 ends the run with PROVIDER_AUTH_FAILED', async ({ page }) => {
	script(() => ({ content: 'Hello from the model.' }));
	await configure(page);
	mock.nextRequestError(429, { message: 'Too many requests' });
	await send(page, 'hello');
	await expect(transcript(page)).toContainText('rate limiting');
	await expect(transcript(page)).toContainText('Hello from the model.');
	expect(chatRequests().map((r) => r.response.status)).toEqual([429, 200]);

	mock.nextRequestError(401, { message: 'Invalid API key' });
	await send(page, 'hello again');
	await expect(transcript(page)).toContainText('refused the API key');
	await expect(transcript(page).locator('[data-outcome="failed"]')).toContainText('PROVIDER_AUTH_FAILED');
});

test('cancel mid-stream stops the run, and it is traced as cancelled', async ({ page }) => {
	script(() => ({ content: 'This answer takes a long time to arrive.' }), 5000);
	await configure(page);
	await send(page, 'slow please');
	await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
	await page.waitForTimeout(300);
	await page.getByRole('button', { name: 'Stop' }).click();
	await expect(transcript(page).locator('[data-outcome="cancelled"]')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
	await expect
		.poll(async () => ((await page.evaluate(() => window.studio!.trace)) as { method: string; phase: string }[]).some((e) => e.method === 'agent.request' && e.phase === 'cancelled'))
		.toBe(true);
});

test('the model picker lists the provider\'s models from GET /models', async ({ page }) => {
	script(() => ({ content: 'unused' }));
	await configure(page); // leaves the settings open
	const form = page.getByRole('form', { name: 'Model settings' });
	await form.getByRole('button', { name: 'Load models' }).click();
	await expect(form).toContainText(/\d+ models · \d+ support tools/);
	expect(await page.locator('#model-list option').count()).toBeGreaterThan(0);
});

test('a model changes three files in one workspace_apply_changes call: one card with three diffs, one revision, one render; usage shows; a reload shows the same conversation', async ({ page }) => {
	script((req) => {
		if (!lastTool(req)) {
			const operations = [
				{ op: 'create', path: 'about.html', content: '<h1>About</h1>\n' },
				{ op: 'create', path: 'contact.html', content: '<h1>Contact</h1>\n' },
				{ op: 'patch', path: 'index.html', search: '</body>', replace: '<a id="to-about" href="about.html">About</a></body>' }
			];
			return { toolCalls: [{ id: 'call_batch', name: 'workspace_apply_changes', arguments: JSON.stringify({ operations }) }] };
		}
		return { content: `Added three files in revision ${lastTool(req)!.revision}.` };
	});
	await configure(page);
	const before = ((await page.evaluate(() => window.studio!.callTool('workspace_get_status'))) as { structuredContent: { revision: number } }).structuredContent.revision;
	let renders = 0;
	page.on('framenavigated', (frame) => {
		// The site's frame: a srcdoc frame inside the preview document, which is a frame of the page.
		if (frame.url() === 'about:srcdoc' && frame.parentFrame()?.parentFrame() === page.mainFrame()) renders++;
	});
	await send(page, 'Add an about page, a contact page and their styles');
	const cards = page.getByTestId('approval-card');
	await expect(cards).toHaveCount(1);
	await expect(cards.getByTestId('approval-file')).toHaveCount(3);
	for (const path of ['about.html', 'contact.html', 'index.html']) await expect(cards.getByTestId('approval-diff')).toContainText(path);
	await expect(cards.getByTestId('approval-diff')).toContainText('+ <h1>Contact</h1>');
	await cards.getByRole('button', { name: 'Allow once' }).click();
	await expect(transcript(page)).toContainText(`Added three files in revision ${before + 1}.`);
	await expect(page.getByTestId('preview-chip')).toContainText(`revision ${before + 1}`);
	await expect(previewFrame(page).locator('#to-about')).toHaveText('About');
	expect(renders).toBe(1);
	const history = ((await page.evaluate(() => window.studio!.callTool('workspace_history'))) as { structuredContent: { entries: { revision: number; tool: string }[] } }).structuredContent.entries;
	expect(history.filter((entry) => entry.revision > before)).toEqual([expect.objectContaining({ revision: before + 1, tool: 'workspace_apply_changes' })]);

	// Usage: the mock server reports token counts with include_usage.
	const usage = page.getByTestId('agent-usage');
	await expect(usage).toHaveText(/[1-9][\d,]* in \/ [1-9][\d,]* out tokens/);
	const shown = await usage.textContent();
	// Who decided is said relative to the tab reading it: after a reload the deciding tab is another one.
	const lines = (await transcript(page).locator('li').allTextContents()).map((line) => line.replace('in this tab', 'in another tab'));

	await page.reload();
	await waitForHub(page);
	await expect(transcript(page).locator('li')).toHaveText(lines);
	await expect(page.getByTestId('agent-usage')).toHaveText(shown!);
	await expect(page.getByRole('combobox', { name: 'Conversation' })).toContainText('Add an about page');
});

test('a run keeps going while another tab is open: the tab that reloaded mid-run sees it continue and finish', async ({ page, context }) => {
	test.setTimeout(120_000); // two tabs and a reload on a busy machine
	script(() => ({ content: 'A slow but complete answer.' }), 1500); // seconds in all: the run is still going when the tab reloads, on a busy machine too
	await configure(page);
	const other = await context.newPage();
	await other.goto('/');
	await waitForHub(other);
	await send(page, 'take your time');
	await expect(transcript(other)).toContainText('take your time');
	await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
	await page.reload();
	await waitForHub(page);
	await expect(transcript(page)).toContainText('take your time');
	await expect(transcript(page)).toContainText('A slow but complete answer.', { timeout: 20_000 });
	await expect(transcript(page).locator('[data-outcome="answered"]')).toBeVisible();
	await expect(transcript(other).locator('[data-outcome="answered"]')).toBeVisible();
});

test('Fix with the agent: the local agent explains what a model would do; a model gets a run whose first message holds the error, its file:line and the lines around it', async ({ page }) => {
	script(() => ({ content: 'I will look into it.' }));
	await configure(page);
	await page.evaluate(async () => {
		await window.studio!.callTool('workspace_create_file', { path: 'boom.js', content: 'const ready = true;\nnotDefinedAnywhere();\n' });
		await window.studio!.callTool('workspace_write_file', { path: 'index.html', content: '<!doctype html><h1>Boom</h1><script src="boom.js"></script>\n' });
	});
	const overlay = page.getByTestId('preview-error');
	await expect(overlay).toContainText('notDefinedAnywhere');

	await page.getByRole('combobox', { name: 'Agent' }).selectOption('local');
	await overlay.getByRole('button', { name: 'Fix with the agent' }).click();
	const hint = page.getByRole('dialog', { name: 'The local agent cannot fix code' });
	await expect(hint).toContainText('A model would read boom.js:2');
	await hint.getByRole('button', { name: 'Open Model settings' }).click();
	await expect(page.getByRole('form', { name: 'Model settings' })).toBeVisible();
	expect(chatRequests()).toHaveLength(0);

	await page.getByRole('combobox', { name: 'Agent' }).selectOption('model');
	await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('model');
	await overlay.getByRole('button', { name: 'Fix with the agent' }).click();
	await expect(transcript(page)).toContainText('I will look into it.');
	const first = (chatRequests()[0]!.body as unknown as Req).messages.find((m) => m.role === 'user')!.content!;
	expect(first).toContain('notDefinedAnywhere');
	expect(first).toContain('boom.js:2');
	expect(first).toMatch(/2> notDefinedAnywhere\(\);/);
	await expect(transcript(page).locator('li.user').first()).toContainText('boom.js:2');
});
