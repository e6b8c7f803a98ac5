// The first screen before the hub answers: what this device last showed of a workspace (its files, the
// open file's text, the last render the preview acknowledged), kept in localStorage per workspace so a
// start paints it synchronously while the hub's worker boots. Read-only until then: the live runtime
// takes over (client/editor carries what was typed meanwhile). A cache, never a source of truth.
import { scoped } from '$lib/core/base';
import { localStore, tryWrite } from './local-store';
import type { FileSummary } from '$lib/worker/wire';

/** The open file as it was stored (the editor's text agreed with the hub at `revision`). */
export interface FirstScreenFile {
	path: string;
	text: string;
	language: string;
	revision: number;
}

/** The last render this tab's preview acknowledged, as its frame ran it. */
export interface FirstScreenRender {
	revision: number;
	html: string;
	page: string;
	search?: string;
	local: Record<string, string>;
	network: boolean;
}

/** What the first screen paints from. */
export interface FirstScreen {
	v: 1;
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

const key = (workspaceId: string) => `${scoped('studio:first-screen')}:${workspaceId}`;


const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isStrings = (value: unknown): value is Record<string, string> => isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

function isFile(value: unknown): value is FileSummary {
	return isRecord(value) && typeof value.path === 'string' && (value.kind === 'text' || value.kind === 'asset') && typeof value.language === 'string' && typeof value.mimeType === 'string' && typeof value.size === 'number' && typeof value.hash === 'string';
}

function isOpen(value: unknown): value is FirstScreenFile {
	return isRecord(value) && typeof value.path === 'string' && typeof value.text === 'string' && typeof value.language === 'string' && typeof value.revision === 'number';
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
	if (!isRecord(value) || value.v !== 1 || value.workspaceId !== workspaceId || typeof value.name !== 'string' || typeof value.revision !== 'number' || typeof value.at !== 'number') return null;
	if (!Array.isArray(value.files) || !value.files.every(isFile)) return null;
	if (value.activePath !== null && typeof value.activePath !== 'string') return null;
	if (value.open !== null && !isOpen(value.open)) return null;
	if (value.preview !== null && !isRender(value.preview)) return null;
	if (value.layout !== null && !isRecord(value.layout)) return null;
	return value as unknown as FirstScreen;
}

/** The first screen kept for `workspaceId` (null: none, or not usable). */
export function readFirstScreen(workspaceId: string): FirstScreen | null {
	const store = localStore();
	if (!store) return null;
	try {
		return parseFirstScreen(store.getItem(key(workspaceId)), workspaceId);
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

/** What is kept of `screen` within the caps (an open file or a page past them is left out). */
export function trimFirstScreen(screen: FirstScreen): FirstScreen {
	const open = screen.open && screen.open.text.length <= FIRST_SCREEN_LIMITS.text ? screen.open : null;
	const preview = screen.preview && screen.preview.html.length + JSON.stringify(screen.preview.local).length <= FIRST_SCREEN_LIMITS.html ? screen.preview : null;
	return { ...screen, files: screen.files.slice(0, FIRST_SCREEN_LIMITS.files), open, preview };
}

/**
 * Keeps `screen` (synchronously: it is also written as the page hides). Over the quota, other
 * workspaces' pictures go first (this one is in use), then this one's page, then its text: the typing
 * journal shares this storage and matters more.
 */
export function writeFirstScreen(screen: FirstScreen): void {
	const store = localStore();
	if (!store) return;
	const name = key(screen.workspaceId);
	const trimmed = trimFirstScreen(screen);
	const write = (value: FirstScreen) => tryWrite(store, name, JSON.stringify(value));
	if (write(trimmed) || (forgetFirstScreens(screen.workspaceId) && write(trimmed))) return;
	if (write({ ...trimmed, preview: null }) || write({ ...trimmed, preview: null, open: null })) return;
	forgetFirstScreen(screen.workspaceId);
}

/**
 * Frees the storage the pictures hold for what matters more (the typing journal, the picture of the
 * workspace in use): forgets every workspace's picture but `keep`'s (null: every one). True when any went.
 */
export function forgetFirstScreens(keep: string | null): boolean {
	const store = localStore();
	if (!store) return false;
	const prefix = key('');
	const kept = keep === null ? null : key(keep);
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
		localStore()?.removeItem(key(workspaceId));
	} catch {
		// nothing kept, nothing to forget
	}
}
