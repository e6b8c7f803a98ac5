// Hub methods: the remote MCP servers the person adds for the agents (list, add, test, remove).
import { ToolError } from '../../core/errors';
import type { RemoteServerInput } from '../../runtime/remote/config';
import type { RemoteServerView } from '../../runtime/remote/servers';
import type { HubBackend } from '../protocol';
import type { HubContext } from './context';

/** The remote-server methods. */
export function remoteMethods({ parts: { registry } }: HubContext) {
	const servers = () => {
		const remote = registry.remote;
		if (!remote) throw new ToolError('TOOL_EXECUTION_FAILED', 'This runtime reaches no remote MCP servers.', {});
		return remote;
	};
	return {
		async remoteServers(): Promise<RemoteServerView[]> {
			const remote = servers();
			await remote.sync();
			return remote.view();
		},
		addRemoteServer(input: RemoteServerInput): Promise<RemoteServerView> {
			return servers().add(input);
		},
		reconnectRemoteServer(id: string): Promise<RemoteServerView | null> {
			return servers().reconnect(id);
		},
		removeRemoteServer(id: string): Promise<boolean> {
			return servers().remove(id);
		}
	} satisfies Partial<HubBackend>;
}
