// The largest .zip the studio reads, in its own module: the page's first screen loads `limits`, and
// only the import (loaded when first used) and the hub need this.

/** Largest .zip read at any door (import, a new workspace, a launched file), in bytes. */
export const ARCHIVE_MAX_BYTES = 24 * 1024 * 1024;
/** Characters of `bytes` bytes as standard base64 (padded). */
export const base64Chars = (bytes: number): number => 4 * Math.ceil(bytes / 3);
/** Why an archive of `bytes` bytes is not read (null when it may be): one wording at every door. */
export function archiveTooLarge(bytes: number): string | null {
	if (bytes <= ARCHIVE_MAX_BYTES) return null;
	const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
	return `The archive is ${mb(bytes)}; a .zip of at most ${mb(ARCHIVE_MAX_BYTES)} can be imported.`;
}
