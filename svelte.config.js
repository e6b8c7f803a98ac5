// SvelteKit configuration: static SPA build with a fallback document (no SSR, no prerendered routes).
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { basePath } from './scripts/base-path.mjs';

/**
 * What the studio page may load. Scripts only from the studio (plus SvelteKit's hashes): nothing
 * injected from elsewhere runs beside the API key. Styles also inline: CodeMirror and Svelte set
 * style attributes. The preview is a frame of the studio's own preview document (static/preview.html),
 * which holds the site's sandboxed frame under its own policy.
 *
 * connect-src is relaxed on purpose: the model's base URL is the person's choice at run time (OpenRouter,
 * any OpenAI-compatible https URL, or a server on this machine such as Ollama or LM Studio), and a policy
 * in the page can only be tightened after load, never widened. So it allows any https origin and
 * loopback http/ws; a plain-http URL on another machine is refused (as a secure page refuses it anyway).
 */
const STUDIO_CSP = {
	'default-src': ['self'],
	'script-src': ['self'],
	'style-src': ['self', 'unsafe-inline'],
	'img-src': ['self', 'data:', 'blob:'],
	'media-src': ['self', 'data:', 'blob:'],
	'font-src': ['self', 'data:'],
	'connect-src': ['self', 'https:', 'http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*'],
	'frame-src': ['self'],
	'worker-src': ['self'],
	'manifest-src': ['self'],
	'object-src': ['none'],
	'base-uri': ['self'],
	'form-action': ['self']
};

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	compilerOptions: {
		// Runes for our code; libraries in node_modules keep whatever mode they were written in.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true),
		// Scoped class names without the "svelte-" prefix: they repeat in every template of the first screen.
		cssHash: ({ hash, css }) => `s${hash(css)}`
	},
	kit: {
		// STUDIO_OUT_DIR lets a test build a second version side by side (the two-builds test).
		// precompress: each text file gets a .br and a .gz beside it, which `npm start` serves (scripts/serve.mjs).
		adapter: adapter({ pages: process.env.STUDIO_OUT_DIR ?? 'build', assets: process.env.STUDIO_OUT_DIR ?? 'build', fallback: 'index.html', strict: true, precompress: true }),
		// STUDIO_KIT_DIR keeps a side-by-side build's intermediate output away from the served one.
		outDir: process.env.STUDIO_KIT_DIR ?? '.svelte-kit',
		// The PWA plugin owns the service worker.
		serviceWorker: { register: false },
		// Absolute asset paths: the cached shell served for a deep link must still load <base>/_app/...
		// BASE_PATH=/my-studio builds for a sub-path (a GitHub Pages project site, a reverse proxy).
		paths: { relative: false, base: basePath(process.env.BASE_PATH) },
		// The studio's content security policy, as a <meta> in the built document (SvelteKit hashes its
		// own inline bootstrap script). The Deploy section of the README says which headers a host adds.
		csp: { mode: 'hash', directives: STUDIO_CSP }
	}
};

export default config;
