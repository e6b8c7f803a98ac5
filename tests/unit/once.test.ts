import { describe, expect, it } from 'vitest';
import { loadedOnce, onceUntilFailed } from '../../src/lib/core/once';

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

describe('loadedOnce', () => {
	it('is read synchronously only once loaded; a failed load is tried again', async () => {
		let runs = 0;
		const parser = loadedOnce('test parser', async () => {
			runs++;
			if (runs === 1) throw new Error('offline');
			return { parse: (text: string) => text.length };
		});
		expect(parser.ready).toBe(false);
		expect(() => parser.get()).toThrow('The test parser was not loaded before it was used.');
		await expect(parser.load()).rejects.toThrow('offline');
		expect(parser.ready).toBe(false);
		const [a, b] = await Promise.all([parser.load(), parser.load()]);
		expect(a).toBe(b);
		expect(parser.ready).toBe(true);
		expect(parser.get().parse('four')).toBe(4);
		expect(runs).toBe(2);
	});
});
