// SvelteKit's generated root.js, swapped for the studio's smaller root class in the client build
// (scripts/vite/kit-root.ts): only that file, and a SvelteKit that generates something else stops the build.
import { describe, expect, it } from 'vitest';
import { kitRoot } from '../../scripts/vite/kit-root';

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;

describe('the root class swap', () => {
	const context = {
		error(message: string): never {
			throw new Error(message);
		}
	};
	const hook = (kitRoot().transform as { handler: Transform }).handler;
	const generated = "import { asClassComponent } from 'svelte/legacy';\nimport Root from './root.svelte';\nexport default asClassComponent(Root);";

	it('replaces the generated root.js with the studio’s class over the same root component', () => {
		const out = hook.call(context, generated, '/s/.svelte-kit/generated/root.js');
		expect(out?.code).toContain("import Root from './root.svelte'");
		expect(out?.code).toContain('rootClass(Root)');
		expect(out?.code).not.toContain('svelte/legacy');
	});

	it('leaves every other file alone, and stops on a root.js it does not know', () => {
		expect(hook.call(context, generated, '/s/src/lib/root.js')).toBeNull();
		expect(() => hook.call(context, "export { default } from './root.svelte';", '/s/.svelte-kit/generated/root.js')).toThrow(/generated root\.js changed/);
	});

	it('applies to the client build only', () => {
		const apply = kitRoot().apply as (config: object, env: { command: string; isSsrBuild?: boolean }) => boolean;
		expect(apply({}, { command: 'build', isSsrBuild: false })).toBe(true);
		expect(apply({}, { command: 'build', isSsrBuild: true })).toBe(false);
		expect(apply({}, { command: 'serve' })).toBe(false);
	});
});
