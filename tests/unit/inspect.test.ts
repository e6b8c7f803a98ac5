// The inspector's pure parts and its doors: where each element of a page is written, the edit of
// one element in place, preview_screenshot's image content (and its canonical error without a
// preview), the capture requests of the hub, the local agent's plans for a picked element, and what
// a model is sent of a prompt's element and images.
import { describe, expect, it, vi } from 'vitest';
import { editElement, locatedElements, locationValue, parseLocation, shownText, textPrint } from '../../src/lib/domain/elements';
import { compile } from '../../src/lib/preview/compile';
import { WorkspaceService } from '../../src/lib/runtime/workspace-service';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { NO_PREVIEW, type PreviewPort } from '../../src/lib/runtime/ports';
import { ToolRegistry } from '../../src/lib/runtime/registry';
import { registerWorkspaceTools } from '../../src/lib/runtime/handlers/index';
import { CaptureRequests } from '../../src/lib/preview/captures';
import { planForElement } from '../../src/lib/agents/local-element';
import { userMessage } from '../../src/lib/agents/model-loop';
import { acceptsImages, clearPriceCache, entryAcceptsImages, parseVision } from '../../src/lib/agents/pricing';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import { connectClient } from './helpers/mcp-pair';
import { makeFile, type Workspace } from '../../src/lib/domain/model';
import type { PickedElement } from '../../src/lib/preview/messages';

const PAGE = `<!doctype html>
<html><head><title>t</title><style>h1{}</style></head>
<body>
  <!-- <p>not an element</p> -->
  <h1 class="hero">Fresh &amp; warm</h1>
  <p>Text with <a href="x.html">a link</a></p>
  <img src="logo.png" alt="logo">
  <template><p>cloned later</p></template>
  <script>document.write('<p>x</p>')</script>
</body></html>`;

describe('where elements are written', () => {
	it('names every element shown with its line and offset; templates, head and scripts are not elements of the page', () => {
		const located = locatedElements(PAGE);
		expect(located.map((element) => [element.name, element.line])).toEqual([['body', 3], ['h1', 5], ['p', 6], ['a', 6], ['img', 7]]);
		const h1 = located[1]!;
		expect(PAGE.slice(h1.openStart, h1.openEnd)).toBe('<h1 class="hero">');
		expect(h1).toMatchObject({ textOnly: true, text: 'Fresh & warm' });
		expect(located[2]).toMatchObject({ textOnly: false });
		expect(parseLocation(locationValue(h1))).toEqual({ line: 5, offset: h1.openStart, print: textPrint('Fresh & warm') });
		expect(parseLocation(locationValue(located[2]!))).toEqual({ line: 6, offset: located[2]!.openStart });
		expect(parseLocation('nope')).toBeNull();
	});

	it('the compiled page carries each mark after the tag name (a rewritten <img> too) and moves no line', () => {
		const workspace: Workspace = { id: 'w', name: 'w', revision: 3, activePath: 'index.html', files: new Map([['index.html', makeFile('index.html', PAGE)], ['logo.png', makeFile('logo.png', new Uint8Array([137, 80, 78, 71]))]]) };
		const { html } = compile(workspace);
		const h1 = locatedElements(PAGE)[1]!;
		expect(html).toContain(`<h1 data-studio-at="${locationValue(h1)}" class="hero">Fresh &amp; warm</h1>`);
		expect(html).toMatch(/<img data-studio-at="7:\d+" src="data:image\/png;base64,/);
		expect(html).toContain('<template><p>cloned later</p></template>');
		expect(html).not.toMatch(/<(?:html|head|title|style|script|template)[^>]*data-studio-at/);
		const body = html.slice(html.indexOf('<body'));
		expect(body.split('\n').length).toBe(PAGE.slice(PAGE.indexOf('<body')).split('\n').length);
	});
});

describe('editing one element where it is written', () => {
	const h1 = () => locatedElements(PAGE)[1]!;

	it('replaces a text, escaped, keeping the white space around it and every other byte', () => {
		const page = '<ul>\n  <li>\n    One\n  </li>\n</ul>';
		const li = locatedElements(page).find((element) => element.name === 'li')!;
		expect(editElement(page, 'a.html', { offset: li.openStart, tag: 'li', expectText: ' One ', text: 'Two < 3 & more' })).toBe('<ul>\n  <li>\n    Two &lt; 3 &amp; more\n  </li>\n</ul>');
		const out = editElement(PAGE, 'index.html', { offset: h1().openStart, tag: 'h1', expectText: 'Fresh & warm', text: 'Warm rolls' });
		expect(out).toBe(PAGE.replace('Fresh &amp; warm', 'Warm rolls'));
	});

	it('sets, replaces and removes inline style properties in the open tag only', () => {
		const styled = editElement(PAGE, 'index.html', { offset: h1().openStart, tag: 'h1', style: { color: '#0d9488', 'font-size': '40px' } });
		expect(styled).toBe(PAGE.replace('<h1 class="hero">', '<h1 class="hero" style="color: #0d9488; font-size: 40px">'));
		const again = editElement(styled, 'index.html', { offset: h1().openStart, tag: 'h1', style: { color: 'red', 'font-size': '' } });
		expect(again).toBe(PAGE.replace('<h1 class="hero">', '<h1 class="hero" style="color: red">'));
		const img = locatedElements(PAGE).find((element) => element.name === 'img')!;
		expect(editElement('<img src="a.png"/>', 'x.html', { offset: 0, tag: 'img', style: { width: '300px' } })).toBe('<img src="a.png" style="width: 300px"/>');
		expect(editElement(PAGE, 'index.html', { offset: img.openStart, tag: 'img', style: { width: '10px' } })).toContain('<img src="logo.png" alt="logo" style="width: 10px">');
	});

	it('refuses text with markup inside, text a script wrote, and an element that is no longer there', () => {
		const p = locatedElements(PAGE)[2]!;
		expect(() => editElement(PAGE, 'index.html', { offset: p.openStart, tag: 'p', text: 'x' })).toThrow(/markup inside/);
		expect(() => editElement(PAGE, 'index.html', { offset: h1().openStart, tag: 'h1', expectText: 'Made by a script', text: 'x' })).toThrow(/a script builds that text/);
		expect(() => editElement(PAGE, 'index.html', { offset: h1().openStart + 1, tag: 'h1', text: 'x' })).toThrow(expect.objectContaining({ code: 'PREVIEW_TARGET_NOT_FOUND' }));
		expect(() => editElement(PAGE, 'index.html', { offset: h1().openStart, tag: 'p', text: 'x' })).toThrow(/No <p> starts there/);
		expect(shownText('  a \n b ')).toBe('a b');
	});

	it('workspace_edit_element writes one revision that one undo reverts', async () => {
		const { direct } = await makeStudio();
		ok(await direct('workspace_write_file', { path: 'index.html', content: PAGE }));
		const before = ok<{ revision: number }>(await direct('workspace_get_status')).revision;
		const edited = ok<{ revision: number; changedPaths: string[] }>(await direct('workspace_edit_element', { path: 'index.html', offset: h1().openStart, tag: 'h1', expectText: 'Fresh & warm', text: 'Warm rolls' }));
		expect(edited).toMatchObject({ revision: before + 1, changedPaths: ['index.html'] });
		expect(ok<{ content: string }>(await direct('workspace_read_file', { path: 'index.html' })).content).toBe(PAGE.replace('Fresh &amp; warm', 'Warm rolls'));
		expect(errorCode(await direct('workspace_edit_element', { path: 'index.html', offset: 3, tag: 'h1', text: 'x' }))).toBe('PREVIEW_TARGET_NOT_FOUND');
		expect(errorCode(await direct('workspace_edit_element', { path: 'index.html', offset: h1().openStart, tag: 'h1' }))).toBe('TOOL_VALIDATION_FAILED');
		ok(await direct('workspace_undo', { expectedRevision: before + 1 }));
		expect(ok<{ content: string }>(await direct('workspace_read_file', { path: 'index.html' })).content).toBe(PAGE);
	});
});

describe('preview_screenshot', () => {
	const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
	async function studioWith(preview: PreviewPort) {
		const service = await WorkspaceService.open({ repository: new MemoryRepository(), preview });
		const registry = new ToolRegistry({ getRevision: () => service.revision });
		registerWorkspaceTools(registry, service);
		return registry;
	}

	it('without a preview (the MCP stdio server) is PREVIEW_UNAVAILABLE', async () => {
		const { direct } = await makeStudio();
		expect(errorCode(await direct('preview_screenshot', { width: 390 }))).toBe('PREVIEW_UNAVAILABLE');
	});

	it('returns MCP image content beside a JSON that names the revision, never holding the bytes', async () => {
		const asked: unknown[] = [];
		const registry = await studioWith({
			...NO_PREVIEW,
			screenshot: async (options) => {
				asked.push(options);
				return { ok: true, revision: 4, page: 'index.html', mimeType: 'image/png', data: PNG, width: 390, height: 844 };
			}
		});
		const { client } = await connectClient(registry);
		await client.listTools();
		const result = await client.callTool({ name: 'preview_screenshot', arguments: { width: 390 } });
		expect(result.isError).toBe(false);
		expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }, { type: 'image', data: PNG, mimeType: 'image/png' }]);
		expect(result.structuredContent).toEqual({ revision: 4, page: 'index.html', width: 390, height: 844, mimeType: 'image/png', bytes: Math.floor((PNG.length * 3) / 4) });
		expect(asked).toEqual([{ width: 390, height: 844, format: 'png' }]);
		expect(registry.trace.snapshot().some((entry) => entry.name === 'preview_screenshot' && entry.phase === 'completed')).toBe(true);
		expect(JSON.stringify(registry.trace.snapshot())).not.toContain(PNG);
		await client.close();
	});

	it('asks the tab that showed the revision, ignores answers from other tabs, and gives up with a canonical error', async () => {
		vi.useFakeTimers();
		try {
			const sent: [string, string][] = [];
			const requests = new CaptureRequests((tab, id) => sent.push([tab, id]));
			await expect(requests.request(null, { width: 390, height: 844, format: 'png' })).rejects.toMatchObject({ code: 'PREVIEW_UNAVAILABLE' });
			const pending = requests.request('tab-a', { width: 390, height: 844, format: 'png' });
			const [, id] = sent[0]!;
			requests.answer('tab-b', id, { ok: true, revision: 1, page: 'index.html', mimeType: 'image/png', data: PNG, width: 1, height: 1 });
			requests.answer('tab-a', id, { ok: false, code: 'PREVIEW_TARGET_NOT_FOUND', message: 'No element on the page matches #x' });
			await expect(pending).rejects.toMatchObject({ code: 'PREVIEW_TARGET_NOT_FOUND' });
			const late = requests.request('tab-a', { width: 390, height: 844, format: 'png' });
			const caught = late.catch((error: unknown) => error);
			await vi.advanceTimersByTimeAsync(30_000);
			expect(await caught).toMatchObject({ code: 'PREVIEW_ACK_TIMEOUT' });
		} finally {
			vi.useRealTimers();
		}
	});
});

describe('the local agent and a picked element', () => {
	const element: PickedElement = { selector: 'p.note', label: 'p.note', tag: 'p', html: '<p class="note">Open</p>', text: 'Open', box: { x: 0, y: 0, width: 300, height: 20 }, styles: { 'font-size': '16px' }, at: { line: 9, offset: 120 }, path: 'index.html', revision: 2 };
	const edit = (prompt: string, picked = element) => planForElement(prompt, picked)?.steps.find((step) => step.name === 'workspace_edit_element')?.arguments;

	it('edits that element: size, colour, background, weight, its text', () => {
		expect(edit('make it bigger')).toEqual({ path: 'index.html', offset: 120, tag: 'p', style: { 'font-size': '20px' } });
		expect(edit('smaller please')).toMatchObject({ style: { 'font-size': '13px' } });
		expect(edit('make it teal')).toMatchObject({ style: { color: '#0d9488' } });
		expect(edit('give it a red background')).toMatchObject({ style: { 'background-color': '#dc2626' } });
		expect(edit('bold')).toMatchObject({ style: { 'font-weight': '700' } });
		expect(edit('change the text to "Closed on Sundays"')).toEqual({ path: 'index.html', offset: 120, tag: 'p', text: 'Closed on Sundays', expectText: 'Open' });
		expect(edit('make it bigger', { ...element, tag: 'img', box: { x: 0, y: 0, width: 200, height: 100 } })).toMatchObject({ style: { width: '250px' } });
		expect(planForElement('make it teal', element)!.steps[0]).toEqual({ name: 'workspace_get_status', arguments: {} });
	});

	it('leaves requests about the site to the general plan, and says so for an element a script built', () => {
		expect(planForElement('make the theme teal', element)).toBeNull();
		expect(planForElement('list files', element)).toBeNull();
		expect(planForElement('make it teal', { ...element, at: null })).toMatchObject({ steps: [], reply: expect.stringContaining('built by a script') });
	});
});

describe('what a model is sent', () => {
	const element: PickedElement = { selector: 'h1.hero-title', label: 'h1.hero-title', tag: 'h1', html: '<h1 class="hero-title">Hi</h1>', text: 'Hi', box: { x: 0, y: 10, width: 300, height: 40 }, styles: { color: 'rgb(0, 0, 0)', display: 'block' }, at: { line: 17, offset: 300 }, path: 'index.html', revision: 5 };
	const image = { name: 'a.png', mimeType: 'image/png' as const, data: 'AAAA', width: 1, height: 1 };

	it('the picked element as context; images as parts for a vision model, a note for a text-only one', () => {
		const vision = userMessage('make this bigger', { element, images: [image] }, true);
		expect(vision).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] });
		const text = (vision.content as { text?: string }[])[0]!.text!;
		expect(text).toContain('make this bigger');
		expect(text).toContain('Written in index.html:17');
		expect(text).toContain('Outer HTML: <h1 class="hero-title">Hi</h1>');
		const blind = userMessage('make this bigger', { images: [image] }, false);
		expect(typeof blind.content).toBe('string');
		expect(blind.content).toContain('this model does not accept images');
		expect(userMessage('hi', undefined, true)).toEqual({ role: 'user', content: 'hi' });
	});

	it('reads from the model list whether a model accepts images', () => {
		expect(entryAcceptsImages({ architecture: { input_modalities: ['text', 'image'] } })).toBe(true);
		expect(entryAcceptsImages({ architecture: { input_modalities: ['text'] } })).toBe(false);
		expect(entryAcceptsImages({ architecture: { modality: 'text+image->text' } })).toBe(true);
		expect(entryAcceptsImages({ capabilities: { vision: true } })).toBe(true);
		expect(entryAcceptsImages({ id: 'x' })).toBeNull();
		expect([...parseVision({ data: [{ id: 'a', input_modalities: ['image'] }, { id: 'b' }] })]).toEqual([['a', true]]);
	});

	it('a list that says wins; a list of ids only falls back to the families known to read images', async () => {
		const list = (data: unknown[]) => (async () => new Response(JSON.stringify({ data }))) as unknown as typeof fetch;
		const ask = async (model: string, data: unknown[]) => {
			clearPriceCache();
			return acceptsImages({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model }, { fetch: list(data) });
		};
		expect(await ask('gpt-4o', [{ id: 'gpt-4o', architecture: { input_modalities: ['text'] } }])).toBe(false);
		expect(await ask('my-model', [{ id: 'my-model', architecture: { input_modalities: ['text', 'image'] } }])).toBe(true);
		expect(await ask('gpt-4o', [{ id: 'gpt-4o' }])).toBe(true);
		expect(await ask('anthropic/claude-sonnet-4', [])).toBe(true);
		expect(await ask('qwen2.5-vl-7b', [])).toBe(true);
		expect(await ask('gpt-3.5-turbo', [{ id: 'gpt-3.5-turbo' }])).toBe(false);
		expect(await ask('text-model', [])).toBe(false);
		clearPriceCache();
	});
});
