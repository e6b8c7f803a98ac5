import { describe, expect, it } from 'vitest';
import { onceUntilFailed } from '../../src/lib/core/once';

describe('onceUntilFailed', () => {
	it('runs the load once for every caller while it succeeds', async () => {
		let runs = 0;
		const load = onceUntilFailed(async () => ++runs);
		expect(await Promise.all([load(), load()])).toEqual([1, 1]);
		expect(await load()).toBe(1);
		expect(runs).toBe(1);
	});

	it('forgets a failed load, so the next call tries again', async () => {
		let runs = 0;
		const load = onceUntilFailed(async () => {
			runs++;
			if (runs === 1) throw new Error('offline');
			return 'loaded';
		});
		await expect(load()).rejects.toThrow('offline');
		expect(await load()).toBe('loaded');
		expect(await load()).toBe('loaded');
		expect(runs).toBe(2);
	});
});
