// Module hooks for `?raw` imports: the file's text as the module's default export.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
	if (!url.startsWith('file:') || !url.endsWith('?raw')) return nextLoad(url, context);
	const text = await readFile(fileURLToPath(url.slice(0, -'?raw'.length)), 'utf8');
	return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
