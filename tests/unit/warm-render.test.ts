// A hub compiles its first render once the first tab has taken its snapshot (not before: the tab's
// start would wait behind the compile), while that tab mounts its preview: its registration is
// answered from it, not compiled again. Compiles are counted where they happen.
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
	it('is compiled once the first tab has its snapshot, and the first registration is answered from that compile', async () => {
		const before = seen.compiles;
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined });
		// Ready, and nothing compiled: the first tab's handshake and snapshot come first.
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(seen.compiles).toBe(before);
		await hub.snapshot();
		await vi.waitFor(() => expect(seen.compiles).toBe(before + 1));
		const render = await hub.registerPreviewHost('tab-a');
		expect(seen.compiles).toBe(before + 1);
		expect(render?.html).toContain('<h1');
		// Another snapshot (a second tab, a resync) compiles nothing more.
		await hub.snapshot();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(seen.compiles).toBe(before + 1);
		// A change since (the tab gone first: no preview waits for its acknowledgement): the next
		// registration shows the new revision.
		await hub.forgetTab('tab-a');
		await hub.callTool('workspace_write_file', { path: 'index.html', content: '<h1>Changed</h1>' }, { tabId: 'tab-b', source: 'palette' });
		const after = await hub.registerPreviewHost('tab-c');
		expect(after?.html).toContain('Changed');
		expect(seen.compiles).toBeGreaterThan(before + 1);
	});

	it('is compiled a second after the start when no tab has asked for a snapshot by then', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		try {
			const before = seen.compiles;
			await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined });
			await vi.advanceTimersByTimeAsync(900);
			expect(seen.compiles).toBe(before);
			await vi.advanceTimersByTimeAsync(200);
			await vi.waitFor(() => expect(seen.compiles).toBe(before + 1));
		} finally {
			vi.useRealTimers();
		}
	});
});
