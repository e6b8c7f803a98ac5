// What the editor runs only once CodeMirror is there, loaded with it as one module (load.ts): the
// setup (codemirror.ts), and — since every open file is a CodeMirror state — opening a file, the first
// screen's hand-over, co-editing's push/pull loop, the guarded saves of the files the hub does not
// co-edit, the conflict bar, and what others change under the open files. A phone that only reads
// its plain text never fetches any of it.
export * from './codemirror';
export { openAlone, openShared } from './open-file';
export { carryLate, firstSession, handOver, handOverAll, withCaret } from './first-file';
export { CollabSync } from './collab-sync';
export { SaveSync } from './save-sync';
export { ConflictBar } from './conflict.svelte';
export { RemoteChanges } from './remote';
