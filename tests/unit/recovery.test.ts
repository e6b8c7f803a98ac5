// Recovery of a closed tab's journal: an entry whose co-edited updates all reached the hub's live text
// is dropped without asking (it was pushed as the tab went), and so is one whose every update the
// still-running hub confirmed; one a hub that stopped held unstored, or one the hub does not hold, is
// saved or shown as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recoverUnsaved } from '../../src/lib/client/editor/recovery';
import { hashText } from '../../src/lib/domain/hash';
import type { StudioClient } from '../../src/lib/client/studio.svelte';
import type { ToastStore } from '../../src/lib/client/toasts.svelte';

/** A Storage over a Map (the journal writes localStorage synchronously). */
class MemoryStorage {
	#items = new Map<string, string>();
	get length() {
		return this.#items.size;
	}
	key(i: number) {
		return [...this.#items.keys()][i] ?? null;
	}
	getItem(key: string) {
		return this.#items.get(key) ?? null;
	}
	setItem(key: string, value: string) {
		this.#items.set(key, String(value));
	}
	removeItem(key: string) {
		this.#items.delete(key);
	}
}

function fakeStudio(stored: string, holds: boolean, hubId = 'hub-now') {
	const calls: { name: string; args: unknown }[] = [];
	const asked: unknown[][] = [];
	const studio = {
		workspaceId: 'default',
		hubId,
		api: {
			readFile: async (path: string) => ({ path, content: stored, revision: 7 }),
			collabHolds: async (...args: unknown[]) => (asked.push(args), holds)
		},
		callTool: async (name: string, args: unknown) => (calls.push({ name, args }), { isError: false })
	} as unknown as StudioClient;
	return { studio, calls, asked };
}

const toasts = () => {
	const shown: string[] = [];
	return { store: { show: (t: { message: string }) => shown.push(t.message) } as unknown as ToastStore, shown };
};

const entry = (extra: Record<string, unknown> = {}) => ({ tabId: 'gone-tab', workspaceId: 'default', path: 'styles.css', text: 'a\nmine', baseRevision: 3, baseHash: hashText('a'), at: 1, ...extra });

describe('journal recovery', () => {
	beforeEach(() => {
		(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
	});
	afterEach(() => {
		delete (globalThis as { localStorage?: unknown }).localStorage;
	});

	it('drops, without asking or writing, an entry whose co-edited updates the hub already holds', async () => {
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ collab: { clientID: 'c1', version: 4, count: 2 } })));
		const { studio, calls, asked } = fakeStudio('a\nmine\nand theirs typed after', true);
		const { store, shown } = toasts();
		const offered: string[] = [];
		await recoverUnsaved(studio, store, async (path) => (offered.push(path), true));
		expect(asked).toEqual([['styles.css', 'c1', 4, 2]]);
		expect(offered).toEqual([]);
		expect(calls).toEqual([]);
		expect(shown).toEqual([]);
		expect(localStorage.length).toBe(0);
	});

	it('an entry the hub does not hold is still offered beside what changed since', async () => {
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ collab: { clientID: 'c1', version: 4, count: 2 } })));
		const { studio } = fakeStudio('a\nsomething else', false);
		const { store } = toasts();
		const offered: string[] = [];
		await recoverUnsaved(studio, store, async (path, _theirs, _revision, mine) => (offered.push(`${path}:${mine}`), true));
		expect(offered).toEqual(['styles.css:a\nmine']);
		expect(localStorage.length).toBe(0);
	});

	it('an entry holding a file written with \\r\\n as the editor reads it (its lines joined by \\n) is that file: dropped, nothing written', async () => {
		// As a tab's journal keeps a co-edited file it never typed into, the stored file's hash its base.
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ text: 'a {\n}\n', baseHash: hashText('a {\r\n}\r\n'), hubId: 'hub-before' })));
		const { studio, calls } = fakeStudio('a {\r\n}\r\n', false, 'hub-now');
		const { store, shown } = toasts();
		const offered: string[] = [];
		await recoverUnsaved(studio, store, async (path) => (offered.push(path), true));
		expect(offered).toEqual([]);
		expect(calls).toEqual([]);
		expect(shown).toEqual([]);
		expect(localStorage.length).toBe(0);
	});

	it('an entry with no co-editing record over an unchanged base is saved back, as before', async () => {
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry()));
		const { studio, calls, asked } = fakeStudio('a', true);
		const { store, shown } = toasts();
		await recoverUnsaved(studio, store, async () => true);
		expect(asked).toEqual([]);
		expect(calls).toEqual([{ name: 'workspace_write_file', args: { path: 'styles.css', content: 'a\nmine', expectedRevision: 7 } }]);
		expect(shown).toEqual(['Recovered unsaved changes to styles.css.']);
	});

	it('text recovered over a file written with \\r\\n is saved back with \\r\\n', async () => {
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ text: 'a {\n}\nmine\n', baseHash: hashText('a {\r\n}\r\n') })));
		const { studio, calls } = fakeStudio('a {\r\n}\r\n', false);
		await recoverUnsaved(studio, toasts().store, async () => true);
		expect(calls).toEqual([{ name: 'workspace_write_file', args: { path: 'styles.css', content: 'a {\r\n}\r\nmine\r\n', expectedRevision: 7 } }]);
	});

	it('co-edited text the hub confirmed but never stored: dropped while that hub runs (it stores it), saved back once it stopped', async () => {
		// The tab's text reached the hub that still runs: it stores what a gone tab typed.
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ hubId: 'hub-now' })));
		const running = fakeStudio('a', false, 'hub-now');
		await recoverUnsaved(running.studio, toasts().store, async () => true);
		expect(running.calls).toEqual([]);
		expect(localStorage.length).toBe(0);
		// The last tab closed and that hub stopped with the text unstored: it comes back from the journal.
		localStorage.setItem('studio:unsaved:gone-tab:styles.css', JSON.stringify(entry({ hubId: 'hub-before' })));
		const restarted = fakeStudio('a', false, 'hub-now');
		const { store, shown } = toasts();
		await recoverUnsaved(restarted.studio, store, async () => true);
		expect(restarted.calls).toEqual([{ name: 'workspace_write_file', args: { path: 'styles.css', content: 'a\nmine', expectedRevision: 7 } }]);
		expect(shown).toEqual(['Recovered unsaved changes to styles.css.']);
		expect(localStorage.length).toBe(0);
	});
});
