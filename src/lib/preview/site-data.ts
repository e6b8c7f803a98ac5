// What a site keeps in the browser beside its files, as the hub keeps it for a workspace: its
// localStorage, its IndexedDB databases and its cookies, each persisted where the hub says. Every
// tab's preview starts from it and changes it; the coordinator tells the other tabs.
import type { SiteStorageChange } from './messages';
import { SITE_DATABASES_MAX_CHARS, SiteStorage, type SiteStore } from './site-state';
import { SiteCookies } from './site-cookies';

/** Where each area persists (the hub's preferences, per workspace); an absent one lives in memory. */
export interface SiteDataStores {
	siteStore?: SiteStore;
	databaseStore?: SiteStore;
	cookieStore?: SiteStore;
}

/** The site's localStorage, databases and cookies. */
export class SiteData {
	readonly local: SiteStorage;
	/** Each database's text, as the last page that wrote it left it (no tab's preview is told: each reads it at its next render). */
	readonly databases: SiteStorage;
	readonly cookies: SiteCookies;

	constructor(stores: SiteDataStores, now?: () => number) {
		this.local = new SiteStorage(stores.siteStore);
		this.databases = new SiteStorage(stores.databaseStore, SITE_DATABASES_MAX_CHARS);
		this.cookies = new SiteCookies(stores.cookieStore, now);
	}

	/** Reads what the last session left (once, before the first render). */
	load(): Promise<unknown> {
		return Promise.all([this.local.load(), this.databases.load(), this.cookies.load()]);
	}

	/** A frame's change, kept; true when the other previews are to be told (not of databases, nor of a change refused). */
	apply(change: SiteStorageChange): boolean {
		if (change.area === 'indexeddb') {
			this.databases.apply(change);
			return false;
		}
		if (change.area === 'local') return this.local.apply(change);
		if (change.area === 'cookie') return this.cookies.apply(change);
		return true;
	}

	/** Empties every area; says what went, as "3 items, 1 database and 2 cookies cleared.". */
	clear(): string {
		const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
		const items = this.local.clear();
		const databases = this.databases.clear();
		const cookies = this.cookies.clear();
		const parts = [count(items, 'item'), ...(databases ? [count(databases, 'database')] : []), ...(cookies ? [count(cookies, 'cookie')] : [])];
		return `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]} cleared.`;
	}
}
