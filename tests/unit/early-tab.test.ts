// The tab the first paint leased (src/first-paint.js) is taken over once, and only in the shape that
// script writes: a malformed one leaves the page to lease a tab of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyTab } from '../../src/lib/client/hub-early';

const shell = globalThis as { studioEarlyTab?: unknown };
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

afterEach(() => {
	delete shell.studioEarlyTab;
});

describe('the tab the first paint leased', () => {
	it('is handed over once, with a lease that settles when the first paint’s did', async () => {
		let held!: (value: boolean) => void;
		shell.studioEarlyTab = { id: ID, lease: new Promise<boolean>((resolve) => (held = resolve)) };
		const tab = takeEarlyTab();
		expect(tab?.id).toBe(ID);
		expect(takeEarlyTab()).toBeNull();
		expect(shell.studioEarlyTab).toBeUndefined();
		let settled = false;
		void tab!.lease.then(() => (settled = true));
		await Promise.resolve();
		expect(settled).toBe(false);
		held(true);
		await tab!.lease;
		expect(settled).toBe(true);
	});

	it('is not taken in another shape (then the page leases its own)', () => {
		for (const painted of [null, { id: ID }, { id: 'not-an-id', lease: Promise.resolve(true) }, { id: 42, lease: Promise.resolve(true) }, { id: ID, lease: { then() {} } }]) {
			shell.studioEarlyTab = painted;
			expect(takeEarlyTab()).toBeNull();
			expect(shell.studioEarlyTab).toBeUndefined();
		}
	});
});
