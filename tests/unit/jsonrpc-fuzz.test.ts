// Property tests on the shipped MCP server (runtime/mcp.ts): arbitrary JSON never reaches a handler
// unvalidated, and every message with an id gets exactly one well-formed JSON-RPC response.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { ToolRegistry } from '../../src/lib/runtime/registry';
import { ApprovalPolicy } from '../../src/lib/runtime/policy';
import { TOOLS, type ToolName } from '../../src/lib/tools/schema';
import { rawServer } from './helpers/mcp-pair';
import { mcpTools, sampleArguments } from '../../src/lib/tools/catalog';

function spyRegistry() {
	const violations: string[] = [];
	const reached = new Map<string, number>();
	let calls = 0;
	const registry = new ToolRegistry({ policy: new ApprovalPolicy({ preApprovedSources: ['mcp'] }) });
	for (const name of Object.keys(TOOLS) as ToolName[]) {
		registry.register(name, (async (input: unknown) => {
			calls++;
			reached.set(name, (reached.get(name) ?? 0) + 1);
			if (!v.is(TOOLS[name].input, input)) violations.push(`${name}: ${JSON.stringify(input)}`);
			return { revision: 0, changedPaths: [], preview: { revision: 0, status: 'unavailable' } };
		}) as never);
	}
	return { registry, violations, reached, calls: () => calls };
}

function wellFormed(response: Record<string, unknown>): boolean {
	if (response.jsonrpc !== '2.0' || !('id' in response)) return false;
	if ('error' in response) {
		const e = response.error as Record<string, unknown>;
		return typeof e.code === 'number' && typeof e.message === 'string' && !('result' in response);
	}
	return typeof response.result === 'object' && response.result !== null;
}

const methods = fc.constantFrom('initialize', 'ping', 'tools/list', 'tools/call', 'notifications/initialized', 'notifications/cancelled', 'resources/list', '', 'toString');
const toolNames = fc.oneof(fc.constantFrom(...Object.keys(TOOLS), '__proto__', 'constructor', 'toString'), fc.string({ maxLength: 12 }));
/** Messages that carry an id: each is sent with a fresh unique id, so its response can be found. */
const requests = fc.oneof(
	fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()), method: fc.oneof(methods, fc.jsonValue()), params: fc.oneof(fc.jsonValue(), fc.constant(undefined)) }, { requiredKeys: [] }),
	fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('tools/call'), params: fc.record({ name: toolNames, arguments: fc.oneof(fc.jsonValue(), fc.object()) }, { requiredKeys: ['name'] }) }),
	fc.record({ jsonrpc: fc.constant('2.0'), method: fc.constant('tools/list'), params: fc.record({ cursor: fc.oneof(fc.string(), fc.jsonValue()) }) })
);

describe('MCP server robustness', () => {
	it('every random message with an id gets one well-formed response, and no handler sees unvalidated input', async () => {
		const { registry, violations } = spyRegistry();
		const server = await rawServer(registry);
		await server.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } });
		await server.responseTo(0);
		let id = 1;
		let unanswered = 0;
		await fc.assert(
			fc.asyncProperty(requests, async (message) => {
				const requestId = id++;
				await server.send({ ...(message as object), id: requestId });
				const response = await server.responseTo(requestId);
				if (!response) unanswered++;
				else expect(wellFormed(response), JSON.stringify(response)).toBe(true);
			}),
			{ numRuns: 1500, seed: 424242 }
		);
		expect(unanswered).toBe(0);
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

	it('every tool is reached with valid arguments, and near-valid ones (a field dropped, retyped, added or overlong) reach it only when still valid — counted', async () => {
		const { registry, violations, reached } = spyRegistry();
		const samples = new Map(mcpTools().map((tool) => [tool.name, sampleArguments(tool)]));
		const near = fc.oneof(
			fc.record({ kind: fc.constant('valid' as const) }),
			fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }),
			fc.record({ kind: fc.constant('retype' as const), index: fc.nat(), value: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.object()) }),
			fc.record({ kind: fc.constant('extra' as const), key: fc.string({ minLength: 1, maxLength: 8 }) }),
			fc.record({ kind: fc.constant('overlong' as const), index: fc.nat() })
		);
		let validSent = 0;
		let invalidSent = 0;
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...(Object.keys(TOOLS) as ToolName[])), near, async (name, change) => {
				const args: Record<string, unknown> = structuredClone(samples.get(name)!);
				const keys = Object.keys(args);
				const key = keys.length ? keys[('index' in change ? change.index : 0) % keys.length]! : undefined;
				if (change.kind === 'drop' && key) delete args[key];
				if (change.kind === 'retype' && key) args[key] = change.value;
				if (change.kind === 'extra') args[`${change.key}_`] = 1;
				if (change.kind === 'overlong' && key && typeof args[key] === 'string') args[key] = 'x'.repeat(3_000_000);
				const valid = v.is(TOOLS[name].input, args);
				if (valid) validSent++;
				else invalidSent++;
				const before = reached.get(name) ?? 0;
				await registry.executeModelToolCall({ id: 'x', name, arguments: args }, { context: { source: 'mcp' } });
				expect(reached.get(name) ?? 0, `${name} ${change.kind}`).toBe(before + (valid ? 1 : 0));
			}),
			{ numRuns: 1500, seed: 7 }
		);
		// Each tool's sample is valid, and each was reached; near-valid arguments were sent in number.
		for (const [name, sample] of samples) expect(v.is(TOOLS[name as ToolName].input, sample), name).toBe(true);
		expect(Object.keys(TOOLS).filter((name) => !reached.has(name))).toEqual([]);
		expect(validSent).toBeGreaterThan(200);
		expect(invalidSent).toBeGreaterThan(500);
		expect(violations).toEqual([]);
	});

	it('answers the protocol errors of the design', async () => {
		const { registry } = spyRegistry();
		const server = await rawServer(registry);
		await server.send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
		expect(await server.responseTo('init')).toMatchObject({ result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } } } });
		await server.send({ jsonrpc: '1.0', id: 1, method: 'ping' });
		expect(await server.responseTo(1)).toMatchObject({ error: { code: -32600 } });
		await server.send([{ jsonrpc: '2.0', id: 9, method: 'ping' }]);
		expect(await server.responseTo(null)).toMatchObject({ error: { code: -32600 } });
		await server.send({ jsonrpc: '2.0', id: 2, method: 'resources/list' });
		expect(await server.responseTo(2)).toMatchObject({ error: { code: -32601 } });
		await server.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'toString' } });
		expect(await server.responseTo(3)).toMatchObject({ error: { code: -32602 } });
		await server.send({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 'bad' } });
		expect(await server.responseTo(4)).toMatchObject({ error: { code: -32602 } });
		await server.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
		expect(await server.responseTo(5)).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
		await server.send({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'workspace_read_file', arguments: { path: 3 } } });
		expect(await server.responseTo(6)).toMatchObject({ result: { isError: true, structuredContent: { error: { code: 'TOOL_VALIDATION_FAILED' } } } });
	});
});
