// The registry boundary: direct and agent calls, guards, canonical errors, timeouts, pagination.
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/lib/runtime/registry';
import { resultText } from '../../src/lib/runtime/types';
import { InvalidCursorError } from '../../src/lib/runtime/cursor';
import { mcpTools } from '../../src/lib/tools/catalog';
import { ERROR_CODES, ToolError, toErrorShape } from '../../src/lib/core/errors';
import { makeRegistry } from './helpers/registry-fixture';

const direct = { context: { source: 'palette', mode: 'direct' } as const };

describe('callTool (direct)', () => {
	it('returns structuredContent and the same JSON as a text block', async () => {
		const { registry } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } }, direct);
		expect(result.isError).toBe(false);
		expect(result.structuredContent).toMatchObject({ revision: 1, path: 'index.html', content: '<h1>Hi</h1>' });
		expect(JSON.parse(resultText(result))).toEqual(result.structuredContent);
	});

	it('refuses a context that does not say mode "direct"', async () => {
		const { registry, ws } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'a.html', content: 'x' } }, { context: { source: 'palette' } as never });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'context-required' } });
		expect(ws.handlerCalls).toHaveLength(0);
	});

	it('validation failures are isError results with valibot issue paths, and never reach the handler', async () => {
		const { registry, ws } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'a.html', content: 5, bogus: true } }, direct);
		expect(result.isError).toBe(true);
		const error = result.structuredContent.error as { code: string; details: { issues: { path: string }[] } };
		expect(error.code).toBe('TOOL_VALIDATION_FAILED');
		expect(error.details.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['content', 'bogus']));
		expect(ws.handlerCalls).toHaveLength(0);
	});

	it('unknown and prototype tool names are TOOL_NOT_FOUND', async () => {
		const { registry } = makeRegistry();
		for (const name of ['toString', '__proto__', 'constructor', 'nope', 42, null]) {
			const result = await registry.callTool({ name, arguments: {} }, direct);
			expect((result.structuredContent.error as { code: string }).code).toBe('TOOL_NOT_FOUND');
		}
	});

	it('a ToolError keeps its code, retryable flag and details', async () => {
		const { registry } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'x', expectedRevision: 0 } }, direct);
		expect(result.structuredContent.error).toEqual({
			code: 'WORKSPACE_REVISION_CONFLICT',
			message: 'The workspace changed.',
			retryable: true,
			details: { expectedRevision: 0, currentRevision: 1 }
		});
	});

	it('anything else thrown becomes TOOL_EXECUTION_FAILED without leaking the message or stack', async () => {
		const { registry } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'explode' } }, direct);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED', retryable: false });
		expect(resultText(result)).not.toMatch(/secret|srv|\bat\b/);
	});

	it('a handler that returns a result outside its output schema fails honestly', async () => {
		const { registry } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_delete_file', arguments: { path: 'index.html' } }, direct);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED', details: { reason: 'invalid-output' } });
	});

	it('a tool without a handler says it is not available here', async () => {
		const { registry } = makeRegistry();
		const result = await registry.callTool({ name: 'workspace_undo', arguments: {} }, direct);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED', details: { reason: 'no-handler' } });
	});

	it('a handler past the deadline is TOOL_TIMEOUT (retryable) and its signal is aborted', async () => {
		const { registry } = makeRegistry({ timeoutMs: 50 });
		const result = await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'slow' } }, direct);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_TIMEOUT', retryable: true });
	});

	it('aborting the caller signal cancels a running call (TOOL_CANCELLED, retryable)', async () => {
		const { registry, ws } = makeRegistry();
		const controller = new AbortController();
		const pending = registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'slow' } }, { ...direct, signal: controller.signal });
		await new Promise((resolve) => setTimeout(resolve, 20));
		controller.abort();
		const result = await pending;
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED', retryable: true });
		expect(ws.files.get('index.html')).toBe('<h1>Hi</h1>');
	});
});

describe('executeModelToolCall (agent)', () => {
	it('defaults to source model and mode agent, and parses JSON-string arguments', async () => {
		const { registry } = makeRegistry();
		const result = await registry.executeModelToolCall({ id: 'call_1', name: 'workspace_read_file', arguments: '{"path":"index.html"}' });
		expect(result.isError).toBe(false);
		const started = registry.trace.query({ phase: 'started' }).at(-1)!;
		expect(started).toMatchObject({ source: 'model', mode: 'agent', toolCallId: 'call_1', name: 'workspace_read_file' });
	});

	it('keeps an explicit source', async () => {
		const { registry } = makeRegistry();
		await registry.executeModelToolCall({ id: 'x', name: 'workspace_list_files', arguments: {} }, { context: { source: 'local', sessionId: 's1' } });
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ source: 'local', mode: 'agent', sessionId: 's1' });
	});

	it('malformed JSON arguments become a structured validation error the model can read', async () => {
		const { registry, ws } = makeRegistry();
		const result = await registry.executeModelToolCall({ id: 'c', name: 'workspace_read_file', arguments: '{"path": "index.html"' });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'invalid-json' } });
		expect(ws.handlerCalls).toHaveLength(0);
	});

	it('__proto__, constructor and prototype keys are refused at every depth, from a JSON string and from an object, agent and direct', async () => {
		const { registry, ws } = makeRegistry();
		const cases: [unknown, string][] = [
			['{"path":"index.html","__proto__":{"polluted":true}}', '__proto__'],
			['{"path":"index.html","options":{"constructor":{"prototype":{}}}}', 'options.constructor'],
			[JSON.parse('{"path":"index.html","__proto__":{"x":1}}'), '__proto__'],
			[{ path: 'index.html', nested: [{ prototype: 1 }] }, 'nested.0.prototype']
		];
		for (const [args, path] of cases) {
			const agent = await registry.executeModelToolCall({ id: 'p', name: 'workspace_read_file', arguments: args });
			expect(agent.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'forbidden-key', path } });
			const direct = await registry.callTool({ name: 'workspace_read_file', arguments: args }, { context: { source: 'palette', mode: 'direct' }, signal: new AbortController().signal });
			expect(direct.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'forbidden-key', path } });
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect(ws.handlerCalls).toHaveLength(0);
	});
});

describe('listTools', () => {
	it('pages through the whole catalog with opaque cursors', () => {
		const { registry } = makeRegistry({ pageSize: 7 });
		const seen: string[] = [];
		let cursor: string | undefined;
		let pages = 0;
		do {
			const page = registry.listTools(cursor ? { cursor } : {});
			seen.push(...page.tools.map((tool) => tool.name));
			cursor = page.nextCursor;
			pages++;
			if (cursor) expect(cursor).not.toMatch(/^\d+$/);
		} while (cursor);
		expect(seen).toEqual(mcpTools().map((tool) => tool.name));
		expect(pages).toBe(Math.ceil(mcpTools().length / 7));
		expect(registry.trace.query({ method: 'tools/list' })).toHaveLength(pages);
	});

	it('an invalid cursor is refused', () => {
		const { registry } = makeRegistry();
		for (const cursor of ['', 'garbage', btoa('v1:zz:3'), btoa('v1:x:999999'), '%%%']) {
			expect(() => registry.listTools({ cursor })).toThrow(InvalidCursorError);
		}
	});
});

describe('canonical errors', () => {
	it('every code of the design has a retryable flag and serialises without a stack', () => {
		for (const [code, retryable] of Object.entries(ERROR_CODES)) {
			const shape = new ToolError(code as keyof typeof ERROR_CODES, 'm', { a: 1 }).toJSON();
			expect(shape).toEqual({ code, message: 'm', retryable, details: { a: 1 } });
		}
		for (const code of ['TOOL_CANCELLED', 'TOOL_TIMEOUT', 'WORKSPACE_REVISION_CONFLICT', 'PREVIEW_ACK_TIMEOUT', 'PROVIDER_RATE_LIMITED'] as const) expect(ERROR_CODES[code]).toBe(true);
		expect(toErrorShape(new RangeError('x'))).toEqual({ code: 'TOOL_EXECUTION_FAILED', message: 'The tool failed unexpectedly.', retryable: false, details: { name: 'RangeError' } });
	});

	it('a registry without handlers still lists every tool', () => {
		const registry = new ToolRegistry({ pageSize: 100 });
		expect(registry.listTools().tools).toHaveLength(mcpTools().length);
	});
});
