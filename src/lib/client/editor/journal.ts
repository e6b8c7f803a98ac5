// The editor's recovery journal: text typed but not yet saved, kept in localStorage (written
// synchronously, so it survives a tab closed or killed mid-save) until the hub has committed it.
import { tabLockName } from '$lib/worker/protocol-calls';
import { scoped } from '$lib/core/base';
import { hashText } from '$lib/domain/hash';
import type { SavedText } from './save-sync';
import { forgetFirstScreens } from '../first-screen';
import { localStore, tryWrite } from '../local-store';
import { docText } from '$lib/domain/doc-text';

/** One file's unsaved text in one tab. */
export interface JournalEntry {
	tabId: string;
	/** The workspace the text belongs to (entries from before there were several: the default's). */
	workspaceId?: string;
	path: string;
	text: string;
	/** The revision and content hash the text was based on (what it may be saved over). */
	baseRevision: number;
	baseHash: string;
	/** Hash of a save that was on its way when the entry was written: the store may hold that instead. */
	savingHash?: string;
	/** A co-edited file: the updates not yet confirmed (this editor's client, its synced version, how many). */
	collab?: { clientID: string; version: number; count: number };
	/** A co-edited file: the hub that holds the confirmed text live (it stores it when the tab goes, unless it stops first). */
	hubId?: string;
	at: number;
}

const PREFIX = `${scoped('studio:unsaved')}:`;
const key = (tabId: string, path: string) => `${PREFIX}${tabId}:${path}`;


/**
 * Records unsaved text (overwrites the tab's previous entry for the path). Over the quota, the first
 * screens' pictures (a cache) make room: other workspaces' first, then every one.
 */
export function journalWrite(entry: JournalEntry): void {
	// No storage (disabled): the journal is best effort, saves still go to the hub.
	const store = localStore();
	if (!store) return;
	const write = () => tryWrite(store, key(entry.tabId, entry.path), JSON.stringify(entry));
	// Still full after that: the live save still runs; only the crash copy is missing.
	void (write() || (forgetFirstScreens(entry.workspaceId ?? 'default') && write()) || (forgetFirstScreens(null) && write()));
}

/** Forgets a tab's entry for `path` (its text was saved, or discarded by the person). */
export function journalRemove(tabId: string, path: string): void {
	localStore()?.removeItem(key(tabId, path));
}

function isEntry(value: unknown): value is JournalEntry {
	const e = value as Partial<JournalEntry> | null;
	return !!e && typeof e.tabId === 'string' && typeof e.path === 'string' && typeof e.text === 'string' && typeof e.baseRevision === 'number' && typeof e.baseHash === 'string';
}

/**
 * Entries of `workspaceId` left by tabs that are gone (their lease lock is free): a live tab, even a
 * hidden one, saves its own text. Another workspace's entries wait for a tab on that workspace.
 * Malformed entries are dropped.
 */
export async function orphanedEntries(workspaceId: string): Promise<JournalEntry[]> {
	const store = localStore();
	if (!store) return [];
	const held = new Set<string>();
	if (typeof navigator !== 'undefined' && navigator.locks?.query) {
		for (const lock of (await navigator.locks.query()).held ?? []) if (lock.name) held.add(lock.name);
	}
	const out: JournalEntry[] = [];
	for (let i = store.length - 1; i >= 0; i--) {
		const name = store.key(i);
		if (!name?.startsWith(PREFIX)) continue;
		let entry: unknown;
		try {
			entry = JSON.parse(store.getItem(name) ?? 'null');
		} catch {
			entry = null;
		}
		if (!isEntry(entry)) store.removeItem(name);
		else if ((entry.workspaceId ?? 'default') === workspaceId && !held.has(tabLockName(entry.tabId))) out.push(entry);
	}
	return out.sort((a, b) => a.at - b.at);
}

/** The entry for `text` typed over `file`'s stored text; null when there is nothing to keep. */
export function unsavedEntry(where: { tabId: string | null; workspaceId: string; path: string }, file: SavedText | undefined, text: string | null, collab?: JournalEntry['collab']): JournalEntry | null {
	const { tabId, workspaceId, path } = where;
	if (!file || !tabId || text === null || docText(text) === docText(file.base)) return null;
	return { tabId, workspaceId, path, text, baseRevision: file.revision, baseHash: hashText(file.base), savingHash: file.saving === null ? undefined : hashText(file.saving), collab, at: Date.now() };
}

/**
 * The entry for a co-edited file's `text` while the store does not hold it yet. The hub confirms
 * typing once it holds it live and stores it a moment later (or when the tab goes): a hub that stops
 * in between (the last tab closed) would take the text with it, so the entry stays until the stored
 * file is this text. `stored`: the stored file's hash and the workspace revision that has it.
 */
export function unstoredEntry(where: { tabId: string | null; workspaceId: string; path: string }, text: string | null, stored: { hash: string; revision: number } | null, hubId: string, collab?: JournalEntry['collab']): JournalEntry | null {
	const { tabId, workspaceId, path } = where;
	if (!stored || !tabId || text === null || hashText(text) === stored.hash) return null;
	return { tabId, workspaceId, path, text, baseRevision: stored.revision, baseHash: stored.hash, collab, hubId, at: Date.now() };
}

/** Whether a tab has an entry for `path`. */
export function journalHas(tabId: string, path: string): boolean {
	return localStore()?.getItem(key(tabId, path)) != null;
}

/** Keeps a tab's unsaved text in the journal: at most once a second while typing, at once when asked. */
export class TypingJournal {
	#timers = new Map<string, ReturnType<typeof setTimeout>>();
	readonly #entry: (path: string) => JournalEntry | null;
	readonly #dirty: (path: string) => boolean;

	/** `entry` describes `path`'s unsaved text now (null: nothing to keep); `dirty` says if it has any. */
	constructor(entry: (path: string) => JournalEntry | null, dirty: (path: string) => boolean) {
		this.#entry = entry;
		this.#dirty = dirty;
	}

	/** A keystroke in `path`: journalled within a second, so a crash loses no more than that. */
	typed(path: string): void {
		if (this.#timers.has(path)) return;
		this.#timers.set(
			path,
			setTimeout(() => {
				this.#timers.delete(path);
				if (this.#dirty(path)) this.write(path);
			}, 1000)
		);
	}

	/** Journals `path` now (synchronously: the page may be gone a moment later). */
	write(path: string): void {
		const entry = this.#entry(path);
		if (entry) journalWrite(entry);
	}
}
