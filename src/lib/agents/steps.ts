// The transcript's words for a tool step: what a call is doing and, once it is done, what it did —
// from its arguments and result, so a person reads "Changed styles.css — theme colour #0d9488", not JSON.
import type { CallToolResult } from '../runtime/types';

type Fields = Record<string, unknown>;

/** How one tool's step reads: while it runs, and after it succeeded. */
interface Words {
	doing(args: Fields): string;
	done(args: Fields, out: Fields): string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const quote = (value: unknown, max = 48) => {
	const s = text(value).replace(/\s+/g, ' ').trim();
	return `“${s.length > max ? `${s.slice(0, max - 1)}…` : s}”`;
};
const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const size = (value: unknown) => (Array.isArray(value) ? value.length : typeof value === 'number' ? value : 0);
/** A few names, then "and N more": a sentence stays one line. */
const names = (items: readonly string[], max = 3) => (items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`);
const changedPaths = (out: Fields) => (Array.isArray(out.changedPaths) ? out.changedPaths.filter((path): path is string => typeof path === 'string') : []);
/** "Changed a.css — detail", or the fallback when the call changed nothing. */
const changed = (out: Fields, detail: string, nothing = 'Nothing needed changing') => {
	const paths = changedPaths(out);
	return paths.length ? `Changed ${names(paths)}${detail ? ` — ${detail}` : ''}` : nothing;
};

const WORDS: Record<string, Words> = {
	workspace_get_status: { doing: () => 'Checking the workspace', done: (_, out) => `Checked the workspace — revision ${String(out.revision)}, ${plural(size(out.fileCount), 'file')}` },
	workspace_list_files: { doing: () => 'Listing the files', done: (_, out) => `Listed ${plural(size(out.files), 'file')}` },
	workspace_read_file: { doing: (a) => `Reading ${text(a.path)}`, done: (a) => `Read ${text(a.path)}` },
	workspace_search: { doing: (a) => `Searching for ${quote(a.query)}`, done: (a, out) => `Searched for ${quote(a.query)} — ${plural(size(out.matches), 'match', 'matches')}` },
	workspace_history: { doing: () => 'Reading the history', done: () => 'Read the history' },
	workspace_open_file: { doing: (a) => `Opening ${text(a.path)}`, done: (a) => `Opened ${text(a.path)} in the editor` },
	workspace_create_file: { doing: (a) => `Creating ${text(a.path)}`, done: (a) => `Created ${text(a.path)}` },
	workspace_write_file: { doing: (a) => `Writing ${text(a.path)}`, done: (a, out) => changed(out, 'new content', `${text(a.path)} already had that content`) },
	workspace_apply_patch: {
		doing: (a) => `Editing ${text(a.path)}`,
		done: (a, out) => changed(out, `${quote(a.search, 24)} → ${quote(a.replace, 24)}${size(out.replacements) > 1 ? ` (${size(out.replacements)} places)` : ''}`)
	},
	workspace_edit_element: {
		doing: (a) => `Editing the <${text(a.tag)}> in ${text(a.path)}`,
		done: (a, out) => changed(out, a.text !== undefined ? `text ${quote(a.text)}` : Object.entries((a.style as Record<string, unknown>) ?? {}).map(([k, v]) => `${k}: ${text(v)}`).join(', '))
	},
	workspace_rename_file: {
		doing: (a) => `Renaming ${text(a.from)} → ${text(a.to)}`,
		done: (a, out) => `Renamed ${text(a.from)} → ${text(a.to)}${size(out.updatedReferences) ? ` — updated ${plural(size(out.updatedReferences), 'link')}` : ''}`
	},
	workspace_delete_file: {
		doing: (a) => `Deleting ${text(a.path)}`,
		done: (a, out) => `Deleted ${text(a.path)}${size(out.danglingReferences) ? ` — ${plural(size(out.danglingReferences), 'link')} still point at it` : ''}`
	},
	workspace_apply_changes: {
		doing: (a) => `Changing ${plural(size(a.operations), 'file')} at once`,
		done: (a, out) => changed(out, `${plural(size(a.operations), 'operation')}, one revision`)
	},
	workspace_import_zip: { doing: () => 'Importing a .zip', done: (_, out) => `Imported ${plural(size(out.imported), 'file')}${size(out.skipped) ? `, left out ${size(out.skipped)}` : ''}` },
	workspace_undo: { doing: () => 'Undoing the last change', done: (_, out) => changed(out, 'undone') },
	workspace_redo: { doing: () => 'Redoing the change', done: (_, out) => changed(out, 'redone') },
	workspace_restore_revision: { doing: (a) => `Restoring revision ${String(a.revision)}`, done: (a, out) => changed(out, `back to revision ${String(a.revision)}`) },
	workspace_reset: { doing: () => 'Resetting the site to the starter', done: () => 'Reset the site to the starter' },
	workspace_save_all: { doing: () => 'Saving to the folder', done: (_, out) => `Saved ${plural(size(out.savedPaths), 'file')} to the folder` },
	workspace_reload_folder: { doing: () => 'Reloading from the folder', done: (_, out) => changed(out, 'from the folder', 'The folder matched the workspace') },
	workspace_disconnect_folder: { doing: () => 'Disconnecting the folder', done: () => 'Disconnected the folder' },
	folder_get_status: { doing: () => 'Checking the folder', done: () => 'Checked the folder' },
	preview_get_status: { doing: () => 'Checking the preview', done: (_, out) => `Checked the preview — ${previewStatus(out)}` },
	preview_refresh: { doing: () => 'Refreshing the preview', done: (_, out) => `Refreshed the preview — ${previewStatus(out)}` },
	preview_navigate: { doing: (a) => (a.direction ? `Going ${text(a.direction)} in the preview` : `Opening ${text(a.path)} in the preview`), done: (_, out) => `Showed ${text(out.page)} — ${previewStatus(out)}` },
	preview_screenshot: {
		doing: (a) => `Taking a screenshot${a.selector ? ` of ${text(a.selector)}` : ''} at ${String(a.width ?? 1280)} px`,
		done: (_, out) => `Took a screenshot of ${text(out.page)} — ${String(out.width)}×${String(out.height)}, revision ${String(out.revision)}`
	},
	preview_get_storage: { doing: () => "Reading the site's storage", done: (_, out) => `Read the site's storage — ${plural(Number(out.keys) || 0, 'key')}` },
	preview_clear_storage: { doing: () => "Clearing the site's storage", done: () => "Cleared the site's storage" },
	preview_set_theme: {
		doing: (a) => `Setting the theme colour to ${text(a.accent)}`,
		done: (a, out) => changed(out, `theme colour ${text(a.accent)}${a.scheme ? `, ${text(a.scheme)} scheme` : ''}`)
	},
	preview_update_hero: {
		doing: () => 'Updating the headline',
		done: (a, out) => changed(out, [a.title ? `headline ${quote(a.title)}` : '', a.subtitle !== undefined ? `subtitle ${quote(a.subtitle)}` : ''].filter(Boolean).join(', '))
	},
	preview_add_feature: { doing: (a) => `Adding the feature card ${quote(a.title)}`, done: (a, out) => changed(out, `new feature card ${quote(a.title)}`) }
};

function previewStatus(out: Fields): string {
	const preview = out.preview as { status?: unknown } | undefined;
	return typeof preview?.status === 'string' ? preview.status : 'checked';
}

/** Arguments as an object, whether they came parsed (local agent) or as the model's JSON text. */
function fields(args: unknown): Fields {
	if (typeof args === 'string') {
		try {
			return fields(JSON.parse(args));
		} catch {
			return {};
		}
	}
	return args && typeof args === 'object' && !Array.isArray(args) ? (args as Fields) : {};
}

/** A tool without words of its own: a remote one reads "search on docs", a studio one loses its prefix. */
const fallback = (name: string) => {
	const remote = name.indexOf('__');
	if (remote > 0) return `${name.slice(remote + 2).replace(/_/g, ' ')} on ${name.slice(0, remote)}`;
	return name.replace(/^(workspace|preview|folder)_/, '').replace(/_/g, ' ');
};

/** What a running step is doing ("Reading index.html"). */
export function doingSentence(name: string, args: unknown): string {
	const words = WORDS[name];
	return words ? words.doing(fields(args)) : `Calling ${fallback(name)}`;
}

/** What a finished step did ("Changed styles.css — theme colour #0d9488"), or why it failed. */
export function doneSentence(name: string, args: unknown, result: CallToolResult): string {
	const words = WORDS[name];
	if (result.isError) {
		const message = (result.structuredContent.error as { message?: unknown } | undefined)?.message;
		return `${words ? words.doing(fields(args)) : `Calling ${fallback(name)}`} failed: ${text(message) || 'unknown error'}`;
	}
	return words ? words.done(fields(args), result.structuredContent as Fields) : `Ran ${fallback(name)}`;
}
