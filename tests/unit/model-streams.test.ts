// The model loop against a real OpenAI-compatible server on 127.0.0.1 that streams the way providers
// really do: tool-call arguments in many pieces, parallel calls, reasoning, usage, a cut-off stream,
// an error inside a 200 response, a reply that ignores `stream: true`, prices in /models.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runModelLoop } from '../../src/lib/agents/model-loop';
import { clearPriceCache } from '../../src/lib/agents/pricing';
import { DEFAULT_BUDGET, zeroCounters, type AgentEvent } from '../../src/lib/agents/events';
import { makeStudio } from './helpers/studio-fixture';

type Body = { messages: { role: string; content: string | null; tool_calls?: unknown[] }[]; stream_options?: { include_usage?: boolean } };
/** What the scripted server does for one chat request. */
type Script = (body: Body, res: ServerResponse, turn: number) => Promise<void> | void;

let server: Server;
let base = '';
let script: Script = () => undefined;
let prices: unknown = { data: [] };
const bodies: Body[] = [];

const write = (res: ServerResponse, chunk: unknown) => res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
const sseHead = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
const done = (res: ServerResponse) => {
	res.write('data: [DONE]\n\n');
	res.end();
};

beforeAll(async () => {
	server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
		if (req.url?.endsWith('/models')) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(prices));
			return;
		}
		let raw = '';
		for await (const part of req) raw += part;
		const body = JSON.parse(raw) as Body;
		bodies.push(body);
		await script(body, res, bodies.length);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
beforeEach(() => {
	bodies.length = 0;
	prices = { data: [] };
	clearPriceCache();
});

async function run(prompt = 'go', budget = DEFAULT_BUDGET) {
	const studio = await makeStudio();
	const events: AgentEvent[] = [];
	const counters = zeroCounters();
	const outcome = runModelLoop(prompt, {
		registry: studio.registry,
		settings: { baseUrl: base, apiKey: 'k', model: 'test/model' },
		sessionId: 's',
		signal: new AbortController().signal,
		budget,
		counters,
		emit: (event) => events.push(event),
		// Approve every card at once: these tests are about the stream, not consent.
		history: []
	});
	const approver = setInterval(() => {
		for (const pending of studio.registry.policy.snapshot()) studio.registry.policy.resolve(pending.id, 'allow-once');
	}, 2);
	let finished: Awaited<typeof outcome> | undefined;
	let error: { code: string; message: string } | undefined;
	try {
		finished = await outcome;
	} catch (thrown) {
		error = thrown as { code: string; message: string };
	} finally {
		clearInterval(approver);
	}
	return { done: finished, error, events, counters, ...studio };
}

describe('model streams from a server on 127.0.0.1', () => {
	it('parallel tool calls with arguments split into one-character chunks, reasoning and usage make a correct run with its cost', async () => {
		prices = { data: [{ id: 'test/model', pricing: { prompt: '0.000001', completion: '0.000002' } }, { id: 'router', pricing: { prompt: '-1', completion: '-1' } }] };
		script = async (body, res, turn) => {
			sseHead(res);
			if (turn === 1) {
				const calls = [
					{ id: 'call_a', name: 'workspace_create_file', args: JSON.stringify({ path: 'a.txt', content: 'first\n' }) },
					{ id: 'call_b', name: 'workspace_create_file', args: JSON.stringify({ path: 'b.txt', content: 'second\n' }) }
				];
				write(res, { model: 'test/model', choices: [{ delta: { reasoning: 'Two files, ' } }] });
				write(res, { choices: [{ delta: { reasoning_content: 'in parallel.' } }] });
				for (const [index, call] of calls.entries()) write(res, { choices: [{ delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] } }] });
				// Interleave the two calls' arguments, one character per chunk, flushed separately.
				for (let i = 0; i < Math.max(calls[0]!.args.length, calls[1]!.args.length); i++) {
					for (const [index, call] of calls.entries()) if (call.args[i]) write(res, { choices: [{ delta: { tool_calls: [{ index, function: { arguments: call.args[i] } }] } }] });
					if (i % 16 === 0) await tick();
				}
				write(res, { choices: [{ delta: {}, finish_reason: 'tool_calls' }] });
				write(res, { choices: [], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
			} else {
				expect(body.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
				write(res, { model: 'test/model', choices: [{ delta: { content: 'Made ' } }] });
				write(res, { choices: [{ delta: { content: 'two files.' }, finish_reason: 'stop' }] });
				write(res, { choices: [], usage: { prompt_tokens: 1500, completion_tokens: 10 } });
			}
			done(res);
		};
		const { done: finished, events, counters, service } = await run();
		expect(finished).toEqual({ type: 'done', outcome: 'answered' });
		expect(bodies[0]!.stream_options).toEqual({ include_usage: true });
		expect(service.workspace.files.get('a.txt')!.content).toBe('first\n');
		expect(service.workspace.files.get('b.txt')!.content).toBe('second\n');
		expect(events.filter((e) => e.type === 'tool-result').map((e) => (e as { name: string; isError: boolean }).isError)).toEqual([false, false]);
		expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { text: string }).text).join('')).toBe('Two files, in parallel.');
		expect(events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text).join('')).toBe('Made two files.');
		expect(counters).toMatchObject({ turns: 2, toolCalls: 2, tokensIn: 2500, tokensOut: 210, tokens: 2710 });
		expect(counters.costUsd).toBeCloseTo(2500 * 0.000001 + 210 * 0.000002, 10);
		// The model never sees its own reasoning as content.
		expect(bodies[1]!.messages.find((m) => m.role === 'assistant')!.content).toBeNull();
	});

	it('a stream cut in the middle of a chunk is PROVIDER_UNAVAILABLE and runs none of its tool calls', async () => {
		script = async (_body, res) => {
			sseHead(res);
			write(res, { choices: [{ delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'workspace_create_file', arguments: '{"path":"cut.txt","content":"x"}' } }] } }] });
			res.write('data: {"choices":[{"delta":{"content":"Hel');
			await tick();
			res.socket?.destroy();
		};
		const { error, service } = await run();
		expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
		expect(error!.message).toMatch(/nothing from this turn was run/);
		expect(service.workspace.files.has('cut.txt')).toBe(false);
	});

	it('a stream that ends cleanly but without [DONE] or a finish reason is a cut-off reply, not an answer', async () => {
		script = (_body, res) => {
			sseHead(res);
			write(res, { choices: [{ delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'workspace_create_file', arguments: '{"path":"half.txt","content":"x"}' } }] } }] });
			res.end();
		};
		const { error, service } = await run();
		expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringMatching(/ended before the reply was complete/) });
		expect(service.workspace.files.has('half.txt')).toBe(false);
	});

	it('an error object inside a 200 stream (OpenRouter style, numeric or string code) becomes the canonical provider error', async () => {
		script = (_body, res) => {
			sseHead(res);
			write(res, { choices: [{ delta: { content: 'Starting' } }] });
			write(res, { error: { code: 502, message: 'Provider returned error' } });
			res.end();
		};
		expect((await run()).error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringMatching(/Provider returned error/) });
		script = (_body, res) => {
			sseHead(res);
			write(res, { error: { code: 'server_error', message: 'Provider disconnected' }, choices: [{ delta: { content: '' }, finish_reason: 'error' }] });
			done(res);
		};
		expect((await run()).error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: expect.stringMatching(/Provider disconnected/) });
		script = (_body, res) => {
			sseHead(res);
			write(res, { error: { code: 429, message: 'Rate limit exceeded: free-models-per-day' } });
			res.end();
		};
		expect((await run()).error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
	});

	it('a server that ignores stream: true and answers JSON works; an error answered as JSON with 200 is reported', async () => {
		script = (_body, res, turn) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			if (turn === 1) {
				res.end(JSON.stringify({ choices: [{ message: { content: null, tool_calls: [{ id: 'j1', type: 'function', function: { name: 'workspace_create_file', arguments: '{"path":"json.txt","content":"ok"}' } }] }, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 10, completion_tokens: 5 } }));
			} else res.end(JSON.stringify({ choices: [{ message: { content: 'Done as JSON.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 20, completion_tokens: 3 } }));
		};
		const ok = await run();
		expect(ok.done).toMatchObject({ outcome: 'answered' });
		expect(ok.service.workspace.files.get('json.txt')!.content).toBe('ok');
		expect(ok.counters).toMatchObject({ tokensIn: 30, tokensOut: 8 });
		script = (_body, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { code: 400, message: 'model not found' } }));
		};
		expect((await run()).error).toMatchObject({ code: 'PROVIDER_INVALID_RESPONSE', message: expect.stringMatching(/model not found/) });
	});

	it('a money budget stops the run once the priced usage reaches it', async () => {
		prices = { data: [{ id: 'test/model', pricing: { prompt: '0.001', completion: '0.001' } }] };
		script = (_body, res) => {
			sseHead(res);
			write(res, { model: 'test/model', choices: [{ delta: { tool_calls: [{ index: 0, id: `c${Math.random()}`, function: { name: 'workspace_list_files', arguments: '{}' } }] }, finish_reason: 'tool_calls' }] });
			write(res, { choices: [], usage: { prompt_tokens: 600, completion_tokens: 100 } });
			done(res);
		};
		const { error, counters } = await run('loop', { ...DEFAULT_BUDGET, costUsd: 1 });
		expect(error).toMatchObject({ code: 'AGENT_BUDGET_EXCEEDED', message: expect.stringMatching(/money/) });
		expect(counters.costUsd).toBeGreaterThanOrEqual(1);
		expect(counters.turns).toBeLessThan(DEFAULT_BUDGET.turns);
	});
});
