// Opaque tools/list cursors: an offset bound to the catalog it was issued for.

/** A cursor this registry did not issue (a -32602 protocol error in MCP). */
export class InvalidCursorError extends Error {
	constructor() {
		super('Invalid cursor');
		this.name = 'InvalidCursorError';
	}
}

/** Encodes and checks cursors for one catalog (`tag` changes when the catalog does). */
export class Cursors {
	constructor(private readonly tag: string) {}

	encode(offset: number): string {
		return btoa(`v1:${this.tag}:${offset}`).replace(/=+$/, '');
	}

	/** The offset of a cursor issued for this catalog; throws {@link InvalidCursorError} otherwise. */
	decode(cursor: string, total: number): number {
		let text: string;
		try {
			text = atob(cursor);
		} catch {
			throw new InvalidCursorError();
		}
		const match = /^v1:([0-9a-z]+):(\d{1,6})$/.exec(text);
		const offset = match ? Number(match[2]) : NaN;
		if (!match || match[1] !== this.tag || !(offset > 0 && offset < total)) throw new InvalidCursorError();
		return offset;
	}
}
