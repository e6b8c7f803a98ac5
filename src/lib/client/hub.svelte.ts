// Read model of this tab's connection to the hub: status, runtime mode, protocol and build.
import type { RuntimeMode } from '$lib/worker/protocol';
import { connect, type Connection } from './connect';

/** Connection lifecycle as the status bar shows it. */
export type HubState = 'connecting' | 'connected' | 'reload-required' | 'failed';

/** Rune-backed hub status; the page creates one and passes plain values to views. */
export class HubStore {
	state = $state<HubState>('connecting');
	mode = $state<RuntimeMode | null>(null);
	protocolVersion = $state<number | null>(null);
	hubBuild = $state<string | null>(null);
	tabs = $state(0);
	error = $state<string | null>(null);
	readonly build = __BUILD_ID__;
	connection: Connection | null = null;

	/** Connects once; safe to call again after a failure. */
	async start(): Promise<void> {
		this.state = 'connecting';
		try {
			const connection = await connect();
			this.connection = connection;
			const { hello } = connection;
			this.mode = hello.mode;
			this.protocolVersion = hello.protocolVersion;
			this.hubBuild = hello.build;
			this.tabs = hello.tabs;
			this.state = hello.compatible ? 'connected' : 'reload-required';
		} catch (error) {
			this.state = 'failed';
			this.error = error instanceof Error ? error.message : String(error);
		}
	}
}
