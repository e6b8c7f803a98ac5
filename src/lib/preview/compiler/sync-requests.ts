// Synchronous XMLHttpRequest on the page's own thread (`xhr.open('GET', 'config.json', false)`,
// jQuery's `async: false`): a host answers before `send` returns. The preview's site files come
// from the host in a message, which a thread blocked in `send` never reads; so a page whose scripts
// ask synchronously carries, in its document, the answers to the site files its scripts name (a
// text file's, or a 404 for a name that is no file) and to its small data files (a name made at run
// time, `'i18n/' + lang + '.json'`, is most often one of them); frame/requests.js answers a
// synchronous request from them. Another file, or one too big, fails as a network error does, and
// the console says why.
import type { FileRecord } from '../../domain/model';
import { resolveReference } from '../../domain/paths';
import { escapeRaw } from './compiler';
import type { HtmlElement } from '../html';

/** A file larger than this is not carried (a page's configuration, strings, a template: a few KB). */
export const SYNC_FILE_CHARS = 64 * 1024;
/**
 * What one document carries at most: every render of the page carries it (jQuery itself asks
 * synchronously for a script in HTML it inserts, so every jQuery page carries its data files).
 */
export const SYNC_TOTAL_CHARS = 256 * 1024;
/** Names that are no file, answered 404, at most. */
const MISSING_KEPT = 100;

/** What a script says when it asks synchronously: `open(method, url, false)` (minified: `!1`), or jQuery's option. */
const ASKS_SYNC = /\.open\([^;]{0,200}?,\s*(?:false|!1)\s*[,)]|\basync\s*:\s*(?:false|!1)\b/;
/** Files a page reads as data: carried whether or not a script names them. */
const DATA_FILE = /\.(?:json|txt|xml|csv|tsv|ya?ml|ini|properties|po|ftl|tpl|mustache|hbs)$/i;
/** A quoted string that could name a file: no spaces, quotes or markup, an extension at its end. */
const FILE_NAME = /["'`]((?:\.{0,2}\/)?[\w~%@+-][\w~%@+./-]*\.[A-Za-z0-9]{1,8})(?:[?#][^"'`\s<>]*)?["'`]/g;

/** The answer a host sends, as frame/ranges.js reads it. */
interface SyncAnswer {
	status: number;
	statusText: string;
	mimeType: string;
	body: string;
}

/**
 * The answers a synchronous request of the page gets, by workspace path: the site files `scripts`
 * (the page's inline scripts, the files it runs, its modules) name, resolved against `page`, then
 * its data files; empty when no script asks synchronously.
 */
export function syncAnswers(files: ReadonlyMap<string, FileRecord>, page: string, scripts: readonly string[]): Map<string, SyncAnswer> {
	const answers = new Map<string, SyncAnswer>();
	if (!scripts.some((script) => ASKS_SYNC.test(script))) return answers;
	let total = 0;
	let missing = 0;
	for (const script of scripts)
		for (const match of script.matchAll(FILE_NAME)) {
			const path = resolveReference(page, match[1]!);
			if (path === null || answers.has(path)) continue;
			const file = files.get(path);
			if (!file) {
				if (missing++ < MISSING_KEPT) answers.set(path, { status: 404, statusText: 'Not Found', mimeType: 'text/plain', body: `${path} is not in the workspace.` });
				continue;
			}
			total += carry(answers, path, file, total);
		}
	for (const [path, file] of files) if (DATA_FILE.test(path) && !answers.has(path)) total += carry(answers, path, file, total);
	return answers;
}

/** Puts a text file's answer in `answers` when it fits what is left (`total`: carried so far); its size, or 0. */
function carry(answers: Map<string, SyncAnswer>, path: string, file: FileRecord, total: number): number {
	const text = file.kind === 'text' ? file.content : undefined;
	if (text === undefined || text.length > SYNC_FILE_CHARS || total + text.length > SYNC_TOTAL_CHARS) return 0;
	answers.set(path, { status: 200, statusText: 'OK', mimeType: file.mimeType, body: text });
	return text.length;
}

/** The tag that hands the answers to the frame's requests before any script of the page runs, then leaves the page's document. */
export function syncTag(answers: ReadonlyMap<string, SyncAnswer>): string {
	if (answers.size === 0) return '';
	return `<script data-studio-sync>window.__studioSyncAnswers=${escapeRaw(JSON.stringify(Object.fromEntries(answers)), 'script')};document.currentScript.remove();</script>`;
}

/**
 * The page's scripts as `syncAnswers` reads them: inline ones, the files its classic scripts run, its
 * modules, and the name of each file a script of another type names (`<script type="text/jsx"
 * src="js/item.jsx">`), which an in-page compiler fetches (React's JSXTransformer synchronously).
 */
export function pageScripts(files: ReadonlyMap<string, FileRecord>, page: string, source: string, elements: readonly HtmlElement[], modules: Iterable<string>): string[] {
	const scripts: string[] = [...modules];
	for (const element of elements) {
		if (element.name !== 'script') continue;
		const src = element.attribs.src;
		const type = (element.attribs.type ?? '').trim().toLowerCase();
		if (src !== undefined && type !== '' && type !== 'module' && !/javascript|ecmascript/.test(type)) scripts.push(JSON.stringify(src));
		const path = src === undefined ? null : resolveReference(page, src);
		const text = src === undefined ? (element.content ? source.slice(element.content.start, element.content.end) : '') : path === null ? undefined : files.get(path)?.content;
		if (text) scripts.push(text);
	}
	return scripts;
}
