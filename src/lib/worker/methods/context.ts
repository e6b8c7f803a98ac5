// What a group of hub methods works with: the hub's parts, and the one thing of the hub itself they
// need (starting to watch a tab's lease when it first calls).
import type { HubParts } from '../hub-parts';

/** The hub as its method groups see it. */
export interface HubContext {
	readonly parts: HubParts;
	trackTab(tabId: string): void;
}
