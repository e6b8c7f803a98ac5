// Types the frame programs (plain JavaScript, checked) share: what the bridge gives the others, and
// what the host fills into each render. Global on purpose: the programs are scripts, not modules.

/** What the host supplies per render, beside the document (so the document's key stays the same). */
interface StudioHostData {
	/** A fragment to go to once the page has loaded (`#pricing`). */
	fragment?: string;
	/** The workspace's localStorage and this tab's sessionStorage for the site. */
	local?: Record<string, string>;
	session?: Record<string, string>;
	/** The site's cookies as the hub keeps them (`name; path=/p` → `value[; expires=<ISO time>]`; cookies.js). */
	cookies?: Record<string, string>;
	/** What the render before of the same page kept for this one (the host keeps it as it is). */
	kept?: StudioKept;
	/** IndexedDB databases the page before wrote as it left (text by name, null: deleted), newer than the compiled seed (indexeddb.js). */
	databases?: Record<string, string | null>;
	/** What the page reads as `document.referrer`: the page it came from (referrer.js). */
	referrer?: string;
	/** The page's virtual URL, when its document's base is not (a framed page with a <base> of its own). */
	url?: string;
}

/** What a page keeps for the next render of it (an edit, a refresh), as a browser's reload keeps it. */
interface StudioKept {
	/** Where the person left it scrolled ([x, y]; frame/scroll.js). */
	scroll?: [number, number];
	/** The address its script routed to, where no file of the site is (a single-page app's `/products/2?tab=1`; routes.js). */
	route?: string;
	/** The address its script routed to where a file of the site is (a static site generator's next page): the next render shows that page instead. */
	page?: string;
	/** The state of the history entry it was at, as JSON (routes.js): `history.state` again, as after a reload. */
	state?: string;
	/** The entries it had made before the one it was at (address, fragment, state as JSON), the oldest first: the tab's history keeps them across a reload (routes.js). */
	entries?: StudioKeptEntry[];
	/** The fragment it was at (`#/guide`; routes.js): its next render starts there, as a reload keeps the URL's. */
	hash?: string;
}

/** An entry of a page's history kept for its next render (routes.js). */
interface StudioKeptEntry {
	address: string;
	hash: string;
	state?: string;
}

/** The bridge's services for the other frame programs. */
interface StudioFrameApi {
	/** The virtual origin the site's relative URLs resolve to (never fetched). */
	origin: string;
	/** What the compiler puts between a stylesheet's data: URL of a file and that file's URL (preview/file-mark.ts FILE_MARK). */
	fileMark: string;
	/** What follows the file's URL in the mark of an element's attribute, before the reference as written (preview/file-mark.ts WRITTEN_MARK). */
	writtenMark: string;
	host: StudioHostData;
	/** What the compiler said of the page on the bridge's tag: the site's entry at its root, a `<base>` of its own. */
	tag: { root: boolean; based: boolean };
	/** Posts a message to the host (console, error and warning lines are capped). */
	send(message: Record<string, unknown>): void;
	/** True when one more line of this kind ('console', 'error') is within the caps now (else it is counted as dropped). */
	admit(kind: string): boolean;
	/** The caps on what a render reports. */
	limits: import('../limits').PreviewLimits;
	/** Where a script's line is in workspace terms (a module's blob: URL, a line of the compiled document). */
	where(url: string | undefined, line: number, fromStack?: boolean): { source: string; line: number };
	/** Asks the host; resolves with its answer. */
	request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
	/** Handles a message the host sends of this type. */
	on(type: string, handler: (message: Record<string, unknown>) => void): void;
	/** Runs `fn` when the page has loaded, just before the acknowledgement is sent. */
	beforeReady(fn: () => void): void;
	/** Sends what the page wrote (storage, IndexedDB) now, as before `ready`: the page is leaving, its next page is rendered from it. */
	flush(): void;
	/** The acknowledgement waits for this too (when it was held before the page's load). */
	hold(promise: Promise<unknown>): void;
	/** The page's own path (`/about.html`): its address's. */
	page(): string;
	/** The page's virtual URL, with the fragment it is at: where it started, unless history.pushState/replaceState took it elsewhere. */
	address(): URL;
	/** The page's own URL, where the host rendered it (its address before any route). */
	start(): URL;
	/** The page is at `url` now (pushState, replaceState, a traversal): its address and its base follow (`alone`: the address alone). */
	route(url: URL, alone?: boolean): void;
	/** Keeps `part` for the next render of this page (with what the render before kept, unless `part` replaces it). */
	keep(part: StudioKept): void;
	/** A URL as the page means it (relative to its virtual URL; one built from `location` means this page), or null. */
	resolve(href: unknown): URL | null;
	/** A URL of the site's own, as the page means it, or null (another origin's). address.js. */
	siteUrl(href: unknown): URL | null;
	/** Where the page's code that called a shim is, in workspace terms. */
	caller(): { source: string; line: number };
	/** This page is shown in a frame of the site's own page (its parent relays for it). */
	framed: boolean;
	/** How many frames deep this page is in the site's page (0: the site's page itself). */
	depth: number;
	/** Handles a message of this type from a page this page frames. */
	onChild(type: string, handler: (message: Record<string, unknown>, frame: HTMLIFrameElement) => void): void;
	/** Hands a framed page's message to the handlers of its type. */
	fromChild(message: Record<string, unknown>, frame: HTMLIFrameElement): void;
	/** The site file behind `url`, from the revision shown; a missing one is reported at `at` (by default the page's caller). requests.js. */
	ask?(url: URL, method: string, at?: { source: string; line: number }, probe?: boolean, as?: 'script' | 'module' | 'fetched'): Promise<Record<string, unknown>>;
	/** A blob: URL of the site file at `url` (null when it is missing), made once per path. requests.js. */
	blobOf?(url: URL, script?: boolean): Promise<string | null>;
	/** `css` with each url() naming a site file (relative to `base`, by default the page) its blob: URL; null when it names none. styles.js. */
	cssFiles?(css: string, base?: URL): Promise<string> | null;
	/** True when `css` imports a site file. styles.js. */
	cssImports?(css: string): boolean;
	/** A blob: URL of the stylesheet at `url`, its imports and url()s resolved (null when it is missing). styles.js. */
	sheetOf?(url: URL): Promise<string | null>;
	/** True when a failed load of `el` is the browser's try of a site URL that a program loads from the workspace instead (rules.js: a style's import). */
	answers?(el: Element): boolean;
	/** Observes the document and each shadow root the page attaches from then on. shadows.js. */
	observe?(callback: MutationCallback, options: MutationObserverInit): void;
	/** Listens, capturing, on the window and on each shadow root the page attaches from then on. shadows.js. */
	listen?(type: string, listener: (event: Event) => void): void;
	/** A file's answer as a host sends it: status, body and headers (lower-case), a `Range` answered. ranges.js. */
	answered?(answer: Record<string, unknown>, method: string, range: string | null): StudioReply;
	/** The URL an answer to a request of `url` came from: where a host's redirect led, if one did. ranges.js. */
	finalUrl?(url: URL, redirected: string | undefined): URL;
	/** The Response to a fetch of `url` from a file's answer, at the URL it came from. ranges.js. */
	response?(answer: Record<string, unknown>, method: string, range: string | null, url: URL): Response;
	/** The answer for a data: URL or a blob: URL the page made, read without the network; null for any other URL. in-page.js. */
	inPage?(href: unknown): Promise<{ status: number; statusText: string; mimeType: string; body: ArrayBuffer }> | null;
	/** The Blob of a data: URL (its fragment aside), read as the fetch standard reads one; null without a comma. in-page.js. */
	dataBlob?(href: string): Blob | null;
	/** The browser's own URL.createObjectURL, for the frame's own blob: URLs (the page's keeps its Blobs). in-page.js. */
	objectUrl?: (object: Blob | MediaSource) => string;
	/** The site URL behind a blob: URL made for the page or a data: URL the compiler marked; null for any other. requests.js. */
	fileUrl?(value: unknown): string | null;
	/** The reference an element's attribute was written with, behind a data: URL the compiler made of it (null: none). requests.js. */
	writtenRef?(value: string): string | null;
	/** An attribute as the element holds it: the page's `getAttribute` reads it as written. written.js. */
	attributeOf?(el: Element, name: string): string | null;
	/** The candidates of a `srcset`, each `[url, descriptors]`. written.js. */
	candidates?(srcset: string): [string, string][];
	/** The page wrote `value` in `el`'s attribute `name` (null: none), which a program made `held` (a blob: URL; null: taken away): the page reads `value` while `el` holds `held`. written.js. */
	written?(el: Element, name: string, value: string | null, held: string | null): void;
	/** A blob: URL made elsewhere of the site file at `url`, which `blobOf` then gives (srcsets.js). requests.js. */
	keepBlob?(url: URL, blob: string): void;
	/** The site URL each blob: URL made for the page stands for (blobOf's, and module entries'). requests.js. */
	sources?: Map<string, string>;
	/** Posts a message to every frame of the site's pages this page shows, but `except` (frames.js). */
	toFrames?(message: Record<string, unknown>, except: HTMLIFrameElement | null): void;
	/** A new entry of this document's own history was made (a fragment navigation; history.js). */
	pushed?(): void;
	/** The page's place among this document's own entries (0: its first; history.js). */
	entryIndex?(): number;
	/** A traversal the browser made itself brought the page to its own entry `at` (routes.js reads it off the entry; history.js). */
	atEntry?(at: number): void;
	/** A fragment navigation made a new entry: it keeps the page's address (routes.js). */
	marked?(): void;
	/** A fragment navigation is under way (navigation.js): the popstate it fires is no traversal. */
	fragmenting?: boolean;
	/** How many entries of the render before this document made again before its own (routes.js): its place among them. */
	replayed?: number;
	/** Where the page's `location.reload()` goes (routes.js). */
	reloadUrl?(): URL;
	/** The page has left: the browser's traversals are the preview's, none of the page's (history.js). */
	gone?(): boolean;
	/** Steps the tab's history back to the document's first entry, then calls `done` (history.js). */
	rewind?(done: () => void): void;
	/** Once the page's IndexedDB write transactions under way have finished (at most 400 ms); null: none (indexeddb.js). */
	writesDone?(): Promise<void> | null;
	/** The host is to ask the page to leave before a render replaces it (leaving.js). */
	leaveFirst?(): void;
	/** Wraps the `on<type>` handler of each target for one dispatch; `seen` gets what each returns. Returns the undo. default-actions.js. */
	watchHandlers?(type: string, targets: EventTarget[], seen: (result: unknown) => void): () => void;
	/** Prevents `event`'s default now and runs `action` after the page's handlers, unless one of them prevented it. default-actions.js. */
	takeOver?(event: Event, action: () => void): void;
	/** The page is about to leave for another page: its beforeunload, pagehide, visibilitychange and unload, fired once; false: the person chose to stay. leaving.js. */
	leaving?(): boolean;
	/** Runs a `javascript:` URL's code as a navigation to it does; false: `href` is no such URL. script-urls.js. */
	scriptUrl?(href: unknown): boolean;
	/** Goes to `url` in `target`: 'self', 'parent', 'top' or a frame's name, the next page's `document.referrer` being `referrer` (frames.js). */
	navigate?(url: URL, target: string, replace: boolean, referrer: string): void;
	/** Navigates another window of the site (a frame of this page, a framed page's parent) to `url`, as its own `location` would; false when it is none of them. frames.js. */
	goWindow?(win: unknown, url: URL, replace: boolean): boolean;
	/** Another window of the site as the page holds it (a stand-in whose messages and location work as on a host); anything else as it is. windows.js. */
	standIn?<T>(value: T): T;
	/** Whether an uncaught error's message is the sandbox refusing a reach into another of the site's windows, which a host's one origin allows. apart.js. */
	keptApart?(message: unknown): boolean;
	/** The referrer the next page gets from this one by `from` (a link, an area, a form, a frame; none: a script), by the page's policy (referrer.js). */
	referrerFrom?(from?: Element | null): string;
	/** The page's own `document.referrer` (referrer.js). */
	referrer?(): string;
	/** The site's cookies as a framed page starts from them, in the host's form (cookies.js). */
	cookies?(): Record<string, string>;
	/** The site's cookie jar, for `cookieStore` (cookies.js; cookie-store.js). */
	jar?: StudioCookieJar;
}

/** A cookie of the site's jar (expires: epoch milliseconds; null: a session cookie). */
interface StudioCookie {
	name: string;
	value: string;
	path: string;
	expires: number | null;
}

/** The site's cookie jar as cookies.js keeps it. */
interface StudioCookieJar {
	/** The cookies a page at `pathname` reads, the longest path first, then the oldest. */
	visible(pathname: string): StudioCookie[];
	/** Sets a cookie (an expired one deletes its own), as `document.cookie` does once it has read the attributes. */
	put(cookie: StudioCookie): void;
	/** Whether a page at `pathname` reads a cookie of `path`. */
	under(path: string, pathname: string): boolean;
	/** The path a cookie set without one gets on a page at `pathname`: its folder. */
	folder(pathname: string): string;
	/** Hears each change of the jar, whoever made it. */
	watch(fn: (changed: StudioCookie[], deleted: StudioCookie[]) => void): void;
}

/** A file's answer as a host sends it (ranges.js); `redirected`: the site path a host's redirect led to. */
interface StudioReply {
	status: number;
	statusText: string;
	body: unknown;
	headers: Record<string, string>;
	redirected?: string;
}

/** Where the site's XMLHttpRequest gets its files (xhr.js): the page's requests (requests.js), a worker's port (worker-loader.js). */
interface StudioXhrSource {
	/** The site file an XHR of `href` asks for (`local`: the answer of a URL the page made itself); null: the browser's to load. */
	target(href: string | URL): { url: URL; local: Promise<Record<string, unknown>> | null } | null;
	/** Asks the host for the file (`accept`: the request's Accept header, "" none). */
	ask(url: URL, method: string, accept: string): Promise<Record<string, unknown>>;
	/** A file's answer as a host sends it (ranges.js). */
	answered(answer: Record<string, unknown>, method: string, range: string | null): StudioReply;
	/** The URL the answer came from (ranges.js): the response's URL. */
	finalUrl(url: URL, redirected: string | undefined): URL;
	/** The answer a synchronous request gets at once (a file handed to the worker ahead, or one the page's document carries); null: none, absent: requests are answered later. */
	now?(url: URL, method: string): Record<string, unknown> | null;
}
