// Retry and cancel tell the truth; the relay never replays what could apply twice; no call stalls the hub.
import { describe, expect, it } from 'vitest';
import { makeStudio, ok, errorCode } from './helpers/studio-fixture';
import { MemoryRepository } from '../../src/lib/storage/memory';
import type { CommitRequest } from '../../src/lib/runtime/ports';
import { relayBackend, replayable, type RelayPort } from '../../src/lib/worker/relay';
import type { HubBackend } from '../../src/lib/worker/protocol';
import { MAX_ARGUMENT_CHARS } from '../../src/lib/runtime/arguments';
import { CALL_ID_META } from '../../src/lib/runtime/types';
import type { CallToolResult } from '../../src/lib/runtime/types';

class SlowRepository extends MemoryRepository {
	delayMs = 0;
	override async commit(request: CommitRequest): Promise<void> {
		if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
		return super.commit(request);
	}
}

const callIdOf = (result: CallToolResult) => (result._meta as Record<string, string>)[CALL_ID_META]!;

describe('cancel after commit', () => {
	it('a call whose caller cancels while its commit is being written reports the revision, never TOOL_CANCELLED', async () => {
		const repository = new SlowRepository();
		const { registry, service } = await makeStudio(repository);
		repository.delayMs = 80;
		const controller = new AbortController();
		const before = service.revision;
		const call = registry.callTool({ name: 'workspace_create_file', arguments: { path: 'a.txt', content: 'x' } }, { context: { source: 'palette', mode: 'direct' }, signal: controller.signal });
		await new Promise((resolve) => setTimeout(resolve, 20));
		controller.abort();
		const result = ok<{ revision: number; preview: { status: string } }>(await call);
		expect(result.revision).toBe(before + 1);
		expect(service.revision).toBe(before + 1);
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ phase: 'completed', revisionAfter: before + 1 });
	});

	it('the same holds when the deadline passes during the commit', async () => {
		const repository = new SlowRepository();
		const { registry, service } = await makeStudio(repository, { timeoutMs: 30 });
		repository.delayMs = 80;
		const result = await registry.callTool({ name: 'workspace_create_file', arguments: { path: 'b.txt', content: 'x' } }, { context: { source: 'palette', mode: 'direct' } });
		expect(ok<{ revision: number }>(result).revision).toBe(service.revision);
	});

	it('a call cancelled before its commit writes nothing and says TOOL_CANCELLED', async () => {
		const { registry, service } = await makeStudio();
		const controller = new AbortController();
		controller.abort();
		const before = service.revision;
		const result = await registry.callTool({ name: 'workspace_create_file', arguments: { path: 'c.txt', content: 'x' } }, { context: { source: 'palette', mode: 'direct' }, signal: controller.signal });
		expect(errorCode(result)).toBe('TOOL_CANCELLED');
		expect(service.revision).toBe(before);
	});
});

describe('retry', () => {
	it('a direct retry runs on the current revision when its target did not move, and is a conflict when it did', async () => {
		const { registry, direct, service } = await makeStudio();
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'mine', createIfMissing: true }));
		const stale = service.revision;
		ok(await direct('workspace_create_file', { path: 'other.txt', content: 'o' }));
		const failed = await direct('workspace_write_file', { path: 'notes.txt', content: 'retry me', expectedRevision: stale });
		expect(errorCode(failed)).toBe('WORKSPACE_REVISION_CONFLICT');
		ok(await registry.retry(callIdOf(failed))); // notes.txt did not change: safe on the current revision
		expect(service.workspace.files.get('notes.txt')?.content).toBe('retry me');

		const stale2 = service.revision;
		ok(await direct('workspace_write_file', { path: 'notes.txt', content: 'someone else' }));
		const failed2 = await direct('workspace_write_file', { path: 'notes.txt', content: 'blind', expectedRevision: stale2 });
		const retried = await registry.retry(callIdOf(failed2));
		expect(retried.structuredContent.error).toMatchObject({ code: 'WORKSPACE_REVISION_CONFLICT', details: { reason: 'target-moved' } });
		expect(service.workspace.files.get('notes.txt')?.content).toBe('someone else');
	});

	it("retrying an agent's call goes back through its source and mode: it asks for approval again", async () => {
		const { registry, direct, service } = await makeStudio();
		const stale = service.revision;
		ok(await direct('workspace_create_file', { path: 'other.txt', content: 'o' }));
		const failed = await registry.executeModelToolCall({ id: 'tc', name: 'workspace_apply_patch', arguments: { path: 'index.html', search: 'Fresh', replace: 'Warm', expectedRevision: stale } }, { context: { source: 'webmcp', sessionId: 's' } });
		expect(errorCode(failed)).toBe('WORKSPACE_REVISION_CONFLICT');
		const retry = registry.retry(callIdOf(failed), { tabId: 'tab-1' });
		for (let i = 0; i < 200 && registry.policy.snapshot().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 2));
		const card = registry.policy.snapshot()[0]!;
		expect(card).toMatchObject({ source: 'webmcp', mode: 'agent', sessionId: 's', name: 'workspace_apply_patch' });
		registry.policy.resolve(card.id, 'allow-once');
		ok(await retry);
		expect(service.workspace.files.get('index.html')?.content).toContain('Warm');
		const entries = registry.trace.snapshot().filter((e) => e.details?.retryOf === callIdOf(failed));
		expect(entries.map((e) => e.phase)).toEqual(['started', 'pending-approval', 'completed']);
	});
});

describe('relay handover', () => {
	const fakePort = (): RelayPort => ({ postMessage() {}, addEventListener() {}, removeEventListener() {} });
	it('never replays a call that could apply twice; replays reads and revision-guarded calls', async () => {
		const client = relayBackend(fakePort(), 60_000);
		const ran: string[] = [];
		const local = {
			callTool: async (name: string, args: Record<string, unknown>) => {
				ran.push(`${name}:${JSON.stringify(args)}`);
				return { isError: false, structuredContent: {}, content: [] };
			},
			executeAgentCall: async (call: { name: string }) => {
				ran.push(`agent:${call.name}`);
				return { isError: false, structuredContent: {}, content: [] };
			},
			startAgent: async () => {
				ran.push('startAgent');
				return 'run';
			}
		} as unknown as HubBackend;
		const ctx = { tabId: 't', source: 'palette' as const };
		const unguarded = client.callTool('workspace_write_file', { path: 'a.txt', content: 'x' }, ctx);
		const guarded = client.callTool('workspace_write_file', { path: 'a.txt', content: 'x', expectedRevision: 3 }, ctx);
		const read = client.callTool('workspace_read_file', { path: 'a.txt' }, ctx);
		const agentString = client.executeAgentCall({ name: 'workspace_delete_file', arguments: '{"path":"a.txt"}' }, ctx);
		const run = client.startAgent('make it teal');
		client.handOver(local);
		const results = await Promise.allSettled([unguarded, guarded, read, agentString, run]);
		expect((results[0] as PromiseFulfilledResult<CallToolResult>).value.structuredContent.error).toMatchObject({ code: 'TOOL_INTERRUPTED', retryable: true });
		expect((results[3] as PromiseFulfilledResult<CallToolResult>).value.structuredContent.error).toMatchObject({ code: 'TOOL_INTERRUPTED' });
		expect(results[4].status).toBe('rejected');
		expect(ran).toEqual(['workspace_write_file:{"path":"a.txt","content":"x","expectedRevision":3}', 'workspace_read_file:{"path":"a.txt"}']);
	});

	it('the replay rule is derived from the tool catalog', () => {
		expect(replayable('callTool', ['workspace_list_files', {}, {}])).toBe(true);
		expect(replayable('callTool', ['workspace_undo', {}, {}])).toBe(false);
		expect(replayable('callTool', ['workspace_undo', { expectedRevision: 2 }, {}])).toBe(true);
		expect(replayable('snapshot', [])).toBe(true);
		expect(replayable('retryCall', ['x', {}])).toBe(false);
	});
});

describe('nothing stalls the hub', () => {
	it('a catastrophic regex answers at once (linear-time engine), and an invalid RE2 pattern is a clear error', async () => {
		const { direct } = await makeStudio();
		ok(await direct('workspace_create_file', { path: 'commas.txt', content: ','.repeat(400) }));
		const started = performance.now();
		const result = ok<{ matches: unknown[] }>(await direct('workspace_search', { query: '(.*,){12}y', regex: true }));
		expect(performance.now() - started).toBeLessThan(1000);
		expect(result.matches).toEqual([]);
		const bad = await direct('workspace_search', { query: '(?<=a)b', regex: true });
		expect(bad.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED' });
		expect((bad.structuredContent.error as { message: string }).message).toMatch(/RE2/);
	});

	it('literal search treats regex characters literally; case, prefix and maxResults still apply', async () => {
		const { direct } = await makeStudio();
		ok(await direct('workspace_create_file', { path: 'css/a.css', content: 'a.b a.b\nAXB' }));
		const literal = ok<{ matches: { line: number; column: number }[] }>(await direct('workspace_search', { query: 'a.b', path: 'css/' }));
		expect(literal.matches.map((m) => `${m.line}:${m.column}`)).toEqual(['1:1', '1:5']);
		const regex = ok<{ matches: unknown[]; truncated: boolean }>(await direct('workspace_search', { query: 'a.b', regex: true, path: 'css/', maxResults: 2 }));
		expect(regex).toMatchObject({ truncated: true });
		expect(regex.matches).toHaveLength(2);
		const cased = ok<{ matches: unknown[] }>(await direct('workspace_search', { query: 'axb', caseSensitive: true, path: 'css/' }));
		expect(cased.matches).toHaveLength(0);
	});

	it('raw arguments over the size cap are refused before they are parsed', async () => {
		const { registry } = await makeStudio();
		const huge = `{"path":"a.txt","content":"${'x'.repeat(MAX_ARGUMENT_CHARS)}"}`;
		const started = performance.now();
		const result = await registry.executeModelToolCall({ name: 'workspace_create_file', arguments: huge });
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'too-large' } });
		expect(performance.now() - started).toBeLessThan(200);
		const object = await registry.callTool({ name: 'workspace_create_file', arguments: { path: 'a.txt', content: 'y'.repeat(MAX_ARGUMENT_CHARS + 1) } }, { context: { source: 'palette', mode: 'direct' } });
		expect(object.structuredContent.error).toMatchObject({ details: { reason: 'too-large' } });
	});
});
