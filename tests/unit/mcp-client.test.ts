// The official MCP TypeScript SDK Client against the studio's MCP server factory (the one stdio uses),
// over the SDK's in-memory transport.
import { describe, expect, it } from 'vitest';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ApprovalPolicy } from '../../src/lib/runtime/policy';
import { mcpTools } from '../../src/lib/tools/catalog';
import { makeRegistry } from './helpers/registry-fixture';
import { connectClient } from './helpers/mcp-pair';

async function connect(pageSize = 6) {
	const { registry, ws } = makeRegistry({ pageSize, policy: new ApprovalPolicy({ preApprovedSources: ['mcp'] }) });
	const { client, sent } = await connectClient(registry);
	return { client, registry, ws, transport: { sent } };
}

describe('MCP SDK client', () => {
	it('initializes on protocol 2025-11-25 and sees the tools capability', async () => {
		const { client, transport } = await connect();
		expect(client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true } });
		expect(client.getServerVersion()).toMatchObject({ name: 'web-studio' });
		expect(transport.sent[0]).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
		expect(transport.sent.some((message) => 'method' in message && message.method === 'notifications/initialized')).toBe(true);
		await client.ping();
		await client.close();
	});

	it('lists every tool across pages', async () => {
		const { client } = await connect(6);
		const names: string[] = [];
		let cursor: string | undefined;
		let pages = 0;
		do {
			const page = await client.listTools(cursor ? { cursor } : {});
			names.push(...page.tools.map((tool) => tool.name));
			cursor = page.nextCursor;
			pages++;
		} while (cursor);
		expect(names).toEqual(mcpTools().map((tool) => tool.name));
		expect(pages).toBeGreaterThan(1);
		await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: -32602 });
	});

	it('calls a read tool; the structured result satisfies the listed output schema', async () => {
		const { client } = await connect(100);
		await client.listTools(); // the SDK validates structuredContent against outputSchema once it has seen it
		const result = await client.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } });
		expect(result.isError).toBe(false);
		expect(result.structuredContent).toMatchObject({ path: 'index.html', content: '<h1>Hi</h1>', revision: 1 });
	});

	it('bad arguments are an isError result with TOOL_VALIDATION_FAILED, which the output schema admits', async () => {
		const { client, ws } = await connect(100);
		await client.listTools(); // pinned: the SDK validates error results against outputSchema too
		const result = await client.callTool({ name: 'workspace_read_file', arguments: { path: 7 } });
		expect(result.isError).toBe(true);
		expect(result.structuredContent).toMatchObject({ error: { code: 'TOOL_VALIDATION_FAILED', retryable: false } });
		expect(ws.handlerCalls).toHaveLength(0);
	});

	it('an unknown tool is a -32602 protocol error', async () => {
		const { client } = await connect();
		const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(McpError);
		expect((error as McpError).code).toBe(-32602);
		// The SDK client prefixes "MCP error -32602: " once; the server's own text must not carry it too.
		expect((error as McpError).message).toBe('MCP error -32602: Unknown tool: no_such_tool');
	});

	it('an own __proto__ key in arguments is refused with TOOL_VALIDATION_FAILED, not dropped', async () => {
		const { client, ws } = await connect();
		const result = (await client.callTool({ name: 'workspace_read_file', arguments: JSON.parse('{"path":"index.html","__proto__":{"x":1}}') })) as unknown as { isError: boolean; structuredContent: { error: { code: string; details: { reason: string } } } };
		expect(result.isError).toBe(true);
		expect(result.structuredContent.error).toMatchObject({ code: 'TOOL_VALIDATION_FAILED', details: { reason: 'forbidden-key' } });
		expect(ws.handlerCalls).toHaveLength(0);
	});

	it('cancelling a slow call aborts it on the server and nothing is written', async () => {
		const { client, ws, registry } = await connect();
		const controller = new AbortController();
		const call = client.callTool({ name: 'workspace_write_file', arguments: { path: 'index.html', content: 'slow' } }, undefined, { signal: controller.signal });
		await new Promise((resolve) => setTimeout(resolve, 30));
		controller.abort('user stopped');
		await expect(call).rejects.toThrow();
		await new Promise((resolve) => setTimeout(resolve, 30));
		expect(ws.files.get('index.html')).toBe('<h1>Hi</h1>');
		expect(registry.trace.snapshot().at(-1)).toMatchObject({ name: 'workspace_write_file', phase: 'cancelled', source: 'mcp' });
	});
});

describe('catalog changes', () => {
	it('a client hears notifications/tools/list_changed when the studio turns read-only, and then sees mutating tools as unavailable', async () => {
		const { client, registry } = await connect(100);
		const heard: string[] = [];
		client.setNotificationHandler(ToolListChangedNotificationSchema, async (notification) => void heard.push(notification.method));
		registry.policy.setReadOnly('A newer version took over.');
		await expect.poll(() => heard).toEqual(['notifications/tools/list_changed']);
		const { tools } = await client.listTools();
		expect(tools.find((tool) => tool.name === 'workspace_write_file')!.description).toMatch(/^Unavailable/);
	});
});
