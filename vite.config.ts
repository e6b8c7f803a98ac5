// Vite configuration: SvelteKit, the PWA service worker/manifest, the worker format and the build id.
import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { playwright } from '@vitest/browser-playwright';
import { TEST_CHROMIUM_ARGS, findTestChromium } from './scripts/chromium.mjs';
import { basePath } from './scripts/base-path.mjs';
import { heldResponses } from './tests/browser/helpers/held-responses.ts';
import { lazySegmenter } from './scripts/vite/lazy-segmenter.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { shortHashes } from './scripts/vite/short-hashes.ts';
import { startChunk } from './scripts/vite/start-chunk.ts';
import { editorGroups } from './scripts/vite/editor-chunks.ts';
import { framePrograms } from './scripts/vite/frame-programs.ts';
import { frameLibrary } from './scripts/vite/frame-library.ts';
import { firstPaint } from './scripts/vite/first-paint.ts';
import { preloadDeps } from './scripts/vite/preload-deps.ts';
import { kitRoot } from './scripts/vite/kit-root.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
	version: string;
};
/** One id per build: a tab and the hub compare it in the `hello` handshake. */
const builtAt = Date.now();
const buildId = process.env.STUDIO_BUILD_ID ?? `${pkg.version}+${builtAt.toString(36)}`;
const port = Number(process.env.PORT) || undefined;
/** The sub-path the build is served under ('' at the root): BASE_PATH=/my-studio (scripts/base-path.mjs). */
const base = basePath(process.env.BASE_PATH);
/** A manifest URL inside the base. */
const at = (path: string) => `${base}${path}`;
/** The preview frame's document (static/): precached by content, it is needed offline too. */
const previewDocument = readFileSync(new URL('./static/preview.html', import.meta.url));

const start = startChunk();
const preload = preloadDeps();
/** The preview's panel and host (their own dependencies come along into the same chunk). */
const PREVIEW_CHUNK = /[\\/]src[\\/](routes[\\/]regions[\\/]PreviewRegion\.svelte|lib[\\/]preview[\\/]host\.ts)$/;

export default defineConfig(({ isSsrBuild }) => ({
	define: {
		__BUILD_ID__: JSON.stringify(buildId),
		__BUILD_TIME__: JSON.stringify(builtAt),
		__BASE_PATH__: JSON.stringify(base)
	},
	plugins: [
		framePrograms(),
		frameLibrary(),
		firstPaint(base),
		lazySegmenter(),
		compileHints(),
		shortHashes(),
		preload.plugin,
		start.plugin,
		kitRoot(),
		sveltekit(),
		SvelteKitPWA({
			// A new build waits for the person's Reload (client/updates.svelte.ts): never mid-typing.
			registerType: 'prompt',
			injectRegister: false,
			strategies: 'generateSW',
			manifest: {
				// Relative to the base: the studio at /my-studio/ is its own app, installed apart from one at /.
				id: at('/'),
				name: 'Web Studio',
				short_name: 'Studio',
				description:
					'Build a small website with a person, a language model or a local agent — offline, in many tabs, on a phone.',
				lang: 'en',
				dir: 'ltr',
				theme_color: '#4f46e5',
				background_color: '#ffffff',
				display: 'standalone',
				// A desktop window gets its title bar area (the top bar is drawn there); elsewhere standalone.
				display_override: ['window-controls-overlay', 'standalone'],
				orientation: 'any',
				start_url: at('/'),
				scope: at('/'),
				categories: ['developer', 'productivity', 'education'],
				icons: [
					{ src: at('/icons/icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
					{ src: at('/icons/icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
					{ src: at('/icons/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
					{ src: at('/icons/icon-monochrome-512.png'), sizes: '512x512', type: 'image/png', purpose: 'monochrome' },
					{ src: at('/icons/icon.svg'), sizes: 'any', type: 'image/svg+xml', purpose: 'any' }
				],
				screenshots: [
					{ src: at('/screenshots/wide.png'), sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Files, editor, live preview and the agent side by side' },
					{ src: at('/screenshots/narrow.png'), sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Editing on a phone, with tabs for files, code, preview and the agent' }
				],
				// The installed desktop app opens .zip and .html files as new workspaces (client/launch.ts).
				file_handlers: [{ action: at('/'), accept: { 'application/zip': ['.zip'], 'text/html': ['.html', '.htm'] } }],
				shortcuts: [
					{ name: 'New workspace', short_name: 'New', url: at('/?action=new-workspace'), icons: [{ src: at('/icons/icon-192.png'), sizes: '192x192', type: 'image/png' }] },
					{ name: 'Open the agent', short_name: 'Agent', url: at('/?action=agent'), icons: [{ src: at('/icons/icon-192.png'), sizes: '192x192', type: 'image/png' }] }
				]
			},
			workbox: {
				// vite preview answers 404 for /index.html, so the shell is precached and served as '/'.
				importScripts: ['sw-routes.js'],
				navigateFallback: at('/'),
				clientsClaim: true,
				cleanupOutdatedCaches: true,
				// An SPA has no prerendered pages: the shell comes from the adapter's fallback. (A set
				// modifyURLPrefix keeps the plugin from adding a prerendered/ pattern that matches nothing
				// and prints a warning in every build.)
				globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,woff,woff2,webmanifest}'],
				modifyURLPrefix: {},
				// The document the preview frame loads (preview/host.ts). Listed by hand: the plugin turns a
				// globbed page.html into the route "page", which this static build does not serve.
				additionalManifestEntries: [{ url: 'preview.html', revision: createHash('sha256').update(previewDocument).digest('hex').slice(0, 16) }]
			},
			kit: { base: at('/'), adapterFallback: 'index.html', spa: { fallbackMapping: at('/') }, outDir: process.env.STUDIO_KIT_DIR }
		})
	],
	// The hub compiles previews in its worker: the frame's programs are minified there too.
	worker: { format: 'es', plugins: () => [framePrograms(), frameLibrary()] },
	// The timing report is noise in `npm start`'s output.
	build: {
		rolldownOptions: {
			checks: { bundlerTimings: false },
			// CodeMirror a chunk per package (scripts/vite/editor-chunks.ts), then the shell, then the page's
			// start, then the preview: its panel and its host's code always load together (a desktop's first
			// screen, a phone's Preview tab), and one file of them is 0.45 KB smaller gzipped than the four they were.
			output: isSsrBuild
				? {}
				: { codeSplitting: { groups: [...editorGroups(3), { ...start.groups[0], priority: 3 }, { ...start.groups[1], priority: 2 }, { name: 'preview', test: PREVIEW_CHUNK, priority: 1 }] } }
		},
		modulePreload: preload.modulePreload,
		chunkSizeWarningLimit: 700
	},
	server: { port, strictPort: port !== undefined },
	preview: { port, strictPort: port !== undefined },
	test: {
		testTimeout: 30_000,
		// expect.poll's own default (1 s) is a frame's first load on a busy machine: a condition waited
		// for by polling gets ten.
		expect: { poll: { timeout: 10_000 } },
		projects: [
			{ extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: ['tests/unit/helpers/setup.ts'] } },
			{
				// Code that needs a real browser API (OPFS, File System Access handles), in Chromium.
				extends: true,
				plugins: [heldResponses()],
				test: {
					name: 'browser',
					include: ['tests/browser/**/*.test.ts'],
					setupFiles: ['tests/browser/helpers/setup.ts'],
					browser: {
						enabled: true,
						headless: true,
						provider: playwright({ launchOptions: { executablePath: findTestChromium() ?? undefined, args: TEST_CHROMIUM_ARGS } }),
						instances: [{ browser: 'chromium' }]
					}
				}
			}
		]
	}
}));
