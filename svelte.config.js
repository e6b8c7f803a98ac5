// SvelteKit configuration: static SPA build with a fallback document (no SSR, no prerendered routes).
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: {
		// Runes for our code; libraries in node_modules keep whatever mode they were written in.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
	},
	kit: {
		adapter: adapter({ pages: 'build', assets: 'build', fallback: 'index.html', strict: true }),
		// The PWA plugin owns the service worker.
		serviceWorker: { register: false },
		// Absolute asset paths: the cached shell served for a deep link must still load /_app/...
		paths: { relative: false }
	}
};

export default config;
