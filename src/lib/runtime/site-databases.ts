// The site's IndexedDB databases as an agent reads them (preview_get_storage): the text the preview
// frame wrote for each (preview/frame/indexeddb.js: devalue of its version, and each store's key
// path, key generator, indexes and records), checked, and described — stores with their record
// counts and their first records, each value shown as JSON (Maps, Sets, bytes and big integers
// spelled out) and cut at a length.
import * as v from 'valibot';
// Static, not loaded on first use: the page's build would then fetch devalue with its first screen,
// SvelteKit's runtime importing it too (scripts/vite/start-chunk.ts).
import { parse } from 'devalue';

/** Records shown per store. */
const RECORDS_SHOWN = 20;

const Database = v.object({
	version: v.number(),
	stores: v.array(
		v.object({
			name: v.string(),
			keyPath: v.unknown(),
			autoIncrement: v.boolean(),
			indexes: v.array(v.object({ name: v.string() })),
			records: v.array(v.tuple([v.unknown(), v.unknown()]))
		})
	)
});

/** One database as preview_get_storage returns it. */
export type DatabaseView = {
	name: string;
	version?: number;
	stores?: { name: string; keyPath: unknown; autoIncrement: boolean; indexes: string[]; count: number; records: { key: string; value: string }[] }[];
	/** The text kept is none the preview wrote. */
	error?: string;
};

/** A value as JSON, with what JSON has no form for spelled out, cut at `max` characters. */
export function showValue(value: unknown, max: number): string {
	let text: string;
	try {
		text =
			JSON.stringify(value, (_key, item: unknown) => {
				if (item instanceof Map) return { Map: [...item] };
				if (item instanceof Set) return { Set: [...item] };
				if (ArrayBuffer.isView(item)) return { [item.constructor.name]: Array.from(new Uint8Array(item.buffer, item.byteOffset, item.byteLength)) };
				if (item instanceof ArrayBuffer) return { ArrayBuffer: Array.from(new Uint8Array(item)) };
				if (typeof item === 'bigint') return `${item}n`;
				if (item instanceof RegExp) return String(item);
				return item;
			}) ?? String(value);
	} catch {
		text = String(value);
	}
	return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** The databases the hub keeps (text by name), described; values cut at `max` characters. */
export async function describeDatabases(kept: Readonly<Record<string, string>>, max: number): Promise<DatabaseView[]> {
	const names = Object.keys(kept).sort();
	if (!names.length) return [];
	return names.map((name) => {
		let parsed: v.InferOutput<typeof Database>;
		try {
			parsed = v.parse(Database, parse(kept[name]!));
		} catch {
			return { name, error: 'not a database the preview wrote' };
		}
		return {
			name,
			version: parsed.version,
			stores: parsed.stores.map((store) => ({
				name: store.name,
				keyPath: store.keyPath,
				autoIncrement: store.autoIncrement,
				indexes: store.indexes.map((index) => index.name),
				count: store.records.length,
				records: store.records.slice(0, RECORDS_SHOWN).map(([key, value]) => ({ key: showValue(key, max), value: showValue(value, max) }))
			}))
		};
	});
}

/** A row per database for the Site data view, beside the localStorage items: its version and stores with their record counts. */
export async function databaseRows(kept: Readonly<Record<string, string>>): Promise<Record<string, string>> {
	const plural = (n: number) => `${n} record${n === 1 ? '' : 's'}`;
	const views = await describeDatabases(kept, 0);
	return Object.fromEntries(views.map((view) => [`IndexedDB “${view.name}”`, view.error ?? `version ${view.version} · ${view.stores!.map((store) => `${store.name}: ${plural(store.count)}`).join(', ') || 'no stores'}`]));
}
