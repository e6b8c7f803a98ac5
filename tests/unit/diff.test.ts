// Line diffs and approval impacts.
import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/lib/domain/diff';
import { predictImpact } from '../../src/lib/runtime/impact';
import { starterWorkspace } from '../../src/lib/domain/template';

describe('lineDiff', () => {
	it('shows removed and added lines with context', () => {
		const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
		const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h'].join('\n');
		expect(lineDiff(before, after, 1)).toEqual([
			{ kind: '…', text: '3 unchanged lines' },
			{ kind: ' ', text: 'd' },
			{ kind: '-', text: 'e' },
			{ kind: '+', text: 'E' },
			{ kind: ' ', text: 'f' }
		]);
	});

	it('handles created and emptied files and caps long output', () => {
		expect(lineDiff('', 'x\ny')).toEqual([
			{ kind: '-', text: '' },
			{ kind: '+', text: 'x' },
			{ kind: '+', text: 'y' }
		]);
		const big = lineDiff('', [...Array(500).keys()].join('\n'), 3, 50);
		expect(big).toHaveLength(51);
		expect(big.at(-1)!.kind).toBe('…');
	});

	it('keeps unchanged runs between two changes short', () => {
		const before = [...Array(30).keys()].map(String);
		const after = [...before];
		after[2] = 'two';
		after[27] = 'twenty-seven';
		const lines = lineDiff(before.join('\n'), after.join('\n'), 2);
		expect(lines.filter((l) => l.kind === ' ').length).toBeLessThan(12);
		expect(lines.some((l) => l.kind === '…')).toBe(true);
	});
});

describe('predictImpact', () => {
	it('dry-runs the same transition the handler commits', () => {
		const impact = predictImpact(starterWorkspace(), 'workspace_apply_patch', { path: 'index.html', search: 'Fresh bread', replace: 'Warm bread', occurrence: 'first' });
		expect(impact).toMatchObject({ files: [{ path: 'index.html', change: 'modified' }] });
		const lines = (impact as { files: { diff: { kind: string; text: string }[] }[] }).files[0]!.diff;
		expect(lines.find((l) => l.kind === '-')?.text).toContain('Fresh bread');
		expect(lines.find((l) => l.kind === '+')?.text).toContain('Warm bread');
		expect(predictImpact(starterWorkspace(), 'workspace_delete_file', { path: 'nope.js' })).toEqual({ error: expect.stringContaining('nope.js') });
		expect(predictImpact(starterWorkspace(), 'workspace_list_files', {})).toBeUndefined();
	});
});
