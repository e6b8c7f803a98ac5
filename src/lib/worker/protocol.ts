// Every message that crosses the tab ↔ hub boundary: handshake, facade surface, events. One file, both ends.

/** Bumped whenever a message shape below changes incompatibly. Compared in `hello`. */
export const PROTOCOL_VERSION = 1;

/** Where the shared runtime runs for this tab, from best to last resort. */
export type RuntimeMode = 'shared-worker' | 'dedicated-worker' | 'memory';

/** The tab's half of the handshake. */
export interface HelloRequest {
	protocolVersion: number;
	build: string;
	tabId: string;
}

/** The hub's half of the handshake. `compatible: false` means the tab must stop writing and reload. */
export interface HelloResponse {
	protocolVersion: number;
	build: string;
	mode: RuntimeMode;
	compatible: boolean;
	/** Why the tab and hub disagree, when they do. */
	reason?: 'protocol-mismatch' | 'build-mismatch';
	hubStartedAt: number;
	/** Tabs the hub currently knows (this one included). */
	tabs: number;
}

/**
 * The narrow surface the hub exposes on each connected port (through Comlink).
 * Later capabilities add methods here; the tab-side client wraps every call in a timeout.
 */
export interface HubFacade {
	hello(request: HelloRequest): Promise<HelloResponse>;
	ping(): Promise<'pong'>;
}

/** Decides compatibility for a handshake: same protocol version and same build. */
export function compareHello(
	tab: Pick<HelloRequest, 'protocolVersion' | 'build'>,
	hub: { protocolVersion: number; build: string }
): Pick<HelloResponse, 'compatible' | 'reason'> {
	if (tab.protocolVersion !== hub.protocolVersion) return { compatible: false, reason: 'protocol-mismatch' };
	if (tab.build !== hub.build) return { compatible: false, reason: 'build-mismatch' };
	return { compatible: true };
}
