// What the page shown kept, read back from the tab's sessionStorage after the studio reloaded, and
// checked: loaded only when there is something to read (kept-session.ts `storedKept`).
// Hand-checked, not by the schema library: a reload's start reads this before that library loads
// (see lazy-regions.spec.ts).
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

/** What `raw`, the tab's stored entry, kept for `scope` (a workspace); null when none, malformed or not its. */
export function parseKept(raw: string | null, scope: string): { place: string; kept?: StudioKept } | null {
	try {
		const stored = raw === null ? null : (JSON.parse(raw) as { scope?: unknown; place?: unknown; kept?: unknown } | null);
		if (typeof stored !== 'object' || stored === null || stored.scope !== scope || !isText(stored.place)) return null;
		if (stored.kept === undefined) return { place: stored.place };
		return isKept(stored.kept) ? { place: stored.place, kept: stored.kept } : null;
	} catch {
		return null;
	}
}
