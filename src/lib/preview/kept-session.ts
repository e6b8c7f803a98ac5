// What the page shown kept for its next render (where it is scrolled, the route and fragment it went
// to, its history entries), in the tab's sessionStorage: the studio reloaded, its first render of the
// same page starts there again, as a browser's reload of a site keeps its URL, state and scroll.

/** The page and query a render shows, which what its page kept is for (another page starts afresh). */
export const placeOf = (extras: { page: string; search?: string }): string => extras.page + (extras.search ?? '');

/** What the host keeps: the page and query it was kept for, and what the page kept. */
export interface KeptPlace {
	place: string;
	kept?: StudioKept;
}

/** Where the tab keeps it (kept-read.ts checks what is read back). */
const KEPT_KEY = 'studio:preview-kept';

/**
 * What this tab kept for `scope` before the studio reloaded, or null. The reading and its checks load
 * only when something was kept (a reload): a tab opened afresh, as every first start, carries none of it.
 */
export async function storedKept(scope: string | undefined): Promise<KeptPlace | null> {
	let raw: string | null;
	try {
		raw = scope === undefined ? null : sessionStorage.getItem(KEPT_KEY);
	} catch {
		return null;
	}
	return raw === null || scope === undefined ? null : (await import('./kept-read')).parseKept(raw, scope);
}

/** Keeps `value` for the next start of this tab in `scope` (one place per tab: the last page shown). */
export function writeKept(scope: string, value: KeptPlace): void {
	try {
		sessionStorage.setItem(KEPT_KEY, JSON.stringify({ scope, ...value }));
	} catch {
		// Full or refused: the next start shows the page from its top, as a first visit does.
	}
}

/** The host's one kept place: in memory, and in the tab's sessionStorage when it has a scope. */
export class KeptSlot {
	#value: KeptPlace;
	/** `stored`: what `storedKept(scope)` read before the host was made. */
	constructor(
		private readonly scope?: string,
		stored: KeptPlace | null = null
	) {
		this.#value = stored ?? { place: '' };
	}
	get value(): KeptPlace {
		return this.#value;
	}
	set value(next: KeptPlace) {
		this.#value = next;
		if (this.scope !== undefined) writeKept(this.scope, next);
	}
	/** The route the page at `place` kept (its path, query and fragment as kept), which its next render starts at; null: none. */
	route(place: string): string | null {
		const { kept } = this.#value;
		return this.#value.place === place && kept?.route ? kept.route + (kept.hash ?? '') : null;
	}
	/**
	 * What a render of `place` starts from: what its page kept, when it is the page kept for. Another
	 * page starts afresh, and what the page before kept goes with it: a link back to that page opens it
	 * at its top, as on a host (it opened where it was scrolled before).
	 */
	start(place: string): StudioKept | undefined {
		const kept = this.#value.place === place ? this.#value.kept : undefined;
		this.value = { place, kept };
		return kept;
	}
}
