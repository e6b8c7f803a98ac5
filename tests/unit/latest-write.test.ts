// One write at a time, each with the state as it is when it starts (the site's storage and the
// location findings persist through it).
import { describe, expect, it } from 'vitest';
import { latestWriter } from '../../src/lib/core/latest-write';

describe('a latest writer', () => {
	it('writes at once, never twice at a time; changes made meanwhile go in one more write, with the latest state', async () => {
		let state = 0;
		const written: number[] = [];
		const pending: (() => void)[] = [];
		const persist = latestWriter(() => {
			written.push(state);
			return new Promise<void>((resolve) => pending.push(resolve));
		});
		state = 1;
		persist();
		for (state = 2; state <= 4; state++) persist();
		expect(written).toEqual([1]);
		pending.shift()!();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(written).toEqual([1, 5]);
		pending.shift()!();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(written).toEqual([1, 5]);
	});

	it('goes on after a failed write: the next change writes again', async () => {
		let calls = 0;
		const persist = latestWriter(async () => {
			calls++;
			if (calls === 1) throw new Error('quota');
		});
		persist();
		await new Promise((resolve) => setTimeout(resolve, 0));
		persist();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(calls).toBe(2);
	});
});
