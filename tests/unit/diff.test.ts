// Line diffs (jsdiff) and the approval card's dry run.
import { describe, expect, it } from 'vitest';
import { fileDiff, lineDiff } from '../../src/lib/domain/diff';
import { describeChanges } from '../../src/lib/runtime/prepare';
import { makeFile } from '../../src/lib/domain/model';

describe('lineDiff', () => {
	it('shows removed and added lines with context and marks skipped runs', () => {
		const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
		const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h'].join('\n');
		expect(lineDiff(before, after, 1)).toEqual([
			{ kind: '…', text: '3 unchanged lines' },
			{ kind: ' ', text: 'd' },
			{ kind: '-', text: 'e' },
			{ kind: '+', text: 'E' },
			{ kind: ' ', text: 'f' },
			{ kind: '…', text: '2 unchanged lines' }
		]);
	});

	it('a created file shows only added lines (no bogus removed empty line), with counts', () => {
		expect(fileDiff('', 'x\ny\n')).toEqual({ lines: [{ kind: '+', text: 'x' }, { kind: '+', text: 'y' }], added: 2, removed: 0, truncated: 0 });
		expect(fileDiff('x\ny', '')).toMatchObject({ added: 0, removed: 2 });
	});

	it('a cap keeps exact counts and says how many lines were left out', () => {
		const big = fileDiff('', [...Array(500).keys()].join('\n'), 3, 50);
		expect(big.lines).toHaveLength(51);
		expect(big.lines.at(-1)).toEqual({ kind: '…', text: '450 more diff lines not shown' });
		expect(big).toMatchObject({ added: 500, truncated: 450 });
	});

	it('keeps unchanged runs between two changes short', () => {
		const before = [...Array(30).keys()].map(String);
		const after = [...before];
		after[2] = 'two';
		after[27] = 'twenty-seven';
		const lines = lineDiff(before.join('\n'), after.join('\n'), 2);
		expect(lines.filter((l) => l.kind === ' ').length).toBeLessThan(12);
		expect(lines.filter((l) => l.kind === '-').map((l) => l.text)).toEqual(['2', '27']);
	});

	it('a rewrite too large for Myers in time is shown whole (removed, then added) within a bounded time', () => {
		const a = [...Array(20_000).keys()].map(String);
		const b = a.map((line, i) => (i % 3 ? line : `x${line}`));
		const started = performance.now();
		const diff = fileDiff(a.join('\n'), b.join('\n'));
		expect(performance.now() - started).toBeLessThan(2000);
		expect(diff.removed).toBeGreaterThanOrEqual(6667);
		expect(diff.added).toBe(diff.removed);
	});
});

describe('describeChanges', () => {
	it('a move without changes reads as one rename, with no content diff', () => {
		const file = makeFile('styles.css', 'body{}');
		const impact = describeChanges([
			{ path: 'styles.css', before: file, after: null },
			{ path: 'main.css', before: null, after: makeFile('main.css', 'body{}') }
		]);
		expect(impact).toEqual([{ path: 'main.css', change: 'renamed', from: 'styles.css', added: 0, removed: 0, diff: [], truncated: 0 }]);
	});

	it('binary files show their type and sizes instead of a text diff', () => {
		const impact = describeChanges([{ path: 'a.png', before: null, after: makeFile('a.png', new Uint8Array([1, 2, 3])) }]);
		expect(impact[0]).toMatchObject({ change: 'created', binary: 'image/png, 3 bytes', diff: [] });
	});
});
