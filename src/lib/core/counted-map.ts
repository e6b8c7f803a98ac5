// A Map that reports its changes: what a cached result was computed from can say when it moved
// (runtime/packages.ts counts the changes to what the preview's compile reads).

/** A Map that calls `changed` on every change to its entries (a value set again unchanged is none). */
export class CountedMap<K, V> extends Map<K, V> {
	readonly #changed: () => void;

	constructor(changed: () => void) {
		super();
		this.#changed = changed;
	}

	override set(key: K, value: V): this {
		// The same value again (a release read back from the store) is no change. Map's constructor
		// calls set for its initial entries, before #changed is there: there are none here.
		if (!super.has(key) || super.get(key) !== value) this.#changed();
		return super.set(key, value);
	}

	override delete(key: K): boolean {
		const had = super.delete(key);
		if (had) this.#changed();
		return had;
	}

	override clear(): void {
		if (this.size) this.#changed();
		super.clear();
	}
}
