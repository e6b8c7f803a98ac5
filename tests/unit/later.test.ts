// A controller made when first needed: one load for every caller, null until then, and a failed
// load of its code tried again at the next call (not remembered as failed for the page's life).
import { describe, expect, it, vi } from 'vitest';
import { Later } from '../../src/lib/client/later.svelte';

describe('Later', () => {
	it('makes the controller once, for every caller, and shows it once made', async () => {
		const make = vi.fn(async () => ({ name: 'agent' }));
		const later = new Later(make);
		expect(later.current).toBeNull();
		const [a, b] = await Promise.all([later.get(), later.get()]);
		expect(a).toBe(b);
		expect(later.current).toBe(a);
		await later.get();
		expect(make).toHaveBeenCalledTimes(1);
	});

	it('tries again after a failed load, and tells the failure to whoever ran work through it', async () => {
		let fail = true;
		const failed = vi.fn();
		const later = new Later(async () => {
			if (fail) throw new Error('chunk not fetched');
			return { ran: [] as string[] };
		}, failed);
		const work = vi.fn();
		later.run(work);
		await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
		expect(work).not.toHaveBeenCalled();
		expect(later.current).toBeNull();
		fail = false;
		later.run((value) => value.ran.push('after'));
		await vi.waitFor(() => expect(later.current?.ran).toEqual(['after']));
		expect(failed).toHaveBeenCalledTimes(1);
	});
});
