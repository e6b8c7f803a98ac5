// SvelteKit configuration: static SPA build with a fallback document (no SSR, no prerendered routes).
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { basePath } from './scripts/base-path.mjs';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: {
		// Runes for our code; libraries in node_modules keep whatever mode they were written in.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
	},
	kit: {
		// STUDIO_OUT_DIR lets a test build a second version side by side (the two-builds test).
		adapter: adapter({ pages: process.env.STUDIO_OUT_DIR ?? 'build', assets: process.env.STUDIO_OUT_DIR ?? 'build', fallback: 'index.html', strict: true }),
		// STUDIO_KIT_DIR keeps a side-by-side build's intermediate output away from the served one.
		outDir: process.env.STUDIO_KIT_DIR ?? '.svelte-kit',
		// The PWA plugin owns the service worker.
		serviceWorker: { register: false },
		// Absolute asset paths: the cached shell served for a deep link must still load <base>/_app/...
		// BASE_PATH=/my-studio builds for a sub-path (a GitHub Pages project site, a reverse proxy).
		paths: { relative: false, base: basePath(process.env.BASE_PATH) }
	}
};

export default config;
