// The preview frame's programs (src/lib/preview/frame/*.js, imported `?raw`), minified in the build.
// They are injected as one inline script at the top of every render's document, so the site's frame
// tokenizes, parses and compiles them before the page's first byte, on each render: 58 KB as written
// (comments and all) against 25 KB minified. Top-level names stay (the bridge module calls
// `studioBridge`, `studioStorage`, … by name). Only the build: tests and Node read the sources as
// written, and the end-to-end suite runs the built ones.
import { readFileSync } from 'node:fs';
import { minifySync, type Plugin } from 'vite';

const FRAME_PROGRAM = /[\\/]src[\\/]lib[\\/]preview[\\/]frame[\\/][\w-]+\.js\?raw$/;

/** A frame program minified, its top-level functions keeping their names; throws on a syntax error. */
export function minifyFrameProgram(file: string, source: string): string {
	const result = minifySync(file, source, { compress: { target: 'es2020' }, mangle: { toplevel: false }, codegen: { removeWhitespace: true } });
	if (result.errors.length) throw new Error(`${file}: ${result.errors.map((error) => error.message).join('; ')}`);
	return result.code;
}

/** The plugin (the page's and the workers' builds). */
export function framePrograms(): Plugin {
	return {
		name: 'studio:frame-programs',
		apply: 'build',
		enforce: 'pre',
		load(id) {
			if (!FRAME_PROGRAM.test(id)) return null;
			const file = id.slice(0, -'?raw'.length);
			this.addWatchFile(file);
			return { code: `export default ${JSON.stringify(minifyFrameProgram(file, readFileSync(file, 'utf8')))};`, map: null };
		}
	};
}
