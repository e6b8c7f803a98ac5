// Property tests: arbitrary JSON as JSON-RPC messages and as tool arguments never reaches a handler
// unvalidated, never throws out of handleJsonRpc, and always yields a well-formed response or none.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { ToolRegistry } from '../../src/lib/runtime/registry';
import { ApprovalPolicy } from '../../src/lib/runtime/policy';
import { TOOLS, type ToolName } from '../../src/lib/tools/schema';

function spyRegistry() {
	const violations: string[] = [];
	let calls = 0;
	const registry = new ToolRegistry({ policy: new ApprovalPolicy({ preApprovedSources: ['mcp'] }) });
	for (const name of Object.keys(TOOLS) as ToolName[]) {
		registry.register(name, (async (input: unknown) => {
			calls++;
			if (!v.is(TOOLS[name].input, input)) violations.push(`${name}: ${JSON.stringify(input)}`);
			return { revision: 0, changedPaths: [], preview: { revision: 0, status: 'unavailable' } };
		}) as never);
	}
	return { registry, violations, calls: () => calls };
}

function wellFormed(response: unknown): boolean {
	if (response === null) return true;
	if (!response || typeof response !== 'object') return false;
	const r = response as Record<string, unknown>;
	if (r.jsonrpc !== '2.0' || !('id' in r)) return false;
	if ('error' in r) {
		const e = r.error as Record<string, unknown>;
		return typeof e.code === 'number' && typeof e.message === 'string' && !('result' in r);
	}
	return typeof r.result === 'object' && r.result !== null;
}

const methods = fc.constantFrom('initialize', 'ping', 'tools/list', 'tools/call', 'notifications/initialized', 'notifications/cancelled', 'resources/list', '', 'toString');
const ids = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.object());
const toolNames = fc.oneof(fc.constantFrom(...Object.keys(TOOLS), '__proto__', 'constructor', 'toString'), fc.string({ maxLength: 12 }));
const messages = fc.oneof(
	fc.jsonValue(),
	fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()), id: ids, method: fc.oneof(methods, fc.jsonValue()), params: fc.oneof(fc.jsonValue(), fc.constant(undefined)) }, { requiredKeys: [] }),
	fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constant('tools/call'), params: fc.record({ name: toolNames, arguments: fc.oneof(fc.jsonValue(), fc.object()) }, { requiredKeys: ['name'] }) }),
	fc.string().map((text) => text) // raw text: parse errors
);

describe('JSON-RPC robustness', () => {
	it('random messages never throw, always yield a well-formed response or none, and never reach a handler unvalidated', async () => {
		const { registry, violations } = spyRegistry();
		await fc.assert(
			fc.asyncProperty(messages, async (message) => {
				const response = await registry.handleJsonRpc(message, { context: { source: 'mcp', mode: 'agent' } });
				expect(wellFormed(response), JSON.stringify(response)).toBe(true);
			}),
			{ numRuns: 2500, seed: 424242 }
		);
		expect(violations).toEqual([]);
	});

	it('random tool arguments reach a handler only when they satisfy the schema', async () => {
		const { registry, violations, calls } = spyRegistry();
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...(Object.keys(TOOLS) as ToolName[])), fc.oneof(fc.jsonValue(), fc.object(), fc.string()), async (name, args) => {
				const result = await registry.executeModelToolCall({ id: 'x', name, arguments: args }, { context: { source: 'mcp' } });
				expect(typeof result.isError).toBe('boolean');
				if (result.isError) expect((result.structuredContent.error as { code: string }).code).toMatch(/^[A-Z_]+$/);
			}),
			{ numRuns: 2000, seed: 99 }
		);
		expect(violations).toEqual([]);
		expect(calls()).toBeGreaterThan(0);
	});

	it('answers the protocol errors of the design', async () => {
		const { registry } = spyRegistry();
		const ctx = { context: { source: 'mcp', mode: 'agent' } as const };
		expect(await registry.handleJsonRpc('{nope', ctx)).toMatchObject({ id: null, error: { code: -32700 } });
		expect(await registry.handleJsonRpc({ jsonrpc: '1.0', id: 1, method: 'ping' }, ctx)).toMatchObject({ id: 1, error: { code: -32600 } });
		expect(await registry.handleJsonRpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }], ctx)).toMatchObject({ error: { code: -32600 } });
		expect(await registry.handleJsonRpc({ jsonrpc: '2.0', id: 2, method: 'resources/list' }, ctx)).toMatchObject({ id: 2, error: { code: -32601 } });
		expect(await registry.handleJsonRpc({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'toString' } }, ctx)).toMatchObject({ id: 3, error: { code: -32602 } });
		expect(await registry.handleJsonRpc({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 'bad' } }, ctx)).toMatchObject({ id: 4, error: { code: -32602 } });
		expect(await registry.handleJsonRpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, ctx)).toBeNull();
		expect(await registry.handleJsonRpc({ jsonrpc: '2.0', id: 5, method: 'ping' }, ctx)).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
		const call = await registry.handleJsonRpc({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'workspace_read_file', arguments: { path: 3 } } }, ctx);
		expect(call).toMatchObject({ id: 6, result: { isError: true, structuredContent: { error: { code: 'TOOL_VALIDATION_FAILED' } } } });
	});
});
