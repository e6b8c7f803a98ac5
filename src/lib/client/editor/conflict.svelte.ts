// The conflict bar: what cannot merge (recovered text, a file deleted or changed elsewhere while it
// held unsaved typing) is shown against the stored text, and the person keeps theirs, takes the stored
// one, or looks at the difference.
import type { DiffLine } from '$lib/domain/diff';
import type { EditorSessions } from './sessions';

type CM = typeof import('./codemirror');

/** A conflict between local unsaved edits and a change made elsewhere. */
export interface EditorConflict {
	path: string;
	theirs: string;
	/** The revision at which `theirs` is stored. */
	revision: number;
	diff: DiffLine[] | null;
}

/** What the bar needs of the editor. */
export interface ConflictHost {
	readonly sessions: EditorSessions;
	cm(): CM | null;
	active(): string | null;
	open(path: string): Promise<void>;
	exists(path: string): boolean;
	/** Sends a shared file's text to the hub now. */
	push(path: string): Promise<void>;
	flush(path: string, force: boolean): Promise<void>;
	applyRemote(path: string, theirs: string, revision: number): void;
	dropTab(path: string): Promise<void>;
	markClean(path: string): void;
	typed(path: string): void;
}

/** The one conflict shown at a time, and the commands behind its buttons. */
export class ConflictBar {
	current = $state.raw<EditorConflict | null>(null);

	constructor(private readonly host: ConflictHost) {}

	/** The conflict's file is no longer stored: it was deleted elsewhere (keep mine writes it back). */
	get deleted(): boolean {
		return this.current !== null && !this.host.exists(this.current.path);
	}

	/** The bar holds `path` (its saves wait for the person's choice). */
	holds(path: string): boolean {
		return this.current?.path === path;
	}

	/** Shows the bar for `path` against `theirs` at `revision`, opening the file. */
	raise(path: string, theirs: string, revision: number): void {
		this.current = { path, theirs, revision, diff: null };
		if (this.host.active() !== path) void this.host.open(path);
	}

	/** Keep my text and save it over theirs. */
	async keepMine(): Promise<void> {
		const conflict = this.current;
		if (!conflict) return;
		this.current = null;
		const session = this.host.sessions.get(conflict.path);
		if (session?.shared) return this.host.push(conflict.path); // my text is in the editor: send it
		if (session) {
			session.base = conflict.theirs;
			session.revision = conflict.revision;
		}
		await this.host.flush(conflict.path, true);
	}

	/** Drop my edits and take the stored text. */
	takeTheirs(): void {
		const conflict = this.current;
		if (!conflict) return;
		this.current = null;
		const { sessions } = this.host;
		if (!this.host.exists(conflict.path)) {
			// Theirs is "deleted": the tab goes, as the file did.
			this.host.markClean(conflict.path);
			void this.host.dropTab(conflict.path);
			return;
		}
		const cm = this.host.cm();
		if (sessions.get(conflict.path)?.shared && cm) {
			// A local change back to theirs, sent like any typing (the hub holds the live text).
			const change = cm.minimalChange(sessions.text(conflict.path) ?? '', conflict.theirs);
			if (change) sessions.dispatch(conflict.path, (state) => state.update({ changes: change }));
			this.host.typed(conflict.path);
			return;
		}
		this.host.applyRemote(conflict.path, conflict.theirs, conflict.revision);
	}

	/** Show (or hide) what differs between theirs and mine (the diff's code loads the first time). */
	async showDiff(): Promise<void> {
		const conflict = this.current;
		if (!conflict) return;
		if (conflict.diff) {
			this.current = { ...conflict, diff: null };
			return;
		}
		const { lineDiff } = await import('$lib/domain/diff');
		if (this.current !== conflict) return;
		this.current = { ...conflict, diff: lineDiff(conflict.theirs, this.host.sessions.text(conflict.path) ?? '', 2, 200) };
	}
}
