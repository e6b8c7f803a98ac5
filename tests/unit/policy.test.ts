// Approval policy: who passes, who waits, how requests settle — and that nothing stays queued.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApprovalPolicy } from '../../src/lib/runtime/policy';
import { makeRegistry } from './helpers/registry-fixture';

const write = (content = 'new') => ({ name: 'workspace_write_file', arguments: { path: 'index.html', content } });
const nextPending = async (policy: ApprovalPolicy) => {
	for (let i = 0; i < 100 && policy.snapshot().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 1));
	return policy.snapshot()[0]!;
};

describe('approval policy', () => {
	it('read-only agent calls pass without approval', async () => {
		const { registry } = makeRegistry();
		const result = await registry.executeModelToolCall({ id: '1', name: 'workspace_list_files', arguments: {} });
		expect(result.isError).toBe(false);
		expect(registry.policy.snapshot()).toEqual([]);
	});

	it('parity: the same mutation is allowed as a palette command and waits as a model call', async () => {
		const { registry, ws } = makeRegistry();
		const direct = await registry.callTool(write('from palette'), { context: { source: 'palette', mode: 'direct' } });
		expect(direct.isError).toBe(false);
		expect(ws.files.get('index.html')).toBe('from palette');

		const agent = registry.executeModelToolCall({ id: 'tc-1', ...write('from model') }, { context: { sessionId: 'run-1' } });
		const pending = await nextPending(registry.policy);
		expect(pending).toMatchObject({ name: 'workspace_write_file', title: 'Write file', source: 'model', mode: 'agent', toolCallId: 'tc-1', sessionId: 'run-1' });
		expect(ws.files.get('index.html')).toBe('from palette');
		registry.policy.resolve(pending.id, 'allow-once');
		expect((await agent).isError).toBe(false);
		expect(ws.files.get('index.html')).toBe('from model');

		const calls = registry.trace.query({ method: 'tools/call', name: 'workspace_write_file' } as never).filter((e) => e.name === 'workspace_write_file');
		const phases = (source: string) => calls.filter((e) => e.source === source).map((e) => `${e.mode}:${e.phase}`);
		expect(phases('palette')).toEqual(['direct:started', 'direct:completed']);
		expect(phases('model')).toEqual(['agent:started', 'agent:pending-approval', 'agent:completed']);
	});

	it('a denial is TOOL_APPROVAL_DENIED and the handler never runs', async () => {
		const { registry, ws } = makeRegistry();
		const call = registry.executeModelToolCall({ id: 'a', ...write() });
		registry.policy.resolve((await nextPending(registry.policy)).id, 'deny');
		const result = await call;
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_APPROVAL_DENIED', retryable: false });
		expect(ws.handlerCalls).toHaveLength(0);
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ phase: 'failed', error: { code: 'TOOL_APPROVAL_DENIED' } });
	});

	it('abort while waiting settles as cancelled (retryable) and removes the request', async () => {
		const { registry, ws } = makeRegistry();
		const controller = new AbortController();
		const call = registry.executeModelToolCall({ id: 'a', ...write() }, { signal: controller.signal });
		await nextPending(registry.policy);
		controller.abort();
		const result = await call;
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED', retryable: true });
		expect(registry.policy.snapshot()).toEqual([]);
		expect(ws.handlerCalls).toHaveLength(0);
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ phase: 'cancelled' });
	});

	it('"allow for this session" lets later calls of that tool in that session pass, and no other', async () => {
		const { registry } = makeRegistry();
		const first = registry.executeModelToolCall({ id: '1', ...write('a') }, { context: { sessionId: 's1' } });
		registry.policy.resolve((await nextPending(registry.policy)).id, 'allow-session');
		expect((await first).isError).toBe(false);

		const again = await registry.executeModelToolCall({ id: '2', ...write('b') }, { context: { sessionId: 's1' } });
		expect(again.isError).toBe(false);

		const otherSession = registry.executeModelToolCall({ id: '3', ...write('c') }, { context: { sessionId: 's2' } });
		const waiting = await nextPending(registry.policy);
		expect(waiting.sessionId).toBe('s2');
		registry.policy.resolve(waiting.id, 'deny');
		expect((await otherSession).isError).toBe(true);

		registry.policy.endSession('s1');
		const afterEnd = registry.executeModelToolCall({ id: '4', ...write('d') }, { context: { sessionId: 's1' } });
		registry.policy.resolve((await nextPending(registry.policy)).id, 'deny');
		expect((await afterEnd).isError).toBe(true);
	});

	it('the first decision wins; a second resolve of the same request is refused', async () => {
		const { registry } = makeRegistry();
		const call = registry.executeModelToolCall({ id: '1', ...write() });
		const { id } = await nextPending(registry.policy);
		expect(registry.policy.resolve(id, 'allow-once')).toBe(true);
		expect(registry.policy.resolve(id, 'deny')).toBe(false);
		expect((await call).isError).toBe(false);
	});

	it('a read-only policy refuses every mutation with TOOL_POLICY_DENIED, even direct ones', async () => {
		const { registry } = makeRegistry({ policy: new ApprovalPolicy({ readOnly: true }) });
		const result = await registry.callTool(write(), { context: { source: 'mcp', mode: 'direct' } });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_POLICY_DENIED' });
		expect((await registry.callTool({ name: 'workspace_list_files', arguments: {} }, { context: { source: 'mcp', mode: 'direct' } })).isError).toBe(false);
	});

	it('pre-approved sources (an MCP host that asks its own user) pass without queueing', async () => {
		const { registry } = makeRegistry({ policy: new ApprovalPolicy({ preApprovedSources: ['mcp'] }) });
		const result = await registry.executeModelToolCall({ id: '1', ...write() }, { context: { source: 'mcp' } });
		expect(result.isError).toBe(false);
		const model = registry.executeModelToolCall({ id: '2', ...write() });
		expect((await nextPending(registry.policy)).source).toBe('model');
		registry.policy.resolve(registry.policy.snapshot()[0]!.id, 'deny');
		await model;
	});

	it('cancelling a session settles only that session\'s requests as cancelled', async () => {
		const { registry } = makeRegistry();
		const mine = registry.executeModelToolCall({ id: '1', ...write() }, { context: { sessionId: 'run-a' } });
		const other = registry.executeModelToolCall({ id: '2', ...write() }, { context: { sessionId: 'run-b' } });
		await nextPending(registry.policy);
		await new Promise((resolve) => setTimeout(resolve, 5));
		expect(registry.policy.cancelSession('run-a')).toBe(1);
		expect((await mine).structuredContent.error).toMatchObject({ code: 'TOOL_CANCELLED' });
		expect(registry.policy.snapshot().map((p) => p.sessionId)).toEqual(['run-b']);
		registry.policy.resolve(registry.policy.snapshot()[0]!.id, 'deny');
		await other;
	});

	it('after any mix of allow, deny and abort the queue is empty (property)', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.constantFrom('allow-once', 'allow-session', 'deny', 'abort'), { minLength: 1, maxLength: 12 }), async (actions) => {
				const { registry } = makeRegistry();
				const calls = actions.map((_, i) => {
					const controller = new AbortController();
					return { controller, result: registry.executeModelToolCall({ id: String(i), ...write(`v${i}`) }, { context: { sessionId: `s${i}` }, signal: controller.signal }) };
				});
				await new Promise((resolve) => setTimeout(resolve, 5));
				const pending = registry.policy.snapshot();
				expect(pending).toHaveLength(actions.length);
				actions.forEach((action, i) => {
					if (action === 'abort') calls[i]!.controller.abort();
					else registry.policy.resolve(pending[i]!.id, action as 'allow-once' | 'allow-session' | 'deny');
				});
				const results = await Promise.all(calls.map((call) => call.result));
				results.forEach((result, i) => {
					const code = (result.structuredContent.error as { code?: string } | undefined)?.code;
					const expected = actions[i] === 'abort' ? 'TOOL_CANCELLED' : actions[i] === 'deny' ? 'TOOL_APPROVAL_DENIED' : undefined;
					expect(code).toBe(expected);
				});
				expect(registry.policy.snapshot()).toEqual([]);
			}),
			{ numRuns: 60, seed: 7 }
		);
	});
});
