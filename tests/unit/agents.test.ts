// Agents: the local planner on the whole command library, the local executor through the registry,
// SSE assembly, provider error classification and backoff.
import { describe, expect, it } from 'vitest';
import { COMMAND_LIBRARY } from '../../src/lib/agents/commands';
import { clauses, plan, planChain, runLocalAgent, MAX_PLAN_STEPS } from '../../src/lib/agents/local';
import { TurnAssembler, sseData } from '../../src/lib/agents/sse';
import { backoffMs, classifyStatus, endpoint } from '../../src/lib/agents/provider';
import { TOOLS, isToolName } from '../../src/lib/tools/schema';
import { DEFAULT_BUDGET, zeroCounters, type AgentEvent } from '../../src/lib/agents/events';
import { makeStudio } from './helpers/studio-fixture';

const readOnly = (name: string) => (isToolName(name) ? TOOLS[name].annotations.readOnlyHint : true);

describe('command library and local planner', () => {
	it('every example names only tools of the schema, and the plan for it is exactly its expectedChain', () => {
		for (const example of COMMAND_LIBRARY) {
			for (const tool of [...example.tools, ...example.expectedChain]) expect(isToolName(tool), `${example.prompt}: ${tool}`).toBe(true);
			const chain = planChain(example.prompt, readOnly);
			expect(chain.reply, example.prompt).toBeUndefined();
			expect(chain.steps.map((s) => s.name), example.prompt).toEqual(example.expectedChain);
		}
	});

	it('extracts arguments: paths, quoted text, colours and schemes', () => {
		expect(plan('replace "every morning" with "all day" in index.html').steps[1]).toEqual({
			name: 'workspace_apply_patch',
			arguments: { path: 'index.html', search: 'every morning', replace: 'all day', occurrence: 'first' }
		});
		expect(plan('make the theme teal in dark mode').steps).toEqual([{ name: 'preview_set_theme', arguments: { accent: '#0d9488', scheme: 'dark' } }]);
		expect(plan('set the hero title to "Hello there"').steps).toEqual([{ name: 'preview_update_hero', arguments: { title: 'Hello there' } }]);
		expect(plan('add a feature card Delivery: To your door by 8').steps[0]!.arguments).toEqual({ title: 'Delivery', body: 'To your door by 8' });
		expect(plan('create pages/a.html with <p>Hi</p>').steps[0]!.arguments).toEqual({ path: 'pages/a.html', content: '<p>Hi</p>' });
		expect(clauses('make the theme red and set the title to X; then undo')).toEqual(['make the theme red', 'set the title to X', 'undo']);
	});

	it('an unknown prompt gets a helpful answer listing what it can do, not a silent list', () => {
		const result = plan('write me a poem about bread');
		expect(result.steps).toEqual([]);
		expect(result.reply).toMatch(/did not understand/);
		expect(result.reply).toMatch(/make the theme teal/);
		// Asking what it can do is answered as a question, not as a request it failed to read.
		for (const question of ['what can you do?', 'Help', 'how does this work']) {
			expect(plan(question).reply).toMatch(/^I am the local agent/);
		}
	});

	it('plans are bounded to 12 calls', () => {
		expect(planChain(Array(20).fill('status').join('; '), readOnly).steps).toHaveLength(MAX_PLAN_STEPS);
	});

	it('runs through the registry as source local, mode agent, with the observed revision, and waits for approval', async () => {
		const { registry, service } = await makeStudio();
		const events: AgentEvent[] = [];
		const running = runLocalAgent('make the theme teal', { registry, sessionId: 's1', signal: new AbortController().signal, emit: (e) => events.push(e) });
		while (registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		const pending = registry.policy.snapshot()[0]!;
		expect(pending).toMatchObject({ name: 'preview_set_theme', source: 'local', mode: 'agent', sessionId: 's1' });
		expect(pending.argumentsPreview).toMatchObject({ accent: '#0d9488', expectedRevision: 1 });
		registry.policy.resolve(pending.id, 'allow-once');
		expect(await running).toEqual({ type: 'done', outcome: 'answered' });
		expect(service.workspace.files.get('styles.css')!.content).toContain('--accent: #0d9488;');
		expect(registry.trace.query({ source: 'local', method: 'tools/call' }).map((e) => e.name)).toContain('workspace_get_status');
		expect(events.filter((e) => e.type === 'tool-result').map((e) => (e as { revision?: number }).revision)).toEqual([1, 2]);
	});

	it('folds several file changes of one prompt into one workspace_apply_changes: one card, one revision, reads hoisted ahead', async () => {
		const chain = planChain('replace "Fresh" with "Warm" in index.html and create b.html with <p>b</p> then make the theme teal', readOnly).steps;
		expect(chain.map((step) => step.name)).toEqual(['workspace_read_file', 'workspace_apply_changes', 'preview_set_theme']);
		expect(chain[1]!.arguments).toEqual({
			operations: [
				{ op: 'patch', path: 'index.html', search: 'Fresh', replace: 'Warm', occurrence: 'first' },
				{ op: 'create', path: 'b.html', content: '<p>b</p>' }
			]
		});
		// A single file change stays the single-file tool.
		expect(planChain('delete team.html', readOnly).steps.map((step) => step.name)).toEqual(['workspace_get_status', 'workspace_delete_file']);

		const { registry, service } = await makeStudio();
		const start = service.revision;
		const running = runLocalAgent('create a.html with <p>a</p> and create b.html with <p>b</p>', { registry, sessionId: 's3', signal: new AbortController().signal, emit: () => undefined });
		while (registry.policy.snapshot().length === 0) await new Promise((r) => setTimeout(r, 1));
		const pending = registry.policy.snapshot();
		expect(pending).toHaveLength(1);
		expect(pending[0]).toMatchObject({ name: 'workspace_apply_changes' });
		registry.policy.resolve(pending[0]!.id, 'allow-once');
		expect(await running).toEqual({ type: 'done', outcome: 'answered' });
		expect(service.revision).toBe(start + 1);
		expect([...service.workspace.files.keys()]).toEqual(expect.arrayContaining(['a.html', 'b.html']));
	});

	it('stops at the first error and reports the tool, the code and whether a retry is safe', async () => {
		const { registry } = await makeStudio();
		const events: AgentEvent[] = [];
		const done = await runLocalAgent('read missing.html then list files', { registry, sessionId: 's2', signal: new AbortController().signal, emit: (e) => events.push(e) });
		expect(done).toMatchObject({ outcome: 'failed', code: 'WORKSPACE_FILE_NOT_FOUND' });
		expect(events.filter((e) => e.type === 'tool-call')).toHaveLength(1);
		const text = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text).join(' ');
		expect(text).toMatch(/workspace_read_file failed with WORKSPACE_FILE_NOT_FOUND/);
		expect(text).toMatch(/unchanged would fail/);
	});
});

function stream(parts: string[]): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	return new ReadableStream({
		start(controller) {
			for (const part of parts) controller.enqueue(encoder.encode(part));
			controller.close();
		}
	});
}
async function assemble(parts: string[]) {
	const texts: string[] = [];
	const assembler = new TurnAssembler((t) => texts.push(t));
	for await (const data of sseData(stream(parts))) if (!assembler.push(data)) break;
	return { turn: assembler.turn, texts };
}
async function assembleBytes(reads: Uint8Array[]) {
	const assembler = new TurnAssembler();
	const source = new ReadableStream<Uint8Array>({ start: (c) => (reads.forEach((r) => c.enqueue(r)), c.close()) });
	for await (const data of sseData(source)) assembler.push(data);
	return assembler.turn.content;
}
const chunk = (delta: unknown, extra: Record<string, unknown> = {}) => `data: ${JSON.stringify({ choices: [{ delta, ...extra }] })}\n\n`;

describe('SSE assembly', () => {
	it('assembles tool-call deltas by index, with JSON split across chunks and across network reads', async () => {
		const body = [
			': OPENROUTER PROCESSING\n\n',
			chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'workspace_read_file', arguments: '{"pa' } }] }),
			chunk({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'workspace_list_files', arguments: '' } }] }),
			chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"index.html"}' } }] }),
			chunk({ tool_calls: [{ index: 1, function: { arguments: '{}' } }] }, { finish_reason: 'tool_calls' }),
			'data: {"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5}}\n\n',
			'data: [DONE]\n\n'
		].join('');
		const pieces = body.match(/[\s\S]{1,17}/g)!; // arbitrary network boundaries
		const { turn } = await assemble(pieces);
		expect(turn.toolCalls).toEqual([
			{ id: 'call_a', name: 'workspace_read_file', arguments: '{"path":"index.html"}' },
			{ id: 'call_b', name: 'workspace_list_files', arguments: '{}' }
		]);
		expect(turn.finishReason).toBe('tool_calls');
		expect(turn.usage).toEqual({ promptTokens: 10, completionTokens: 5 });
	});

	it('streams text and stops at [DONE]; CRLF and multi-line data are handled', async () => {
		const { turn, texts } = await assemble([chunk({ content: 'Hel' }).replace(/\n/g, '\r\n'), chunk({ content: 'lo' }), 'data: [DONE]\n\n', chunk({ content: 'ignored' })]);
		expect(turn.content).toBe('Hello');
		expect(texts).toEqual(['Hel', 'lo']);
	});

	it('a leading BOM, lone-CR line ends and a last event without its blank line are parsed', async () => {
		const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
		const body = new TextEncoder().encode(`${chunk({ content: 'A' })}: keep-alive\r\r${chunk({ content: 'B' }).replace(/\n/g, '\r')}data: {"choices":[{"delta":{"content":"C"}}]}`);
		// The BOM arrives split across reads; so does a multi-byte character.
		const bytes = new Uint8Array([...bom, ...body]);
		expect(await assembleBytes([bytes.slice(0, 2), bytes.slice(2, 9), bytes.slice(9)])).toBe('ABC');
		const split = new TextEncoder().encode(chunk({ content: 'é' }));
		const at = split.indexOf(0xc3) + 1; // between the two bytes of é
		expect(await assembleBytes([split.slice(0, at), split.slice(at)])).toBe('é');
	});

	it('an in-stream error chunk is reported, not swallowed', async () => {
		const { turn } = await assemble([chunk({ content: 'x' }), 'data: {"error":{"code":429,"message":"slow down"}}\n\n']);
		expect(turn.error).toEqual({ code: 429, message: 'slow down' });
		const broken = await assemble(['data: {not json\n\n']);
		expect(broken.turn.error?.message).toMatch(/broke off/);
	});
});

describe('provider errors', () => {
	it('classifies statuses', () => {
		expect(classifyStatus(401).code).toBe('PROVIDER_AUTH_FAILED');
		expect(classifyStatus(403).code).toBe('PROVIDER_AUTH_FAILED');
		expect(classifyStatus(429)).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true });
		expect(classifyStatus(408)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
		expect(classifyStatus(503)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
		expect(classifyStatus(400)).toMatchObject({ code: 'PROVIDER_INVALID_RESPONSE', retryable: false });
	});

	it('backs off exponentially, honouring Retry-After in seconds or as a date, within a cap', () => {
		expect(backoffMs(0, '2')).toBe(2000);
		expect(backoffMs(0, '600')).toBe(8000);
		expect(backoffMs(0, new Date(Date.now() + 1000).toUTCString())).toBeLessThanOrEqual(1000);
		expect(backoffMs(0, null, () => 0.5)).toBe(400);
		expect(backoffMs(2, null, () => 0.5)).toBe(1600);
		expect(endpoint('https://openrouter.ai/api/v1/', '/chat/completions')).toBe('https://openrouter.ai/api/v1/chat/completions');
	});
});

describe('model loop (fake provider)', async () => {
	const { runModelLoop, listModels } = await import('../../src/lib/agents/model-loop');
	const sse = (...chunks: unknown[]) =>
		new Response(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n', { status: 200, headers: { 'content-type': 'text/event-stream' } });
	const toolTurn = (id: string, name: string, args: string) => sse({ choices: [{ delta: { tool_calls: [{ index: 0, id, function: { name, arguments: args } }] }, finish_reason: 'tool_calls' }] });
	const settings = { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' };

	it('malformed tool-call JSON becomes a structured tool error the model sees, and the loop goes on', async () => {
		const { registry } = await makeStudio();
		const bodies: { messages: { role: string; content: string }[] }[] = [];
		const replies = [toolTurn('c1', 'workspace_read_file', '{"path": '), sse({ choices: [{ delta: { content: 'Sorry, fixed.' }, finish_reason: 'stop' }] })];
		const fetchImpl = (async (url: string, init: RequestInit) => {
			if (url.endsWith('/models')) return new Response('{"data":[]}');
			bodies.push(JSON.parse(String(init.body)));
			return replies.shift()!;
		}) as unknown as typeof fetch;
		const counters = zeroCounters();
		const done = await runModelLoop('go', { registry, settings, sessionId: 's', signal: new AbortController().signal, budget: { ...DEFAULT_BUDGET, turns: 5, toolCalls: 5 }, counters, emit: () => undefined, fetch: fetchImpl });
		expect(done.outcome).toBe('answered');
		const toolMessage = bodies[1]!.messages.find((m) => m.role === 'tool')!;
		expect(JSON.parse(toolMessage.content)).toMatchObject({ error: { code: 'TOOL_VALIDATION_FAILED', details: { reason: 'invalid-json' } } });
	});

	it('stops with AGENT_BUDGET_EXCEEDED when the model keeps calling tools', async () => {
		const { registry } = await makeStudio();
		const fetchImpl = (async (url: string) => (url.endsWith('/models') ? new Response('{"data":[]}') : toolTurn(`c${Math.random()}`, 'workspace_list_files', '{}'))) as unknown as typeof fetch;
		const counters = zeroCounters();
		await expect(
			runModelLoop('loop', { registry, settings, sessionId: 's', signal: new AbortController().signal, budget: { ...DEFAULT_BUDGET, turns: 3, toolCalls: 10 }, counters, emit: () => undefined, fetch: fetchImpl })
		).rejects.toMatchObject({ code: 'AGENT_BUDGET_EXCEEDED' });
		expect(counters.turns).toBe(3);
	});

	it('lists models and marks those that support tools', async () => {
		const fetchImpl = (async () =>
			new Response(JSON.stringify({ data: [{ id: 'a', name: 'A', supported_parameters: ['tools', 'temperature'] }, { id: 'b', supported_parameters: ['temperature'] }, { id: 'c' }] }))) as unknown as typeof fetch;
		expect(await listModels(settings, { fetch: fetchImpl })).toEqual([
			{ id: 'a', name: 'A', tools: true, images: null },
			{ id: 'b', name: 'b', tools: false, images: null },
			{ id: 'c', name: 'c', tools: null, images: null }
		]);
	});
});
