// Hub methods: co-editing a text file (open, push, pull, presence, flush, close), the hub as authority.
import { tryNormalizePath } from '../../domain/paths';
import type { WireUpdate } from '../../runtime/collab-doc';
import type { CollabSelection } from '../wire';
import type { HubBackend } from '../protocol';
import type { HubContext } from './context';

/** The co-editing methods. */
export function collabMethods(hub: HubContext) {
	const { collab } = hub.parts;
	return {
		async collabOpen(path: string, tabId: string) {
			hub.trackTab(tabId);
			const normalized = tryNormalizePath(path);
			if (!normalized) return null;
			await collab.load();
			return collab.open(normalized, tabId);
		},
		async collabPush(path: string, tabId: string, version: number, updates: WireUpdate[]) {
			return collab.push(path, tabId, version, updates);
		},
		async collabPull(path: string, version: number) {
			return collab.pull(path, version);
		},
		async collabHolds(path: string, clientID: string, version: number, count: number) {
			return collab.holds(path, clientID, version, count);
		},
		async collabPresence(path: string, tabId: string, selection: CollabSelection | null) {
			collab.presence(path, tabId, selection);
		},
		collabFlush(path: string) {
			return collab.flush(path);
		},
		collabClose(path: string, tabId: string) {
			return collab.close(path, tabId);
		}
	} satisfies Partial<HubBackend>;
}
