// Who may talk to the studio's MCP server over HTTP: a page of another site must not reach it through
// the person's browser (DNS rebinding: a name of theirs resolving to 127.0.0.1), and with a token set,
// only a client that has it. Pure, so each rule is tested on its own.

/** What the guard knows of the server. */
export interface HttpGuardOptions {
	/** The port the server listens on (Host must name it). */
	port: number;
	/** A bearer token every request must carry (none: no token asked). */
	token?: string;
	/** Origins of pages allowed to call (besides none: non-browser clients send no Origin). */
	allowedOrigins?: string[];
}

/** A refusal: the HTTP status, and why (sent as a JSON-RPC error). */
export interface Refusal {
	status: 400 | 401 | 403;
	message: string;
}

/** The names this server answers to: only the loopback interface, by address or by name. */
export function allowedHosts(port: number): string[] {
	return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** Equal in constant time for equal lengths (a token is not leaked a character at a time). */
function sameSecret(a: string, b: string): boolean {
	if (a.length !== b.length) return false;
	let diff = 0;
	for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
	return diff === 0;
}

/** Checks one request's headers (lower-cased names); null when it may go on. */
export function refuse(headers: Record<string, string | string[] | undefined>, options: HttpGuardOptions): Refusal | null {
	const one = (name: string) => {
		const value = headers[name];
		return Array.isArray(value) ? value[0] : value;
	};
	const host = one('host')?.toLowerCase();
	if (!host || !allowedHosts(options.port).includes(host)) return { status: 403, message: `Forbidden: this server answers only to ${allowedHosts(options.port)[0]} (Host was ${host ?? 'missing'})` };
	const origin = one('origin');
	if (origin !== undefined) {
		const own = allowedHosts(options.port).map((h) => `http://${h}`);
		if (!own.includes(origin.toLowerCase()) && !(options.allowedOrigins ?? []).includes(origin)) return { status: 403, message: `Forbidden: pages of ${origin} may not call this server (start it with --allow-origin ${origin} to allow them)` };
	}
	if (options.token) {
		const auth = one('authorization') ?? '';
		const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
		if (!sameSecret(given, options.token)) return { status: 401, message: 'Unauthorized: send Authorization: Bearer <token>' };
	}
	return null;
}
