// SvelteKit's generated root.js wraps the root component with Svelte's `asClassComponent`; the
// client build gets client/kit-root.svelte.ts's smaller class instead (what the router calls of it).
import type { Plugin } from 'vite';

const GENERATED_ROOT = /[\\/]\.svelte-kit[\\/]generated[\\/]root\.js$/;

/** The plugin (the client build: the server build never renders in an SPA). */
export function kitRoot(): Plugin {
	return {
		name: 'studio:kit-root',
		apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
		transform: {
			filter: { id: GENERATED_ROOT },
			handler(code, id) {
				if (!GENERATED_ROOT.test(id)) return null;
				if (!code.includes('asClassComponent(Root)')) this.error('SvelteKit\'s generated root.js changed: see scripts/vite/kit-root.ts');
				return { code: "import Root from './root.svelte';\nimport { rootClass } from '$lib/client/kit-root.svelte';\nexport default rootClass(Root);\n", map: null };
			}
		}
	};
}
