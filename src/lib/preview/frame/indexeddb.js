// @ts-check
// IndexedDB for a site whose code uses it. An opaque-origin frame refuses the browser's own
// (`indexedDB.open` throws SecurityError), so a Dexie or idb app stopped at its first line. This puts
// an in-memory implementation of the whole API in its place (the library the compiler bundles in:
// `indexedDB` and every IDB* constructor, so `instanceof` and `IDBKeyRange.bound` work), starting
// from the databases as the hub keeps them for the workspace. After each transaction that wrote (and
// each deleted database) the database goes to the hub as text, one message per task and what is left
// before the acknowledgement, so the next render, reload or start begins where the page left off.
// A database the text cannot hold (a Blob or File in it) or past the limit lasts for this page only,
// and the console says so once. Other tabs' pages keep their copy until their next render.

/**
 * Installs the site's IndexedDB.
 * @param {StudioFrameApi} api
 * @param {any} lib the bundled library (fake-indexeddb's classes and factory, devalue's stringify and parse)
 * @param {Record<string, string>} seed each database's text, by name, as the hub keeps it
 * @param {number} limit characters a database's text may have for the hub to keep it
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function studioIndexedDB(api, lib, seed, limit) {
	var factory = lib.indexedDB;
	['IDBCursor', 'IDBCursorWithValue', 'IDBDatabase', 'IDBFactory', 'IDBIndex', 'IDBKeyRange', 'IDBObjectStore', 'IDBOpenDBRequest', 'IDBRequest', 'IDBTransaction', 'IDBVersionChangeEvent'].forEach(function (name) {
		Object.defineProperty(window, name, { configurable: true, writable: true, value: lib[name] });
	});
	Object.defineProperty(window, 'indexedDB', { configurable: true, enumerable: true, get: function () { return factory; } });

	/** Databases being restored: their own writes are no change. */
	/** @type {Set<string>} */
	var restoring = new Set();
	/** Databases changed since the last message. */
	/** @type {Set<string>} */
	var changed = new Set();
	/** Databases the console was told about (once each). */
	/** @type {Set<string>} */
	var told = new Set();

	/**
	 * A database as text: its version, and each store's key path, key generator, indexes and records.
	 * Reads the library's own records (as the API would, a connection of ours would see the site's
	 * upgrades blocked).
	 * @param {any} database
	 */
	function encode(database) {
		/** @type {unknown[]} */
		var stores = [];
		database.rawObjectStores.forEach(function (/** @type {any} */ store) {
			if (store.deleted) return;
			/** @type {unknown[]} */
			var indexes = [];
			store.rawIndexes.forEach(function (/** @type {any} */ index) {
				if (!index.deleted) indexes.push({ name: index.name, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry });
			});
			/** @type {unknown[]} */
			var records = [];
			for (var record of store.records.values()) records.push([record.key, record.value]);
			stores.push({ name: store.name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, generator: store.keyGenerator ? store.keyGenerator.num : 0, indexes: indexes, records: records });
		});
		return lib.stringify({ version: database.version, stores: stores });
	}

	/** @param {string} name @param {string} why */
	function tell(name, why) {
		if (told.has(name)) return;
		told.add(name);
		console.warn('IndexedDB database "' + name + '" ' + why + ': its changes last while this page is shown, and the next render starts from what the studio kept before.');
	}

	function flush() {
		if (!changed.size) return;
		/** @type {[string, string | null][]} */
		var changes = [];
		changed.forEach(function (name) {
			var database = factory._databases.get(name);
			if (!database) return void changes.push([name, null]);
			var text;
			try {
				text = encode(database);
			} catch {
				return tell(name, 'holds a value the preview cannot keep (a Blob, a File or an object of a class)');
			}
			if (text.length > limit) return tell(name, 'is larger than the preview keeps (' + Math.round(limit / 1048576) + ' MB)');
			changes.push([name, text]);
		});
		changed.clear();
		if (changes.length) api.send({ type: 'storage', area: 'indexeddb', changes: changes, clear: false });
	}
	/** @param {string} name */
	function touch(name) {
		if (restoring.has(name)) return;
		if (!changed.size) setTimeout(flush, 0);
		changed.add(name);
	}
	api.beforeReady(flush);

	// Write transactions under way: a page leaving waits for them (a draft saved on `pagehide`)
	// before it says it has left, as a host lets them finish (leaving.js).
	var WRITES_WAIT_MS = 400;
	var writing = 0;
	/** @type {(() => void)[]} */
	var idle = [];
	var begin = lib.IDBDatabase.prototype.transaction;
	/** @this {any} @param {unknown} _stores @param {unknown} mode */
	lib.IDBDatabase.prototype.transaction = function (_stores, mode) {
		var made = begin.apply(this, arguments);
		if (mode === 'readwrite') {
			writing++;
			var end = function () {
				if (--writing === 0) idle.splice(0).forEach(function (done) { done(); });
			};
			made.addEventListener('complete', end);
			made.addEventListener('abort', end);
		}
		return made;
	};
	api.writesDone = function () {
		return writing
			? new Promise(function (done) {
					idle.push(done);
					setTimeout(done, WRITES_WAIT_MS);
				})
			: null;
	};

	var transaction = lib.IDBTransaction.prototype;
	var dispatch = transaction.dispatchEvent;
	/** @this {any} @param {Event} event */
	transaction.dispatchEvent = function (event) {
		var result = dispatch.apply(this, arguments);
		if (event.type === 'complete' && this.mode !== 'readonly') touch(this.db.name);
		return result;
	};
	var remove = factory.deleteDatabase;
	/** @param {unknown} name */
	factory.deleteDatabase = function (name) {
		var request = remove.apply(factory, arguments);
		request.addEventListener('success', function () {
			touch(String(name));
		});
		return request;
	};

	/**
	 * Puts a kept database back before the site's code runs: its open is the first in the database's
	 * queue, so the site's own open waits for it (and a newer version upgrades from it).
	 * @param {string} name
	 * @param {any} kept
	 */
	function restore(name, kept) {
		restoring.add(name);
		var request = factory.open(name, kept.version);
		request.onupgradeneeded = function () {
			var connection = request.result;
			connection.onversionchange = function () {
				connection.close();
			};
			kept.stores.forEach(function (/** @type {any} */ s) {
				var store = connection.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement });
				s.indexes.forEach(function (/** @type {any} */ index) {
					store.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
				});
				s.records.forEach(function (/** @type {[unknown, unknown]} */ record) {
					if (s.keyPath === null) store.put(record[1], record[0]);
					else store.put(record[1]);
				});
			});
		};
		request.onsuccess = function () {
			// A key generator goes on from where it was, past keys whose records were deleted since.
			var database = factory._databases.get(name);
			kept.stores.forEach(function (/** @type {any} */ s) {
				var store = database && database.rawObjectStores.get(s.name);
				if (store && store.keyGenerator && s.generator > store.keyGenerator.num) store.keyGenerator.num = s.generator;
			});
			request.result.close();
			restoring.delete(name);
		};
		request.onerror = function (/** @type {Event} */ event) {
			event.preventDefault();
			restoring.delete(name);
		};
	}
	// What the page before wrote as it left an edit or a refresh came after the hub compiled this
	// render: newer than the seed (null: the page deleted it).
	var databases = Object.assign({}, seed, api.host.databases || {});
	Object.keys(databases).forEach(function (name) {
		var text = databases[name];
		if (typeof text !== 'string') return;
		try {
			var kept = lib.parse(text);
			if (kept && typeof kept.version === 'number' && Array.isArray(kept.stores)) restore(name, kept);
		} catch {
			/* not a database this program wrote: the site starts without it */
		}
	});
}
