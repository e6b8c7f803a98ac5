// Remote MCP servers as tool sources, against a real SDK server on 127.0.0.1 through the SDK client
// the hub loads: names within providers' rules, the same consent (hints shown, never trusted), the
// trace, untrusted and capped results with their image, list changes, a stopped server, bad tokens.
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/lib/runtime/registry';
import { RemoteTools } from '../../src/lib/runtime/remote/servers';
import { TOOL_NAME_PATTERN, checkServerUrl, remoteToolName, serverSlug, uniqueSlug } from '../../src/lib/runtime/remote/config';
import { foldRemoteResult } from '../../src/lib/runtime/remote/result';
import { REMOTE_RESULT_MAX_CHARS } from '../../src/lib/core/limits';
import { mcpTools } from '../../src/lib/tools/catalog';
import type { PendingApproval } from '../../src/lib/runtime/policy';
import type { CallToolResult } from '../../src/lib/runtime/types';
import { RED_PNG, startRemoteMcp } from '../e2e/helpers/remote-mcp';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
	for (const step of cleanup.splice(0).reverse()) await step();
});

function memoryStore() {
	const data = new Map<string, unknown>();
	return { data, get: async (key: string) => structuredClone(data.get(key)), set: async (key: string, value: unknown) => void data.set(key, structuredClone(value)) };
}

async function setup(options: { token?: string; header?: string } = {}) {
	const server = await startRemoteMcp({ token: options.token });
	cleanup.push(() => server.stop());
	const store = memoryStore();
	const remote = new RemoteTools({ store, connector: () => import('../../src/lib/runtime/remote/sdk-client').then((m) => m.connectRemote), callTimeoutMs: 10_000 });
	const registry = new ToolRegistry();
	registry.attachRemote(remote);
	cleanup.push(async () => {
		for (const s of remote.view()) await remote.remove(s.id);
	});
	const view = await remote.add({ name: 'Team Docs', url: server.url, headers: options.header ? { Authorization: options.header } : {} });
	const model = (name: string, args: unknown, sessionId = 'run-1', signal?: AbortSignal) => registry.executeModelToolCall({ id: `tc-${Math.random()}`, name, arguments: JSON.stringify(args) }, { context: { source: 'model', mode: 'agent', sessionId }, signal });
	return { server, store, remote, registry, view, model };
}

async function nextPending(registry: ToolRegistry): Promise<PendingApproval> {
	for (let i = 0; i < 1000; i++) {
		const found = registry.policy.snapshot()[0];
		if (found) return found;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error('no pending approval');
}
const errorOf = (result: CallToolResult) => (result.isError ? (result.structuredContent.error as { code: string; message: string }) : null);
async function until(check: () => boolean, what: string) {
	for (let i = 0; i < 400; i++) {
		if (check()) return;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`timed out waiting for ${what}`);
}

describe('names and settings', () => {
	it('server slugs and tool names keep to the providers’ rule, stay apart, and never look like a studio tool', () => {
		expect(serverSlug('Team Docs!')).toBe('team-docs');
		expect(serverSlug('***')).toBe('server');
		expect(uniqueSlug('docs', new Set(['docs', 'docs-2']))).toBe('docs-3');
		const names = ['search', 'a.b/c d', 'x'.repeat(80), `${'x'.repeat(80)}y`].map((tool) => remoteToolName('team-docs', tool));
		for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
		expect(names[0]).toBe('team-docs__search');
		expect(new Set(names).size).toBe(names.length);
		expect(names[2]).not.toBe(names[3]);
		for (const tool of mcpTools()) expect(tool.name).not.toContain('__');
	});

	it('a URL is http(s); a header never crosses a network in plain http', () => {
		expect(checkServerUrl('http://127.0.0.1:9/mcp', true)).toBe('http://127.0.0.1:9/mcp');
		expect(checkServerUrl('http://example.com/mcp')).toBe('http://example.com/mcp');
		expect(() => checkServerUrl('http://example.com/mcp', true)).toThrow(/https/);
		expect(() => checkServerUrl('ftp://example.com/')).toThrow(/http or https/);
		expect(() => checkServerUrl('not a url')).toThrow(/not a valid URL/);
	});

	it('a result is capped, marked untrusted, passes one image on and lists the resources it named', () => {
		const long = 'z'.repeat(REMOTE_RESULT_MAX_CHARS + 500);
		const { output, image } = foldRemoteResult('docs', 'read', {
			content: [
				{ type: 'text', text: long },
				{ type: 'image', data: RED_PNG, mimeType: 'image/png' },
				{ type: 'image', data: RED_PNG, mimeType: 'image/png' },
				{ type: 'resource_link', uri: 'https://example.com/a', name: 'a' },
				{ type: 'resource', resource: { uri: 'file:///b.txt', text: 'inside b' } }
			]
		});
		expect(output.untrusted).toBe(true);
		expect(output.truncated).toBe(true);
		expect(output.text.length).toBeLessThan(REMOTE_RESULT_MAX_CHARS + 200);
		expect(image).toEqual({ type: 'image', data: RED_PNG, mimeType: 'image/png' });
		expect(output.images).toBe(2);
		expect(output.resources.map((r) => r.uri)).toEqual(['https://example.com/a', 'file:///b.txt']);
	});
});

describe('a real SDK server on 127.0.0.1', () => {
	it('adds a server: connected, its tools listed under its name beside the studio’s, the header kept in and never out', async () => {
		const { view, registry, store, server, model } = await setup({ header: 'Bearer team-secret' });
		expect(view.status).toBe('connected');
		expect(view.serverInfo).toMatchObject({ name: 'team-docs', version: '3.1.0' });
		expect(view.tools.map((t) => t.name).sort()).toEqual(['team-docs__create_ticket', 'team-docs__generate_image', 'team-docs__search_docs']);
		expect(view.headerNames).toEqual(['Authorization']);
		expect(JSON.stringify(view)).not.toContain('team-secret');
		expect(JSON.stringify(store.data.get('mcp-servers'))).toContain('team-secret');
		const openai = registry.toOpenAI().map((t) => t.function.name);
		expect(openai).toHaveLength(mcpTools().length + 3);
		expect(openai).toContain('team-docs__search_docs');
		// The studio's own tools/list (MCP, WebMCP) never re-exports them.
		expect(registry.listAllTools().map((t) => t.name)).not.toContain('team-docs__search_docs');
		// The header reaches the server.
		const read = model('team-docs__search_docs', { query: 'x' });
		registry.policy.resolve((await nextPending(registry)).id, 'allow-once');
		expect((await read).isError).toBe(false);
		expect(server.calls.at(-1)?.authorization).toBe('Bearer team-secret');
	});

	it('a mutating call asks; Allow sends it once and the answer is untrusted data; Deny never sends it', async () => {
		const { registry, server, model } = await setup();
		const call = model('team-docs__create_ticket', { title: 'Fix the header' });
		const card = await nextPending(registry);
		expect(card).toMatchObject({ source: 'mcp-remote', name: 'team-docs__create_ticket', argumentsPreview: { title: 'Fix the header' }, remote: { server: 'Team Docs', tool: 'create_ticket', caller: 'model', readOnlyHint: false } });
		expect(server.calls).toHaveLength(0);
		registry.policy.resolve(card.id, 'allow-once');
		const result = await call;
		expect(result.isError).toBe(false);
		expect(server.calls.map((c) => c.name)).toEqual(['create_ticket']);
		expect(result.structuredContent).toMatchObject({ server: 'Team Docs', tool: 'create_ticket', untrusted: true, text: 'Ticket T-1 filed: Fix the header' });
		expect((result._meta as Record<string, unknown>)['web-studio/untrusted-content']).toBe(true);

		const denied = model('team-docs__create_ticket', { title: 'Never' });
		registry.policy.resolve((await nextPending(registry)).id, 'deny');
		expect(errorOf(await denied)?.code).toBe('TOOL_APPROVAL_DENIED');
		expect(server.calls).toHaveLength(1);

		const trace = registry.trace.snapshot().filter((e) => e.source === 'mcp-remote');
		const done = trace.find((e) => e.phase === 'completed')!;
		expect(done.details).toMatchObject({ server: 'Team Docs', tool: 'create_ticket', caller: 'model' });
		expect(typeof done.durationMs).toBe('number');
		expect(done.details!.resultBytes).toBeGreaterThan(10);
		expect(trace.some((e) => e.phase === 'failed' && e.error?.code === 'TOOL_APPROVAL_DENIED')).toBe(true);
	});

	it('a read-only hint is shown, not trusted: it asks too; "for this session" lets that tool of that run through, not another run', async () => {
		const { registry, server, model } = await setup();
		const first = model('team-docs__generate_image', { prompt: 'a red square' });
		const card = await nextPending(registry);
		expect(card.remote?.readOnlyHint).toBe(true);
		registry.policy.resolve(card.id, 'allow-session');
		const result = await first;
		expect(result.content.find((c) => c.type === 'image')).toEqual({ type: 'image', data: RED_PNG, mimeType: 'image/png' });
		expect((await model('team-docs__generate_image', { prompt: 'again' })).isError).toBe(false);
		expect(server.calls).toHaveLength(2);
		const other = model('team-docs__generate_image', { prompt: 'other run' }, 'run-2');
		const asked = await nextPending(registry);
		expect(asked.sessionId).toBe('run-2');
		registry.policy.resolve(asked.id, 'deny');
		await other;
		expect(server.calls).toHaveLength(2);
	});

	it('a tool the server adds is listed after its list_changed; a browser agent or MCP client never reaches remote tools', async () => {
		const { remote, registry, server } = await setup();
		server.addTool('summarise_page');
		await until(() => remote.definitions().some((t) => t.name === 'team-docs__summarise_page'), 'the new tool');
		expect(registry.toOpenAI().map((t) => t.function.name)).toContain('team-docs__summarise_page');
		const fromBrowser = await registry.executeModelToolCall({ name: 'team-docs__search_docs', arguments: { query: 'x' } }, { context: { source: 'webmcp', sessionId: 's' } });
		expect(errorOf(fromBrowser)?.code).toBe('TOOL_NOT_FOUND');
	});

	it('a server that stopped gives MCP_SERVER_UNAVAILABLE (retryable), and the list says it is not connected', async () => {
		const { registry, server, model, remote } = await setup();
		await server.stop();
		const call = model('team-docs__create_ticket', { title: 'After the stop' });
		registry.policy.resolve((await nextPending(registry)).id, 'allow-once');
		const error = errorOf(await call);
		expect(error?.code).toBe('MCP_SERVER_UNAVAILABLE');
		expect((await call).structuredContent.error).toMatchObject({ retryable: true });
		expect(remote.view()[0]!.status).toBe('failed');
	});

	it('a wrong token: the server is added but not connected, with MCP_SERVER_AUTH_FAILED; the right one connects', async () => {
		const { view, remote, server } = await setup({ token: 'right', header: 'Bearer wrong' });
		expect(view.status).toBe('failed');
		expect(view.error?.code).toBe('MCP_SERVER_AUTH_FAILED');
		expect(remote.definitions()).toHaveLength(0);
		const good = await remote.add({ name: 'Team Docs', url: server.url, headers: { Authorization: 'Bearer right' } });
		expect(good.status).toBe('connected');
		expect(good.slug).toBe('team-docs-2');
	});

	it('a stored server is reconnected by a new hub, and removing it takes its tools out', async () => {
		const { store, server } = await setup();
		const again = new RemoteTools({ store, connector: () => import('../../src/lib/runtime/remote/sdk-client').then((m) => m.connectRemote) });
		await again.load();
		await again.settle(10_000);
		expect(again.view()[0]).toMatchObject({ status: 'connected', url: server.url });
		expect(again.definitions()).toHaveLength(3);
		expect(await again.remove(again.view()[0]!.id)).toBe(true);
		expect(again.definitions()).toHaveLength(0);
	});
});

describe('a server on the current protocol', () => {
	it('a server that speaks 2026-07-28 only is reached on it: listed, asked, called once, its list changes heard', async () => {
		const server = await startRemoteMcp({ modern: true });
		cleanup.push(() => server.stop());
		const remote = new RemoteTools({ store: memoryStore(), connector: () => import('../../src/lib/runtime/remote/sdk-client').then((m) => m.connectRemote) });
		const registry = new ToolRegistry();
		registry.attachRemote(remote);
		const view = await remote.add({ name: 'Modern', url: server.url });
		cleanup.push(() => remote.remove(view.id));
		expect(view).toMatchObject({ status: 'connected', serverInfo: { name: 'team-docs', version: '4.0.0', protocolVersion: '2026-07-28' } });
		expect(view.tools.map((t) => t.name).sort()).toEqual(['modern__create_ticket', 'modern__search_docs']);
		const call = registry.executeModelToolCall({ id: 'tc-1', name: 'modern__create_ticket', arguments: '{"title":"Now"}' }, { context: { source: 'model', mode: 'agent', sessionId: 'run-m' } });
		registry.policy.resolve((await nextPending(registry)).id, 'allow-once');
		expect((await call).structuredContent).toMatchObject({ untrusted: true, text: 'Ticket filed over 2026-07-28: Now' });
		expect(server.calls.map((c) => c.name)).toEqual(['create_ticket']);
		server.addTool('late_tool');
		await until(() => remote.definitions().some((t) => t.name === 'modern__late_tool'), 'the late tool');
	});
});

describe('hubs of several workspaces', () => {
	it('a hub follows the stored list: a server another hub added is opened, one it removed is closed', async () => {
		const { store, remote } = await setup();
		const other = new RemoteTools({ store, connector: () => import('../../src/lib/runtime/remote/sdk-client').then((m) => m.connectRemote) });
		await other.load();
		await other.settle(10_000);
		expect(other.definitions()).toHaveLength(3);
		await remote.remove(remote.view()[0]!.id);
		await other.sync();
		expect(other.view()).toEqual([]);
		expect(other.definitions()).toHaveLength(0);
	});
});
