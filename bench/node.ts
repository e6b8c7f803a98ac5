// The Node table of `npm run bench`: functions of the hub measured in Node (fake-indexeddb), each as a
// ratio to a raw baseline measured in the same run. The browser figures are what users feel.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { compile } from '../src/lib/preview/compile';
import { htmlParser } from '../src/lib/domain/html-parser';
import { loadLocationParser } from '../src/lib/preview/compiler/location';
import { starterWorkspace } from '../src/lib/domain/template';
import { apply } from '../src/lib/domain/transitions';
import { ToolRegistry } from '../src/lib/runtime/registry';
import { WorkspaceService } from '../src/lib/runtime/workspace-service';
import { registerWorkspaceTools } from '../src/lib/runtime/handlers/index';
import { MemoryRepository } from '../src/lib/storage/memory';
import { IdbRepository } from '../src/lib/storage/repository';

/** Median of `runs` timings of `fn` (after a warm-up), in milliseconds. */
async function median(fn: () => unknown | Promise<unknown>, runs: number): Promise<number> {
	for (let i = 0; i < Math.min(20, runs); i++) await fn();
	const times: number[] = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		await fn();
		times.push(performance.now() - start);
	}
	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)]!;
}

/** One Node measurement. */
export interface NodeRow {
	case: string;
	medianMs: number;
	baselineMs: number;
	ratio: number;
}

/** Runs the Node figures, each timed `runs` times (the commit on IndexedDB half as often). */
export async function nodeFigures(runs = 200): Promise<NodeRow[]> {
	const rows: NodeRow[] = [];
	const measure = async (name: string, work: () => unknown, baseline: () => unknown, times = runs) => {
		const medianMs = await median(work, times);
		const baselineMs = await median(baseline, times);
		rows.push({ case: name, medianMs: +medianMs.toFixed(4), baselineMs: +baselineMs.toFixed(4), ratio: +(medianMs / Math.max(baselineMs, 1e-6)).toFixed(1) });
	};

	const ws = starterWorkspace();
	const texts = [...ws.files.values()].map((f) => f.content ?? '');

	// 1. Compile the starter site vs. concatenating its sources (the least any compile must do), with
	// the parsers a hub has loaded by its renders (the HTML parser once it is ready, the `location`
	// rewrite's at the first page that needs it: preview/page-compiler.ts).
	await Promise.all([htmlParser.load(), loadLocationParser()]);
	await measure('preview compile (starter site)', () => compile(ws), () => texts.join('\n'));

	// 2. A pure write transition vs. copying the file map (the structural-sharing floor).
	await measure('apply(write) transition', () => apply(ws, { type: 'write', path: 'README.md', content: 'x' }), () => new Map(ws.files).set('README.md', ws.files.get('README.md')!));

	// 3. A read through the registry (validation, policy, trace) vs. the same read straight from the service.
	const service = await WorkspaceService.open({ repository: new MemoryRepository() });
	const registry = new ToolRegistry({ getRevision: () => service.revision });
	registerWorkspaceTools(registry, service);
	await measure(
		'registry tools/call workspace_read_file',
		() => registry.callTool({ name: 'workspace_read_file', arguments: { path: 'index.html' } }, { context: { source: 'palette', mode: 'direct' } }),
		() => service.workspace.files.get('index.html')!.content
	);

	// 4. A guarded commit (CAS + history) on IndexedDB vs. a raw put in one transaction (fake-indexeddb).
	const idb = await IdbRepository.open({ indexedDB: new IDBFactory(), name: 'bench' });
	const idbService = await WorkspaceService.open({ repository: idb });
	const idbRegistry = new ToolRegistry();
	registerWorkspaceTools(idbRegistry, idbService);
	let n = 0;
	await measure(
		'write_file commit on IndexedDB',
		() => idbRegistry.callTool({ name: 'workspace_write_file', arguments: { path: 'README.md', content: `v${n++}` } }, { context: { source: 'palette', mode: 'direct' } }),
		async () => {
			const tx = idb.database.transaction('preferences', 'readwrite');
			void tx.store.put({ key: 'bench', value: n++ });
			await tx.done;
		},
		Math.max(1, Math.round(runs / 2))
	);
	return rows;
}
