// A Retry of the studio's code: the first load only loads; a second failure reloads the studio when
// its document answers, and only then (offline, the page stays and says it failed).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryByReload } from '../../src/lib/client/code-retry';

const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));

describe('retryByReload', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('a first failure is reported as it is, without asking anything or reloading', async () => {
		const fetch = vi.fn(async () => new Response(null, { status: 200 }));
		vi.stubGlobal('fetch', fetch);
		vi.stubGlobal('location', { href: 'http://127.0.0.1/' });
		const reload = vi.fn();
		await expect(retryByReload(failing, reload)()).rejects.toThrow('Failed to fetch');
		expect(fetch).not.toHaveBeenCalled();
		expect(reload).not.toHaveBeenCalled();
	});

	it('a Retry that loads returns the module; one that fails again reloads once the studio answers', async () => {
		vi.stubGlobal('location', { href: 'http://127.0.0.1/' });
		const fetch = vi.fn(async () => new Response(null, { status: 200 }));
		vi.stubGlobal('fetch', fetch);
		let works = false;
		const reload = vi.fn();
		const load = retryByReload(() => (works ? Promise.resolve('module') : failing()), reload);
		await expect(load()).rejects.toThrow();
		works = true;
		await expect(load()).resolves.toBe('module');
		expect(reload).not.toHaveBeenCalled();

		const stuck = retryByReload(failing, reload);
		await expect(stuck()).rejects.toThrow();
		const retried = stuck();
		await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
		expect(fetch).toHaveBeenCalledWith('http://127.0.0.1/', { method: 'HEAD', cache: 'no-store' });
		// The page goes: the Retry's promise never settles into a second failure line.
		expect(await Promise.race([retried.then(() => 'settled', () => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))])).toBe('pending');
	});

	it('offline (the studio does not answer, or answers an error) a Retry fails again and the page stays', async () => {
		vi.stubGlobal('location', { href: 'http://127.0.0.1/' });
		const reload = vi.fn();
		for (const answer of [() => Promise.reject(new TypeError('Failed to fetch')), async () => new Response(null, { status: 503 })]) {
			vi.stubGlobal('fetch', vi.fn(answer));
			const load = retryByReload(failing, reload);
			await expect(load()).rejects.toThrow();
			await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
		}
		expect(reload).not.toHaveBeenCalled();
	});
});
