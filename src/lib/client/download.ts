// Saves data as a file through the browser's download (an object URL on a temporary link).

/** Downloads `bytes` as `name`. */
export function downloadBytes(name: string, bytes: Uint8Array | string, type = 'application/octet-stream'): void {
	downloadBlob(name, new Blob([bytes as BlobPart], { type }));
}

/** Downloads a Blob (one the hub built: its bytes never become a copy in the page). */
export function downloadBlob(name: string, blob: Blob): void {
	const url = URL.createObjectURL(blob);
	const link = Object.assign(document.createElement('a'), { href: url, download: name });
	document.body.append(link);
	link.click();
	link.remove();
	// Revoked later: the download starts asynchronously and needs the URL until then.
	setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads `data` as pretty JSON. */
export function downloadJson(name: string, data: unknown): void {
	downloadBytes(name, JSON.stringify(data, null, 2), 'application/json');
}
