// The `location` rewrite parses a big script once per device: what it found is kept by the script's
// fingerprint in the hub's preferences, and the next start of the studio (a hub built afresh, with
// its modules loaded again) renders the page from it without loading the parser. Parses are counted
// where they happen; each start imports the hub's modules afresh (the setup loaded the parser).
import { describe, expect, it, vi } from 'vitest';
import { MemoryRepository } from '../../src/lib/storage/memory';
import { fingerprint, keptFor, LocationFindings, type Finding } from '../../src/lib/preview/compiler/location-findings';

const seen = vi.hoisted(() => ({ parses: 0 }));

vi.mock('@lezer/javascript', async (original) => {
	const actual = await original<typeof import('@lezer/javascript')>();
	const parser = new Proxy(actual.parser, {
		get(target, property, receiver) {
			if (property !== 'startParse') return Reflect.get(target, property, receiver) as unknown;
			return (...args: Parameters<typeof target.startParse>) => {
				seen.parses++;
				return target.startParse(...args);
			};
		}
	});
	return { ...actual, parser };
});

/** The hub's preferences, in memory: what one start writes, the next reads. */
function preferences() {
	const values = new Map<string, unknown>();
	return { values, get: async (key: string) => structuredClone(values.get(key)), set: async (key: string, value: unknown) => void values.set(key, structuredClone(value)) };
}

/** A library of 20 KB that sends the page elsewhere: its `location` is the page's once rewritten. */
const LIBRARY = `(function () {\n  var where = location.hash;\n${'  var filler = [1, 2, 3];\n'.repeat(800)}  window.lib = { where: where };\n})();\n`;

describe('what the location rewrite found in a big script', () => {
	it('is parsed on the first start only: the next start of the studio renders the page from what was kept, without the parser', async () => {
		expect(keptFor(LIBRARY)).toBe(true);
		const repository = new MemoryRepository();
		const prefs = preferences();
		// The setup loaded every parser beforehand: this start is made from the hub's modules afresh.
		vi.resetModules();
		const first = await import('../../src/lib/worker/compose');
		const hub = await first.composeHub({ mode: 'shared-worker', build: 'b', repository, publish: () => undefined, preferences: prefs });
		const written = await hub.callTool('workspace_apply_changes', { operations: [{ op: 'create', path: 'lib.js', content: LIBRARY }, { op: 'write', path: 'index.html', content: '<h1>Hi</h1><script src="lib.js"></script>' }] }, { tabId: 'tab-a', source: 'palette' });
		expect(written.isError).toBe(false);
		const render = await hub.registerPreviewHost('tab-a');
		expect(render?.html).toContain('var where = __studioLocation.hash');
		expect(seen.parses).toBe(1);
		await vi.waitFor(() => expect(prefs.values.get('location-findings')).toEqual({ build: 'b', scripts: [[fingerprint(LIBRARY), [[LIBRARY.indexOf('location'), LIBRARY.indexOf('location') + 8, '__studioLocation']]]] }));

		// The studio starts again: the hub's modules are loaded afresh, the parser is not loaded yet.
		vi.resetModules();
		const again = await import('../../src/lib/worker/compose');
		const location = await import('../../src/lib/preview/compiler/location');
		const next = await again.composeHub({ mode: 'shared-worker', build: 'b', repository, publish: () => undefined, preferences: prefs });
		const shown = await next.registerPreviewHost('tab-b');
		expect(shown?.html).toContain('var where = __studioLocation.hash');
		expect(seen.parses).toBe(1);
		expect(location.locationParserReady()).toBe(false);

		// The library changed: it is another script, parsed again (the tab gone first: no preview waits for its acknowledgement).
		await next.forgetTab('tab-b');
		await next.callTool('workspace_write_file', { path: 'lib.js', content: LIBRARY.replace('var where', 'let where') }, { tabId: 'tab-c', source: 'palette' });
		expect((await next.registerPreviewHost('tab-c'))?.html).toContain('let where = __studioLocation.hash');
		expect(seen.parses).toBe(2);
	});
});

describe('the first parse of a big script', () => {
	it('runs in slices: the hub\'s thread is never held long (every tab\'s calls are answered meanwhile)', async () => {
		// About a megabyte, as TinyMCE's two main files: its parse at once held the thread for most of a second here.
		const big = `(function () {\n  var where = location.hash;\n${'  var filler = [1, 2, 3], other = { a: "b" };\n'.repeat(22_000)}})();\n`;
		vi.resetModules();
		const { composeHub } = await import('../../src/lib/worker/compose');
		const hub = await composeHub({ mode: 'shared-worker', build: 'b', repository: new MemoryRepository(), publish: () => undefined, preferences: preferences() });
		let longest = 0;
		let last = performance.now();
		const ticks = setInterval(() => {
			const now = performance.now();
			longest = Math.max(longest, now - last);
			last = now;
		}, 5);
		const started = performance.now();
		const parses = seen.parses;
		try {
			const written = await hub.callTool('workspace_apply_changes', { operations: [{ op: 'create', path: 'big.js', content: big }, { op: 'write', path: 'index.html', content: '<h1>Hi</h1><script src="big.js"></script>' }] }, { tabId: 'tab-a', source: 'palette' });
			expect(written.isError).toBe(false);
			const render = await hub.registerPreviewHost('tab-a');
			expect(render?.html).toContain('var where = __studioLocation.hash');
		} finally {
			clearInterval(ticks);
			// The last stretch too: a parse held at once ends in the same task as the render it held.
			longest = Math.max(longest, performance.now() - last);
		}
		expect(seen.parses).toBe(parses + 1);
		// Held at once, the parse was nearly all of the time (0.71 s of 0.79 here); in slices, the longest
		// hold (the tree's last build step, about 70 ms) is a small part of it. A busy machine stretches
		// both: the bound is their ratio.
		expect(longest).toBeLessThan((performance.now() - started) / 4);
	});
});

describe('the findings kept', () => {
	const store = (value: unknown) => {
		const writes: unknown[] = [];
		return { writes, get: async () => value, set: async (next: unknown) => void writes.push(structuredClone(next)) };
	};

	it('are kept for libraries only: a person\'s own script, parsed at each change in milliseconds, would push them out', () => {
		expect(keptFor('location.hash = "#a"')).toBe(false);
		expect(keptFor('x'.repeat(16 * 1024))).toBe(true);
		expect(fingerprint('abc')).toMatch(/^3:[0-9a-f]{14}$/);
		expect(fingerprint('abc')).not.toBe(fingerprint('abd'));
	});

	it('read back only what this build found and what fits its script: in order, apart, within its length', async () => {
		const good: Finding[] = [[0, 8, '__studioLocation'], [20, 23, '__studioTop']];
		const scripts = [
			['100:aa', good],
			['100:bb', [[20, 23, 'x'], [0, 8, 'y']]], // out of order
			['10:cc', [[0, 20, 'x']]], // past its end
			['100:dd', [[0, 8]]],
			['100:ee', 'nothing'],
			[7, good],
			'junk'
		];
		const findings = new LocationFindings();
		await findings.load(store({ build: 'b2', scripts }), 'b2');
		expect(findings.get('100:aa')).toEqual(good);
		for (const key of ['100:bb', '10:cc', '100:dd', '100:ee']) expect(findings.get(key)).toBeUndefined();
		// Another build's rewrite may differ: what it found is parsed again.
		const newer = new LocationFindings();
		await newer.load(store({ build: 'b1', scripts }), 'b2');
		expect(newer.get('100:aa')).toBeUndefined();
		for (const junk of [null, [['100:aa', good]], { build: 'b2', scripts: 'none' }]) {
			const other = new LocationFindings();
			await other.load(store(junk), 'b2');
			expect(other.get('100:aa')).toBeUndefined();
		}
		const broken = new LocationFindings();
		await broken.load({ get: () => Promise.reject(new Error('storage gone')), set: async () => undefined }, 'b2');
		expect(broken.get('100:aa')).toBeUndefined();
	});

	it('keep the scripts used latest, at most 300, and write one value at a time (what came meanwhile goes in the next)', async () => {
		const kept = store(null);
		const findings = new LocationFindings();
		await findings.load(kept, 'b2');
		for (let i = 0; i < 310; i++) findings.add(`100:${i}`, [[0, 8, '__studioLocation']]);
		findings.get('100:10'); // used again: kept over older ones
		findings.add('100:new', []);
		await vi.waitFor(() => expect(kept.writes.length).toBe(2));
		const written = kept.writes.at(-1) as { build: string; scripts: [string, Finding[]][] };
		expect(written.build).toBe('b2');
		const last = written.scripts;
		expect(last.length).toBe(300);
		expect(last.map(([key]) => key)).toContain('100:10');
		expect(last.map(([key]) => key)).not.toContain('100:11');
		expect(last.at(-1)).toEqual(['100:new', []]);
		expect(findings.get('100:0')).toBeUndefined();
	});
});
