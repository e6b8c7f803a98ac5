// Ambient types for the app: SvelteKit namespaces, PWA virtual modules, and the build id define.
/// <reference types="vite-plugin-pwa/info" />
/// <reference types="vite-plugin-pwa/vanillajs" />

declare global {
	/** Set by vite.config.ts at build time; compared in the tab/hub handshake. */
	const __BUILD_ID__: string;
	/** Build time (ms since epoch): the newer of two builds is the one built later. */
	const __BUILD_TIME__: number;
	namespace App {}
}

export {};
