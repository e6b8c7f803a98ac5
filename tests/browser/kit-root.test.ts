// The class SvelteKit's router makes the root component with (client/kit-root.svelte.ts), in real
// Chromium: rendered when made, and each navigation's `$set` updates what reads the props it changed.
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { rootClass } from '../../src/lib/client/kit-root.svelte';
import Props from './helpers/Props.svelte';

describe('the root component’s class', () => {
	it('renders when made, and a $set re-runs only what reads the props it set', () => {
		const target = document.createElement('div');
		document.body.append(target);
		const seen: string[] = [];
		const Root = rootClass(Props as never);
		const root = new Root({ target, props: { a: 'one', b: 'x', onb: (b: string) => seen.push(b) } });
		// Rendered by the time the router's next line runs, as Svelte's own wrapper renders it.
		expect(target.textContent).toBe('one x none');
		expect(seen).toEqual(['x']);
		root.$set({ a: 'two' });
		flushSync();
		expect(target.textContent).toBe('two x none');
		expect(seen).toEqual(['x']);
		root.$set({ b: 'y' });
		flushSync();
		expect(target.textContent).toBe('two y none');
		expect(seen).toEqual(['x', 'y']);
		// A prop the first render did not have (a layout's data after a navigation) is followed too.
		root.$set({ c: 'three' });
		flushSync();
		expect(target.textContent).toBe('two y three');
		target.remove();
	});
});
