// Share links that need no server: the workspace's .zip (deflated) in the URL fragment, which
// browsers never send to any server. Decoding goes through the same rules as a zip import.
import { base64UrlToBytes, bytesToBase64, bytesToBase64Url } from '$lib/domain/base64';
import { readZip, type ZipContents } from '$lib/runtime/zip-import';
import { SHARE_PREFIX } from './share-link';

export { SHARE_PREFIX };
/**
 * Longest link offered. Browsers take far longer URLs, but chat apps, mail clients and QR codes cut
 * or refuse them around here; a larger site is better sent as its .zip.
 */
export const SHARE_MAX_CHARS = 32_000;

/** A link for `zip` under `base` (the studio's address), or how long it would be when it is too long. */
export function shareLink(zip: Uint8Array, base: string): { ok: true; url: string } | { ok: false; length: number } {
	const url = `${base.replace(/#.*$/, '')}${SHARE_PREFIX}${bytesToBase64Url(zip)}`;
	return url.length <= SHARE_MAX_CHARS ? { ok: true, url } : { ok: false, length: url.length };
}

/** What a shared fragment holds, plus its archive as standard base64 (for workspace_import_zip). */
export interface SharedSite extends ZipContents {
	data: string;
}

/** Decodes `hash` (location.hash); null when it is no share link; throws when it is a broken one. */
export async function readShareFragment(hash: string): Promise<SharedSite | null> {
	if (!hash.startsWith(SHARE_PREFIX)) return null;
	const bytes = base64UrlToBytes(hash.slice(SHARE_PREFIX.length));
	if (!bytes || bytes.length === 0) throw new Error('The share link is damaged (it is not valid base64url). Ask for the link again, or for the .zip.');
	return { ...(await readZip(bytes)), data: bytesToBase64(bytes) };
}
