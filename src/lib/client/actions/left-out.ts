// One sentence for what an import (folder, zip, upload, share link) could not take, for toasts.

/** " N left out: a (why); b (why); c (why)…", or '' when nothing was. */
export function leftOut(skipped: readonly { path: string; reason: string }[]): string {
	if (skipped.length === 0) return '';
	const named = skipped.slice(0, 3).map((s) => `${s.path} (${s.reason})`).join('; ');
	return ` ${skipped.length} left out: ${named}${skipped.length > 3 ? '…' : ''}`;
}
