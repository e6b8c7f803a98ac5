// What a model sees of the page, against a real OpenAI-compatible server on 127.0.0.1 (aimock) behind
// a model list that says which model reads images: preview_screenshot's picture and a pasted image go
// to a vision model as image parts and never to a text-only one; a picked element's chip goes with
// the next prompt as context.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LLMock } from '@copilotkit/aimock';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { lineOf, startPicking, withPage } from './helpers/inspect-page';

type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] | null; tool_call_id?: string };
type Req = { messages: Message[] };

let mock: LLMock;
let server: http.Server;
let baseUrl = '';
/** Every chat request the studio sent, whole. */
let seen: Req[] = [];

test.beforeEach(async () => {
	mock = new LLMock({ port: 0, host: '127.0.0.1' });
	await mock.start();
	seen = [];
	const upstream = new URL(mock.url);
	// The provider's model list as OpenRouter shows it (input modalities); everything else is aimock's.
	server = http.createServer((req, res) => {
		res.setHeader('Access-Control-Allow-Origin', '*');
		res.setHeader('Access-Control-Allow-Headers', '*');
		if (req.method === 'OPTIONS') return void res.writeHead(204).end();
		if (req.url?.endsWith('/models')) {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			return void res.end(JSON.stringify({ data: [
				{ id: 'vision-model', name: 'Vision', supported_parameters: ['tools'], architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] } },
				{ id: 'text-model', name: 'Text', supported_parameters: ['tools'], architecture: { input_modalities: ['text'], output_modalities: ['text'] } }
			] }));
		}
		// aimock's journal keeps bodies up to 64 KB; a screenshot makes them bigger, so they are kept here.
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			if (req.url?.endsWith('/chat/completions')) seen.push(JSON.parse(body.toString('utf8')) as Req);
			const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, 'content-length': String(body.length) } }, (answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			});
			forward.end(body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
test.afterEach(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	(mock as unknown as { serverInstance?: { server: http.Server } }).serverInstance?.server.closeAllConnections();
	await mock.stop();
});

/** The model: a screenshot first, then an answer. */
function script() {
	mock.addFixture({
		match: { predicate: () => true },
		response: ((req: Req) => (req.messages.at(-1)?.role === 'user' && !req.messages.some((m) => m.role === 'tool') ? { toolCalls: [{ id: 'call_shot', name: 'preview_screenshot', arguments: '{"width":390}' }] } : { content: 'I looked at the page.' })) as never
	});
}
const chats = () => seen;
const images = (req: Req) => req.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((part) => part.type === 'image_url');
const textOf = (m: Message | undefined) => (typeof m?.content === 'string' ? m.content : (m?.content ?? []).map((part) => part.text ?? '').join('\n'));

async function useModel(page: Page, model: string) {
	await page.getByRole('button', { name: 'Model settings' }).click();
	const form = page.getByRole('form', { name: 'Model settings' });
	await form.getByLabel('Base URL').fill(baseUrl);
	await form.getByLabel('Base URL').press('Tab');
	await form.getByLabel('Model', { exact: true }).fill(model);
	await form.getByLabel('Model', { exact: true }).press('Tab');
	await page.getByRole('combobox', { name: 'Agent' }).selectOption('model');
	await page.getByRole('button', { name: 'Model settings' }).click();
}
async function pasteImage(page: Page) {
	await page.getByRole('textbox', { name: 'Prompt' }).evaluate(async (textarea) => {
		const canvas = new OffscreenCanvas(32, 24);
		canvas.getContext('2d')!.fillRect(0, 0, 32, 24);
		const data = new DataTransfer();
		data.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'sketch.png', { type: 'image/png' }));
		textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
	});
	await expect(page.locator('form.compose').getByTestId('prompt-image')).toHaveCount(1);
}
async function ask(page: Page, prompt: string) {
	await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
	await page.getByRole('button', { name: 'Send' }).click();
	await expect(page.getByRole('list', { name: 'Transcript' }).getByText('I looked at the page.').last()).toBeVisible();
}

test('a vision model gets the picked element as context, the pasted image and the screenshot as image parts; a text-only model gets neither image', async ({ page }) => {
	await withPage(page);
	script();
	await useModel(page, 'vision-model');
	await startPicking(page);
	await page.frameLocator('section[data-region="preview"] iframe.preview-frame').frameLocator('iframe:not([data-leaving])').locator('h1.hero-title').click();
	const place = `index.html:${lineOf('hero-title')}`;
	await expect(page.getByTestId('element-chip').first()).toContainText(`h1.hero-title — ${place}`);
	await pasteImage(page);
	await ask(page, 'make this bigger');
	let [first, second] = chats();
	const prompt = first!.messages.find((m) => m.role === 'user')!;
	expect(textOf(prompt)).toContain(`Written in ${place}`);
	expect(textOf(prompt)).toContain('Outer HTML: <h1 class="hero-title">Fresh bread</h1>');
	expect(images(first!)).toHaveLength(1); // the pasted image
	expect(images(first!)[0]!.image_url!.url).toMatch(/^data:image\/png;base64,/);
	// The screenshot comes back as an image part after the tool's result, beside its JSON.
	const tool = second!.messages.find((m) => m.role === 'tool')!;
	expect(JSON.parse(textOf(tool))).toMatchObject({ width: 390, height: 844, mimeType: 'image/png', page: 'index.html' });
	expect(images(second!)).toHaveLength(2);
	expect(textOf(second!.messages.at(-1))).toContain('preview_screenshot returned');
	// The person sees what the model saw: the step shows the picture.
	await expect(page.getByTestId('step-image').first()).toHaveJSProperty('naturalWidth', 390);

	seen = [];
	await page.getByRole('button', { name: 'New conversation' }).click();
	await useModel(page, 'text-model');
	await pasteImage(page);
	await ask(page, 'make this bigger');
	[first, second] = chats();
	expect(images(first!)).toHaveLength(0);
	expect(images(second!)).toHaveLength(0);
	expect(textOf(first!.messages.find((m) => m.role === 'user'))).toContain('this model does not accept images');
	expect(textOf(second!.messages.find((m) => m.role === 'tool'))).toContain('The image is not shown: this model does not accept images.');
	// The chip stayed for the next prompt: the text-only model still reads where the element is.
	expect(textOf(first!.messages.find((m) => m.role === 'user'))).toContain(`Written in ${place}`);
});
