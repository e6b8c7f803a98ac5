// Trace: lifecycle entries, ids, preserved source/mode, redaction and the ring bound.
import { describe, expect, it } from 'vitest';
import { Trace } from '../../src/lib/runtime/trace';
import { preview, summariseBody } from '../../src/lib/runtime/redact';
import { makeRegistry } from './helpers/registry-fixture';

describe('trace', () => {
	it('records started → completed with durations, revisions and preview for one call id', async () => {
		const { registry } = makeRegistry();
		await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'x' } }, { context: { source: 'editor', mode: 'direct', tabId: 'tab-a' } });
		const entries = registry.trace.snapshot();
		expect(entries.map((entry) => entry.phase)).toEqual(['started', 'completed']);
		expect(new Set(entries.map((entry) => entry.callId)).size).toBe(1);
		expect(entries[1]).toMatchObject({ method: 'tools/call', name: 'workspace_write_file', source: 'editor', mode: 'direct', tabId: 'tab-a', revisionBefore: 1, revisionAfter: 2, preview: { revision: 2, status: 'unavailable' } });
		expect(entries[1]!.durationMs).toBeGreaterThanOrEqual(0);
	});

	it('trace ids are unique even when a provider reuses a toolCallId', async () => {
		const { registry } = makeRegistry();
		for (let i = 0; i < 5; i++) await registry.executeModelToolCall({ id: 'call_0', name: 'workspace_list_files', arguments: {} });
		const entries = registry.trace.query({ method: 'tools/call' });
		expect(entries).toHaveLength(10);
		expect(new Set(entries.map((entry) => entry.id)).size).toBe(10);
		expect(new Set(entries.map((entry) => entry.callId)).size).toBe(5);
		expect(entries.every((entry) => entry.toolCallId === 'call_0')).toBe(true);
	});

	it('failures record the canonical code and retryable flag', async () => {
		const { registry } = makeRegistry();
		await registry.callTool({ name: 'workspace_read_file', arguments: { path: 'missing.html' } }, { context: { source: 'palette', mode: 'direct' } });
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ phase: 'failed', error: { code: 'WORKSPACE_FILE_NOT_FOUND', retryable: false } });
	});

	it('previews redact secrets, summarise file bodies and cap long strings', async () => {
		const big = 'a'.repeat(5000);
		const out = preview({ apiKey: 'sk-live-123', headers: { Authorization: 'Bearer x' }, token: 't', content: big, note: big, nested: { deeper: { deepest: { gone: { x: 1 } } } } }) as Record<string, unknown>;
		expect(out.apiKey).toBe('[redacted]');
		expect((out.headers as Record<string, unknown>).Authorization).toBe('[redacted]');
		expect(out.token).toBe('[redacted]');
		expect(out.content).toEqual(summariseBody(big));
		expect((out.note as string).length).toBeLessThan(300);
		expect(JSON.stringify(out)).not.toContain('sk-live');
		const { registry } = makeRegistry();
		await registry.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: big } }, { context: { source: 'palette', mode: 'direct' } });
		expect(JSON.stringify(registry.trace.snapshot())).not.toContain(big.slice(0, 500));
	});

	it('cycles and unusual values do not break previews', () => {
		const cyclic: Record<string, unknown> = { a: 1 };
		cyclic.self = cyclic;
		expect(preview(cyclic)).toEqual({ a: 1, self: '[circular]' });
		expect(preview({ f: () => 1, b: 10n })).toEqual({ f: '[function]', b: '10n' });
	});

	it('is a bounded ring with a subscription, filters, clear and a JSON export', () => {
		const trace = new Trace(3);
		const seen: (string | null)[] = [];
		const stop = trace.subscribe((entry) => seen.push(entry ? entry.id : null));
		for (let i = 0; i < 5; i++) trace.append({ method: 'tools/call', phase: 'started', source: i % 2 ? 'model' : 'palette', mode: 'agent', startedAt: i, at: i, name: `n${i}` });
		expect(trace.snapshot().map((entry) => entry.name)).toEqual(['n2', 'n3', 'n4']);
		expect(trace.query({ source: 'model' }).map((entry) => entry.name)).toEqual(['n3']);
		expect(trace.query({ text: 'N4' }).map((entry) => entry.name)).toEqual(['n4']);
		expect(trace.export()).toMatchObject({ format: 'web-studio-trace', version: 1, entries: expect.any(Array) });
		trace.clear();
		expect(trace.snapshot()).toEqual([]);
		expect(seen.at(-1)).toBeNull();
		stop();
		trace.append({ method: 'tools/list', phase: 'completed', source: 'mcp', startedAt: 0, at: 0 });
		expect(seen).toHaveLength(6);
	});
});
