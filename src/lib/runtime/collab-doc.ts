// One open text file as the collaboration authority keeps it (operational transformation with a
// central authority, @codemirror/collab): the authoritative text, its version and recent updates;
// pushes based on an older version are rebased over what was accepted since. It also tracks the
// stored text and the changes from it to the live text, so a change made by a tool, undo or a
// folder reload merges into the live text instead of replacing what tabs typed.
import { ChangeSet, Text } from '@codemirror/state';
import { rebaseUpdates, type Update } from '@codemirror/collab';
import { diffLines } from 'diff';
import { docText } from '../domain/doc-text';

/** An update as it crosses a worker boundary: the change set as JSON. */
export interface WireUpdate {
	clientID: string;
	changes: unknown;
}

/** What a push did: the updates accepted (rebased) starting at `from`, or a refusal that asks for a full resync. */
export type PushResult = { ok: true; from: number; updates: WireUpdate[] } | { ok: false; reason: 'too-old' | 'malformed' };

/** Who the authority itself is, in updates it makes (merged tool changes). */
export const AUTHORITY_CLIENT = 'studio';

/** Updates kept for tabs that are behind; a tab further behind gets the whole text again. */
const KEPT_UPDATES = 2000;

/**
 * A change set turning `from` into `to`, line by line (unchanged lines stay untouched, so typing
 * elsewhere in the file keeps its place when the two are merged).
 */
export function changesBetween(from: string, to: string): ChangeSet {
	const specs: { from: number; to: number; insert: string }[] = [];
	let at = 0;
	let pending: { from: number; to: number; insert: string } | null = null;
	for (const part of diffLines(from, to)) {
		if (!part.added && !part.removed) {
			if (pending) specs.push(pending);
			pending = null;
			at += part.value.length;
			continue;
		}
		pending ??= { from: at, to: at, insert: '' };
		if (part.removed) {
			at += part.value.length;
			pending.to = at;
		} else pending.insert += part.value;
	}
	if (pending) specs.push(pending);
	return ChangeSet.of(specs, from.length);
}

/** The authority's state for one file. */
export class CollabDoc {
	#doc: Text;
	/** Accepted updates; `#base` is the version before the first one kept. */
	#updates: Update[] = [];
	#base = 0;
	/** The stored text, and the changes from it to the live text (what is not committed yet). */
	#stored: string;
	#pending: ChangeSet;

	/** `stored`: the file's text (its lines are read as the tabs' editors read them: domain/doc-text.ts). */
	constructor(stored: string) {
		const text = docText(stored);
		this.#doc = Text.of(text.split('\n'));
		this.#stored = text;
		this.#pending = ChangeSet.empty(text.length);
	}

	get version(): number {
		return this.#base + this.#updates.length;
	}

	get text(): string {
		return this.#doc.toString();
	}

	/** The stored text this document last agreed with. */
	get stored(): string {
		return this.#stored;
	}

	/** True when the live text holds changes not yet stored. */
	get dirty(): boolean {
		return !this.#pending.empty;
	}

	/** Accepts a tab's updates made on `version`, rebased over anything accepted since. */
	push(version: number, incoming: readonly WireUpdate[]): PushResult {
		if (version < this.#base || version > this.version) return { ok: false, reason: 'too-old' };
		let parsed: Update[];
		try {
			parsed = incoming.map((u) => ({ clientID: String(u.clientID), changes: ChangeSet.fromJSON(u.changes) }));
		} catch {
			return { ok: false, reason: 'malformed' };
		}
		const over = this.#updates.slice(version - this.#base);
		const rebased = over.length ? rebaseUpdates(parsed, over) : parsed;
		const from = this.version;
		let doc = this.#doc;
		let pending = this.#pending;
		try {
			for (const update of rebased) {
				doc = update.changes.apply(doc);
				pending = pending.compose(update.changes);
			}
		} catch {
			return { ok: false, reason: 'malformed' }; // a change set that does not fit the document
		}
		this.#doc = doc;
		this.#pending = pending;
		this.#append(rebased);
		return { ok: true, from, updates: rebased.map(toWire) };
	}

	/**
	 * True when the document holds at least `count` updates of `clientID` accepted after `version`:
	 * everything that client had unconfirmed at that version arrived (a journal entry of a closed tab
	 * need not be offered back). False when unknown (no longer kept).
	 */
	holds(clientID: string, version: number, count: number): boolean {
		if (version < this.#base || version > this.version) return false;
		return this.#updates.slice(version - this.#base).filter((u) => u.clientID === clientID).length >= count;
	}

	/** Updates since `version`, or null when they are no longer kept (the tab reloads the text). */
	pull(version: number): WireUpdate[] | null {
		if (version < this.#base || version > this.version) return null;
		return this.#updates.slice(version - this.#base).map(toWire);
	}

	/**
	 * The stored file became `text` by a change made elsewhere (a tool, undo, restore, reload): it is
	 * merged into the live text after what tabs typed, and returned as the authority's update.
	 */
	external(stored: string): { from: number; update: WireUpdate } | null {
		const text = docText(stored);
		if (text === this.#stored) return null;
		const change = changesBetween(this.#stored, text);
		// Typing not yet stored stays; the outside change applies after it (and vice versa for the store).
		const onLive = change.map(this.#pending);
		this.#pending = this.#pending.map(change, true);
		this.#stored = text;
		const from = this.version;
		const update: Update = { clientID: AUTHORITY_CLIENT, changes: onLive };
		this.#doc = onLive.apply(this.#doc);
		this.#append([update]);
		return { from, update: toWire(update) };
	}

	/** The live text at `version` was stored: what came after it is what remains unstored. */
	committed(stored: string, version: number): void {
		const text = docText(stored);
		let pending = ChangeSet.empty(text.length);
		for (const update of this.#updates.slice(Math.max(0, version - this.#base))) pending = pending.compose(update.changes);
		this.#stored = text;
		this.#pending = pending;
	}

	#append(updates: readonly Update[]) {
		this.#updates.push(...updates);
		const excess = this.#updates.length - KEPT_UPDATES;
		if (excess > 0) {
			this.#updates.splice(0, excess);
			this.#base += excess;
		}
	}
}

function toWire(update: Update): WireUpdate {
	return { clientID: update.clientID, changes: update.changes.toJSON() };
}
