// Modules the build makes (scripts/vite/): their types, for code that imports them.

/** The preview frame's IndexedDB library as one classic script (scripts/vite/frame-library.ts). */
declare module 'virtual:studio-indexeddb' {
	const script: string;
	export default script;
}
