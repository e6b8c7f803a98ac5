// The site's cookies as the hub keeps them: the jar the frames write (frame/cookies.js), one entry
// per cookie, `name; path=/p` → `value` or `value; expires=<ISO time>`. Shared with every tab's
// preview, as a browser shares one jar across its tabs; persisted without its session cookies, which
// last while the hub runs (the studio open in a tab), as a browser's last until it closes.
import { SiteStorage, type SiteStore } from './site-state';
import type { SiteStorageChange } from './messages';

/** The jar at most (keys and values, in characters): 180 cookies of 4 KB, as Chromium keeps a site's. */
const COOKIES_MAX_CHARS = 180 * (4096 + 1100);

const PATH = '; path=';
const EXPIRES = '; expires=';

/** A cookie read from its entry; null: the entry is not one. */
export interface SiteCookie {
	name: string;
	path: string;
	value: string;
	/** Epoch milliseconds; null: a session cookie. */
	expires: number | null;
}

/** A cookie from its entry in the jar (frame/cookies.js writes them); null when it is not one. */
export function parseCookie(key: string, text: string): SiteCookie | null {
	const at = key.indexOf(PATH);
	if (at < 0) return null;
	const until = text.indexOf(EXPIRES);
	const expires = until < 0 ? null : Date.parse(text.slice(until + EXPIRES.length));
	if (expires !== null && Number.isNaN(expires)) return null;
	return { name: key.slice(0, at), path: key.slice(at + PATH.length), value: until < 0 ? text : text.slice(0, until), expires };
}

/** The entries of `jar` still alive at `now` (a session cookie is; `persistent`: only those with an expiry). */
export function liveCookies(jar: Readonly<Record<string, string>>, now: number, persistent = false): Record<string, string> {
	return Object.fromEntries(
		Object.entries(jar).filter(([key, text]) => {
			const cookie = parseCookie(key, text);
			return !!cookie && (cookie.expires === null ? !persistent : cookie.expires > now);
		})
	);
}

/** The Site data view's rows of the cookies alive (`SiteCookies.items`): `Cookie “name” (/path)` → `value · until 2027-12-06` (or `· this session`). */
export function cookieRows(cookies: Readonly<Record<string, string>>): Record<string, string> {
	const rows: Record<string, string> = {};
	for (const [key, text] of Object.entries(cookies)) {
		const cookie = parseCookie(key, text);
		if (!cookie) continue;
		const until = cookie.expires === null ? 'this session' : `until ${new Date(cookie.expires).toISOString().slice(0, 10)}`;
		rows[`Cookie “${cookie.name}”${cookie.path === '/' ? '' : ` (${cookie.path})`}`] = `${cookie.value} · ${until}`;
	}
	return rows;
}

/** The site's cookie jar: every change kept in memory, the persistent cookies written through to `store`. */
export class SiteCookies {
	readonly #jar: SiteStorage;

	constructor(
		store: SiteStore | undefined,
		private readonly now: () => number = Date.now
	) {
		this.#jar = new SiteStorage(store && { get: () => store.get(), set: (jar) => store.set(liveCookies(jar, this.now(), true)) }, COOKIES_MAX_CHARS);
	}

	/** Reads the persisted cookies (once, before the first render): expired ones are dropped. */
	async load(): Promise<void> {
		await this.#jar.load();
		const gone = Object.keys(this.#jar.items).filter((key) => !(key in this.items));
		if (gone.length) this.#jar.apply({ area: 'cookie', changes: gone.map((key) => [key, null]) });
	}

	/** The cookies alive now. */
	get items(): Record<string, string> {
		return liveCookies(this.#jar.items, this.now());
	}

	/** A frame's change; false when it would pass the jar's limit (the frame's own limits refuse first). */
	apply(change: SiteStorageChange): boolean {
		return this.#jar.apply(change);
	}

	/** Forgets every cookie; says how many there were. */
	clear(): number {
		const count = Object.keys(this.items).length;
		this.#jar.clear();
		return count;
	}
}
