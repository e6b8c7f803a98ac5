// A single-page app built as its authors build it (Vite, React, React Router from the studio's
// devDependencies; the app's source in tests/fixtures/spa): its dist/ is what a person would bring.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { RealSite } from './real-sites';

/**
 * Builds the app into a folder of its own (minified, hashed assets at `/assets/`); returns it as a site
 * to import. Each build its own folder: two workers (a repeated run) emptied one shared folder under
 * each other's build, and a site with only its public products.json was imported.
 */
export async function builtSpa(): Promise<RealSite> {
	const root = join(process.cwd(), 'tests/fixtures/spa');
	const out = mkdtempSync(join(tmpdir(), 'studio-spa-dist-'));
	await build({ root, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
	return { name: 'a Vite + React Router single-page app', root: out };
}
