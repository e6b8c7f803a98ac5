// The toast's sentence for what an import could not take: a node_modules/ or dot folder once, with its count.
import { describe, expect, it } from 'vitest';
import { leftOut } from '../../src/lib/client/actions/left-out';

const why = { modules: 'node_modules is not managed', dot: 'dot files are not managed', type: 'not a type the studio holds' };

describe('what an import left out, in one sentence', () => {
	it('names a folder of many files once, with their count, and a single file by its path', () => {
		const skipped = [
			...Array.from({ length: 127 }, (_, i) => ({ path: `node_modules/@shower/core/file${i}.js`, reason: why.modules })),
			{ path: 'site/node_modules/jquery/dist/jquery.js', reason: why.modules },
			{ path: '.git/HEAD', reason: why.dot },
			{ path: '.git/config', reason: why.dot }
		];
		expect(leftOut(skipped)).toBe(` 130 left out: node_modules/ (127 files: ${why.modules}); site/node_modules/jquery/dist/jquery.js (${why.modules}); .git/ (2 files: ${why.dot})`);
	});

	it('lists at most three, then an ellipsis; nothing left out is no sentence', () => {
		const skipped = ['a.exe', 'b.exe', 'c.exe', 'd.exe'].map((path) => ({ path, reason: why.type }));
		expect(leftOut(skipped)).toBe(` 4 left out: a.exe (${why.type}); b.exe (${why.type}); c.exe (${why.type})…`);
		expect(leftOut([])).toBe('');
	});
});
