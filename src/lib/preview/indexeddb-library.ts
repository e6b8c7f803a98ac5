// The library the preview frame's IndexedDB runs on, bundled into one classic script by the build
// (scripts/vite/frame-library.ts) and carried by the documents of pages that use IndexedDB: an
// opaque-origin frame refuses the browser's own (`indexedDB.open` throws SecurityError). An
// in-memory implementation of the whole API, and devalue, which writes its records (Dates, Maps,
// typed arrays, cycles) as text for the hub to keep. Never imported by the studio's own code.
export { indexedDB, IDBCursor, IDBCursorWithValue, IDBDatabase, IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore, IDBOpenDBRequest, IDBRequest, IDBTransaction, IDBVersionChangeEvent } from 'fake-indexeddb';
export { stringify, parse } from 'devalue';
