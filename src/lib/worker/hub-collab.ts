// Live co-editing through the hub: it is the central authority for every text file a tab has open.
// Tabs push their updates and receive everyone's on the event stream; the hub commits a file's live
// text as a revision after a pause (at most every COMMIT_MAX_WAIT_MS while typing goes on) and when
// a tab closes; a change made by a tool, undo, restore or folder reload merges into the live text.
import type { ToolRegistry } from '../runtime/registry';
import type { WorkspaceService } from '../runtime/workspace-service';
import type { CollabDoc, WireUpdate } from '../runtime/collab-doc';
import type { CollabOpened, CollabPeer, CollabPushed, CollabSelection, HubEventBody } from './protocol';
import { docText, fileText } from '../domain/doc-text';

/** Pause after the last update before the live text is committed (the editor's save debounce). */
export const COMMIT_DELAY_MS = 250;
/** Longest time typing may go on without a commit (a revision every 2 s while typing). */
export const COMMIT_MAX_WAIT_MS = 2000;
/** How long a gone tab's file is kept for its last push still on the way (a busy machine's messages lag by a second). */
const LATE_PUSH_MS = 5000;
/** How long a failed commit waits before the next try. */
const RETRY_MS = 500;

/** Colours of the other tabs' carets, by tab number. */
const COLOURS = ['#2563eb', '#db2777', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626'];

interface OpenDoc {
	doc: CollabDoc;
	/** Tabs with the file open, and where their cursors are. */
	tabs: Map<string, CollabSelection | null>;
	timer: ReturnType<typeof setTimeout> | null;
	/** When the oldest uncommitted update arrived (for the max wait). */
	dirtySince: number | null;
	/** The live text and version a commit in flight writes (`content`: with the file's line breaks), and when it is over. */
	committing: { text: string; content: string; version: number; done: Promise<void> } | null;
	/** The tab whose update came last: commits are attributed to it. */
	lastTab: string;
}

/** The collaboration authority of one hub. */
export class HubCollab {
	readonly #docs = new Map<string, OpenDoc>();
	/**
	 * Tabs that went (their lease ended), oldest first: a push of theirs that arrives after is stored,
	 * but does not put the tab back in the file's list ("open elsewhere" in a tab that is gone).
	 */
	readonly #gone = new Set<string>();
	/** Tab numbers ("Tab 2"), in order of first appearance. */
	readonly #numbers = new Map<string, number>();
	/**
	 * The documents' code (@codemirror/state and collab, the line diff), loaded with the first file a
	 * tab opens: a hub's boot never needs it, and it was a tenth of the hub's bundle.
	 */
	#Doc: typeof CollabDoc | null = null;

	constructor(
		private readonly service: WorkspaceService,
		private readonly registry: ToolRegistry,
		private readonly publish: (event: HubEventBody) => void,
		private readonly now: () => number = Date.now
	) {
		service.subscribe((event) => {
			if (event.type === 'changed') for (const path of event.changedPaths) this.#stored(path);
			else if (event.type === 'reloaded') for (const path of this.#docs.keys()) this.#stored(path);
		});
	}

	/** How the tabs show `tabId`: a name and a colour. */
	peer(tabId: string): CollabPeer {
		let n = this.#numbers.get(tabId);
		if (n === undefined) this.#numbers.set(tabId, (n = this.#numbers.size + 1));
		return { tabId, label: `Tab ${n}`, colour: COLOURS[(n - 1) % COLOURS.length]! };
	}

	/** Loads the documents' code (once); {@link open} needs it. */
	async load(): Promise<void> {
		this.#Doc ??= (await import('../runtime/collab-doc')).CollabDoc;
	}

	/** Opens `path` for a tab: the live text and its version (null for a missing or binary file). Call {@link load} first. */
	open(path: string, tabId: string): CollabOpened | null {
		let open = this.#docs.get(path);
		if (!open) {
			if (!this.#Doc) throw new Error('The co-editing code is not loaded: call load() first.');
			const file = this.service.workspace.files.get(path);
			if (!file || file.kind !== 'text' || file.content === undefined) return null;
			open = { doc: new this.#Doc(file.content), tabs: new Map(), timer: null, dirtySince: null, committing: null, lastTab: tabId };
			this.#docs.set(path, open);
		}
		this.#gone.delete(tabId);
		open.tabs.set(tabId, open.tabs.get(tabId) ?? null);
		this.#openElsewhere();
		return { path, version: open.doc.version, text: open.doc.text, self: this.peer(tabId), peers: this.#peers(open, tabId) };
	}

	/** A tab's updates made on `version`; everyone (the sender too) receives what was accepted. */
	push(path: string, tabId: string, version: number, updates: readonly WireUpdate[]): CollabPushed {
		const open = this.#docs.get(path);
		if (!open) return { status: 'closed' };
		const gone = this.#gone.has(tabId);
		if (!gone) open.tabs.set(tabId, open.tabs.get(tabId) ?? null);
		const result = open.doc.push(version, updates);
		if (!result.ok) return { status: 'resync', version: open.doc.version, text: open.doc.text };
		if (result.updates.length) {
			open.lastTab = tabId;
			this.publish({ type: 'collab.updates', path, from: result.from, updates: result.updates });
			// A gone tab's last keys are stored now (its close let the file go a while later).
			if (gone) void this.#commit(path, open, true);
			else this.#schedule(path, open);
		}
		return { status: 'ok', version: open.doc.version };
	}

	/** Updates since `version`, or the whole text when they are no longer kept. */
	pull(path: string, version: number): CollabPushed {
		const open = this.#docs.get(path);
		if (!open) return { status: 'closed' };
		const updates = open.doc.pull(version);
		return updates ? { status: 'ok', version: open.doc.version, from: version, updates } : { status: 'resync', version: open.doc.version, text: open.doc.text };
	}

	/** Whether the live text of `path` holds `count` updates of `clientID` made after `version`. */
	holds(path: string, clientID: string, version: number, count: number): boolean {
		return this.#docs.get(path)?.doc.holds(clientID, version, count) ?? false;
	}

	/** Where a tab's cursor is in `path` (null: it left the file). */
	presence(path: string, tabId: string, selection: CollabSelection | null): void {
		const open = this.#docs.get(path);
		if (!open || !open.tabs.has(tabId)) return;
		open.tabs.set(tabId, selection);
		this.publish({ type: 'collab.presence', path, peer: this.peer(tabId), selection });
	}

	/** Commits `path` now (blur, close, before a switch). */
	async flush(path: string): Promise<void> {
		const open = this.#docs.get(path);
		if (open) await this.#commit(path, open, true);
	}

	/**
	 * A tab closed the file; the last one out commits and the document is dropped — `gone`: the tab's
	 * lease ended, and the document is kept a while for a push of its that is still on its way (the
	 * lease's end and the tab's last push come by different roads, in either order).
	 */
	async close(path: string, tabId: string, gone = false): Promise<void> {
		const open = this.#docs.get(path);
		if (!open) return;
		open.tabs.delete(tabId);
		this.publish({ type: 'collab.presence', path, peer: this.peer(tabId), selection: null });
		await this.#commit(path, open, true);
		if (gone) setTimeout(() => this.#release(path, open) && this.#openElsewhere(), LATE_PUSH_MS);
		else this.#release(path, open);
		this.#openElsewhere();
	}

	/** A tab is gone: what it typed that reached the hub is committed, its cursors removed. */
	async tabGone(tabId: string): Promise<void> {
		this.#gone.add(tabId);
		// Bounded: a tab id is made per page load, and only a push still on its way needs it.
		if (this.#gone.size > 256) this.#gone.delete(this.#gone.values().next().value!);
		await Promise.all([...this.#docs.entries()].filter(([, open]) => open.tabs.has(tabId)).map(([path]) => this.close(path, tabId, true)));
	}

	/** Paths open in each tab, for the file tree's "open elsewhere" marks. */
	openPaths(): Record<string, string[]> {
		const out: Record<string, string[]> = {};
		for (const [path, open] of this.#docs) out[path] = [...open.tabs.keys()];
		return out;
	}

	/** Drops the document of `path` once no tab has it open and everything typed is stored; whether it did. */
	#release(path: string, open: OpenDoc): boolean {
		if (open.tabs.size !== 0 || open.doc.dirty || this.#docs.get(path) !== open) return false;
		return this.#docs.delete(path);
	}

	/** A tab that went is back (a page restored from the back/forward cache keeps its id). */
	tabBack(tabId: string): void {
		this.#gone.delete(tabId);
	}

	#openElsewhere() {
		this.publish({ type: 'collab.open', open: this.openPaths() });
	}

	#peers(open: OpenDoc, except: string): { peer: CollabPeer; selection: CollabSelection | null }[] {
		return [...open.tabs.entries()].filter(([tab]) => tab !== except).map(([tab, selection]) => ({ peer: this.peer(tab), selection }));
	}

	#schedule(path: string, open: OpenDoc) {
		open.dirtySince ??= this.now();
		if (open.timer) clearTimeout(open.timer);
		const wait = Math.max(0, Math.min(COMMIT_DELAY_MS, open.dirtySince + COMMIT_MAX_WAIT_MS - this.now()));
		open.timer = setTimeout(() => void this.#commit(path, open), wait);
	}

	/**
	 * Writes the live text as a revision (through the registry: traced, in history, rendered).
	 * `now`: asked for by a tab (a flush, a close), so what came during a write in flight is stored
	 * right after it; the pause's timer instead leaves that to the next pause (typing goes on).
	 */
	async #commit(path: string, open: OpenDoc, now = false): Promise<void> {
		if (open.timer) clearTimeout(open.timer);
		open.timer = null;
		if (this.#docs.get(path) !== open || (open.committing && !now)) return;
		if (open.committing) {
			// A closing tab's last keys, arrived during the write in flight, are stored right after it,
			// not a pause later: under load that write and a pause made a closed tab's line late.
			await open.committing.done;
			return this.#commit(path, open, true);
		}
		if (!open.doc.dirty) return;
		const text = open.doc.text;
		const content = fileText(text, this.service.workspace.files.get(path)?.content);
		let finished!: () => void;
		open.committing = { text, content, version: open.doc.version, done: new Promise((resolve) => (finished = resolve)) };
		try {
			const result = await this.registry.callTool(
				{ name: 'workspace_write_file', arguments: { path, content, expectedRevision: this.service.revision } },
				{ context: { source: 'editor', mode: 'direct', tabId: open.lastTab }, signal: new AbortController().signal }
			);
			if (result.isError && this.#docs.get(path) === open) open.timer = setTimeout(() => void this.#commit(path, open), RETRY_MS);
		} finally {
			open.committing = null;
			open.dirtySince = open.doc.dirty ? this.now() : null;
			if (open.doc.dirty && !open.timer && this.#docs.get(path) === open) this.#schedule(path, open);
			finished();
		}
	}

	/** The stored file changed: our own commit is recorded; anything else merges into the live text. */
	#stored(path: string) {
		const open = this.#docs.get(path);
		if (!open) return;
		const file = this.service.workspace.files.get(path);
		if (!file || file.kind !== 'text' || file.content === undefined) {
			// Deleted, renamed away or replaced by a binary: nothing to merge into. Tabs keep their text.
			if (open.timer) clearTimeout(open.timer);
			this.#docs.delete(path);
			this.publish({ type: 'collab.closed', path, reason: file ? 'binary' : 'deleted', unsaved: open.doc.dirty });
			this.#openElsewhere();
			return;
		}
		if (open.committing && file.content === open.committing.content) {
			open.doc.committed(file.content, open.committing.version);
			return;
		}
		// The store now holds exactly the live text (a closed tab's journal recovered): nothing to merge,
		// and merging would apply that typing a second time.
		if (docText(file.content) === open.doc.text) {
			open.doc.committed(file.content, open.doc.version);
			return;
		}
		const merged = open.doc.external(file.content);
		if (merged) {
			this.publish({ type: 'collab.updates', path, from: merged.from, updates: [merged.update] });
			if (open.doc.dirty) this.#schedule(path, open);
		}
	}
}
