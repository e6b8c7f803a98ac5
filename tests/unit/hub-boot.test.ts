// What a hub's boot leaves for later: the tool catalog's JSON Schemas (computed with the first
// tools/list), the agents' loops (with the first run) and the co-editing documents (with the first
// file a tab opens), and the zip code (with the first archive: fflate builds its tables when its
// module runs). Each is counted where it loads; the hub still does all of them when asked.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { composeHub } from '../../src/lib/worker/compose';

const seen = vi.hoisted(() => ({ schemas: 0, loaded: new Set<string>() }));

vi.mock('@valibot/to-json-schema', async (original) => {
	const actual = await original<typeof import('@valibot/to-json-schema')>();
	return {
		...actual,
		toJsonSchema: (...args: Parameters<typeof actual.toJsonSchema>) => {
			seen.schemas++;
			return actual.toJsonSchema(...args);
		}
	};
});
vi.mock('../../src/lib/agents/loops', async (original) => {
	seen.loaded.add('loops');
	return original();
});
vi.mock('../../src/lib/runtime/collab-doc', async (original) => {
	seen.loaded.add('collab-doc');
	return original();
});
vi.mock('../../src/lib/runtime/zip-import', async (original) => {
	seen.loaded.add('zip-import');
	return original();
});

describe('a hub boots without what its start does not use', () => {
	it('computes no schema, loads no loop and no document until asked, then does each', async () => {
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined });
		expect(seen.schemas).toBe(0);
		expect([...seen.loaded]).toEqual([]);

		const listed = await hub.listTools();
		expect(listed.tools.length).toBeGreaterThan(0);
		expect(listed.tools[0]!.inputSchema.type).toBe('object');
		expect(seen.schemas).toBeGreaterThan(0);

		const opened = await hub.collabOpen('index.html', 'tab-a');
		expect(opened?.text).toContain('<');
		expect(seen.loaded.has('collab-doc')).toBe(true);
		expect(seen.loaded.has('loops')).toBe(false);

		const sessionId = await hub.startAgent('list the files', 'local');
		const runOf = async () => (await hub.snapshot()).agents.find((r) => r.sessionId === sessionId);
		for (let i = 0; i < 2000 && (await runOf())?.running !== false; i++) await new Promise((resolve) => setTimeout(resolve, 5));
		const run = (await runOf())!;
		expect(run.running).toBe(false);
		expect(run.events.at(-1)).toMatchObject({ type: 'done', outcome: 'answered' });
		expect(seen.loaded.has('loops')).toBe(true);

		expect(seen.loaded.has('zip-import')).toBe(false);
		const data = Buffer.from(zipSync({ 'about.html': strToU8('<h1>About</h1>') })).toString('base64');
		const imported = await hub.callTool('workspace_import_zip', { data }, { tabId: 'tab-a', source: 'palette' });
		expect(imported.isError).toBe(false);
		expect(imported.structuredContent).toMatchObject({ imported: ['about.html'] });
		expect(seen.loaded.has('zip-import')).toBe(true);
	});
});
