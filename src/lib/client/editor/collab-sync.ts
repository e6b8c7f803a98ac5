// Keeps this tab's shared files in step with the hub (the co-editing authority): local updates are
// pushed at once (one push per file in flight; what is typed meanwhile goes in the next), everyone's
// accepted updates arrive as collab.updates events, a gap is filled by a pull, and a file the hub no
// longer holds is opened again with this tab's unconfirmed text kept.
import type { CollabPeer, CollabSelection, WireUpdate } from '$lib/worker/protocol';
import type { EditorState, Transaction } from '@codemirror/state';
import type { StudioClient } from '../studio.svelte';
import type { CollabPushed } from '$lib/worker/protocol';

type CM = typeof import('./codemirror');

/** What the sync needs from the editor controller. */
export interface CollabHost {
	/** The file's current state (the view's when it is visible), or null when it is not shared. */
	state(path: string): EditorState | null;
	/** Applies a transaction built on the file's current state. */
	dispatch(path: string, build: (state: EditorState) => Transaction): void;
	/** The hub's text replaces the file's (at `version`); `mine` is kept as a local change when given. */
	reset(path: string, text: string, version: number, mine: string | null): void;
	/** Every local change of the file is confirmed by the hub. */
	confirmed(path: string): void;
	/** The hub can no longer merge into the file (deleted, binary); `unsaved`: it held typing it never committed. */
	closed(path: string, unsaved: boolean): void;
	/** Another tab's cursor in the file moved. */
	peer(path: string, peer: CollabPeer & { selection: CollabSelection | null }): void;
	/** Pushes are held (the conflict bar asks the person first). */
	held(path: string): boolean;
}

/** How long a push waits for its own updates to come back before it pulls them. */
const ECHO_WAIT_MS = 400;
/** Cursor positions are sent at most this often per file. */
const PRESENCE_MS = 50;
/** After the hub did not answer (a writer handover, a restart), the next try. */
const RETRY_MS = 500;

/** Push/pull loop of this tab's shared files. */
export class CollabSync {
	readonly #pushing = new Set<string>();
	readonly #again = new Set<string>();
	readonly #waiters = new Map<string, { version: number; done: () => void }[]>();
	readonly #presence = new Map<string, ReturnType<typeof setTimeout>>();

	constructor(
		private readonly studio: StudioClient,
		private readonly cm: () => CM | null,
		private readonly host: CollabHost
	) {
		studio.onCollab.add((event) => {
			if (event.type === 'collab.updates') this.receive(event.path, event.from, event.updates);
			else if (event.type === 'collab.closed') host.closed(event.path, event.unsaved);
			else if (event.peer.tabId !== studio.tabId) host.peer(event.path, { ...event.peer, selection: event.selection });
		});
	}

	get #tabId(): string {
		return this.studio.tabId ?? '';
	}

	/** Sends what this tab typed in `path` (at once; one push in flight per file). */
	async push(path: string): Promise<void> {
		if (this.#pushing.has(path)) {
			this.#again.add(path);
			return;
		}
		this.#pushing.add(path);
		try {
			for (let round = 0; round < 50; round++) {
				this.#again.delete(path);
				const cm = this.cm();
				const state = this.host.state(path);
				if (!cm || !state || this.host.held(path)) return;
				const updates = cm.sendableUpdates(state);
				if (updates.length === 0) return this.host.confirmed(path);
				const version = cm.getSyncedVersion(state);
				const answer = await this.studio.api.collabPush(path, this.#tabId, version, updates.map((u) => ({ clientID: u.clientID, changes: u.changes.toJSON() })));
				if (!(await this.#settle(path, answer))) return;
				// Our updates come back on the event stream; if that event was lost, pull them.
				if (!(await this.#until(path, answer.status === 'ok' ? answer.version : 0))) await this.pull(path);
			}
		} catch {
			// The typing stays sendable in the editor: it goes with the next try.
			setTimeout(() => void this.push(path), RETRY_MS);
		} finally {
			this.#pushing.delete(path);
			if (this.#again.delete(path)) void this.push(path);
		}
	}

	/**
	 * Sends every update of `path` the hub has not confirmed, at once and without waiting: the tab is
	 * going away (pagehide, hidden, frozen), and what waits behind a push in flight would otherwise
	 * leave with it; the hub commits it at once. A resend never doubles text: the hub skips the updates of this client it already
	 * accepted (rebaseUpdates drops them), so an update also in the push in flight applies once.
	 */
	sendNow(path: string): void {
		const cm = this.cm();
		const state = this.host.state(path);
		if (!cm || !state || this.host.held(path)) return;
		const updates = cm.sendableUpdates(state);
		if (updates.length === 0) return;
		const wire = updates.map((u) => ({ clientID: u.clientID, changes: u.changes.toJSON() }));
		// Posted as the handler runs (no answer awaited): the page may be gone before any answer. The
		// commit is asked for right behind the push, on the same port, so the hub stores the text as
		// it takes it, not a pause later or when it learns the tab is gone.
		void this.studio.api.collabPush(path, this.#tabId, cm.getSyncedVersion(state), wire).catch(() => undefined);
		void this.studio.api.collabFlush(path).catch(() => undefined);
	}

	/** What of `path` the hub has not confirmed: this editor's client, its synced version and how many updates. */
	unconfirmed(path: string): { clientID: string; version: number; count: number } | undefined {
		const cm = this.cm();
		const state = this.host.state(path);
		const updates = cm && state ? cm.sendableUpdates(state) : [];
		return cm && state && updates.length ? { clientID: updates[0]!.clientID, version: cm.getSyncedVersion(state), count: updates.length } : undefined;
	}

	/** Fetches what this tab missed of `path`. */
	async pull(path: string): Promise<void> {
		const cm = this.cm();
		const state = this.host.state(path);
		if (!cm || !state) return;
		const answer = await this.studio.api.collabPull(path, cm.getSyncedVersion(state)).catch(() => null);
		if (answer && (await this.#settle(path, answer)) && answer.status === 'ok' && answer.updates) this.receive(path, answer.from ?? 0, answer.updates);
	}

	/** Handles an answer that is not a plain "ok"; false when the caller should stop. */
	async #settle(path: string, answer: CollabPushed): Promise<boolean> {
		if (answer.status === 'ok') return true;
		const mine = this.#unconfirmedText(path);
		if (answer.status === 'resync') this.host.reset(path, answer.text, answer.version, mine);
		else {
			// The hub dropped the file (it restarted, or the last tab closed it meanwhile): open it again.
			const opened = await this.studio.api.collabOpen(path, this.#tabId).catch(() => undefined);
			if (opened === undefined) return false; // no answer: the next push or event tries again
			if (!opened) this.host.closed(path, false);
			else this.host.reset(path, opened.text, opened.version, mine);
		}
		return false;
	}

	/** This tab's text when it holds changes the hub has not confirmed, else null. */
	#unconfirmedText(path: string): string | null {
		const cm = this.cm();
		const state = this.host.state(path);
		return cm && state && cm.sendableUpdates(state).length ? state.doc.toString() : null;
	}

	/** Accepted updates from `from` on (everyone's, ours included, which confirms them). */
	receive(path: string, from: number, updates: readonly WireUpdate[]): void {
		const cm = this.cm();
		const state = this.host.state(path);
		if (!cm || !state) return;
		const version = cm.getSyncedVersion(state);
		if (from > version) {
			void this.pull(path); // a gap: never guess
			return;
		}
		const fresh = updates.slice(version - from);
		if (fresh.length === 0) return;
		this.host.dispatch(path, (current) => cm.receiveUpdates(current, fresh.map((u) => ({ clientID: u.clientID, changes: cm.ChangeSet.fromJSON(u.changes) }))));
		const now = this.host.state(path);
		if (now && cm.sendableUpdates(now).length === 0) this.host.confirmed(path);
		this.#wake(path);
	}

	/** Resolves true once the file has seen `version`, false after a short wait. */
	#until(path: string, version: number): Promise<boolean> {
		const cm = this.cm();
		const state = this.host.state(path);
		if (!cm || !state || cm.getSyncedVersion(state) >= version) return Promise.resolve(true);
		return new Promise((resolve) => {
			const waiter = { version, done: () => (clearTimeout(timer), resolve(true)) };
			const timer = setTimeout(() => {
				this.#waiters.set(path, (this.#waiters.get(path) ?? []).filter((w) => w !== waiter));
				resolve(false);
			}, ECHO_WAIT_MS);
			this.#waiters.set(path, [...(this.#waiters.get(path) ?? []), waiter]);
		});
	}

	#wake(path: string) {
		const cm = this.cm();
		const state = this.host.state(path);
		if (!cm || !state) return;
		const version = cm.getSyncedVersion(state);
		const waiting = this.#waiters.get(path) ?? [];
		const [ready, rest] = [waiting.filter((w) => w.version <= version), waiting.filter((w) => w.version > version)];
		this.#waiters.set(path, rest);
		for (const waiter of ready) waiter.done();
	}

	/** This tab's cursor moved in `path` (sent at most every 50 ms). */
	presence(path: string, selection: CollabSelection | null): void {
		clearTimeout(this.#presence.get(path));
		this.#presence.set(
			path,
			setTimeout(() => {
				this.#presence.delete(path);
				void this.studio.api.collabPresence(path, this.#tabId, selection).catch(() => undefined);
			}, PRESENCE_MS)
		);
	}

	/** Pushes what is left and has the hub commit the file now. */
	async flush(path: string): Promise<void> {
		await this.push(path).catch(() => undefined);
		await this.studio.api.collabFlush(path).catch(() => undefined);
	}

	/** This tab closes the file: what it typed is pushed, then the hub lets go of it for this tab. */
	async close(path: string): Promise<void> {
		await this.push(path).catch(() => undefined);
		await this.studio.api.collabClose(path, this.#tabId).catch(() => undefined);
	}
}
