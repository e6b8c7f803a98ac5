// The client build's shorter hashes: SvelteKit's file-name patterns with [hash] shortened, and a build
// whose files would share a name (in a case-blind file system too) stops.
import { describe, expect, it } from 'vitest';
import { HASH_LENGTH, shortened, shortHashes } from '../../scripts/vite/short-hashes';

type Hook = (this: { error(message: string): never }, options: unknown, bundle: Record<string, { fileName: string }>) => void;

describe('short hashes', () => {
	it('shortens every [hash] of a pattern; a function or no pattern stays as it is', () => {
		expect(shortened('_app/immutable/chunks/[hash].js')).toBe(`_app/immutable/chunks/[hash:${HASH_LENGTH}].js`);
		expect(shortened('_app/immutable/assets/[name].[hash][extname]')).toBe(`_app/immutable/assets/[name].[hash:${HASH_LENGTH}][extname]`);
		const named = () => 'x.js';
		expect(shortened(named)).toBe(named);
		expect(shortened(undefined)).toBeUndefined();
		expect(HASH_LENGTH).toBeLessThan(8);
	});

	it('the plugin shortens the client build’s three patterns, and names a stylesheet by its hash alone', () => {
		const plugin = shortHashes();
		const hook = plugin.outputOptions as unknown as (options: Record<string, unknown>) => Record<string, unknown>;
		const { assetFileNames, ...rest } = hook({ entryFileNames: 'e/[name].[hash].js', chunkFileNames: 'c/[hash].js', assetFileNames: 'a/[name].[hash][extname]', format: 'es' });
		expect(rest).toEqual({ entryFileNames: `e/[name].[hash:${HASH_LENGTH}].js`, chunkFileNames: `c/[hash:${HASH_LENGTH}].js`, format: 'es' });
		const named = assetFileNames as (asset: { names: string[] }) => string;
		expect(named({ names: ['FilesRegion.css'] })).toBe(`a/[hash:${HASH_LENGTH}][extname]`);
		expect(named({ names: ['inter.woff2'] })).toBe(`a/[name].[hash:${HASH_LENGTH}][extname]`);
		// A pattern that is a function already is SvelteKit's choice: kept.
		const own = () => 'a/x.css';
		expect(hook({ assetFileNames: own }).assetFileNames).toBe(own);
	});

	it('stops a build whose files would share a name, even one that differs only in case', () => {
		const hook = shortHashes().generateBundle as unknown as Hook;
		const context = {
			error(message: string): never {
				throw new Error(message);
			}
		};
		expect(() => hook.call(context, {}, { a: { fileName: 'c/AbCdEfG.js' }, b: { fileName: 'c/xYz1234.js' } })).not.toThrow();
		expect(() => hook.call(context, {}, { a: { fileName: 'c/AbCdEfG.js' }, b: { fileName: 'c/abcdefg.js' } })).toThrow(/named c\/abcdefg\.js/);
	});
});
