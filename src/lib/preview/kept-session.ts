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

const KEY = 'studio:preview-kept';

// Hand-checked, not by the schema library: this comes with the preview's code, which a start loads
// before that library (see lazy-regions.spec.ts).
const isText = (value: unknown): value is string => typeof value === 'string';
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isEntry = (value: unknown) => {
	const entry = value as Partial<Record<keyof StudioKeptEntry, unknown>> | null;
	return typeof entry === 'object' && entry !== null && isText(entry.address) && isText(entry.hash) && isOptional(entry.state, isText);
};
function isKept(value: unknown): value is StudioKept {
	const kept = value as Partial<Record<keyof StudioKept, unknown>> | null;
	if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return false;
	const scroll = kept.scroll;
	return (
		isOptional(scroll, () => Array.isArray(scroll) && scroll.length === 2 && scroll.every(Number.isFinite)) &&
		[kept.route, kept.page, kept.state, kept.hash].every((part) => isOptional(part, isText)) &&
		isOptional(kept.entries, (entries) => Array.isArray(entries) && entries.every(isEntry))
	);
}

/** What this tab kept for `scope` (a workspace) before the studio reloaded; null when none or not its. */
export function readKept(scope: string): KeptPlace | null {
	try {
		const raw = sessionStorage.getItem(KEY);
		const stored = raw === null ? null : (JSON.parse(raw) as { scope?: unknown; place?: unknown; kept?: unknown } | null);
		if (typeof stored !== 'object' || stored === null || stored.scope !== scope || !isText(stored.place)) return null;
		if (stored.kept === undefined) return { place: stored.place };
		return isKept(stored.kept) ? { place: stored.place, kept: stored.kept } : null;
	} catch {
		return null;
	}
}

/** Keeps `value` for the next start of this tab in `scope` (one place per tab: the last page shown). */
export function writeKept(scope: string, value: KeptPlace): void {
	try {
		sessionStorage.setItem(KEY, JSON.stringify({ scope, ...value }));
	} catch {
		// Full or refused: the next start shows the page from its top, as a first visit does.
	}
}

/** The host's one kept place: in memory, and in the tab's sessionStorage when it has a scope. */
export class KeptSlot {
	#value: KeptPlace;
	constructor(private readonly scope?: string) {
		this.#value = (scope !== undefined ? readKept(scope) : null) ?? { place: '' };
	}
	get value(): KeptPlace {
		return this.#value;
	}
	set value(next: KeptPlace) {
		this.#value = next;
		if (this.scope !== undefined) writeKept(this.scope, next);
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
