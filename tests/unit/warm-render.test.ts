// A hub compiles its first render once it is ready, while the first tab still connects: that tab's
// registration is answered from it, not compiled again. Compiles are counted where they happen.
import { describe, expect, it, vi } from 'vitest';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { composeHub } from '../../src/lib/worker/compose';

const seen = vi.hoisted(() => ({ compiles: 0 }));

vi.mock('../../src/lib/preview/compile', async (original) => {
	const actual = await original<typeof import('../../src/lib/preview/compile')>();
	return {
		...actual,
		compile: (...args: Parameters<typeof actual.compile>) => {
			seen.compiles++;
			return actual.compile(...args);
		}
	};
});

describe('a hub’s first render', () => {
	it('is compiled once it is ready, and the first registration is answered from that compile', async () => {
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined });
		await vi.waitFor(() => expect(seen.compiles).toBe(1));
		const render = await hub.registerPreviewHost('tab-a');
		expect(seen.compiles).toBe(1);
		expect(render?.html).toContain('<h1');
		// A change since (the tab gone first: no preview waits for its acknowledgement): the next
		// registration shows the new revision.
		await hub.forgetTab('tab-a');
		await hub.callTool('workspace_write_file', { path: 'index.html', content: '<h1>Changed</h1>' }, { tabId: 'tab-b', source: 'palette' });
		const after = await hub.registerPreviewHost('tab-c');
		expect(after?.html).toContain('Changed');
		expect(seen.compiles).toBeGreaterThan(1);
	});
});
