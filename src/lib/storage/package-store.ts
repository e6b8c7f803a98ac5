// The device's package store: npm and CDN files fetched once, kept content-addressed (bytes by their
// SHA-256, URLs pointing at them) in a database of their own, shared by every workspace and tab. Its
// own database, not a store of the studio's: it versions and clears on its own, and a workspace
// migration never waits for megabytes of packages.
import { openDB, type IDBPDatabase } from 'idb';
import { scoped } from '../core/base';
import type { PackageStorePort, StoredPackageFile } from '../runtime/ports';

/** Database name and version. Do not change without a migration. */
export const PACKAGE_DB_NAME = scoped('web-studio-packages');
const PACKAGE_DB_VERSION = 1;
const URLS = 'urls';
const BLOBS = 'blobs';
const RESOLVED = 'resolved';

/** The package store in IndexedDB. */
export class IdbPackageStore implements PackageStorePort {
	private constructor(private readonly db: IDBPDatabase<unknown>) {}

	/** Opens (creating) the package database. */
	static async open(): Promise<IdbPackageStore> {
		const db = await openDB(PACKAGE_DB_NAME, PACKAGE_DB_VERSION, {
			upgrade(db) {
				db.createObjectStore(URLS, { keyPath: 'url' });
				db.createObjectStore(BLOBS, { keyPath: 'hash' });
				db.createObjectStore(RESOLVED, { keyPath: 'key' });
			}
		});
		return new IdbPackageStore(db);
	}

	async file(url: string): Promise<StoredPackageFile | undefined> {
		return (await this.db.get(URLS, url)) as StoredPackageFile | undefined;
	}

	async bytes(hash: string): Promise<Uint8Array | undefined> {
		return ((await this.db.get(BLOBS, hash)) as { bytes: Uint8Array } | undefined)?.bytes;
	}

	async put(file: StoredPackageFile, bytes: Uint8Array): Promise<void> {
		const tx = this.db.transaction([URLS, BLOBS], 'readwrite');
		if (!(await tx.objectStore(BLOBS).getKey(file.hash))) await tx.objectStore(BLOBS).put({ hash: file.hash, bytes });
		await tx.objectStore(URLS).put(file);
		await tx.done;
	}

	async files(): Promise<StoredPackageFile[]> {
		return (await this.db.getAll(URLS)) as StoredPackageFile[];
	}

	async remove(urls: readonly string[]): Promise<void> {
		const tx = this.db.transaction([URLS, BLOBS], 'readwrite');
		for (const url of urls) await tx.objectStore(URLS).delete(url);
		const kept = new Set(((await tx.objectStore(URLS).getAll()) as StoredPackageFile[]).map((file) => file.hash));
		for (const hash of (await tx.objectStore(BLOBS).getAllKeys()) as string[]) if (!kept.has(hash)) await tx.objectStore(BLOBS).delete(hash);
		await tx.done;
	}

	async resolved(key: string): Promise<string | undefined> {
		return ((await this.db.get(RESOLVED, key)) as { version: string } | undefined)?.version;
	}

	async setResolved(key: string, version: string): Promise<void> {
		await this.db.put(RESOLVED, { key, version });
	}
}

/** The package store in memory: hubs without IndexedDB (Node, tests). Same contract. */
export class MemoryPackageStore implements PackageStorePort {
	readonly #urls = new Map<string, StoredPackageFile>();
	readonly #blobs = new Map<string, Uint8Array>();
	readonly #resolved = new Map<string, string>();

	async file(url: string) {
		return this.#urls.get(url);
	}
	async bytes(hash: string) {
		return this.#blobs.get(hash);
	}
	async put(file: StoredPackageFile, bytes: Uint8Array) {
		if (!this.#blobs.has(file.hash)) this.#blobs.set(file.hash, bytes);
		this.#urls.set(file.url, file);
	}
	async files() {
		return [...this.#urls.values()];
	}
	async remove(urls: readonly string[]) {
		for (const url of urls) this.#urls.delete(url);
		const kept = new Set([...this.#urls.values()].map((file) => file.hash));
		for (const hash of this.#blobs.keys()) if (!kept.has(hash)) this.#blobs.delete(hash);
	}
	/** How many distinct contents are kept (content addressing, for tests). */
	get blobCount(): number {
		return this.#blobs.size;
	}
	async resolved(key: string) {
		return this.#resolved.get(key);
	}
	async setResolved(key: string, version: string) {
		this.#resolved.set(key, version);
	}
}
