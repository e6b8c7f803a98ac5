// One change of a site's storage area applied to it: the same rule for the hub's localStorage and a
// tab's sessionStorage. Its own module, so the tab's first screen carries this rule alone, not the
// site's channel it came from (which loads with the preview's host).
import type { SiteStorageChange } from './messages';

/** A storage area after a change. */
export function applyStorageChange(area: Record<string, string>, change: Pick<SiteStorageChange, 'changes' | 'clear'>): Record<string, string> {
	const next: Record<string, string> = change.clear ? {} : { ...area };
	for (const [key, value] of change.changes) {
		if (value === null) delete next[key];
		else next[key] = value;
	}
	return next;
}
