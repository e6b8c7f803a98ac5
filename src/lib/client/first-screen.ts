// The first screen before the hub answers: what this device last showed of a workspace (its files, the
// open file's text, the last render the preview acknowledged), kept in localStorage per workspace so a
// start paints it synchronously while the hub's worker boots. Read-only until then: the live runtime
// takes over (client/editor carries what was typed meanwhile). A cache, never a source of truth.
import { scoped } from '$lib/core/base';
import { localStore } from './local-store';
import type { FileSummary } from '$lib/worker/wire';

/** The open file as it was stored (the editor's text agreed with the hub at `revision`). */
export interface FirstScreenFile {
	path: string;
	text: string;
	language: string;
	revision: number;
	/** How much of `text` the first paint's outline was given (its head, {@link shownEnd}); absent: all of it. */
	shown?: number;
}

/**
 * How much of a file a plain text area shows before the editor comes (the first paint's outline, the
 * plain text): a text area lays its whole text out at once, about 0.7 ms a kilobyte here and four
 * times that on a phone — a 150 KB file held a start's thread 100 ms in each of the two — and no
 * screen shows more than a few hundred lines before the editor, which has the whole text, comes.
 */
const SHOWN_CHARS = 8192;

/**
 * Where the part of `text` a plain text area shows ends: at the end of the line that reaches
 * SHOWN_CHARS (or `atLeast`, a caret in it), a minified line cut SHOWN_CHARS further (never
 * between the halves of a surrogate pair).
 */
export function shownEnd(text: string, atLeast = 0): number {
	const from = Math.max(SHOWN_CHARS, atLeast);
	let end = Math.min(text.indexOf('\n', from) + 1 || text.length, from + SHOWN_CHARS, text.length);
	const last = text.charCodeAt(end - 1);
	if (end < text.length && last >= 0xd800 && last < 0xdc00) end--;
	return end;
}

/** The last render this tab's preview acknowledged, as its frame ran it. */
export interface FirstScreenRender {
	revision: number;
	html: string;
	page: string;
	search?: string;
	/** The address bar's (`PreviewRender.address`); absent in what an older build kept. */
	address?: string;
	local: Record<string, string>;
	network: boolean;
}

/** What the first screen paints from. */
export interface FirstScreen {
	v: 2;
	workspaceId: string;
	name: string;
	revision: number;
	files: FileSummary[];
	activePath: string | null;
	open: FirstScreenFile | null;
	preview: FirstScreenRender | null;
	/** The panels' sizes and dock tab (checked where they are applied). */
	layout: Record<string, unknown> | null;
	at: number;
}

/**
 * Caps, in UTF-16 units as localStorage counts them (about 5 M per origin, shared with the typing
 * journal): a page too big to keep is left out, the text and file list still paint.
 */
export const FIRST_SCREEN_LIMITS = { text: 200_000, html: 600_000, files: 2000 } as const;

/**
 * The open file as localStorage keeps it (version 2): `text` is only what src/first-paint.js puts in
 * its outline, `rest` the remainder. Version 1 kept the whole text there; a build that reads it as
 * the whole file must not read this one (its `v` is another).
 */
export type StoredFile = Omit<FirstScreenFile, 'shown'> & { rest: string };
/** A first screen as localStorage keeps it. */
export type StoredFirstScreen = Omit<FirstScreen, 'open'> & { open: StoredFile | null };

/** The localStorage key of `workspaceId`'s first screen. */
export const firstScreenKey = (workspaceId: string) => `${scoped('studio:first-screen')}:${workspaceId}`;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isStrings = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

function isFile(value: unknown): value is FileSummary {
	return isRecord(value) && typeof value.path === 'string' && (value.kind === 'text' || value.kind === 'asset') && typeof value.language === 'string' && typeof value.mimeType === 'string' && typeof value.size === 'number' && typeof value.hash === 'string';
}

function isOpen(value: unknown): value is StoredFile {
	return isRecord(value) && typeof value.path === 'string' && typeof value.text === 'string' && typeof value.rest === 'string' && typeof value.language === 'string' && typeof value.revision === 'number';
}

function isRender(value: unknown): value is FirstScreenRender {
	return isRecord(value) && typeof value.revision === 'number' && typeof value.html === 'string' && typeof value.page === 'string' && (value.search === undefined || typeof value.search === 'string') && isStrings(value.local) && typeof value.network === 'boolean';
}

/** Checks what localStorage held (another build, a hand edit or a torn write may have left anything). */
export function parseFirstScreen(raw: string | null, workspaceId: string): FirstScreen | null {
	let value: unknown;
	try {
		value = JSON.parse(raw ?? 'null');
	} catch {
		return null;
	}
	if (!isRecord(value) || value.v !== 2 || value.workspaceId !== workspaceId || typeof value.name !== 'string' || typeof value.revision !== 'number' || typeof value.at !== 'number') return null;
	if (!Array.isArray(value.files) || !value.files.every(isFile)) return null;
	if (value.activePath !== null && typeof value.activePath !== 'string') return null;
	if (value.open !== null && !isOpen(value.open)) return null;
	if (value.preview !== null && !isRender(value.preview)) return null;
	if (value.layout !== null && !isRecord(value.layout)) return null;
	const screen = value as unknown as StoredFirstScreen;
	if (!screen.open) return screen as FirstScreen;
	const { rest, ...open } = screen.open;
	return { ...screen, open: { ...open, text: open.text + rest, shown: open.text.length } };
}

/** The first screen kept for `workspaceId` (null: none, or not usable). */
export function readFirstScreen(workspaceId: string): FirstScreen | null {
	const store = localStore();
	if (!store) return null;
	try {
		return parseFirstScreen(store.getItem(firstScreenKey(workspaceId)), workspaceId);
	} catch {
		return null;
	}
}

/** The element of the app shell holding the starter's picture (client/starter-screen.ts writes it at build time). */
export const STARTER_SCREEN_ID = 'studio-starter-screen';

/**
 * The starter's picture, when the first paint drew it (a browser that never opened the studio: its
 * hub is about to create the starter). src/first-paint.js decides; the page follows it.
 */
export function readStarterScreen(workspaceId: string): FirstScreen | null {
	if (typeof document === 'undefined' || !document.querySelector('#studio-first-paint[data-starter]')) return null;
	return parseFirstScreen(document.getElementById(STARTER_SCREEN_ID)?.textContent ?? null, workspaceId);
}

/**
 * Frees the storage the pictures hold for what matters more (the typing journal, the picture of the
 * workspace in use): forgets every workspace's picture but `keep`'s (null: every one). True when any went.
 */
export function forgetFirstScreens(keep: string | null): boolean {
	const store = localStore();
	if (!store) return false;
	const prefix = firstScreenKey('');
	const kept = keep === null ? null : firstScreenKey(keep);
	const names: string[] = [];
	for (let i = 0; i < store.length; i++) {
		const name = store.key(i);
		if (name?.startsWith(prefix) && name !== kept) names.push(name);
	}
	for (const name of names) store.removeItem(name);
	return names.length > 0;
}

/** Forgets the first screen of a workspace (deleted, or missing where the hub looked). */
export function forgetFirstScreen(workspaceId: string): void {
	try {
		localStore()?.removeItem(firstScreenKey(workspaceId));
	} catch {
		// nothing kept, nothing to forget
	}
}
