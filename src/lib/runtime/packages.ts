// The hub's packages: fetches what a page needs from the CDN once — a module and every module it
// imports, a stylesheet and its fonts — keeps it content-addressed in the device's package store, and
// from then on answers every render from there, offline too. It resolves a package's version once
// and never again on its own. Framework-neutral: fetch and the store are injected.
import { parse as parseModule } from 'es-module-lexer/minimal/js';
import { CSS_IMPORT, CSS_URL, withImageSetUrls } from '../domain/css';
import { DEFAULT_CDN, isExactVersion, moduleUrl, packageImportUrl, packageOfUrl, versionIn, type CdnSetting, type PackageFile, type PackageNeed, type PackageProblem, type PackageView } from '../domain/packages';
import type { PackageStorePort, StoredPackageFile } from './ports';
import { CountedMap } from '../core/counted-map';

/** A package graph deeper than this is not followed (a loop of redirects, a broken CDN). */
const MAX_FILES = 2000;
/** How long a fresh lookup of the newest release is taken as the answer. */
const FRESH_MS = 60_000;
/** How long an unreachable file is not asked for again (renders come much more often). */
const RETRY_MS = 15_000;

/** What the service needs from its host. */
export interface PackageServiceOptions {
	store: PackageStorePort;
	fetch?: typeof fetch;
	now?: () => number;
}

/** The answer to "which release is `name@range`?". */
export type Resolution = { version: string } | { problem: { kind: PackageProblem; detail?: string } };

const isScript = (type: string, url: string) => /javascript|ecmascript/i.test(type) || /\.m?js(?:[?#]|$)/i.test(url);
const isCss = (type: string, url: string) => /text\/css/i.test(type) || /\.css(?:[?#]|$)/i.test(url);

/** SHA-256 of bytes, hex. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
	const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
	return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `bytes` match an `integrity` attribute (`sha384-…`, several allowed: any strong one
 * matching passes, as in the browser). Unknown algorithms only: nothing to check, it passes.
 */
export async function matchesIntegrity(bytes: Uint8Array, integrity: string): Promise<boolean> {
	const wanted = integrity.trim().split(/\s+/).map((token) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/=]+)/.exec(token)).filter((m): m is RegExpExecArray => m !== null);
	if (!wanted.length) return true;
	for (const [, algorithm, expected] of wanted) {
		const digest = new Uint8Array(await crypto.subtle.digest(`SHA-${algorithm!.slice(3)}`, bytes as BufferSource));
		if (btoa(String.fromCharCode(...digest)) === expected) return true;
	}
	return false;
}

/** The imports a package module makes, as absolute URLs (resolved against where it was served from). */
export function moduleImports(text: string, base: string): string[] {
	let imports: ReturnType<typeof parseModule>[0];
	try {
		[imports] = parseModule(text);
	} catch {
		return [];
	}
	const out: string[] = [];
	for (const item of imports) {
		const url = item.n === undefined ? null : packageImportUrl(item.n, base);
		if (url) out.push(url);
	}
	return out;
}

/** The files a stylesheet loads (its @imports and url()s), as absolute URLs. */
export function cssReferences(text: string, base: string): string[] {
	const out = new Set<string>();
	for (const match of [...text.matchAll(CSS_IMPORT), ...withImageSetUrls(text).matchAll(CSS_URL)]) {
		const ref = match[2]!.trim();
		if (!ref || /^(?:data|blob):|^#/.test(ref)) continue;
		try {
			out.add(new URL(ref, base).href);
		} catch {
			// not a URL
		}
	}
	return [...out];
}

/** Fetches, keeps and serves package files. One per hub; the store is the device's. */
export class PackageService {
	readonly #store: PackageStorePort;
	readonly #fetch: typeof fetch;
	readonly #now: () => number;
	/** Files read this hub's life, decoded: renders read them synchronously. */
	/**
	 * Changes to what a view reads (the CDN, files, problems, releases): a compilation kept from
	 * before a change is stale (preview/page-compiler.ts).
	 */
	#changes = 0;
	readonly #counted = () => void this.#changes++;
	readonly #files = new CountedMap<string, PackageFile>(this.#counted);
	readonly #problems = new CountedMap<string, { kind: PackageProblem; detail?: string }>(this.#counted);
	/** Loads under way, by URL (and integrity, and freshness). */
	readonly #loading = new Map<string, Promise<PackageFile | undefined>>();
	/** When a URL last could not be reached (offline, the CDN down). */
	readonly #unreachable = new Map<string, number>();
	/** Fresh answers of the last minute: an approval's dry run and its commit pin the same release. */
	readonly #recent = new Map<string, { version: string; at: number }>();
	/** Releases resolved this hub's life (`name@range` → version), as the store keeps them. */
	readonly #exact = new CountedMap<string, string>(this.#counted);
	#cdn: CdnSetting = DEFAULT_CDN;

	/** Where packages come from (the device's choice). */
	get cdn(): CdnSetting {
		return this.#cdn;
	}
	set cdn(setting: CdnSetting) {
		this.#changes++;
		this.#cdn = setting;
	}

	/** How many times what a view reads has changed (equal counts: a compilation from then still holds). */
	get changes(): number {
		return this.#changes;
	}

	constructor(options: PackageServiceOptions) {
		this.#store = options.store;
		this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
		this.#now = options.now ?? Date.now;
	}

	/** What a compilation reads: the pins given, the CDN, the files on hand. */
	view(pins: Record<string, string>): PackageView {
		return {
			cdn: this.cdn,
			pins,
			version: (name, written) => (written && isExactVersion(written) ? written : this.#exact.get(`${name}@${written ?? 'latest'}`)),
			file: (url) => this.#files.get(url),
			problem: (url) => this.#problems.get(url)
		};
	}

	/**
	 * Makes every needed file (and what it imports or loads) available to renders: from the store,
	 * else from the network once. True when anything new became available.
	 */
	async ensure(needs: readonly PackageNeed[]): Promise<boolean> {
		const before = this.#files.size;
		const seen = new Set<string>();
		let level: PackageNeed[] = needs.filter((need) => !this.#files.has(need.url));
		while (level.length && seen.size < MAX_FILES) {
			const next: PackageNeed[] = [];
			await Promise.all(
				level.map(async (need) => {
					if (seen.has(need.url)) return;
					seen.add(need.url);
					const known = this.#files.get(need.url);
					const file = known && !need.integrity ? known : await this.#load(need);
					if (!file?.text) return;
					const children = isScript(file.type, file.url) ? moduleImports(file.text, file.finalUrl) : isCss(file.type, file.url) ? cssReferences(file.text, file.finalUrl) : [];
					for (const url of children) if (!seen.has(url)) next.push({ url, module: isScript(file.type, file.url) });
				})
			);
			level = next;
		}
		return this.#files.size > before;
	}

	/**
	 * One file, loaded once however many renders ask at the same time (a tab's first render and an
	 * edit's, the pin's revision): the CDN is asked for each file once.
	 */
	#load(need: PackageNeed, fresh = false): Promise<PackageFile | undefined> {
		const key = `${fresh ? 'fresh ' : ''}${need.integrity ?? ''} ${need.url}`;
		const running = this.#loading.get(key);
		if (running) return running;
		const loading = this.#loadNow(need, fresh).finally(() => this.#loading.delete(key));
		this.#loading.set(key, loading);
		return loading;
	}

	/** One file: from the store, else the network (kept by content); problems remembered for diagnostics. */
	async #loadNow(need: PackageNeed, fresh: boolean): Promise<PackageFile | undefined> {
		const stored = fresh ? undefined : await this.#store.file(need.url);
		const bytes = stored ? await this.#store.bytes(stored.hash) : undefined;
		if (stored && bytes) {
			if (need.integrity && !(await matchesIntegrity(bytes, need.integrity))) {
				this.#problems.set(need.url, { kind: 'integrity' });
				return undefined;
			}
			return this.#keep(stored, bytes);
		}
		// Unreachable a moment ago: not asked again on every render, but again once the wait is over.
		const failed = this.#unreachable.get(need.url);
		if (failed !== undefined && this.#now() - failed < RETRY_MS) return undefined;
		let response: Response;
		try {
			response = await this.#fetch(need.url, { credentials: 'omit' });
		} catch (error) {
			this.#unreachable.set(need.url, this.#now());
			this.#problems.set(need.url, { kind: 'not-on-device', detail: error instanceof Error ? error.message : String(error) });
			return undefined;
		}
		this.#unreachable.delete(need.url);
		if (!response.ok) {
			this.#problems.set(need.url, { kind: response.status === 404 ? 'not-found' : 'failed', detail: `HTTP ${response.status}` });
			return undefined;
		}
		const body = new Uint8Array(await response.arrayBuffer());
		const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
		if (need.integrity && !(await matchesIntegrity(body, need.integrity))) {
			this.#problems.set(need.url, { kind: 'integrity' });
			return undefined;
		}
		if (need.module && !isScript(type, need.url)) {
			this.#problems.set(need.url, { kind: 'not-esm', detail: `the CDN answered ${type || 'no type'}` });
			return undefined;
		}
		const record: StoredPackageFile = { url: need.url, finalUrl: response.url || need.url, type, hash: await sha256Hex(body), size: body.length, at: this.#now() };
		await this.#store.put(record, body);
		return this.#keep(record, body);
	}

	#keep(record: StoredPackageFile, bytes: Uint8Array): PackageFile {
		const file: PackageFile = { url: record.url, finalUrl: record.finalUrl, type: record.type, bytes, ...(isScript(record.type, record.url) || isCss(record.type, record.url) ? { text: new TextDecoder().decode(bytes) } : {}) };
		this.#files.set(record.url, file);
		this.#problems.delete(record.url);
		return file;
	}

	/**
	 * The release `name@range` (absent: the newest) names on the CDN. Asked once: the answer is kept
	 * on the device and given again, so a package never changes version unless `fresh` (Update). An
	 * exact version is its own answer.
	 */
	async resolve(name: string, range?: string, fresh = false): Promise<Resolution> {
		if (range && isExactVersion(range)) return { version: range };
		const key = `${JSON.stringify(this.cdn)} ${name}@${range ?? 'latest'}`;
		const recent = this.#recent.get(key);
		if (fresh && recent && this.#now() - recent.at < FRESH_MS) return { version: recent.version };
		const known = fresh ? undefined : await this.#store.resolved(key);
		if (known) {
			this.#exact.set(`${name}@${range ?? 'latest'}`, known);
			return { version: known };
		}
		const url = moduleUrl(this.cdn, name, range);
		const file = (fresh ? undefined : this.#files.get(url)) ?? (await this.#load({ url, module: true }, fresh));
		if (!file) return { problem: this.#problems.get(url) ?? { kind: 'failed' } };
		const version = versionIn(name, file.finalUrl, file.text ?? '');
		if (!version) return { problem: { kind: 'failed', detail: `the CDN did not say which version of ${name} it served` } };
		await this.#store.setResolved(key, version);
		this.#recent.set(key, { version, at: this.#now() });
		this.#exact.set(`${name}@${range ?? 'latest'}`, version);
		// The answer is that release's entry: kept under its pinned URL too, so it is not fetched again.
		const pinned = moduleUrl(this.cdn, name, version);
		if (pinned !== url && !(await this.#store.file(pinned))) {
			const stored = await this.#store.file(url);
			if (stored) await this.#store.put({ ...stored, url: pinned }, file.bytes);
		}
		return { version };
	}

	/** Every file kept on the device. */
	stored(): Promise<StoredPackageFile[]> {
		return this.#store.files();
	}

	/**
	 * Forgets every stored file that is not part of a kept release or a kept URL, nor imported or
	 * loaded by one (a package's own dependencies, a stylesheet's fonts). Returns what was freed.
	 */
	async keepOnly(release: (name: string, version: string) => boolean, urls: ReadonlySet<string>): Promise<{ files: number; bytes: number }> {
		const stored = await this.#store.files();
		const byUrl = new Map(stored.map((file) => [file.url, file]));
		const kept = new Set<string>();
		let level = stored.filter((file) => urls.has(file.url) || ((r) => !!r && release(r.name, r.version))(packageOfUrl(file.url))).map((file) => file.url);
		while (level.length) {
			const next: string[] = [];
			for (const url of level) {
				const file = byUrl.get(url);
				if (!file || kept.has(url)) continue;
				kept.add(url);
				const bytes = isScript(file.type, url) || isCss(file.type, url) ? await this.#store.bytes(file.hash) : undefined;
				if (!bytes) continue;
				const text = new TextDecoder().decode(bytes);
				next.push(...(isScript(file.type, url) ? moduleImports(text, file.finalUrl) : cssReferences(text, file.finalUrl)));
			}
			level = next;
		}
		const unused = stored.filter((file) => !kept.has(file.url));
		await this.remove(unused.map((file) => file.url));
		return { files: unused.length, bytes: unused.reduce((sum, file) => sum + file.size, 0) };
	}

	/** Forgets files (and the bytes nothing else points at). */
	async remove(urls: readonly string[]): Promise<void> {
		for (const url of urls) this.#files.delete(url);
		await this.#store.remove(urls);
	}
}
