// The file tree's rows: order, and which folders a person sees open (small ones, the active file's,
// the person's own choices), so a site brought with a big library starts folded.
import { describe, expect, it } from 'vitest';
import { SMALL_FOLDER, shownRows, treeRows } from '../../src/lib/views/tree-rows';
import type { FileSummary } from '../../src/lib/shared/types';

const file = (path: string): FileSummary => ({ path, kind: 'text', language: 'plaintext', size: 1 }) as FileSummary;
const paths = (rows: { kind: string; path: string; open?: boolean }[]) => rows.map((row) => (row.kind === 'folder' ? `${row.path}/${row.open ? '' : '+'}` : row.path));

describe('tree rows', () => {
	it('lists each level’s folders before its files, by name, with the files under each folder', () => {
		const rows = treeRows(['b.html', 'a/z.css', 'index.html', 'a/b/c.js', 'a/a.js', 'c/d.txt'].map(file));
		expect(rows.map((row) => row.path)).toEqual(['a', 'a/b', 'a/b/c.js', 'a/a.js', 'a/z.css', 'c', 'c/d.txt', 'b.html', 'index.html']);
		expect(rows.filter((row) => row.kind === 'folder').map((row) => [row.path, row.kind === 'folder' && row.files, row.depth])).toEqual([
			['a', 3, 0],
			['a/b', 1, 1],
			['c', 1, 0]
		]);
	});

	it('opens small folders and folds big ones, unless they hold the active file; a person’s choice wins', () => {
		const big = Array.from({ length: SMALL_FOLDER + 1 }, (_, i) => file(`lib/icons/i${String(i).padStart(2, '0')}.svg`));
		const rows = treeRows([file('index.html'), file('css/site.css'), ...big]);
		const none = {};
		expect(paths(shownRows(rows, 'index.html', none))).toEqual(['css/', 'css/site.css', 'lib/+', 'index.html']);
		// Exactly SMALL_FOLDER files: still open.
		expect(paths(shownRows(treeRows(big.slice(1)), null, none))).toHaveLength(SMALL_FOLDER + 2);
		// The active file's folders open, down to it.
		const shown = paths(shownRows(rows, 'lib/icons/i03.svg', none));
		expect(shown.slice(0, 4)).toEqual(['css/', 'css/site.css', 'lib/', 'lib/icons/']);
		expect(shown).toContain('lib/icons/i12.svg');
		// The person's choices: a small folder closed, a big one opened.
		const chosen = { css: false, lib: true };
		expect(paths(shownRows(rows, 'index.html', chosen))).toEqual(['css/+', 'lib/', 'lib/icons/+', 'index.html']);
		// A folder named as an object's own property is no choice of anyone's.
		const named = treeRows([file('constructor/a.txt'), ...big.map((f) => ({ ...f, path: f.path.replace('lib/', 'toString/') }))]);
		expect(paths(shownRows(named, null, {}))).toEqual(['constructor/', 'constructor/a.txt', 'toString/+']);
	});

	it('builds the rows of 5,000 files, of which one is shown', () => {
		const many = Array.from({ length: 5000 }, (_, i) => file(`lib/p${i % 50}/f${i}.js`));
		const started = performance.now();
		const rows = treeRows(many);
		const shown = shownRows(rows, null, {});
		const took = performance.now() - started;
		expect(rows).toHaveLength(5051);
		expect(paths(shown)).toEqual(['lib/+']);
		// 8–37 ms here; the limit is for a busy machine.
		expect(took).toBeLessThan(1000);
	});
});
