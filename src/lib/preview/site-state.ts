// What a site has in the preview beside its files, as the hub keeps it: the page shown with its Back
// and Forward history (the page persisted), the site's localStorage and IndexedDB databases
// (persisted, one write at a time). The revisions frames still show: site-revisions.ts. The
// coordinator renders; these remember.
import type { Workspace } from '../domain/model';
import type { SiteNavigation, SiteStorageChange } from './messages';
import { addressOf, atRoot, entryOf, pageOf } from './compile';
import { sitePath } from './site';
import { applyStorageChange } from './storage-change';
import { latestWriter } from '../core/latest-write';

/** Pages kept behind Back. */
const MAX_HISTORY = 50;
/** A site's localStorage, at most (keys and values, in characters), as browsers allow about 5 MB. */
const SITE_STORAGE_MAX_CHARS = 5 * 1024 * 1024;
/** A site's IndexedDB databases, at most (names and texts, in characters). */
export const SITE_DATABASES_MAX_CHARS = 4 * SITE_STORAGE_MAX_CHARS;

/** Where a storage area persists (the hub's preferences, per workspace). */
export type SiteStore = { get(): Promise<unknown>; set(value: Record<string, string>): Promise<void> };

/** Where the preview is: the address shown (page and query), and whether Back and Forward lead anywhere. */
export type SiteLocation = { path: string; canBack: boolean; canForward: boolean };

/**
 * A place in the site's history: the page (null: the entry, whatever it is at each revision), its
 * query, the address it was asked at when that is not the file's own name (`blog/` for
 * blog/index.html, `about` for about.html), as a host's address bar keeps it, and the page of the
 * site it was reached from (`document.referrer`), which a reload, Back and Forward keep.
 */
export type SitePlace = { page: string | null; search: string; at?: string; referrer?: string };

/** Where the page shown persists (the hub's preferences, per workspace); absent: memory only. */
export interface SitePlaceStore {
	get(): Promise<unknown>;
	set(place: SitePlace): Promise<void>;
}

/** A place as it was stored (a workspace path is at most this long; a query at most 2048 characters). */
const isPlace = (value: unknown): value is SitePlace => {
	const place = value as Partial<SitePlace> | null;
	return !!place && typeof place === 'object' && (place.page === null || (typeof place.page === 'string' && place.page.length > 0 && place.page.length <= 1024)) && typeof place.search === 'string' && (place.at === undefined || (typeof place.at === 'string' && place.at.length > 0 && place.at.length <= 1024)) && (place.referrer === undefined || (typeof place.referrer === 'string' && place.referrer.length <= 4096));
};

/** A query as the page reads it from `location.search` ("" or "?…"; at most 2048 characters). */
const searchOf = (search: string | undefined) => (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`).slice(0, 2048) : '');

/**
 * The page shown with its query, and the way back and forward. The page persists: a studio reloaded
 * (its hub started afresh) shows the page it showed, as a browser's reload of a site's tab does, and as
 * the first screen's picture of it does. Back and Forward start empty.
 */
export class SiteHistory {
	#here: SitePlace = { page: null, search: '' };
	#back: SitePlace[] = [];
	#forward: SitePlace[] = [];
	/** A fragment the next render goes to (a link to about.html#team), used once. */
	#fragment: string | undefined;

	constructor(private readonly store?: SitePlaceStore) {}

	/**
	 * Reads the place the last session left (once, before the first render); anything else is ignored.
	 * A page deleted since renders as a host's 404, with its link home.
	 */
	async load(): Promise<void> {
		const stored = await this.store?.get().catch(() => null);
		if (isPlace(stored)) this.#here = { page: stored.page, search: searchOf(stored.search), ...(stored.at !== undefined && stored.page !== null ? { at: stored.at } : {}), ...(stored.referrer ? { referrer: stored.referrer } : {}) };
	}

	/** The page a render of `workspace` compiles (null: its entry). */
	get page(): string | null {
		return this.#here.page;
	}

	/** The page of the site the page shown was reached from (`document.referrer`; "": none). */
	get referrer(): string {
		return this.#here.referrer ?? '';
	}

	/** The query of the page shown (`?id=3`, or ""): the site reads it as `location.search`. */
	get search(): string {
		return this.#here.search;
	}

	/** The site path a workspace shows now. */
	pageOf(workspace: Workspace): string {
		return this.#here.page ?? entryOf(workspace) ?? 'index.html';
	}

	/** Where a host's address bar has the page shown, its query aside: the address it was asked at, else its file. */
	addressOf(workspace: Workspace): string {
		return this.#here.at ?? this.pageOf(workspace);
	}

	/** The address bar's: the page's address with its query, "" for the entry at the site's root (the page's `location.pathname` is `/`). */
	shownAt(workspace: Workspace): string {
		return (atRoot(workspace, this.#here.page) ? '' : this.addressOf(workspace)) + this.#here.search;
	}

	location(workspace: Workspace): SiteLocation {
		return { path: this.shownAt(workspace), canBack: this.#back.length > 0, canForward: this.#forward.length > 0 };
	}

	/**
	 * Goes to a page (paths resolve as a static host does them; a query in the path is the page's), or
	 * back or forward; false when there is nowhere to go. A replacing navigation (location.replace)
	 * leaves no entry behind it.
	 */
	go(workspace: Workspace, target: SiteNavigation): boolean {
		const here = this.#here;
		if (target.direction === 'back' || target.direction === 'forward') {
			const [from, to] = target.direction === 'back' ? [this.#back, this.#forward] : [this.#forward, this.#back];
			if (from.length === 0) return false;
			to.push(here);
			this.#moveTo(from.pop()!);
			return true;
		}
		const raw = target.path ?? '';
		const query = raw.indexOf('?');
		const path = sitePath(query >= 0 ? raw.slice(0, query) : raw) ?? '';
		const search = searchOf(target.search ?? (query >= 0 ? raw.slice(query) : ''));
		const found = pageOf(workspace, path);
		const page = found ?? (path || 'index.html');
		const at = addressOf(path, found);
		if (!target.replace) this.#back = [...this.#back, here].slice(-MAX_HISTORY);
		this.#forward = target.replace ? this.#forward : [];
		this.#moveTo({ page: page === entryOf(workspace) && path === '' ? null : page, search, ...(at !== undefined && path !== '' ? { at } : {}), ...(target.referrer ? { referrer: target.referrer } : {}) });
		if (target.fragment && target.fragment.length > 1) this.#fragment = target.fragment;
		return true;
	}

	/**
	 * After the workspace was replaced as a whole (a reset to a starter, an archive imported): a page
	 * it no longer has gives way to the new site's entry, with no way back into the old one. A page
	 * deleted by itself stays, as a host's 404 (its link leads home). False: nothing moved.
	 */
	leaveReplaced(workspace: Workspace): boolean {
		const page = this.#here.page;
		if (page === null || pageOf(workspace, page) === page) return false;
		this.#back = [];
		this.#forward = [];
		this.#fragment = undefined;
		this.#moveTo({ page: null, search: '' });
		return true;
	}

	/** Written at once, in order (the last tab may close right after a navigation, and the hub with it). */
	#moveTo(place: SitePlace) {
		this.#here = place;
		void this.store?.set({ ...place }).catch(() => undefined);
	}

	/** The fragment the next render goes to, once. */
	takeFragment(): string | undefined {
		const fragment = this.#fragment;
		this.#fragment = undefined;
		return fragment;
	}
}

/**
 * A storage area of the site, kept per workspace and written through to `store` at once: its
 * localStorage (items), or its IndexedDB (each database's text by name, frame/indexeddb.js).
 */
export class SiteStorage {
	#local: Record<string, string> = {};
	/**
	 * Writes at once, one write at a time (a change made meanwhile goes in the next): the last tab may
	 * close right after the page wrote, and the hub with it.
	 */
	readonly #persist = latestWriter(async () => {
		await this.store?.set({ ...this.#local });
	});
	#changes = 0;

	/** `maxChars`: keys and values together, at most. */
	constructor(
		private readonly store?: SiteStore,
		private readonly maxChars = SITE_STORAGE_MAX_CHARS
	) {}

	/** Reads the persisted items (once, before the first render); anything but strings is dropped. */
	async load(): Promise<void> {
		const stored = await this.store?.get().catch(() => null);
		if (stored && typeof stored === 'object') this.#local = Object.fromEntries(Object.entries(stored as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
		this.#changes++;
	}

	/** Counts the changes (a compile made before one is stale). */
	get changes(): number {
		return this.#changes;
	}

	get items(): Record<string, string> {
		return { ...this.#local };
	}

	/** Applies a frame's change; false when it would pass the quota (the frame's own quota refuses first). */
	apply(change: SiteStorageChange): boolean {
		const next = applyStorageChange(this.#local, change);
		if (Object.entries(next).reduce((n, [k, v]) => n + k.length + v.length, 0) > this.maxChars) return false;
		this.#local = next;
		this.#changes++;
		this.#persist();
		return true;
	}

	/** Forgets every item; says how many there were. */
	clear(): number {
		const count = Object.keys(this.#local).length;
		this.#local = {};
		this.#changes++;
		this.#persist();
		return count;
	}
}
