// The first paint's script (src/first-paint.js), served as /first-paint.js: minified in the build,
// where it is emitted beside the page (and precached with it); as written under `vite dev`. It runs
// before any of the studio's code on every start, so its bytes are the first the document waits for.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { minifyFrameProgram } from './frame-programs.ts';

const SOURCE = fileURLToPath(new URL('../../src/first-paint.js', import.meta.url));
/** The URL the document asks for (app.html), under the build's base path. */
const NAME = 'first-paint.js';

/** The plugin (the page's build, and the dev server). */
export function firstPaint(base: string): Plugin {
	let ssr = false;
	return {
		name: 'studio:first-paint',
		configResolved(config) {
			ssr = !!config.build.ssr;
		},
		configureServer(server) {
			server.middlewares.use(`${base}/${NAME}`, (_request, response) => {
				response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
				response.end(readFileSync(SOURCE, 'utf8'));
			});
		},
		generateBundle() {
			if (ssr) return;
			this.addWatchFile(SOURCE);
			this.emitFile({ type: 'asset', fileName: NAME, source: minifyFrameProgram(SOURCE, readFileSync(SOURCE, 'utf8')) });
		}
	};
}
